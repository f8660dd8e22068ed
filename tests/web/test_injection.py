"""Nothing stored reaches the page as markup (issue #11, "Nothing injected").

Markup is put into every stored value the renderer uses — the settings'
last new game (names, kinds, levels, strengths, mode, preset, rules), the
statistics (mode and level keys, counts, points), a save's player names, the
table data, a notice, a bot's error, a message — and every screen and
dialog is drawn; the HTML is parsed and must hold no element or attribute
the payload carries.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from types import SimpleNamespace
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import DrawStock, Rules
from scala40.record import Game, Record
from web.friends.actions import friends_part
from web.page import view as render
from web.replay.replay import Replay
from web.store.saves import Saves
from web.store.settings import Settings
from web.store.storage import GAME_KEY, REPLAYS_KEY, SETTINGS_KEY, STATS_KEY, TABLE_KEY
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.shown import Overlay
from web.table.table import Table
from web.ui import dom
from web.ui.dom import Page, css_string
from web.ui.markup import Markup, html, join

PAYLOAD = '"><b id=inj>x</b><img src=x onerror=alert(1)>'
OVERLAYS = [None, *Overlay]


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def injected(markup: str) -> list[str]:
    """What the payload would have put into the page: its elements and attributes."""
    parser = Tags()
    parser.feed(markup)
    parser.close()
    bad = []
    for tag, attrs in parser.found:
        if tag in ("b", "img") or attrs.get("id") == "inj":
            bad.append(f"<{tag} {attrs}>")
        bad += [f"{tag}[{name}]" for name in attrs if name.startswith("on") or name == "src"]
    return bad


def hostile_settings() -> dict:
    seat = {"name": PAYLOAD, "kind": PAYLOAD, "level": PAYLOAD, "strength": PAYLOAD}
    return {
        "lang": "en",
        "speed": PAYLOAD,
        "last": {"count": PAYLOAD, "seats": [seat] * 6, "mode": PAYLOAD, "custom": PAYLOAD,
                 "preset": PAYLOAD, "rules": {PAYLOAD: PAYLOAD}},
    }


def hostile_stats() -> dict:
    row = {"played": PAYLOAD, "won": PAYLOAD, "abandoned": PAYLOAD}
    return {"points": PAYLOAD, "table": {PAYLOAD: {PAYLOAD: row, "hard": row},
                                         "101": {PAYLOAD: row}}}


def write_json(store: MemoryStore, key: str, value: object) -> None:
    store.setItem(key, json.dumps(value))


def hostile_store() -> MemoryStore:
    store = MemoryStore()
    game = Game.new([PAYLOAD, PAYLOAD[::-1], "Bruno"], seed=PAYLOAD)
    game.play(DrawStock())
    store.setItem(GAME_KEY, game.to_save())
    write_json(store, TABLE_KEY, {"seats": [{"kind": PAYLOAD, "level": PAYLOAD}] * 3,
                                  "id": PAYLOAD, "orders": {"0": [PAYLOAD]},
                                  "sort": {"0": PAYLOAD}, "viewer": PAYLOAD})
    write_json(store, SETTINGS_KEY, hostile_settings())
    write_json(store, STATS_KEY, hostile_stats())
    return store


def every_page(table: Table) -> list[str]:
    pages = []
    for on_table in (True, False):
        for overlay in OVERLAYS:
            pages.append(render.page(
                table.session, table.lang, on_table=on_table, overlay=overlay,
                notice=table.notice or (PAYLOAD, PAYLOAD), settings=table.settings,
                stats=table.saves.load_stats(),
                thinking=True, version=PAYLOAD,
            ))
    return pages


def test_the_payload_would_be_seen_if_it_got_in():
    assert injected(PAYLOAD) and injected(f"<p>{PAYLOAD}</p>")


def test_no_stored_value_becomes_markup():
    store = hostile_store()
    saves = Saves(store)
    table = Table(saves, saves.load_settings(), clock=lambda: 0.0)
    table.resume_saved("1")
    session = table.session
    assert session is not None and PAYLOAD[:10] in session.name(0)
    session.message = ("error", PAYLOAD)
    for markup in every_page(table):
        assert injected(markup) == []
    session.viewer = None  # the hot-seat hand-over, the score sheet's names
    for markup in every_page(table):
        assert injected(markup) == []


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_unreadable_save_with_markup_is_reported_as_text(lang):
    store = MemoryStore()
    store.setItem(GAME_KEY, PAYLOAD)
    saves = Saves(store)
    table = Table(saves, Settings(lang=lang), clock=lambda: 0.0)
    table.resume_saved(PAYLOAD)
    assert table.overlay is Overlay.NOTICE
    for markup in every_page(table):
        assert injected(markup) == []


def test_a_hint_with_markup_stays_text():
    game = Game.new(["Anna", "Bruno"], seed=3)
    session = Session.restore(game, {"seats": [{"kind": "human"}, {"kind": "bot"}]})
    session.message = ("hint", PAYLOAD)
    session.hint_target = PAYLOAD
    markup = render.page(session, "en", on_table=True)
    assert injected(markup) == []


# -- values from outside in CSS selectors (issue #41) -------------------------------------
# A match id (a challenge link's seed, an imported record), a name: the page looks
# elements up by them (web/ui/dom.py, the friends' answers), and a quote in one put a
# traceback over the page. tests/stubs cannot evaluate a selector, so the doors run on
# a small DOM here whose querySelector reads selectors as CSS Syntax 3 does (strings and
# their escapes exactly; of the rest, only what the page's selectors use) and raises,
# as the browser's does, on one it cannot read.

HOSTILE = st.one_of(
    st.sampled_from(['a"b]\\c', '"', "\\", "]", '"]', "'", "\n", "\r\n", "\f", "\t", "\x00",
                     "\x7f", "</script>", "a\\", "\\a ", '\\"', "😀", "é", " ", "x y", "",
                     '"><b id=inj>']),
    st.text(max_size=16),
    st.text(alphabet='"\\][=\'<>/ab \t\n\r\f\x00\x01\x1f\x7f😀', max_size=12),
)


class BadSelector(Exception):
    """What the browser's querySelector throws (a ``SyntaxError`` DOMException)."""


