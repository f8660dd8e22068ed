"""One move path: whoever makes a match's closing move (the person at this device, a
bot of this device, a friend on another device), the host's table does the same
after it (web/table/table.py ``Table.move``): the sheet, the statistics, the
match kept for replay, the cue, the save cleared (docs/lifecycle.md: a finished
match is not resumed)."""

from __future__ import annotations

import pytest
from match_helper import closing_single_hand

from web.friends.guest import GuestTable
from web.friends.host import HostTable
from web.friends.seats import RemoteSeats
from web.store.match import load_game
from web.store.replays import kept
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.storage import GAME_KEY, SNAPSHOT_KEY, TABLE_KEY
from web.store.stores import MemoryStore
from web.table import hand
from web.table.session import Session
from web.table.shown import Overlay, Screen
from web.table.table import Table


def close_the_match(closer: str) -> tuple[Table, MemoryStore, str]:
    """A single hand that seat 0 ("Tu") closes with a discard, Tu being ``closer``'s kind
    and the host's person sitting at seat 1 unless Tu is that person; the host's table
    after the closing discard, its storage, and the outcome the host's person had."""
    game, last = closing_single_hand()
    tu = Seat("Tu", {"person": "human", "bot": "bot", "friend": "remote"}[closer])
    bruno = Seat("Bruno", "bot" if closer == "person" else "human")
    store = MemoryStore()
    host = Table(Saves(store), Settings(lang="en", sound=True), clock=lambda: 5.0)
    session = Session(game, [tu, bruno], "m")
    session.pick_viewer()
    session.arrange()
    host.start_session(session)
    host.take_cues()
    if closer == "person":
        key = next(key for key, card in session.hand_keys(0) if card == last.card)
        hand.drop(host, f"card:{key}", "pile")  # the player's own gesture
    elif closer == "bot":
        assert host.move(last) is None  # what the bot loop does (web/table/bots.py)
    else:
        sent: list[tuple[int, str]] = []
        seats = RemoteSeats(host, HostTable(game, [0]), lambda seat, text: bool(
            sent.append((seat, text))) or True)
        guest = GuestTable(seats.host.tickets[0])
        seats.receive(0, guest.join())
        for _seat, text in sent:
            guest.receive(text)
        seats.receive(0, guest.act(last))
    return host, store, "won" if closer == "person" else "lost"


@pytest.mark.parametrize("closer", ["person", "bot", "friend"])
def test_the_closing_move_does_the_same_whoever_makes_it(closer):
    host, store, outcome = close_the_match(closer)
    session = host.session
    assert session is not None and session.state.is_over
    assert host.overlay is Overlay.SHEET
    stats = host.saves.load_stats()
    [row] = stats["table"]["single"].values()
    assert (row["played"], row["won"]) == (1, int(outcome == "won")), closer
    assert session.counted
    [entry] = kept(Saves(store))
    assert entry["record"] == session.game.record.text()
    assert host.take_cues() == ["close"]
    assert not {GAME_KEY, TABLE_KEY, SNAPSHOT_KEY} & set(store.stored_keys()), closer


@pytest.mark.parametrize("closer", ["person", "bot", "friend"])
def test_a_reload_after_a_finished_match_starts_on_the_new_game_screen(closer):
    _host, store, _outcome = close_the_match(closer)
    reloaded = Table(Saves(store), Settings(lang="en"), clock=lambda: 6.0)
    reloaded.resume_saved("1")
    assert reloaded.session is None and reloaded.screen is Screen.NEWGAME
    assert reloaded.overlay is None and not reloaded.notices
    [entry] = kept(Saves(store))
    assert entry["players"] == ["Tu", "Bruno"]


def test_a_friends_move_is_answered_to_its_device_once():
    """The friend whose move it was gets one table back, naming its message (its page
    waits for that answer before its next move); the host's own moves reach it too."""
    store = MemoryStore()
    host = Table(Saves(store), Settings(lang="en"), clock=lambda: 5.0)
    session = Session.new([Seat("Tu", "remote"), Seat("Bruno")], "x")
    host.start_session(session)
    sent: list[str] = []
    seats = RemoteSeats(host, HostTable(session.game, [0]),
                        lambda seat, text: bool(sent.append(text)) or True)
    guest = GuestTable(seats.host.tickets[0])
    seats.receive(0, guest.join())
    guest.receive(sent.pop())
    if session.state.to_move != 0:
        host.click("draw")
        assert len(sent) == 1  # the host's move: the friend sees it
        guest.receive(sent.pop())
        host.session.select_only(host.session.hand_keys(1)[0][0])
        host.click("discard")
        guest.receive(sent.pop())
    assert session.state.to_move == 0
    seats.receive(0, guest.act("draw"))
    assert len(sent) == 1 and guest.waiting is not None
    assert guest.receive(sent.pop()) is None and guest.waiting is None
    assert session.state.hand.phase.name == "PLAY"
    saved, _meta, _refusal = load_game(store, "0")
    assert saved is not None and saved.state == session.state  # saved as any move
