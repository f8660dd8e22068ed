"""The challenge dialog: the link that deals the hand again, what the friend will see on
opening it, and the one button that shares it.

"Share" is the page's own action (:meth:`web.page.app.App.share`): the device's share
sheet where there is one (a phone), else the clipboard, and the dialog's status line
says the link was copied (or that the browser refused, the link left selected).
"""

from __future__ import annotations

from web.daily.challenge import Challenge, parse
from web.daily.play import rival_label
from web.i18n import t
from web.table.dialogs import dialog
from web.ui.markup import EMPTY, Markup, html


def challenge_dialog(link: str, lang: str) -> Markup:
    """The link, read back as the friend's page will read it: what it will say."""
    read = parse(link[link.find("#"):], lang) if "#" in link else None
    label = rival_label(read.by, read.score, lang) if isinstance(read, Challenge) else ""
    preview = html('<p class="challenge-preview">{}</p>',
                   t("challenge_preview", lang, label=label)) if label else EMPTY
    inner = html(
        '<h2>{title}</h2><p>{text}</p>{preview}'
        '<input type="text" id="challenge-link" class="copy-box" readonly value="{link}" '
        'data-text="{label}" aria-label="{title}" aria-describedby="challenge-status" '
        'data-autofocus>'
        '<p class="share-status" id="challenge-status" role="status" aria-live="polite"></p>'
        '<div class="dlg-actions"><button class="btn primary" data-act="share" '
        'data-arg="challenge-link">{share}</button>'
        '<button class="btn" data-act="challenge-close" data-esc>{close}</button></div>',
        title=t("challenge", lang), text=t("challenge_text", lang), preview=preview,
        link=link, label=label, share=t("share", lang), close=t("close", lang))
    return dialog(inner, label=t("challenge", lang), cls="challenge")
