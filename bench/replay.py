#!/usr/bin/env python3
"""Replaying a long game: time and memory before and after ``Game`` kept a list.

Before, :meth:`scala40.record.Game.play` copied the whole record on each move
and the game kept every state it had passed through (for undo), each state
holding the hand's log so far: replaying n actions cost time and memory
growing with n². Now the game keeps a list of actions (the record is built
when asked for) and only the state where the turn began (undo replays the
turn from there).

For each kind of record and each size, one run prints:

- **before**: that old method, written out here as the baseline (every state
  kept, the record tuple copied on each move);
- **after**: ``Game.new`` then ``Game.play`` for each action, as the table does;

each with its time (a plain run) and its ``tracemalloc`` peak (a second run,
traced), and then how each figure grows from the smaller size to the larger
(linear: ×4 for 4× the actions; quadratic: ×16).

The records:

- *one long turn*: a draw, then a meld laid and taken back again and again
  (the worst case: one hand, so its log grows with every action);
- *a long match*: seeded random legal play in a points match that never ends
  (an elimination score out of reach), hands of ordinary length.

Usage: ``.venv/bin/python bench/replay.py [--sizes 5000 20000] [--no-before]``.
Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40 import DrawStock, LayMeld, Rules, TakeBack, apply, legal_actions, new_match
from scala40.actions import Action
from scala40.record import Game, Record
from scala40.state import State


def one_long_turn(size: int) -> Record:
    """A draw, then a meld laid and taken back until ``size`` actions."""
    for seed in range(100):
        state = apply(new_match(["Anna", "Bruno"], seed), DrawStock())
        melds = [action for action in legal_actions(state) if isinstance(action, LayMeld)]
        if melds:
            break
    loop: list[Action] = [melds[0], TakeBack()]
    actions = [DrawStock(), *(loop[n % 2] for n in range(size - 1))]
    return Record(state.rules, state.players, state.seed, tuple(actions))


def long_match(size: int, seed: int = 1) -> Record:
    """``size`` actions of seeded random legal play in a points match without end."""
    state = new_match(["Anna", "Bruno", "Carla"], seed, Rules(elimination_score=10**9))
    chooser = random.Random(seed)
    actions: list[Action] = []
    while len(actions) < size:
        action = chooser.choice(legal_actions(state))
        state = apply(state, action)
        actions.append(action)
    return Record(state.rules, state.players, state.seed, tuple(actions))


def replay_before(record: Record) -> State:
    """The old ``Game.play`` loop: every state kept for undo, the record copied each move."""
    state = new_match(record.players, record.seed, record.rules)
    history: list[State] = []
    played: tuple[Action, ...] = ()
    for action in record.actions:
        after = apply(state, action)
        history.append(state)
        state = after
        played = (*played, action)
    return state


def replay_after(record: Record) -> State:
    """``Game.play`` for every action, as the table plays them."""
    game = Game.new(record.players, record.seed, record.rules)
    for action in record.actions:
        game.play(action)
    return game.state


def measure(replay: Callable[[Record], State], record: Record) -> tuple[float, float]:
    """(seconds, tracemalloc peak in MB): one plain run for the time, one traced run."""
    started = time.perf_counter()
    final = replay(record)
    seconds = time.perf_counter() - started
    del final
    tracemalloc.start()
    replay(record)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sizes", type=int, nargs=2, default=(5000, 20000),
                        metavar=("SMALL", "LARGE"), help="actions in each record")
    parser.add_argument("--no-before", action="store_true",
                        help="skip the old method (the large one-turn case needs ~2 GB)")
    args = parser.parse_args(argv)
    methods: dict[str, Callable[[Record], State]] = {"after": replay_after}
    if not args.no_before:
        methods = {"before": replay_before, **methods}
    print(f"{'record':<14} {'actions':>8}  {'method':<7} {'time s':>8} {'peak MB':>9}")
    for kind, build in (("one long turn", one_long_turn), ("a long match", long_match)):
        figures: dict[tuple[str, int], tuple[float, float]] = {}
        for size in args.sizes:
            record = build(size)
            for name, replay in methods.items():
                seconds, peak = measure(replay, record)
                figures[name, size] = seconds, peak
                print(f"{kind:<14} {size:>8}  {name:<7} {seconds:>8.2f} {peak:>9.1f}", flush=True)
        small, large = args.sizes
        for name in methods:
            (time_small, peak_small), (time_large, peak_large) = (
                figures[name, small], figures[name, large]
            )
            print(f"{kind:<14} {'growth':>8}  {name:<7} {time_large / time_small:>7.1f}x "
                  f"{peak_large / peak_small:>8.1f}x  ({small} -> {large} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
