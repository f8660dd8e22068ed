"""Seats on other devices behind the table code (web/friends/seats.py), in CPython:
a host Table with RemoteSeats and guest Tables with GuestSessions, wired in memory."""

from __future__ import annotations

import json
import random
import re

import pytest
from match_helper import closing_single_hand

from scala40 import DrawStock, LayMeld, determinize, legal_actions, observe
from scala40.bots import make_bot
from scala40.record import Game
from web.friends.guest import GuestTable
from web.friends.host import HostTable
from web.friends.seats import GuestSession, RemoteSeats, follow
from web.page import view as render
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.storage import TABLE_KEY
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.shown import Overlay
from web.table.table import Table


class Shared:
    """A host (Anna, seat 0) and a guest Table on every remote seat."""

    def __init__(self, seats: list[Seat], lang: dict[int, str] | None = None, seed: int = 0,
                 names: dict[int, str] | None = None, host_settings: dict | None = None,
                 game: Game | None = None):
        """``names``: the name each guest's device gives in its join (none: "");
        ``game``: the match as it is (else one dealt from ``seed``)."""
        self.clock = lambda: 1e9
        self.store = MemoryStore()
        self.host = Table(Saves(self.store), Settings(lang="it", **(host_settings or {})),
                          clock=self.clock)
        if game is None:
            self.host.start_session(Session.new(seats, seed))
        else:
            session = Session(game, seats, "m")
            session.pick_viewer()
            session.arrange()
            self.host.start_session(session)
        remote = [i for i, seat in enumerate(seats) if seat.is_remote]
        self.peer = HostTable(self.host.session.game, remote)
        self.inbox: dict[int, list[str]] = {seat: [] for seat in remote}
        self.seats = RemoteSeats(self.host, self.peer, self.to_guest)
        self.guests: dict[int, Table] = {}
        self.lang = lang or {}
        for seat, ticket in self.peer.tickets.items():
            guest = GuestTable(ticket)
            self.seats.receive(seat, guest.join((names or {}).get(seat, "")))
            guest.receive(self.inbox[seat].pop())
            table = Table(Saves(MemoryStore()), Settings(lang=self.lang.get(seat, "en")),
                          clock=self.clock)
            table.start_session(GuestSession(guest, lambda text, s=seat: self.to_host(s, text)))
            self.guests[seat] = table

    def to_guest(self, seat: int, text: str) -> bool:
        self.inbox[seat].append(text)
        if seat in self.guests:
            self.flush()
        return True

    def to_host(self, seat: int, text: str) -> None:
        self.seats.receive(seat, text)

    def flush(self) -> None:
        for seat, table in self.guests.items():
            while self.inbox[seat]:
                follow(table, self.inbox[seat].pop(0))

    def table_of(self, seat: int) -> Table:
        return self.guests.get(seat, self.host)


def test_a_guest_draws_and_every_table_shows_it():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")])
    host = shared.host.session
    mover = host.state.to_move
    table = shared.table_of(mover)
    table.click("draw")
    assert host.state.hand.phase.name == "PLAY" and host.state.to_move == mover
    for seat, guest in shared.guests.items():
        assert [len(h) for h in guest.session.state.hand.hands] == \
            [len(h) for h in host.state.hand.hands]
        assert guest.session.state.hand.hands[seat] == host.state.hand.hands[seat]
        assert guest.session.state.hand.pile == host.state.hand.pile
        assert guest.session.state.hand.phase == host.state.hand.phase


def test_a_whole_hand_with_moves_from_every_device():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "bot", "easy")],
                    seed=3)
    host = shared.host.session
    bots = [make_bot("easy", random.Random(seat)) for seat in range(3)]
    for _ in range(2000):
        if host.state.hand_over:
            break
        seat = host.state.to_move
        action = bots[seat].choose(observe(host.state, seat))
        table = shared.table_of(seat)
        if seat == 2:
            assert table.move(action) is None
            continue
        assert table.session.state.hand.hands[seat] == host.state.hand.hands[seat]
        table.move(action)
        if seat == 1:
            assert shared.guests[1].session.message is None, shared.guests[1].session.message
    assert host.state.hand_over
    assert shared.guests[1].session.state.hand_over


