"""Positions of a whole match that tests on both sides of the page start from."""

from __future__ import annotations

import random

from scala40 import Discard, Rules, observe
from scala40.bots import make_bot
from scala40.record import Game


def closing_single_hand() -> tuple[Game, Discard]:
    """A single hand of Tu (seat 0) against Bruno, played by easy bots up to the discard
    with which Tu closes it (the match's end): the game before it, and that discard."""
    for seed in range(100):
        game = Game.new(["Tu", "Bruno"], seed=seed, rules=Rules(mode="single"))
        bots = [make_bot("easy", random.Random(i)) for i in range(2)]
        while not game.state.is_over:
            game.play(bots[game.state.to_move].choose(observe(game.state, game.state.to_move)))
        *before, last = game.record.actions
        if game.state.winner != 0 or not isinstance(last, Discard):
            continue
        replay = Game.new(game.record.players, game.record.seed, game.record.rules)
        for action in before:
            replay.play(action)
        return replay, last
    raise AssertionError("no hand ends on Tu's discard")
