"""The rules in the app ("Regole"): the current settings in plain words, with drawn examples.

Every sentence about a house rule is made from the value of its
:class:`~scala40.Rules` field (:func:`option_texts`), and every number in
the examples comes from the engine (a meld's points from
:func:`~scala40.make_meld`, the opening from ``rules.opening_minimum``), so
the page cannot disagree with the rules the table plays. The cards are the
table's own small cards (:func:`~web.table.cards.mini_card`).

>>> from scala40 import Rules
>>> option_texts(Rules(), "en")["opening_minimum"]
'Your first melds of a hand must be worth at least 40 points, laid in one turn.'
>>> option_texts(Rules(opening_minimum=41), "it")["opening_minimum"][-30:]
' 41 punti, calati in un turno.'
"""

from __future__ import annotations

from dataclasses import fields

from scala40 import Rules, make_meld, parse_cards
from scala40.melds import Meld
from web.i18n import t
from web.i18n.rules import BASICS, OPTIONS, rule_key
from web.table.cards import mini_card
from web.table.dialogs import dialog
from web.ui.markup import Markup, html, join


def option_texts(rules: Rules, lang: str) -> dict[str, str]:
    """Every option of ``rules`` as a sentence in ``lang``, in the order of the fields (a
    number's, such as the opening's points, in its number's form)."""
    values = {field.name: getattr(rules, field.name) for field in fields(Rules)}
    return {name: t(rule_key(name, value), lang, n=value) for name, value in values.items()}


def _meld_row(meld: Meld, lang: str) -> Markup:
    cards = join(mini_card(card, lang, meld.joker_as if card.is_joker else None)
                 for card in meld.cards)
    return html('<span class="ex-meld">{}</span>', cards)


def _example(title: str, body: Markup, caption: str) -> Markup:
    return html('<figure class="rules-ex"><figcaption><strong>{}</strong> {}</figcaption>'
                '<div class="ex-cards">{}</div></figure>', title, caption, body)


def examples(rules: Rules, lang: str) -> Markup:
    """A run, a set, an opening one point short and one that reaches it, a joker swap."""
    run = make_meld(parse_cards("4S 5S 6S 7S"))
    group = make_meld(parse_cards("9H 9C 9S"))
    short = [make_meld(parse_cards("KS KH KD")), make_meld(parse_cards("2C 3C 4C"))]
    enough = [make_meld(parse_cards("10S JS QS KS"))]
    need = rules.opening_minimum
    parts = [
        _example(t("rules_run", lang), _meld_row(run, lang), t("rules_points", lang,
                                                              n=run.points)),
        _example(t("rules_set", lang), _meld_row(group, lang), t("rules_points", lang,
                                                                n=group.points)),
    ]
    for melds in (short, enough):
        total = sum(meld.points for meld in melds)
        verdict = t("rules_opens" if total >= need else "rules_short", lang, n=total, need=need)
        parts.append(_example(t("rules_opening", lang),
                              join(_meld_row(meld, lang) for meld in melds), verdict))
    if rules.jokers:
        table_meld = make_meld(parse_cards("5H JK 7H"))
        card = parse_cards("6H")[0]
        swapped = table_meld.swap_joker(card)
        body = html('{} <span class="ex-arrow">+ {} →</span> {}', _meld_row(table_meld, lang),
                    mini_card(card, lang), _meld_row(swapped, lang))
        parts.append(_example(t("rules_swap", lang), body, t("rules_swap_text", lang)))
    return join(parts)


def _switch(value: object, lang: str) -> str:
    """" (sì)" or " (no)" after a switch's name: the name says what it does when on
    ("In mano serve il minimo"), so the sentence that follows, which says what the table
    plays, would read as its contradiction without it; other values say nothing here.

    >>> _switch(False, "it"), _switch(True, "en"), _switch(40, "en")
    (' (no)', ' (yes)', '')
    """
    if not isinstance(value, bool):
        return ""
    return f" ({t('rules_on' if value else 'rules_off', lang)})"


def rules_dialog(rules: Rules, lang: str, title: str = "") -> Markup:
    """The rules of ``rules`` in plain words: the basics, the examples, every option
    (``title``: the dialog's, by default "the rules of this game")."""
    basics = join(html("<p>{}</p>", t(f"rules_basics_{i}", lang)) for i in range(BASICS))
    options = join(
        html('<li data-option="{name}"><strong>{label}</strong>{switch}: {text}</li>', name=name,
             label=t(f"option_{name}" if name in OPTIONS else "rules_" + name, lang),
             switch=_switch(getattr(rules, name), lang), text=text)
        for name, text in option_texts(rules, lang).items()
    )
    inner = html(
        '<h2 id="dlg-title">{title}</h2><div class="rules-page">{basics}'
        '<div class="rules-examples">{examples}</div>'
        '<h3>{these}</h3><ul class="rules-options">{options}</ul></div>'
        '<div class="dlg-actions"><button type="button" class="btn primary" '
        'data-act="close" data-esc>{close}</button></div>',
        title=title or t("rules_title", lang), basics=basics, examples=examples(rules, lang),
        these=t("rules_these", lang), options=options, close=t("close", lang),
    )
    return dialog(inner, label=title or t("rules_title", lang), cls="rules")
