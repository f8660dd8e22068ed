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
from html.parser import HTMLParser

import pytest

from scala40 import DrawStock
from scala40.record import Game
from web.page import view as render
from web.store.saves import Saves
from web.store.storage import GAME_KEY, SETTINGS_KEY, STATS_KEY, TABLE_KEY
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.shown import Overlay
from web.table.table import Table

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
    table = Table(saves, {"lang": lang}, clock=lambda: 0.0)
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
