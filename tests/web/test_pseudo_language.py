"""Every text a screen draws comes from the catalog: with each message of a language said
in a pseudo-language made from it ("Draw" -> "Ḓřȧẇ", every letter swapped for an accented
one, the facts' ``{names}`` kept), no plain word of that language is left on any screen
the Python layer draws, in its text, its labels for screen readers or its tooltips.

The pseudo-language takes the place of Italian or English rather than being a third
language: a message is a pair (Italian, English) for now, so a language of its own is not
one entry yet. What this proves is the other half: nothing on the page is written outside
the catalogs (the page's, the engine's refusals, the bots' reasons, the friends' refusals,
the card words).
"""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scala40 import Discard, observe
from scala40.bots import REASONS, hint
from scala40.errors import MESSAGES as REFUSALS
from scala40.words import WORDS, Text
from web.friends import view as friends_view
from web.friends.errors import MESSAGES as PEER_REFUSALS
from web.friends.setup import FriendsChoice, setup_screen
from web.i18n import BOT_NAMES, LANG_NAMES, LANGS, STRINGS
from web.page.first import before_python
from web.page.view import whole_page
from web.store.seat import Seat
from web.table.shown import Overlay

_PLAIN = string.ascii_lowercase + string.ascii_uppercase
_ACCENTED = "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ" "ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"
_SWAP = str.maketrans(_PLAIN, _ACCENTED)
#: The catalogs a screen's words come from.
CATALOGS = (STRINGS, REFUSALS, REASONS, PEER_REFUSALS, WORDS)
#: Plain words a screen may show: the players' names, each language by its own name and
#: code (the language switch), the engine's name in the menu's version line, the ranks on
#: the sort-by-rank button.
ALLOWED = {*BOT_NAMES, "Tu", *LANG_NAMES.values(), *(code.upper() for code in LANGS),
           "scala40", "A23"}
#: A host's name or address (the friends' relays): data, not words.
ADDRESS = re.compile(r"[\w-]+(?:[.:][\w-]+)+")
#: What a screen says outside its text: to a screen reader, as a tooltip or a field's hint.
SAID_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


def pseudo(text: Text) -> Text:
    """``text`` in the pseudo-language: its words' letters swapped, its ``{facts}`` kept."""
    if not isinstance(text, str):
        return {form: pseudo(part) for form, part in text.items()}
    return "".join(part if part.startswith("{") else part.translate(_SWAP)
                   for part in re.split(r"(\{[^{}]*\})", text))


@pytest.fixture(params=LANGS)
def pseudo_lang(request, monkeypatch) -> str:
    """A language whose every message, in every catalog, is said in the pseudo-language
    (put back after the test)."""
    side = LANGS.index(request.param)
    for catalog in CATALOGS:
        for key, message in list(catalog.items()):
            swapped = tuple(pseudo(text) if index == side else text
                            for index, text in enumerate(message))
            monkeypatch.setitem(catalog, key, swapped)
    return request.param


