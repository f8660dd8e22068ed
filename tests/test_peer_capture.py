"""No hidden card ever crosses the wire: a whole match captured, message by message.

Bots play every seat, each as a remote guest: it sees only what its
GuestTable got from the host and proposes its moves as messages. Every
message the host sends is checked against the true state at that moment:
the only cards it may name are the seat's own hand, the pile, the table,
and cards the hand's public log named (laid, attached, discarded, taken
from the pile). Drops, reloads and repeated messages are mixed in, and the
checker is shown to catch a host that leaks.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from peer_helper import Wire, leaked_cards

import web.friends.host
from scala40 import NextHand, Rules, observe
from scala40.bots import make_bot


def play_match(wire: Wire, level: str, seed: int, max_actions: int = 5000) -> int:
    """Bots on every seat play through the wire until the match is over; the number
    of actions played. Now and then a guest reloads, or a message arrives twice."""
    bots = {seat: make_bot(level, random.Random(seed + seat)) for seat in wire.guests}
    chaos = random.Random(seed)
    actions = 0
    while not wire.host.game.state.is_over and actions < max_actions:
        if wire.host.game.state.hand_over:  # the host deals the next hand, for every seat
            wire.host.game.play(NextHand())
            wire.deliver(None, wire.host.updates())
            continue
        seat = wire.host.game.state.to_move
        guest = wire.guests[seat]
        text = guest.act(bots[seat].choose(guest.observation))
        out = wire.send(seat, text)
        assert not wire.refusals, wire.refusals
        actions += 1
        roll = chaos.random()
        if roll < 0.02:
            wire.reload_guest(chaos.choice(list(wire.guests)))
        elif roll < 0.05:
            assert wire.host.receive(text, seat) == []  # the same move again: nothing happens
            wire.deliver(seat, out)  # and the host's answers twice: dropped
        for other, viewer in wire.guests.items():
            assert viewer.observation == observe(wire.host.game.state, other)
    return actions


def test_a_whole_match_shows_no_guest_a_hidden_card():
    wire = Wire.new(["Anna", "Bruno", "Carla"], seed=7)
    actions = play_match(wire, "easy", seed=7)
    assert wire.host.game.state.is_over and actions > 100
    assert len(wire.host.game.state.results) > 1  # several hands, so new deals crossed too
    assert len(wire.sent) > 3 * actions
    leaks = [(sent.seat, leaked_cards(sent)) for sent in wire.sent if leaked_cards(sent)]
    assert leaks == []
    # and no message holds a hand's worth of another seat's cards in any form
    for sent in wire.sent:
        data = json.loads(sent.text)
        hands = sent.state.hand.hands
        sent_hands = data["observation"]["public"]["hand"]["hands"]
        assert sent_hands[sent.seat] == [str(card) for card in hands[sent.seat]]
        assert all(held == [] for seat, held in enumerate(sent_hands) if seat != sent.seat)
        assert data["observation"]["stock_count"] == len(sent.state.hand.stock)
        assert data["observation"]["public"]["hand"]["stock"] == []


def test_a_single_hand_of_six_with_stronger_bots_shows_no_hidden_card():
    players = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
    wire = Wire.new(players, seed=2, rules=Rules(mode="single"))
    play_match(wire, "medium", seed=2)
    assert wire.host.game.state.is_over
    assert all(not leaked_cards(sent) for sent in wire.sent)


@pytest.mark.parametrize(
    "leak",
    [
        lambda state, seat: observe(state, (seat + 1) % len(state.players)),
        lambda state, seat: _with_public_stock(observe(state, seat), state.hand.stock[-3:]),
    ],
    ids=["another seat's view", "the stock's top cards"],
)
def test_the_capture_catches_a_host_that_leaks(monkeypatch, leak):
    monkeypatch.setattr(web.friends.host, "observe", leak)
    wire = Wire.new(["Anna", "Bruno"], seed=4)  # the welcomes are enough
    assert any(leaked_cards(sent) for sent in wire.sent)


def _with_public_stock(view, cards):
    """``view`` with ``cards`` of the stock written into its public part (a leak)."""
    hand = dataclasses.replace(view.public.hand, stock=tuple(cards))
    return dataclasses.replace(view, public=dataclasses.replace(view.public, hand=hand))
