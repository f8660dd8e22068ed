"""The shared table's protocol in CPython: the host referees, each guest sees its seat.

What a player does on another device, message by message: join with the
invitation's ticket, move when it is their turn (and only then), get rule
refusals in their own language, undo within the turn, drop and rejoin with
the hand intact; and what the wire may do to messages: repeat them, reorder
them, lose some, or bring them from another match or another version.
"""

from __future__ import annotations

import doctest
import json
import random

import pytest
from peer_helper import Wire

import web.friends.codec
import web.friends.errors
import web.friends.guest
import web.friends.host
import web.friends.protocol
from scala40 import legal_actions, observe
from scala40.errors import show_fact
from scala40.record import Game, load_save
from web.friends.errors import PeerError
from web.friends.guest import GuestTable
from web.friends.host import HostTable
from web.friends.protocol import VERSION, Ticket, read, write


@pytest.mark.parametrize(
    "module",
    [web.friends.codec, web.friends.errors, web.friends.guest, web.friends.host,
     web.friends.protocol],
)
def test_docstring_examples(module):
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def two_guests(seed: int = 3) -> Wire:
    return Wire.new(["Anna", "Bruno"], seed)


def message(text: str) -> dict:
    return json.loads(text)


# -- joining and seeing --------------------------------------------------------------


def test_each_guest_sees_only_its_own_seat():
    wire = two_guests()
    state = wire.host.game.state
    for seat, guest in wire.guests.items():
        assert guest.observation == observe(state, seat)
        assert guest.observation.hand == state.hand.hands[seat]


def test_a_wrong_token_or_another_seats_token_acts_for_nobody():
    wire = two_guests()
    before = wire.host.game.state
    mover = before.to_move
    other = 1 - mover
    forged = GuestTable(Ticket(wire.host.match_id, mover, wire.host.tickets[other].token))
    for text in (
        forged.join(),
        write(
            "action",
            wire.host.match_id,
            9,
            seat=mover,
            token="guess",
            step=wire.host.step,
            action="draw",
        ),
    ):
        [answer] = wire.host.receive(text, mover)
        assert answer.seat is None  # back to the sender only
        assert message(answer.text)["error"]["code"] == "peer_bad_seat"
        assert message(answer.text)["observation"] is None
    assert wire.host.game.state == before


def test_a_move_out_of_turn_is_refused_and_changes_nothing():
    wire = two_guests()
    before = wire.host.game.state
    waiting = 1 - before.to_move
    wire.send(waiting, wire.guests[waiting].act("draw"))
    assert wire.host.game.state == before
    seat, refusal = wire.refusals[-1]
    assert (seat, refusal.code) == (waiting, "peer_not_your_turn")
    assert refusal.message("it") == f"Non è il tuo turno: tocca a {before.players[before.to_move]}."


def test_a_rule_refusal_reaches_the_guest_as_code_and_facts_in_its_language():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    guest = wire.guests[mover]
    wire.send(mover, guest.act("draw"))
    card = next(
        c for c in observe(wire.host.game.state, 1 - mover).hand if c not in guest.observation.hand
    )
    before = wire.host.game.state
    wire.send(mover, guest.act(f"discard {card}"))
    assert wire.host.game.state == before
    _, refusal = wire.refusals[-1]
    assert refusal.code == "card_not_in_hand" and refusal.facts == {"card": card}
    assert refusal.message("it") == f"Non hai {show_fact(card, 'it')} in mano."
    assert guest.refusal is refusal and guest.waiting is None


def test_a_move_is_applied_and_every_seat_gets_its_own_view():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    wire.sent.clear()
    out = wire.send(mover, wire.guests[mover].act("draw"))
    assert sorted(o.seat for o in out) == [0, 1]
    for sent in wire.sent:
        data = message(sent.text)
        assert data["type"] == "state"
        assert data["observation"]["seat"] == sent.seat
        assert data["reply_to"] == (wire.guests[mover]._seq if sent.seat == mover else None)
    assert wire.guests[mover].observation.hand == wire.host.game.state.hand.hands[mover]
    assert len(wire.guests[1 - mover].observation.hand) == 13