def test_a_guests_illegal_move_is_refused_in_its_language():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")],
                    lang={1: "en", 2: "it"})
    host = shared.host.session
    mover = host.state.to_move
    other = 1 if mover != 1 else 2
    guest = shared.guests[other]
    guest.session.play(DrawStock())
    assert guest.session.message[0] == "error"
    text = guest.session.message[1]
    assert ("turn" in text) if other == 1 else ("turno" in text), text
    assert host.state.hand.turns_taken == 0


def test_a_guest_takes_back_a_meld_and_an_undo_with_nothing_to_take_back_says_so():
    shared = Shared([Seat("Anna", "remote"), Seat("Bruno", "remote")])
    host = shared.host.session
    seat = host.state.to_move
    table = shared.guests[seat]
    table.move(DrawStock())
    assert not table.session.can_undo  # a draw is never taken back
    table.click("undo")
    assert table.session.message[0] == "error"
    meld = next((a for a in legal_actions(host.state) if type(a).__name__ == "LayMeld"), None)
    if meld is None:
        return
    table.move(meld)
    assert table.session.can_undo
    table.click("undo")
    assert host.state.hand.melds == ()
    assert table.session.state.hand.melds == ()


def test_a_take_back_sounds_on_every_device_as_a_take_back():
    """A take-back takes the one move path too (Table.moved): the device that asked it
    and the host hear it as a take-back once the host took it, not as the move it
    leaves last (the draw)."""
    for seed in range(60):
        shared = Shared([Seat("Anna"), Seat("Bruno", "remote")], seed=seed)
        host, guest = shared.host, shared.guests[1]
        anna = make_bot("easy", random.Random(seed))
        while host.session.state.to_move != 1:
            assert host.move(anna.choose(observe(host.session.state, 0))) is None
        guest.move(DrawStock())
        meld = next((a for a in legal_actions(host.session.state) if isinstance(a, LayMeld)),
                    None)
        if meld is not None:
            break
    else:
        pytest.fail("no deal gives Bruno a meld after his draw")
    host.settings.sound = guest.settings.sound = True
    host.take_cues(), guest.take_cues()
    guest.move(meld)
    assert host.take_cues() == guest.take_cues() == ["meld"]
    guest.click("undo")
    assert guest.take_cues() == ["undo"] and host.take_cues() == ["undo"]
    assert guest.session.state.hand.melds == () and guest.session.can_undo is False


def test_a_seat_handed_to_a_bot_is_played_by_the_host_and_its_token_acts_no_more():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")])
    shared.seats.hand_to_bot(1)
    assert shared.host.session.seats[1].is_bot and shared.seats.seats == []
    guest = shared.guests[1].session.guest
    shared.seats.receive(1, guest.act("draw"))
    assert shared.host.session.state.hand.turns_taken == 0


def test_nothing_a_guest_sees_depends_on_the_hidden_cards():
    """The guest's table is drawn from a state whose hidden cards are a sample: two
    different samples draw the same page (so no hidden card can be drawn)."""

    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")])
    host = shared.host.session
    shared.table_of(host.state.to_move).click("draw")
    for table in shared.guests.values():
        session = table.session
        pages = []
        for sample in (1, 2):
            view = session.guest.observation
            session.game = Game(determinize(view, random.Random(sample)))
            session.arrange()
            pages.append(str(render.page(session, "en", on_table=True)))
        assert pages[0] == pages[1]


def play_hand(shared: Shared) -> None:
    """Every seat's moves by easy bots, each from its own device, to the hand's end."""
    host = shared.host.session
    bots = [make_bot("easy", random.Random(seat)) for seat in range(len(host.seats))]
    while not host.state.hand_over:
        seat = host.state.to_move
        assert shared.table_of(seat).move(bots[seat].choose(observe(host.state, seat))) is None


def test_the_guests_sheet_shows_the_hands_end_without_the_others_cards():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")], seed=5)
    play_hand(shared)
    host = shared.host.session
    result = host.state.hand.result
    for seat, table in shared.guests.items():
        assert table.overlay is Overlay.SHEET
        session = table.session
        pages = []
        for sample in (1, 2):  # the hidden cards drawn from two samples: the same sheet
            session.game = Game(determinize(session.guest.observation, random.Random(sample)))
            pages.append(str(render.page(session, "en", on_table=True, overlay=Overlay.SHEET)))
        assert pages[0] == pages[1]
        sheet = pages[0]
        assert 'data-act="next-hand"' not in sheet and "The host deals" in sheet
        for other in range(3):
            assert f"+{result.penalties[other]}" in sheet or result.penalties[other] == 0
            if other != seat:
                held = len(host.state.hand.hands[other])
                assert f"{held} card" + ("" if held == 1 else "s") in sheet


