"""The first visit's screen, in the page's HTML before Python is up.

A first visitor has no stored table for web/page/snapshot.js to paint, and Python
takes seconds to start on a slow phone network. scripts/build_site.py writes
:func:`first_screen` into the built page once per language, drawn by the code that
draws it live (:func:`web.page.view.whole_page` of a table with nothing stored), so
the new-game screen, the lesson's and the rules' ways in are there at once, and the
live page's first draw is the same markup. What the visitor sets up on it before
Python is up is read by the live page and kept (:meth:`web.page.app.App.boot`).

Beside the screens the build writes :func:`before_python`: what the page's scripts
need to say and do before Python is up, taken from the catalog and the game's own
tables, so that nothing the visitor reads then is written a second time in
JavaScript: the words of the start's progress (web/page/boot.js) and of a choice kept
for Python (web/page/snapshot.js), the names, summaries and presets the new-game form
follows (web/page/first.js, as :func:`web.newgame.form.sync` does live), and the
sizes of the files the start downloads.
"""

from __future__ import annotations

from scala40 import PRESETS
from scala40.bots import DEFAULT_LEVEL, LEVELS
from web.i18n import BOT_NAMES, DEFAULT_LANG, LANGS, t
from web.i18n.rules import OPTIONS
from web.page.view import whole_page
from web.store.saves import Saves
from web.store.stores import MemoryStore
from web.table.table import Table
from web.ui.markup import Markup

#: The messages said before Python is up, by the name the page's scripts use.
WORDS = ("boot_label", "boot_runtime", "boot_stdlib", "boot_game", "boot_start",
         "boot_downloading", "boot_starting", "boot_failed", "boot_reload", "boot_details",
         "snapshot_starting", "pending_start", "pending_learn", "pending_rules",
         "pending_daily", "updated", "storage_framed", "storage_alone", "storage_open",
         "storage_close")
#: The same, with the facts the scripts fill in left as ``{fact}``.
TEMPLATES = {"boot_share": "pct", "boot_left_s": "s", "boot_left_min": "m",
             "pending_other": "what"}


def first_screen(lang: str) -> Markup:
    """The page a first visit in ``lang`` ("it" or "en") draws: nothing is stored."""
    saves = Saves(MemoryStore())
    table = Table(saves, saves.load_settings(lang), clock=lambda: 0.0)
    table.resume_saved(saves.stamp)
    return whole_page(table)


def form_words(lang: str) -> dict:
    """What :func:`web.newgame.form.sync` says on the form in ``lang``: the names it
    fills in (:func:`web.i18n.default_names`) and the summary's parts
    (:func:`web.newgame.view.setup_summary`), with their facts as ``{fact}``.

    >>> form_words("en")["bot"]["hard"], form_words("it")["player"]
    ('{name} (hard bot)', 'Giocatore {n}')
    """
    return {
        "you": t("you_name", lang),
        "player": t("player_n", lang, n="{n}"),
        "bot": {level: t("summary_bot", lang, name="{name}", level=t("level_" + level, lang))
                for level in LEVELS},
        "remote": t("summary_remote", lang, name="{name}"),
        "modes": {mode: t("mode_" + mode, lang) for mode in ("single", "101", "201")}
        | {"custom": t("mode_custom_short", lang, n="{n}")},
        "hint": t("play_hint", lang, players="{players}", mode="{mode}"),
    }


def before_python(sizes: dict[str, int]) -> dict:
    """What the page's scripts need before Python is up (written into the built page as
    JSON): each language's words and form words, the bots' seat names, the presets'
    options, the languages (``langs``, ``default_lang``), a bot's default ``level`` and
    ``sizes``, the bytes of each file the start downloads, by file name.

    >>> data = before_python({"game.zip": 1})
    >>> data["it"]["boot_starting"], data["en"]["pending_other"], data["sizes"]
    ('Avvio di Python…', '“{what}” opens as soon as the game is ready.', {'game.zip': 1})
    """
    words = {lang: {key: t(key, lang) for key in WORDS}
             | {key: t(key, lang, **{fact: "{" + fact + "}"}) for key, fact in TEMPLATES.items()}
             | {"form": form_words(lang)} for lang in LANGS}
    presets = {name: {option: getattr(rules, option) for option in OPTIONS}
               for name, rules in PRESETS.items()}
    return {**words, "langs": list(LANGS), "default_lang": DEFAULT_LANG, "bots": list(BOT_NAMES),
            "presets": presets, "level": DEFAULT_LEVEL, "sizes": sizes}