def test_undo_within_the_turn_and_only_there():
    wire = two_guests(seed=0)  # the first player can open after the draw
    game = wire.host.game
    mover = game.state.to_move
    guest = wire.guests[mover]
    wire.send(mover, guest.act("draw"))
    assert not guest.can_undo
    meld = next(a for a in _legal(game) if str(a).startswith("meld"))
    drawn = game.state
    wire.send(mover, guest.act(meld))
    assert guest.can_undo and not wire.guests[1 - mover].can_undo
    wire.send(mover, guest.undo())
    assert game.state == drawn and guest.observation.hand == drawn.hand.hands[mover]
    wire.send(mover, guest.undo())
    assert wire.refusals[-1][1].code == "nothing_to_take_back"


def _legal(game: Game):
    return legal_actions(game.state)


# -- what the wire does to messages ---------------------------------------------------


def test_a_repeated_guest_message_is_applied_once():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    text = wire.guests[mover].act("draw")
    wire.send(mover, text)
    after = wire.host.game.state
    assert wire.host.receive(text, mover) == []
    assert wire.host.game.state == after


def test_a_gap_in_the_guests_numbers_is_refused_with_the_table_to_resync():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    guest = wire.guests[mover]
    guest.act("draw")  # lost on the way
    before = wire.host.game.state
    wire.send(mover, guest.act("draw"))
    assert wire.host.game.state == before
    assert wire.refusals[-1][1].code == "peer_out_of_order"
    assert wire.refusals[-1][1].facts == {"expected": 2, "got": 3}
    wire.send(mover, guest.act("draw"))  # the count goes on from there
    assert wire.host.game.state.hand.phase == "play"


def test_a_move_chosen_on_an_old_table_is_refused_as_stale():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    guest = wire.guests[mover]
    guest.step -= 1
    before = wire.host.game.state
    wire.send(mover, guest.act("draw"))
    assert wire.host.game.state == before and wire.refusals[-1][1].code == "peer_stale"
    assert guest.step == wire.host.step  # the refusal brought the table as it is


def test_host_messages_out_of_order_or_repeated_leave_the_newest_table():
    game = Game.new(["Anna", "Bruno"], seed=3)
    host = HostTable(game, remote=[1])
    guest = GuestTable(host.tickets[1])
    [welcome] = host.receive(guest.join(), 1)
    rng = random.Random(1)
    updates = []
    for _ in range(3):
        game.play(rng.choice(_legal(game)))
        updates += host.updates()
    for out in (updates[1], welcome, updates[2], updates[0], updates[2], updates[1]):
        assert guest.receive(out.text) is None
    assert guest.observation == observe(game.state, 1)


def test_a_message_of_another_match_is_refused():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    guest = wire.guests[mover]
    text = guest.act("draw").replace(wire.host.match_id, "another")
    [answer] = wire.host.receive(text, mover)
    assert message(answer.text)["error"]["code"] == "peer_wrong_match"
    stray = write("state", "another", 99, reply_to=None, step=1, can_undo=False, observation={},
                  names=[])
    assert guest.receive(stray).code == "peer_wrong_match"


def test_a_guest_of_another_version_is_refused_with_a_message_it_can_read():
    wire = two_guests()
    text = wire.guests[0].join().replace(f'"v":{VERSION}', f'"v":{VERSION + 1}')
    [answer] = wire.host.receive(text, 0)
    data = message(answer.text)
    assert data["error"] == {
        "code": "peer_version",
        "facts": {"ours": VERSION, "theirs": str(VERSION + 1)},
    }
    assert "protocollo" in data["text"]["it"] and "protocol" in data["text"]["en"]
    with pytest.raises(PeerError) as refused:
        read(answer.text.replace(f'"v":{VERSION}', '"v":0'), {"refused": {}})
    assert refused.value.code == "peer_version"


# -- drops and reloads ----------------------------------------------------------------


def test_a_guest_that_reloads_rejoins_with_its_hand_intact():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    wire.send(mover, wire.guests[mover].act("draw"))
    hand = wire.host.game.state.hand.hands[mover]
    guest = wire.reload_guest(mover)
    assert guest.observation.hand == hand and guest.step == wire.host.step
    meld_or_discard = next(a for a in _legal(wire.host.game) if str(a).startswith("discard"))
    wire.send(mover, guest.act(meld_or_discard))  # its new count is accepted
    assert wire.host.game.state.to_move == 1 - mover