def test_the_host_deals_the_next_hand_and_the_guests_follow():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")], seed=5)
    play_hand(shared)
    shared.guests[1].click("next-hand")  # a guest cannot deal: nothing is sent
    assert shared.host.session.state.hand_over
    shared.host.click("next-hand")
    host = shared.host.session
    assert host.state.hand.number == 2 and not host.state.hand_over
    for seat, table in shared.guests.items():
        assert table.overlay is None
        assert table.session.state.hand.number == 2
        assert table.session.state.hand.hands[seat] == host.state.hand.hands[seat]


def test_a_sheet_a_guest_opened_mid_hand_stays_open_through_the_hosts_moves():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")], seed=5)
    host = shared.host.session
    guest = shared.guests[1]
    guest.click("sheet")
    assert guest.overlay is Overlay.SHEET
    anna = make_bot("easy", random.Random(0))
    moves = 0
    while host.state.to_move == 0 and not host.state.hand_over:
        shared.host.move(anna.choose(observe(host.state, 0)))
        moves += 1
    assert moves >= 2  # at least the draw and the discard reached the guest
    assert guest.session.state.hand.turns_taken == host.state.hand.turns_taken
    assert guest.overlay is Overlay.SHEET


# -- names across devices -------------------------------------------------------------


def shown(table: Table) -> str:
    """The text of ``table``'s page as its device draws it."""
    return re.sub(r"<[^>]+>", " ", str(render.page(table.session, table.lang, on_table=True)))


def test_every_device_shows_the_names_the_players_chose_never_another_ones_you():
    """The host never gave a name (its seat is the form's "Tu"): its friends see it by
    its seat's name. Bea's device gave hers; Carla's none, so her seat keeps the host's
    name for it; a name given later reaches the devices already seated."""
    shared = Shared([Seat("Tu"), Seat("Bruno", "remote"), Seat("Carla", "remote")],
                    names={1: " Bea ", 2: "You"})
    assert shared.host.session.names == ["Tu", "Bea", "Carla"]
    for seat, table in shared.guests.items():
        assert table.session.names == ["Anna", "Bea", "Carla"]
        page = str(render.page(table.session, table.lang, on_table=True))
        [others] = re.findall(r'<section class="opponents".*?</section>', page, re.S)
        words = re.sub(r"<[^>]+>", " ", others).split()
        assert {"Anna", "Bea", "Carla"} - {table.session.name(seat)} <= set(words)
        assert "You" not in words and "Tu" not in words
    shared.seats.receive(2, shared.guests[2].session.guest.join("Cleo"))
    shared.flush()
    assert shared.guests[1].session.names == ["Anna", "Bea", "Cleo"]
    assert shared.host.session.names == ["Tu", "Bea", "Cleo"]
    saved = json.loads(shared.store.getItem(TABLE_KEY))["seats"]  # kept with the seats
    assert [seat["name"] for seat in saved] == ["Tu", "Bea", "Cleo"]


def test_the_hosts_name_is_the_one_its_settings_keep_and_a_new_one_reaches_every_device():
    shared = Shared([Seat("Tu"), Seat("Bruno", "remote")], names={1: "Bea"},
                    host_settings={"name": "Giovanna"})
    assert shared.host.session.names == ["Giovanna", "Bea"]
    assert shared.guests[1].session.names == ["Giovanna", "Bea"]
    step = shared.peer.step
    shared.seats.rename(0, "Gio")
    assert shared.guests[1].session.names == ["Gio", "Bea"] and shared.peer.step == step


