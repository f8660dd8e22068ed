"""Replays: stepping matches the record, kept matches are records (20 at most), deletable."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import RuleError, Rules, parse_action
from scala40.record import Record
from web.learn.coach import SCRIPT, SEED
from web.replay.replay import KEEP, Replay, find, forget, kept
from web.replay.view import replay_screen, replays_dialog
from web.store.saves import Saves
from web.store.stores import MemoryStore

RECORD = Record(Rules(mode="single"), ("Tu", "Bot"), SEED,
                tuple(parse_action(step.action) for step in SCRIPT))


def test_forward_and_back_walk_the_records_states() -> None:
    replay = Replay(RECORD)
    states = list(RECORD.states())
    assert replay.last == len(RECORD.actions)
    for index in range(1, replay.last + 1):
        replay.forward()
        assert replay.state == states[index]
    assert replay.forward() == replay.last
    for index in range(replay.last - 1, -1, -1):
        assert replay.back() == index and replay.state == states[index]
    assert replay.back() == 0


def test_the_players_view_hides_the_others_hands_and_all_shows_them() -> None:
    replay = Replay(RECORD, viewer=0)
    replay.to(5)
    mine = replay_screen(replay, "en")
    hand = replay.state.hand
    assert mine.count("data-cards=") == 1 and f"{len(hand.hands[1])} cards" in mine
    replay.viewer = None
    assert replay_screen(replay, "en").count("data-cards=") == 2


def test_the_log_beside_it_shows_the_moves_so_far() -> None:
    replay = Replay(RECORD)
    replay.to(4)
    assert replay_screen(replay, "it").count("<li") >= 4 + 2


def test_kept_matches_are_twenty_newest_first_and_deletable() -> None:
    store = MemoryStore()
    saves = Saves(store)
    for n in range(KEEP + 3):
        saves.keep_match(f"m{n}", RECORD, float(n))
    entries = kept(store)
    assert [entry["id"] for entry in entries[:2]] == [f"m{KEEP + 2}", f"m{KEEP + 1}"]
    assert len(entries) == KEEP
    assert find(store, "m5") == RECORD
    forget(store, "m5")
    assert find(store, "m5") is None and len(kept(store)) == KEEP - 1
    assert 'data-act="replay-delete"' in replays_dialog(kept(store), "en")


def test_a_kept_record_that_does_not_replay_says_why_and_stays_in_the_list() -> None:
    from web.replay import actions as _bound  # noqa: F401 - binds the replay actions
    from web.table.shown import Overlay
    from web.table.table import Table

    store = MemoryStore()
    stored = json.dumps([{**ENTRY, "record": RECORD.text() + "take\n"}])
    store.setItem("scala40.replays", stored)
    with pytest.raises(RuleError):
        find(store, "m1")
    table = Table(Saves(store), {"lang": "it"}, clock=lambda: 0.0)
    table.click("replays")
    table.click("replay-open", "m1")
    assert table.overlay is Overlay.NOTICE and table.replay is None
    title, text = table.notice
    assert title == "Partite da rivedere" and text.startswith("Questa partita non si può")
    assert store.getItem("scala40.replays") == stored


def test_damaged_kept_matches_are_kept_aside_not_read() -> None:
    store = MemoryStore()
    damaged = '[1, {"id": 2}, {"id": "x", "when": 1, "players": [], "record": "no"}]'
    store.setItem("scala40.replays", damaged)
    assert kept(store) == [] and find(store, "x") is None
    # the storage door keeps the text aside (under the broken-data prefix) for the player
    aside = [key for key in store.data if key.startswith("scala40.broken.")]
    assert [store.getItem(key) for key in aside] == [damaged]


def test_a_finished_match_at_the_table_is_kept_and_replayed() -> None:
    from web.replay import actions as _bound  # noqa: F401 - binds the replay actions
    from web.table.session import Seat, Session
    from web.table.shown import Overlay
    from web.table.table import Table

    store = MemoryStore()
    table = Table(Saves(store), {"lang": "en"}, clock=lambda: 1.0)
    table.start_session(Session.new([Seat("Tu"), Seat("Bot", "bot", "easy")], SEED,
                                    Rules(mode="single")))
    for action in RECORD.actions:
        assert table.move(action) is None
    assert [entry["id"] for entry in kept(store)] == [SEED]
    table.click("replay")
    assert table.overlay is Overlay.REPLAY and table.replay is not None
    assert table.replay.index == table.replay.last
    table.click("replay-hand", "1")
    assert table.replay.index == 0
    table.click("replay-forward")
    assert table.replay.index == 1
    table.click("replay-close")
    assert table.overlay is Overlay.SHEET


ENTRY = {"id": "m1", "when": 1.0, "players": ["Tu", "Bot"], "record": RECORD.text()}
STORED = st.one_of(
    st.text(max_size=200),
    st.builds(lambda entries: json.dumps(entries), st.lists(st.one_of(
        st.just(ENTRY),
        st.just({**ENTRY, "id": "illegal", "record": RECORD.text() + "take\n"}),
        st.fixed_dictionaries({"id": st.text(max_size=90), "when": st.floats(allow_nan=True),
                               "players": st.lists(st.text(max_size=30), max_size=7),
                               "record": st.text(max_size=200)}),
        st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=8), max_size=4),
        st.integers(), st.none()), max_size=25)),
)


@settings(max_examples=80, deadline=None)
@given(STORED)
def test_any_stored_replays_read_as_kept_records_or_none(text: str) -> None:
    from web.replay import actions as _bound  # noqa: F401 - binds the replay actions
    from web.table.table import Table

    store = MemoryStore()
    store.setItem("scala40.replays", text)
    entries = kept(store)
    assert len(entries) <= KEEP
    for entry in entries:
        assert isinstance(entry["id"], str) and isinstance(entry["record"], str)
        try:
            found = find(store, entry["id"])
        except RuleError:  # told to the player when opened (and kept)
            continue
        assert found is None or list(found.states())[-1] == found.replay()
    replays_dialog(entries, "it")  # draws whatever was kept
    table = Table(Saves(store), {"lang": "en"}, clock=lambda: 0.0)
    for entry in entries[:3]:
        table.click("replay-open", entry["id"])  # a record that does not replay: not opened
        table.click("replay-delete", entry["id"])
    table.saves.keep_match("new", RECORD, 2.0)  # the next finished match is kept all the same
    assert kept(store)[0]["id"] == "new" and find(store, "new") == RECORD