class Said(HTMLParser):
    """The texts a page shows and says: its text and :data:`SAID_ATTRIBUTES`."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.hidden = 0  # inside <script> or <style>
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.texts += [value for name, value in attrs if name in SAID_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.texts.append(data)


def plain_words(markup: object) -> list[tuple[str, str]]:
    """The plain (unswapped) words of a page and the text each is in."""
    return [(word, text.strip()) for text in Said(str(markup)).texts
            for word in re.findall(r"[A-Za-z]+\d*", ADDRESS.sub("", text))
            if len(word) > 1 and word not in ALLOWED]


def screens(lang, table_for, solo, hot_seat, closing_hand):
    """Every screen the Python layer draws in ``lang``, each as (its name, its markup)."""
    table = table_for(None, lang)
    yield "new game", whole_page(table)
    table.click("learn")
    yield "lesson", whole_page(table)
    session = solo(drawn=True)
    table = table_for(session, lang)
    table.show_hint(*hint(observe(session.state, session.viewer)))
    yield "table with a hint", whole_page(table)
    for overlay in Overlay:
        table.overlay = overlay
        yield f"the {overlay} dialog", whole_page(table)
    table.overlay = None
    card = session.state.hand.hands[session.viewer][0]
    table.play(Discard(card))
    yield "a move and the bot's turn", whole_page(table)
    yield "a hot seat's pass screen", whole_page(table_for(hot_seat(), lang))
    ending, last = closing_hand([Seat("Anna"), Seat("Bruno")])
    table = table_for(ending, lang)
    table.play(last)
    yield "a hand's end", whole_page(table)
    for act, arg in (("replay", ""), ("stats", "2026-12-02"), ("replays", ""),
                     ("replay-open", ending.match_id), ("rules", "")):
        table.click(act, arg)
        yield f"after a hand: {act}", whole_page(table)
    table = table_for(None, lang)
    table.click("daily", "2026-12-02")
    yield "the deal of the day", whole_page(table)
    table.click("daily", "2026-12-02")
    yield "the deal of the day, tried", whole_page(table)
    yield "friends: the setup", setup_screen(
        lang, FriendsChoice(), you=friends_view.name_box(lang, "Anna"),
        advanced=friends_view.advanced_box(lang, {}))
    for state in ("code", "looking", "asked", "connecting"):
        yield f"friends: joining by code, {state}", friends_view.join_screen(
            lang, host="Anna", seat=None, state=state, code="123-456" if state != "code" else "")
    yield "friends: a guest's answer", friends_view.join_screen(
        lang, host="Anna", seat=1, state="connecting", answer="12345", qr="data:,")


def test_every_screen_says_only_the_catalogs_words(pseudo_lang, table_for, solo, hot_seat,
                                                   closing_hand):
    drawn = dict(screens(pseudo_lang, table_for, solo, hot_seat, closing_hand))
    assert all(set(str(markup)) & set(_ACCENTED) for markup in drawn.values())  # said at all
    leaks = {name: plain_words(markup) for name, markup in drawn.items()}
    assert {name: words for name, words in leaks.items() if words} == {}


def test_the_pseudo_language_keeps_the_facts_and_swaps_every_word():
    assert pseudo("Draw") == "Ḓřȧẇ"
    assert pseudo({"one": "{n} card", "many": "{n} cards"}) == \
        {"one": "{n} ƈȧřḓ", "many": "{n} ƈȧřḓş"}
    assert plain_words("<p title='Ḓřȧẇ'>Bruno: 7♥ Ḓřȧẇ</p>") == []
    assert plain_words("<button aria-label='Draw'>Ḓřȧẇ</button>") == [("Draw", "Draw")]


#: The page's scripts that run before Python, with the words the build writes for them.
BEFORE_PYTHON = ("boot.js", "snapshot.js", "offline.js", "storage_note.js", "first.js")


@pytest.mark.parametrize("script", BEFORE_PYTHON)
def test_the_scripts_before_python_say_the_catalogs_words_in_any_of_its_languages(script):
    """A script before Python writes no words and names no language of its own: it says
    the words web/page/first.py builds into the page, for each of the catalog's languages."""
    text = (Path(__file__).parents[2] / "web" / "page" / script).read_text()
    code = re.sub(r"(^|\s)//.*$", "", text, flags=re.M)  # its comments are English
    assert not re.search(r"""["'](?:it|en)["']|italian|english""", code, re.I), script
    keys = set(re.findall(r"""say\(["'](\w+)["']\s*[,)]|before\[[^]]+\]\.(\w+)|words\.(\w+)""",
                          code, re.I))
    keys = {key for found in keys for key in found if key}
    words = before_python({})
    for lang in LANGS:
        assert keys <= set(words[lang]), (script, lang, keys - set(words[lang]))