def test_each_device_tells_its_own_moves_in_the_second_person_and_the_others_by_name():
    shared = Shared([Seat("Giovanna"), Seat("Bruno", "remote"), Seat("Carla", "remote")],
                    names={1: "Bea", 2: "Cleo"}, lang={1: "en", 2: "en"})
    host = shared.host.session
    names = host.names
    anna = make_bot("easy", random.Random(0))
    for _ in range(2):  # the host's turn, then the next seat's draw from its own device
        seat = host.state.to_move
        action = DrawStock() if seat else anna.choose(observe(host.state, seat))
        shared.table_of(seat).move(action)
        while seat == 0 and host.state.to_move == 0:
            shared.host.move(anna.choose(observe(host.state, 0)))
    mover = host.state.to_move
    assert mover != 0 and host.state.hand.phase.name == "PLAY"  # a guest has drawn
    for seat, table in shared.guests.items():
        page = shown(table)
        assert "Giovanna draws" in page or "Giovanna takes" in page
        if seat == mover:
            assert "You drew" in page and f"{names[mover]} draws" not in page
        else:
            assert f"{names[mover]} draws" in page and "You drew" not in page
    assert f"{names[mover]} pesca" in shown(shared.host)


def a_shared_match_just_over() -> Shared:
    """Tu, on a friend's device (seat 0), has just closed a single hand against Bruno,
    the host's person."""
    game, last = closing_single_hand()
    shared = Shared([Seat("Tu", "remote"), Seat("Bruno")], game=game)
    assert shared.guests[0].move(last) is None
    assert shared.host.session.state.is_over and shared.guests[0].session.state.is_over
    assert shared.guests[0].overlay is Overlay.SHEET
    return shared


def test_a_rematch_seats_the_same_friends_on_their_links_and_asks_them_to_play():
    shared = a_shared_match_just_over()
    guest, ticket = shared.guests[0], shared.peer.tickets[0]
    shared.host.click("rematch", "r2")
    assert shared.seats.plays_the_table()  # what the page asks after every action
    session = shared.host.session
    assert session.game is shared.peer.game and not session.state.is_over
    assert shared.peer.tickets == {0: ticket}  # the same secret: no new invitation
    # the friend's device shows the new deal, and asks
    assert guest.overlay is Overlay.REMATCH
    assert guest.session.state.hand.hands[0] == session.state.hand.hands[0]
    markup = str(render.whole_page(guest))
    assert "Play the rematch" in markup and 'data-act="leave-yes"' in markup
    guest.click("close")  # play it
    assert guest.overlay is None
    mover = session.state.to_move
    shared.table_of(mover).click("draw")  # a move on the new match, from either device
    assert session.state.hand.phase.name == "PLAY"
    assert guest.session.state.hand.phase == session.state.hand.phase
    assert guest.session.state.hand.hands[0] == session.state.hand.hands[0]


def test_a_friend_who_declines_the_rematch_leaves_the_table():
    shared = a_shared_match_just_over()
    shared.host.click("rematch", "r2")
    assert shared.seats.plays_the_table()
    guest = shared.guests[0]
    assert guest.overlay is Overlay.REMATCH
    guest.click("leave-yes")
    assert guest.session is None  # the page then closes the link (web/friends/page.py)


def test_any_other_new_match_is_not_the_friends_and_closes_their_links():
    shared = a_shared_match_just_over()
    shared.host.click("new-game")
    assert not shared.seats.plays_the_table()
    # a match replaced before its end is not carried on either, nor one without the friend
    for seats in ([Seat("Tu", "remote"), Seat("Bruno")], [Seat("Tu"), Seat("Bruno", "bot")]):
        live = Shared([Seat("Tu", "remote"), Seat("Bruno")], seed=4)
        live.host.begin(Session.new(seats, "x"))
        assert not live.seats.plays_the_table()


def test_a_guest_hears_each_move_when_the_host_took_it_and_its_own_turn():
    """A guest's device sounds as a local table does (web/table/cues.py): the others'
    moves and its turn as the host's table arrives; its own move not when it is sent,
    but when the host's answer says it was played (a refused one never sounds)."""
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")], seed=4)
    guest = shared.guests[1]
    guest.settings.sound = True
    host = shared.host
    bot = make_bot("easy", random.Random(0))
    while host.session.state.to_move != 1:
        guest.take_cues()
        assert host.move(bot.choose(observe(host.session.state, 0))) is None
    assert guest.take_cues() == ["discard", "turn"]  # Anna's discard gave Bruno the turn
    sent: list[str] = []
    guest.session.outbox = sent.append  # the host's answer is on its way
    assert guest.move(DrawStock()) is None
    assert guest.take_cues() == [] and len(sent) == 1
    shared.to_host(1, sent.pop())
    assert guest.take_cues() == ["draw"]