def css_preprocess(text: str) -> str:
    """CSS Syntax 3, §3.3: CR LF, CR and FF are LF; U+0000 is U+FFFD."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n") \
        .replace("\x00", "\ufffd")


def css_escape_at(text: str, i: int) -> tuple[str, int]:
    """§4.3.7, consume an escaped code point: ``text[i]`` follows a backslash."""
    if i >= len(text):
        return "\ufffd", i
    hexa = re.match(r"[0-9a-fA-F]{1,6}", text[i:])
    if hexa is None:
        return text[i], i + 1
    i += len(hexa.group())
    if i < len(text) and text[i] in " \t\n":
        i += 1
    code = int(hexa.group(), 16)
    bad = code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF
    return ("\ufffd" if bad else chr(code)), i


def css_string_at(text: str, i: int) -> tuple[str, int]:
    """§4.3.5, consume a string token: ``text[i]`` is its opening quote. Returns the value
    and where the token ends; a newline before the closing quote is a bad string."""
    quote, i, out = text[i], i + 1, []
    while i < len(text):
        char = text[i]
        i += 1
        if char == quote:
            return "".join(out), i
        if char == "\n":
            raise BadSelector("bad string: a newline")
        if char == "\\":
            if i < len(text) and text[i] == "\n":
                i += 1  # an escaped newline continues the string
            elif i < len(text):
                value, i = css_escape_at(text, i)
                out.append(value)
        else:
            out.append(char)
    return "".join(out), i  # EOF closes it (a parse error the browser forgives)


IDENT = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*")


def parse_selector(selector: str) -> list[list[tuple[str, str, str]]]:
    """The page's selectors: compounds (a tag, ``#id``, ``.class``, ``[name="value"]``,
    ``:checked``) joined by descendant spaces; each compound a list of (kind, name, value)."""
    text = css_preprocess(selector).strip()
    compounds: list[list[tuple[str, str, str]]] = [[]]
    i = 0
    while i < len(text):
        char = text[i]
        if char in " \t\n":
            while i < len(text) and text[i] in " \t\n":
                i += 1
            compounds.append([])
            continue
        if char in "#.:":
            name = IDENT.match(text, i + 1)
            if name is None:
                raise BadSelector(f"no name after {char!r} at {i}")
            compounds[-1].append(({"#": "id", ".": "class", ":": "pseudo"}[char],
                                  name.group(), ""))
            i = name.end()
        elif char == "[":
            name = IDENT.match(text, i + 1)
            if name is None or not text.startswith('="', name.end()):
                raise BadSelector(f"not an attribute test at {i}")
            value, i = css_string_at(text, name.end() + 1)
            if not text.startswith("]", i):
                raise BadSelector(f"no ] at {i}")
            compounds[-1].append(("attr", name.group(), value))
            i += 1
        elif (name := IDENT.match(text, i)) is not None and not compounds[-1]:
            compounds[-1].append(("tag", name.group(), ""))
            i = name.end()
        else:
            raise BadSelector(f"unexpected {char!r} at {i}")
    if not all(compounds):
        raise BadSelector("empty compound")
    return compounds


VOID = {"input", "img", "br", "hr", "meta", "link", "source"}


class Element:
    """An element of the fake page: its attributes as the HTML parser left them."""

    def __init__(self, document: FakeDocument, tag: str, attrs: dict[str, str],
                 parent: Element | None) -> None:
        self.document, self.tag, self.attrs, self.parent = document, tag, attrs, parent
        self.children: list[Element] = []
        self.text = ""

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    @property
    def value(self) -> str:
        return self.attrs.get("value", self.text)

    def focus(self, _options: object = None) -> None:
        self.document.activeElement = self

    def descendants(self) -> list[Element]:
        found = []
        for child in self.children:
            found += [child, *child.descendants()]
        return found

    def matches(self, compound: list[tuple[str, str, str]]) -> bool:
        return all(self.has(kind, name, value) for kind, name, value in compound)

    def has(self, kind: str, name: str, value: str) -> bool:
        if kind == "tag":
            return self.tag == name
        if kind == "id":
            return self.attrs.get("id") == name
        if kind == "class":
            return name in self.attrs.get("class", "").split()
        if kind == "pseudo":
            return name == "checked" and "checked" in self.attrs
        return self.attrs.get(name) == value

    def matches_all(self, compounds: list[list[tuple[str, str, str]]]) -> bool:
        if not self.matches(compounds[-1]):
            return False
        rest, above = compounds[:-1], self.parent
        while rest and above is not None:
            if above.matches(rest[-1]) and above.matches_all(rest):
                return True
            above = above.parent
        return not rest

    def querySelector(self, selector: str) -> Element | None:
        compounds = parse_selector(selector)
        found = [e for e in self.descendants() if e.matches_all(compounds)]
        self.document.looked_up.append((selector, found[:1]))
        return found[0] if found else None


class Tree(HTMLParser):
    def __init__(self, root: Element) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # the HTML parser's preprocessing and its NUL in an attribute value (U+FFFD)
        values = {name: (value or "").replace("\x00", "\ufffd") for name, value in attrs}
        element = Element(self.stack[0].document, tag, values, self.stack[-1])
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].text += data


class FakeDocument:
    """The document's parts :class:`~web.ui.dom.Page` uses, with ``#app`` in it."""

    def __init__(self) -> None:
        self.activeElement: Element | None = None
        self.looked_up: list[tuple[str, list[Element]]] = []
        self.body = SimpleNamespace(classList=SimpleNamespace(contains=lambda _name: False))
        self.documentElement = SimpleNamespace(lang="en")
        self.root = FakeRoot(self)


