"""A language is one catalog file and one entry: a third language, made from English's
catalog file ("Draw" -> "Ḓřȧẇ", every letter swapped for an accented one, the facts'
``{names}`` kept; a message that names a player with forms by that player's gender,
which neither Italian nor English has), added as a module of scala40/lang and an
entry of ``web.i18n.LANG_NAMES`` and nothing else, draws every screen the Python layer
draws with no plain word left, in its text, its labels for screen readers or its
tooltips. A plain word would be a text written outside the catalog (the page's, the
engine's refusals, the bots' reasons, the friends' refusals, the card words), or one
the language lacks, said in English instead.
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

import scala40.lang
from scala40 import Discard, observe
from scala40.bots import hint
from scala40.words import FALLBACK, PERSON, Text, shape, texts
from web.friends import view as friends_view
from web.friends.setup import FriendsChoice, setup_screen
from web.i18n import BOT_NAMES, LANG_NAMES, LANGS, t
from web.page.first import before_python, first_screen
from web.page.view import whole_page
from web.store.seat import Seat
from web.store.settings import Settings
from web.table.shown import Overlay

_PLAIN = string.ascii_lowercase + string.ascii_uppercase
_ACCENTED = "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ" "ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"
_SWAP = str.maketrans(_PLAIN, _ACCENTED)
#: The third language's code (a stored setting's language is two letters).
PSEUDO = "xx"
#: The parts of a language's module (scala40/lang/__init__.py).
PARTS = ("WORDS", "REFUSALS", "REASONS", "PAGE", "PEER")
#: Plain words a screen may show: the players' names, each language by its own name and
#: code (the language switch), the engine's name in the menu's version line, the ranks on
#: the sort-by-rank button.
ALLOWED = {*BOT_NAMES, "Tu", *LANG_NAMES.values(),
           *(code.upper() for code in (*LANG_NAMES, PSEUDO)), "scala40", "A23"}
#: A host's name or address (the friends' relays): data, not words.
ADDRESS = re.compile(r"[\w-]+(?:[.:][\w-]+)+")
#: What a screen says outside its text: to a screen reader, as a tooltip or a field's hint.
SAID_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


def pseudo(text: Text) -> Text:
    """``text`` in the pseudo-language: its words' letters swapped, its ``{facts}`` kept;
    a form about another player (``they``) by that player's gender, each marked."""
    if not isinstance(text, str):
        return {form: (gendered(part) if form == "they" and set(text) == PERSON
                       else pseudo(part)) for form, part in text.items()}
    return "".join(part if part.startswith("{") else part.translate(_SWAP)
                   for part in re.split(r"(\{[^{}]*\})", text))


def gendered(text: Text) -> Text:
    """Forms by gender, which a language may have where the others have not: each marked."""
    said = pseudo(text)
    return {"feminine": _marked(said, "♀ "), "masculine": _marked(said, "♂ "), "neutral": said}


def _marked(text: Text, mark: str) -> Text:
    if isinstance(text, str):
        return mark + text
    return {form: _marked(part, mark) for form, part in text.items()}


def catalog_file(omit: frozenset[str] = frozenset()) -> str:
    """The pseudo-language's module, made from English's, without the messages ``omit``."""
    parts = {part: {key: pseudo(text) for key, text in texts(FALLBACK, part).items()
                    if key not in omit} for part in PARTS}
    return "\n".join(f"{part} = {messages!r}" for part, messages in parts.items()) + "\n"


@pytest.fixture
def add_language(tmp_path, monkeypatch) -> Iterator[object]:
    """Adds the pseudo-language as a new language is added, one file and one entry:
    ``add_language(omit)`` writes its module (taken away after the test)."""
    def add(omit: frozenset[str] = frozenset()) -> str:
        (tmp_path / f"{PSEUDO}.py").write_text(catalog_file(omit), encoding="utf-8")
        monkeypatch.setattr(scala40.lang, "__path__", [*scala40.lang.__path__, str(tmp_path)])
        monkeypatch.setitem(LANG_NAMES, PSEUDO, "Ƥşḗŭḓǿ")
        return PSEUDO

    yield add
    sys.modules.pop(f"{scala40.lang.__name__}.{PSEUDO}", None)


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


def said_before_python(words: object) -> Iterator[str]:
    """The words the scripts before Python say (web/page/first.py), without their facts."""
    if isinstance(words, dict):
        for part in words.values():
            yield from said_before_python(part)
    else:
        yield re.sub(r"\{\w+\}", "", str(words))


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
        advanced=friends_view.advanced_box(lang, Settings(lang=lang)))
    for state in ("code", "looking", "asked", "connecting"):
        yield f"friends: joining by code, {state}", friends_view.join_screen(
            lang, host="Anna", seat=None, state=state, code="123-456" if state != "code" else "")
    yield "friends: a guest's answer", friends_view.join_screen(
        lang, host="Anna", seat=1, state="connecting", answer="12345", qr="data:,")


def test_a_new_language_is_one_file_and_one_entry(add_language, table_for, solo, hot_seat,
                                                  closing_hand):
    lang = add_language()
    drawn = dict(screens(lang, table_for, solo, hot_seat, closing_hand))
    drawn["a first visit"] = first_screen(lang)
    drawn["before Python"] = "\n".join(said_before_python(before_python({})[lang]))
    assert all(set(str(markup)) & set(_ACCENTED) for markup in drawn.values())  # said at all
    leaks = {name: plain_words(markup) for name, markup in drawn.items()}
    assert {name: words for name, words in leaks.items() if words} == {}


def test_a_message_the_new_language_lacks_shows_as_a_plain_word(add_language, table_for, solo):
    """What the test above finds: a message missing from a language is said in English."""
    lang = add_language(omit=frozenset({"your_turn_draw_stock"}))
    said = "Your turn: draw from the stock."
    assert set(plain_words(whole_page(table_for(solo(), lang)))) == \
        {(word, said) for word in ("Your", "turn", "draw", "from", "the", "stock")}


def test_the_new_language_has_the_catalogs_forms_and_its_own_by_gender(add_language):
    lang = add_language()
    for part in PARTS:
        for key, english in texts(FALLBACK, part).items():
            assert shape(texts(lang, part)[key]) == shape(english), (part, key)
    said = {gender: t("move_draw", lang, you=False, name="Anna", gender=gender)
            for gender in ("feminine", "masculine", None)}
    assert said == {"feminine": "♀ Anna ḓřȧẇş ƒřǿḿ ŧħḗ şŧǿƈķ",
                    "masculine": "♂ Anna ḓřȧẇş ƒřǿḿ ŧħḗ şŧǿƈķ",
                    None: "Anna ḓřȧẇş ƒřǿḿ ŧħḗ şŧǿƈķ"}
    assert t("move_draw", lang, you=True) == "Ẏǿŭ ḓřḗẇ ƒřǿḿ ŧħḗ şŧǿƈķ"


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
