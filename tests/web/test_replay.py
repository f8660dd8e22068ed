"""Replays: stepping matches the record, kept matches are records (20 at most), deletable."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import RuleError, Rules, parse_action
from scala40.record import Record
from web.learn.coach import SCRIPT, SEED
from web.replay.replay import Replay
from web.replay.view import replay_screen, replays_dialog
from web.store.replays import KEEP, find, forget, kept
from web.store.saves import Saves
from web.store.settings import Settings
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
    entries = kept(Saves(store))
    assert [entry["id"] for entry in entries[:2]] == [f"m{KEEP + 2}", f"m{KEEP + 1}"]
    assert len(entries) == KEEP
    assert find(Saves(store), "m5") == RECORD
    forget(Saves(store), "m5")
    assert find(Saves(store), "m5") is None and len(kept(Saves(store))) == KEEP - 1
    assert 'data-act="replay-delete"' in replays_dialog(kept(Saves(store)), "en")


def test_a_kept_record_that_does_not_replay_says_why_and_stays_in_the_list() -> None:
    from web.replay import actions as _bound  # noqa: F401 - binds the replay actions
    from web.table.shown import Overlay
    from web.table.table import Table

    store = MemoryStore()
    stored = json.dumps([{**ENTRY, "record": RECORD.text() + "take\n"}])
    store.setItem("scala40.replays", stored)
    with pytest.raises(RuleError):
        find(Saves(store), "m1")
    table = Table(Saves(store), Settings(lang="it"), clock=lambda: 0.0)
    table.click("replays")
    table.click("replay-open", "m1")
    assert table.overlay is Overlay.NOTICE and table.part(Replay) is None
    title, text = table.notice
    assert title == "Partite da rivedere" and text.startswith("Questa partita non si può")
    assert store.getItem("scala40.replays") == stored


def test_damaged_kept_matches_are_kept_aside_not_read() -> None:
    store = MemoryStore()
    damaged = '[1, {"id": 2}, {"id": "x", "when": 1, "players": [], "record": "no"}]'
    store.setItem("scala40.replays", damaged)
    assert kept(Saves(store)) == [] and find(Saves(store), "x") is None
    # the storage door keeps the text aside (under the broken-data prefix) for the player
    aside = [key for key in store.data if key.startswith("scala40.broken.")]
    assert [store.getItem(key) for key in aside] == [damaged]


def test_a_finished_match_at_the_table_is_kept_and_replayed() -> None:
    from web.replay import actions as _bound  # noqa: F401 - binds the replay actions
    from web.store.seat import Seat
    from web.table.session import Session
    from web.table.shown import Overlay
    from web.table.table import Table

    store = MemoryStore()
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 1.0)
    table.start_session(Session.new([Seat("Tu"), Seat("Bot", "bot", "easy")], SEED,
                                    Rules(mode="single")))
    for action in RECORD.actions:
        assert table.move(action) is None
    assert [entry["id"] for entry in kept(Saves(store))] == [SEED]
    table.click("replay")
    assert table.overlay is Overlay.REPLAY and table.part(Replay) is not None
    assert table.part(Replay).index == table.part(Replay).last
    table.click("replay-hand", "1")
    assert table.part(Replay).index == 0
    table.click("replay-forward")
    assert table.part(Replay).index == 1
    table.click("replay-close")
    assert table.overlay is Overlay.SHEET


ENTRY = {"id": "m1", "when": 1.0, "players": ["Tu", "Bot"], "record": RECORD.text()}
STORED = st.one_of(
    st.text(max_size=200),
    st.builds(lambda entries: json.dumps(entries), st.lists(st.one_of(
        st.just(ENTRY),
        st.just({**ENTRY, "id": "illegal", "record": RECORD.text() + "take\n"}),
        st.builds(lambda about: {**ENTRY, "about": about}, st.fixed_dictionaries(
            {"kind": st.sampled_from(["", "daily", "challenge", "friends", "x"]),
             "limit": st.integers(-1, 10_000), "points": st.lists(st.integers(-1, 300),
                                                                   max_size=7)},
            optional={"winner": st.integers(-1, 6) | st.none(),
                      "you": st.integers(-1, 6) | st.text(max_size=2)})),
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
    entries = kept(Saves(store))
    assert len(entries) <= KEEP
    for entry in entries:
        assert isinstance(entry["id"], str) and isinstance(entry["record"], str)
        try:
            found = find(Saves(store), entry["id"])
        except RuleError:  # told to the player when opened (and kept)
            continue
        assert found is None or list(found.states())[-1] == found.replay()
    replays_dialog(entries, "it")  # draws whatever was kept
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0)
    for entry in entries[:3]:
        table.click("replay-open", entry["id"])  # a record that does not replay: not opened
        table.click("replay-delete", entry["id"])
    table.saves.keep_match("new", RECORD, 2.0)  # the next finished match is kept all the same
    assert kept(Saves(store))[0]["id"] == "new" and find(Saves(store), "new") == RECORD


NOON = 1_765_022_400_000  # 6 Dec 2025, 12:00 UTC: the 6th in any time zone from -11 to +11


def finished(table, start) -> None:
    """Start a match through ``start`` and let easy bots play every seat to its end."""
    import random

    from scala40 import observe
    from scala40.bots import make_bot

    start(table)
    session = table.session
    players = [make_bot("easy", random.Random(seat)) for seat in range(len(session.seats))]
    while not session.state.is_over:
        state = session.state
        assert table.move(players[state.to_move].choose(observe(state, state.to_move))) is None


def test_the_list_says_when_what_and_how_each_kept_match_ended_newest_first() -> None:
    import re

    from web.daily import play as daily
    from web.daily.challenge import Challenge, Score, fragment
    from web.newgame.actions import open_challenge
    from web.page.view import whole_page
    from web.store.seat import Seat
    from web.table.session import Session
    from web.table.table import Table

    times = iter(range(NOON, NOON + 10 * 3_600_000, 3_600_000))
    table = Table(Saves(MemoryStore()), Settings(lang="en"), clock=lambda: float(next(times)))
    dare = Challenge("kept-c", Rules(mode="single"), ("easy",), by="Anna",
                     score=Score(12, 9, False))
    finished(table, lambda tb: tb.start_session(Session.new(
        [Seat("You"), Seat("Bruno", "bot", "easy")], "kept-s", Rules(mode="single"))))
    finished(table, lambda tb: tb.click("daily", "2025-12-06"))
    finished(table, lambda tb: open_challenge(tb, fragment(dare)))
    table.click("replays")
    page = str(whole_page(table))
    rows = re.findall(r'<li data-id="([^"]+)"><div class="kept-about">(.*?)</div>', page)
    assert [match_id.split(":")[0] for match_id, _ in rows] == ["challenge", "daily", "kept-s"]
    modes = [re.search(r'kept-mode">([^<]*)<', row).group(1) for _, row in rows]
    assert modes == ["Challenge from Anna", "Deal of the day", "Single hand"]
    for (_, row), entry in zip(rows, kept(table.saves), strict=True):
        about = entry["about"]
        won = about["winner"] == about["you"] == 0
        result = f"{'Won' if won else 'Lost'} · {about['points'][0]} point"
        assert f'kept-result {"won" if won else "lost"}">{result}' in row
        assert re.search(r'kept-when small">6 Dec 2025, \d\d:\d\d<', row)
        assert "You · Bruno" in row
    last = table.session
    assert kept(table.saves)[0]["about"] == {
        "kind": "challenge", "limit": 0, "you": 0, "winner": last.state.winner,
        "points": [last.state.hand.result.penalties[seat] for seat in (0, 1)]}
    assert daily.rival_of(rows[0][0]) == ("Anna", Score(12, 9, False))


@pytest.mark.parametrize("about, lang, said", [
    ({"kind": "", "limit": 101, "points": [97, 104], "winner": 0, "you": 0}, "it",
     ("A punti: fuori a 101", "Vinta · 97 punti", True)),
    ({"kind": "", "limit": 151, "points": [160, 40, 20], "winner": 2, "you": 0}, "en",
     ("points (151)", "Lost · 160 points", False)),
    ({"kind": "friends", "limit": 0, "points": [0, 1], "winner": 0, "you": 0}, "en",
     ("With friends · Single hand", "Won · 0 points", True)),
    ({"kind": "", "limit": 201, "points": [201, 1], "winner": 1}, "en",  # two at one device
     ("Points: out at 201", "Bruno won", None)),
    ({"kind": "challenge", "limit": 0, "points": [0, 1], "winner": 0, "you": 0}, "it",
     ("Sfida di un amico", "Vinta · 0 punti", True)),  # an id that says no one's name
])
def test_a_kept_match_in_words(about: dict, lang: str, said: tuple) -> None:
    from web.replay.about import described

    entry = {**ENTRY, "players": ["Tu", "Bruno", "Carla"][:len(about["points"])],
             "when": NOON, "about": about}
    when, *rest = described(entry, lang)
    assert when.startswith("6 dic 2025" if lang == "it" else "6 Dec 2025") and tuple(rest) == said


def test_a_match_kept_before_the_facts_were_noted_shows_its_date_and_players() -> None:
    from web.replay.about import described

    assert described({**ENTRY, "when": NOON}, "en")[1:] == ("", "", None)
    row = str(replays_dialog([{**ENTRY, "when": NOON}], "en"))
    assert "You · Bot" in row and "6 Dec 2025" in row and "kept-result" not in row
    assert described({**ENTRY, "when": 1e16}, "en")[0] == ""  # a time no calendar has


@pytest.mark.parametrize("lang, you, theirs", [("en", "You", "Bot draws"),
                                               ("it", "Tu", "Bot pesca")])
def test_this_devices_player_is_you_in_the_language_read_now(lang, you, theirs) -> None:
    """A match played in Italian ("Tu") is replayed and listed in English as "You", its
    moves said to "you" ("You draw", "Peschi"; never "Tu draws"), the newest one marked."""
    replay = Replay(RECORD)
    replay.to(8)
    screen = str(replay_screen(replay, lang))
    assert f"<strong>{you}</strong>" in screen and theirs in screen
    moves = re.findall(r'<li value="(\d+)" class="(now|)">([^<]*)</li>', screen)
    assert len(moves) == 8 and [n for n, now, _ in moves if now] == ["8"]
    mine = [text for _n, _now, text in moves if not text.startswith("Bot ")]
    assert mine and not [text for text in mine if text.startswith(("Tu ", "Tu's"))], mine
    listed = str(replays_dialog([{**ENTRY, "when": NOON}], lang))
    assert f"{you} · Bot" in listed