class FakeRoot(Element):
    def __init__(self, document: FakeDocument) -> None:
        super().__init__(document, "div", {"id": "app"}, None)

    @property
    def innerHTML(self) -> str:
        raise NotImplementedError

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        """The markup parsed anew (what had the focus leaves with the old content)."""
        self.children = []
        tree = Tree(self)
        tree.feed(markup.replace("\r\n", "\n").replace("\r", "\n"))
        tree.close()
        self.document.activeElement = None


def drawn(markup: str) -> tuple[FakeDocument, Page]:
    document = FakeDocument()
    document.root.innerHTML = markup
    return document, Page(document.root)


def redraw(document: FakeDocument, page: Page, markup: str) -> None:
    """:meth:`Page.draw` in the fake document (no morphdom: the content replaced)."""
    with patch.object(dom, "document", document), patch.object(dom, "window",
                                                                SimpleNamespace()):
        page.draw(Markup(markup), lang="en")


def in_page(value: str) -> str:
    """``value`` as an attribute of the page holds it (the HTML parser's newlines, NUL)."""
    return value.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")


@settings(max_examples=300)
@given(HOSTILE)
def test_a_value_quoted_for_css_reads_back_as_itself(value):
    """Every character reads back as itself but U+0000, which CSS has no way to name (the
    HTML parser makes it U+FFFD in an attribute too: :func:`in_page`)."""
    quoted = css_string(value)
    assert css_string_at(quoted, 0) == (value.replace("\x00", "\ufffd"), len(quoted))
    assert parse_selector(f"[data-arg={quoted}]") == [
        [("attr", "data-arg", value.replace("\x00", "\ufffd"))]]


def test_the_reference_parser_refuses_what_the_browser_refuses():
    for selector in ('[data-arg="a"b]\\c"]', '[data-arg="x\ny"]', '[data-arg="a"]]'):
        with pytest.raises(BadSelector):
            parse_selector(selector)
    assert parse_selector('#setup [name="a\\"b"]') == [[("id", "setup", "")],
                                                      [("attr", "name", 'a"b')]]


def kept_entry(match_id: str) -> dict:
    return {"id": match_id, "when": 1.0, "players": ["Tu", "Bot"],
            "record": Record(Rules(), ("Tu", "Bot"), "1", ()).text()}


