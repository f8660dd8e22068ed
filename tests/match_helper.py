"""Positions of a whole match that tests on both sides of the page start from."""

from __future__ import annotations

import random
from functools import cache

from scala40 import Action, Discard, Rules, observe
from scala40.bots import make_bot
from scala40.record import Game

PLAYERS = ("Tu", "Bruno")
SINGLE = Rules(mode="single")


@cache
def _closing_moves() -> tuple[str, tuple[Action, ...], Discard]:
    """The seed of a single hand that Tu closes with a discard, the moves before it and
    that discard: easy bots play hands until one ends so (once a session: a property
    test asks for it at every example)."""
    for seed in range(100):
        game = Game.new(list(PLAYERS), seed=str(seed), rules=SINGLE)
        bots = [make_bot("easy", random.Random(i)) for i in range(2)]
        while not game.state.is_over:
            game.play(bots[game.state.to_move].choose(observe(game.state, game.state.to_move)))
        *before, last = game.record.actions
        if game.state.winner == 0 and isinstance(last, Discard):
            return str(seed), tuple(before), last
    raise AssertionError("no hand ends on Tu's discard")


def closing_single_hand() -> tuple[Game, Discard]:
    """A single hand of Tu (seat 0) against Bruno, played by easy bots up to the discard
    with which Tu closes it (the match's end): a new game each call, and that discard."""
    seed, before, last = _closing_moves()
    game = Game.new(list(PLAYERS), seed=seed, rules=SINGLE)
    for action in before:
        game.play(action)
    return game, last