def test_a_guest_whose_move_was_lost_in_a_drop_rejoins_on_the_same_page():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    guest = wire.guests[mover]
    guest.act("draw")  # sent as the connection dropped: never arrives
    assert guest.waiting is not None
    before = wire.host.game.state
    wire.send(mover, guest.join())
    assert guest.waiting is None and guest.observation == observe(before, mover)
    wire.send(mover, guest.act("draw"))
    assert wire.host.game.state.hand.phase == "play" and not wire.refusals


def test_a_join_lost_as_the_link_opened_is_asked_again_until_a_welcome_answers_it():
    """web/friends/page.py sends the join again while ``awaiting_welcome``: the
    host answers every one, and only the welcome of the latest join ends the wait."""
    game = Game.new(["Anna", "Bruno"], seed=3)
    assert game.state.to_move == 1  # the guest's seat opens the hand
    host = HostTable(game, remote=[1], match_id="m")
    guest = GuestTable(host.tickets[1])
    guest.join()  # lost on the way: the host never reads it
    assert guest.awaiting_welcome and not guest.seated
    second, third = guest.join(), guest.join()
    late, = host.receive(second, 1)  # the second arrives late: the third is already sent
    assert guest.receive(late.text) is None
    assert guest.seated and guest.observation == observe(game.state, 1)
    assert guest.awaiting_welcome  # the welcome answered an older join
    answer, = host.receive(third, 1)
    guest.receive(answer.text)
    assert not guest.awaiting_welcome and guest.observation == observe(game.state, 1)
    host.receive(guest.act("draw"), 1)  # and the count goes on from the last join
    assert game.state.hand.phase == "play"


def test_guests_rejoin_a_host_that_reloaded_from_its_save():
    wire = two_guests()
    mover = wire.host.game.state.to_move
    for _ in range(3):  # the guests' counts of host messages grow
        wire.send(mover, wire.guests[mover].act("draw"))
    old = wire.host
    tokens = {seat: ticket.token for seat, ticket in old.tickets.items()}
    wire.host = HostTable(load_save(old.game.to_save()), [0, 1], old.match_id, tokens)
    for seat, guest in wire.guests.items():
        wire.send(seat, guest.join())
        assert guest.observation == observe(wire.host.game.state, seat)
        assert guest.step == wire.host.step == 0


def test_the_host_plays_its_own_seats_and_guests_see_the_result():
    game = Game.new(["Anna", "Bot"], seed=3)
    host = HostTable(game, remote=[1])
    guest = GuestTable(host.tickets[1])
    for out in host.receive(guest.join(), 1):
        guest.receive(out.text)
    rng = random.Random(0)
    while game.state.to_move == 0 and not game.state.is_over:
        game.play(rng.choice(_legal(game)))  # as the host's table plays its own seat
        for out in host.updates():  # and its watcher sends it on (web/friends/seats.py)
            assert out.seat == 1
            assert guest.receive(out.text) is None
    assert guest.observation == observe(game.state, 1)


def test_only_the_host_deals_the_next_hand():
    """Every device's score sheet says the host deals: a guest's "next", the closer's
    too, is refused and deals nothing; the host's deals it for every seat."""
    from scala40 import NextHand
    from scala40.bots import make_bot

    wire = two_guests(seed=5)
    bots = {seat: make_bot("easy", random.Random(seat)) for seat in wire.guests}
    while not wire.host.game.state.hand_over:
        mover = wire.host.game.state.to_move
        action = bots[mover].choose(wire.guests[mover].observation)
        wire.send(mover, wire.guests[mover].act(str(action)))
    over = wire.host.game.state
    closer = over.hand.result.closer
    for seat in sorted(wire.guests, key=lambda seat: seat != closer):
        wire.send(seat, wire.guests[seat].act("next"))
        assert wire.host.game.state == over
        assert wire.refusals[-1][0] == seat
        assert wire.refusals[-1][1].code == "peer_host_deals"
        assert wire.refusals[-1][1].message("en") == "The host deals the next hand."
    wire.host.game.play(NextHand())
    wire.deliver(None, wire.host.updates())
    assert wire.host.game.state.hand.number == over.hand.number + 1
    for seat, guest in wire.guests.items():
        assert guest.observation == observe(wire.host.game.state, seat)