@settings(max_examples=80, deadline=None)
@given(st.lists(HOSTILE, min_size=1, max_size=4, unique_by=in_page), st.data())
def test_the_replays_buttons_and_the_focus_take_any_match_id(ids, data):
    """A kept match's id names its buttons: the one that had the focus has it after a
    redraw; pressing replay or delete does it to that match, and the page is drawn again
    with the focus where it can be (never a lookup that raises)."""
    store = MemoryStore({REPLAYS_KEY: json.dumps([kept_entry(i) for i in ids])})
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0)
    table.click("replays")
    document, page = drawn(render.whole_page(table))
    buttons = [e for e in document.root.descendants()
               if e.attrs.get("data-act") in ("replay-open", "replay-delete")]
    assert sorted(e.attrs["data-arg"] for e in buttons) == sorted(in_page(i) for i in ids * 2)
    button = data.draw(st.sampled_from(buttons))
    act, arg = button.attrs["data-act"], button.attrs["data-arg"]
    document.activeElement = button
    redraw(document, page, render.whole_page(table))  # any redraw: the focus stays
    focused = document.activeElement
    assert focused is not None and focused is not button
    assert (focused.attrs["data-act"], focused.attrs["data-arg"]) == (act, arg)
    table.click(act, arg)  # what App.on_click does with the button's data-arg
    redraw(document, page, render.whole_page(table))
    chosen = [i for i in ids if i == arg]  # none: an id the HTML parser changed (CR, NUL)
    if act == "replay-open":
        assert (table.part(Replay) is not None) == bool(chosen)
    else:
        left = [entry["id"] for entry in json.loads(store.getItem(REPLAYS_KEY))]
        assert sorted(left) == sorted(set(ids) - set(chosen))
    same = [e for e in document.root.descendants() if e.attrs.get("data-act") == act]
    named = [e for e in same if e.attrs["data-arg"] == arg]
    assert document.activeElement is (named or same or [None])[0]


@settings(max_examples=80, deadline=None)
@given(st.lists(HOSTILE, min_size=1, max_size=4, unique_by=in_page), st.data())
def test_a_card_key_keeps_the_focus_whatever_it_holds(keys, data):
    markup = join(html('<button class="card" data-act="card" data-key="{}">x</button>', key)
                  for key in keys)
    document, page = drawn(markup)
    cards = document.root.descendants()
    card = data.draw(st.sampled_from(cards))
    document.activeElement = card
    redraw(document, page, markup)
    if card.attrs["data-key"]:
        assert document.activeElement.attrs == card.attrs
    else:  # no key: the first card the act names
        assert document.activeElement.attrs == cards[0].attrs


@settings(max_examples=80, deadline=None)
@given(st.lists(HOSTILE, min_size=1, max_size=4, unique_by=in_page), HOSTILE)
def test_the_form_finds_a_field_by_any_name(names, other):
    markup = html('<form id="setup">{}</form><input name="{}">',
                  join(html('<input name="{}"><fieldset class="seat" data-seat="{}">'
                            '</fieldset>', name, n) for n, name in enumerate(names)),
                  other)
    _document, page = drawn(markup)
    for n, name in enumerate(names):
        field = page.field(in_page(name))
        assert field is not None and field.attrs["name"] == in_page(name)
        assert page.seat(n).attrs["data-seat"] == str(n)
    if in_page(other) not in map(in_page, names):  # the one outside the form: not found
        assert page.field(in_page(other)) is None
    assert page.seat(len(names)) is None


@settings(max_examples=80, deadline=None)
@given(st.lists(HOSTILE, max_size=3, unique_by=in_page), HOSTILE)
def test_the_friends_answer_is_read_from_the_seat_its_button_names(seats, arg):
    """The host's "accept" reads the answer field of the seat its button names: exactly
    that one, or none; a seat that is not a number accepts nothing and raises nothing."""
    markup = join(html('<textarea class="answer-text" data-seat="{}">answer {}</textarea>',
                       seat, n) for n, seat in enumerate([*seats, "1"]))
    document, page = drawn(markup)
    spawned: list[object] = []

    def spawn(coroutine):
        spawned.append(coroutine)
        coroutine.close()

    table = Table(Saves(MemoryStore()), Settings(lang="en"), clock=lambda: 0.0)
    friends_part(SimpleNamespace(table=table, page=page, spawn=spawn))  # type: ignore[arg-type]
    table.click("accept", in_page(arg))
    [(_selector, found)] = document.looked_up
    named = [e for e in document.root.descendants()
             if e.attrs["data-seat"] == in_page(arg)]
    assert found == named[:1]
    assert len(spawned) == int(in_page(arg).isdecimal())
