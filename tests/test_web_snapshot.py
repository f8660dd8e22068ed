"""The table's snapshot (issue 16): kept with the save, tied to it, and never at its expense.

web/page/snapshot.js paints ``scala40.snapshot`` before Python is up; these tests
cover the writing side (web/store/saver.py). Painting it, hostile ones included,
is tested in a browser: tests/e2e/test_snapshot.py.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from test_web_storage import FullStore, play_a_turn

from scala40.record import Game
from web.store import storage
from web.store.match import load_game, save_text
from web.store.saver import Outcome, Saver
from web.store.storage import SNAPSHOT_KEY
from web.store.stores import MemoryStore

TABLE = '<div class="table seats-2"><p class="status">Tocca a te</p></div>'


def snapshot(store: MemoryStore) -> dict | None:
    raw = store.data.get(SNAPSHOT_KEY)
    return None if raw is None else json.loads(raw)


def test_the_snapshot_names_the_save_it_shows():
    store = MemoryStore()
    saver = Saver(store)
    game = Game.new(["Tu", "Bruno"], seed=3)
    assert saver.save_snapshot("<p>start</p>", "en")  # no match saved: the start screen
    assert snapshot(store) == {"format": "scala40-snapshot", "saved": False, "match": None,
                               "revision": 0, "lang": "en", "looks": [],
                               "html": "<p>start</p>"}
    saver.save("m1", game.to_save(), "{}")
    play_a_turn(game)
    saver.save("m1", game.to_save(), "{}")
    assert saver.save_snapshot(TABLE, "it")
    stored = json.loads(store.data[storage.GAME_KEY])
    assert (snapshot(store)["match"], snapshot(store)["revision"]) == ("m1", 2)
    assert (stored["match"], stored["revision"]) == ("m1", 2)


def test_clearing_the_match_removes_its_snapshot():
    store = MemoryStore()
    saver = Saver(store)
    saver.save("m1", Game.new(["Tu", "Bruno"], seed=3).to_save(), "{}")
    saver.save_snapshot(TABLE, "it")
    saver.clear()
    assert SNAPSHOT_KEY not in store.data
    assert saver.save_snapshot(TABLE, "it")  # written again, though its markup is the same
    assert not snapshot(store)["saved"]


def test_a_snapshot_that_does_not_fit_is_dropped_and_the_save_kept():
    game = Game.new(["Tu", "Bruno"], seed=3)
    save = save_text(game.to_save(), "m1", 1)
    store = FullStore(quota=len(save) + 400)
    saver = Saver(store)
    assert saver.save("m1", game.to_save(), "{}") is Outcome.SAVED
    assert not saver.save_snapshot("x" * 2_000, "it")
    assert SNAPSHOT_KEY not in store.data
    assert load_game(store, "1")[0].state == game.state
    assert saver.take_notice("en") is None  # nothing to tell: the save is fine


def test_the_save_takes_the_snapshots_room_when_it_needs_it():
    game = Game.new(["Tu", "Bruno"], seed=3)
    save = save_text(game.to_save(), "m1", 1)
    store = FullStore(quota=len(save) + 3_000)
    saver = Saver(store)
    saver.save("m1", game.to_save(), "{}")
    assert saver.save_snapshot("x" * 2_000, "it")
    play_a_turn(game)
    store.data["other"] = "y" * 900  # something else took the rest of the room
    assert saver.save("m1", game.to_save(), "{}") is Outcome.SAVED
    assert SNAPSHOT_KEY not in store.data
    assert load_game(store, "1")[0].state == game.state


def test_no_snapshot_follows_a_failed_save():
    game = Game.new(["Tu", "Bruno"], seed=3)
    store = FullStore(quota=10**6)
    saver = Saver(store)
    saver.save("m1", game.to_save(), "{}")
    saver.save_snapshot(TABLE, "it")
    store.quota = 0  # the storage is full now: the next move is kept in memory
    play_a_turn(game)
    assert saver.save("m1", game.to_save(), "{}") is Outcome.FAILED
    assert not saver.save_snapshot(TABLE.replace("te", "Bruno"), "it")
    assert SNAPSHOT_KEY not in store.data  # the stored save is older than the table shown


def test_an_over_long_snapshot_is_not_kept():
    store = MemoryStore()
    saver = Saver(store)
    saver.save_snapshot(TABLE, "it")
    assert not saver.save_snapshot("x" * storage.MAX_SNAPSHOT_CHARS, "it")
    assert SNAPSHOT_KEY not in store.data


@settings(max_examples=60, deadline=None)
@given(quota=st.integers(0, 12_000), sizes=st.lists(st.integers(0, 9_000), min_size=1,
                                                     max_size=6))
def test_the_snapshot_never_changes_what_is_saved(quota, sizes):
    """Whatever the quota and the snapshots' sizes, every save succeeds or fails as it
    would with no snapshot at all, and what is stored of the match is the same."""
    plain, with_snapshot = FullStore(quota), FullStore(quota)
    savers = Saver(plain), Saver(with_snapshot)
    game = Game.new(["Tu", "Bruno"], seed=3)
    for size in sizes:
        outcomes = [saver.save("m1", game.to_save(), "{}") for saver in savers]
        savers[1].save_snapshot("x" * size, "it")
        assert outcomes[0] is outcomes[1]
        assert plain.data.get(storage.GAME_KEY) == with_snapshot.data.get(storage.GAME_KEY)
        play_a_turn(game)
