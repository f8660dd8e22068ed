"""Golden playthroughs (OpenSpiel's): every action of a game, then what each seat sees.

For each golden record ``NAME.record`` in tests/golden, ``NAME.playthrough``
holds, for the deal and after each of the first ``ACTIONS`` actions, every
seat's :meth:`Observation.text() <scala40.observation.Observation.text>`
and the action the medium and hard bots would choose for the seat to move.
So a change in what a seat sees, or in what a bot decides, shows as a diff.
The files stop after ``ACTIONS`` actions (some ten turns of a three-player
game, takes and take-backs included) to stay a size one reads; the final
states are covered by the ``.state`` files.

To rewrite them after an intended change: ``SCALA40_REGEN_GOLDEN=1 pytest
tests/test_playthrough.py``, then read the diff.
"""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

import pytest

from scala40 import State, observe
from scala40.bots import make_bot
from scala40.record import Record

GOLDEN = Path(__file__).parent / "golden"
ACTIONS = 30
LEVELS = ("medium", "hard")
NAMES = sorted(path.stem for path in GOLDEN.glob("*.record"))


def views(state: State) -> list[str]:
    """Each seat's view, then what the bots would play for the seat to move
    (seeded by the turn, with no time cap, so the choice is repeatable)."""
    blocks = [observe(state, seat).text() for seat in range(len(state.players))]
    if not state.is_over:
        view = observe(state, state.to_move)
        seed = len(state.hand.log) + 1000 * state.hand.number
        chosen = [
            f"{level}: {make_bot(level, random.Random(seed), budget_ms=None).choose(view)}"
            for level in LEVELS
        ]
        blocks.append("bots would play: " + "; ".join(chosen))
    return blocks


def playthrough(name: str) -> str:
    record = Record.parse((GOLDEN / f"{name}.record").read_text(encoding="utf-8"))
    states = list(itertools.islice(record.states(), ACTIONS + 1))
    lines = [
        f"# {name}: the deal and the first {ACTIONS} actions of {name}.record;",
        "# after each, what every seat sees and what the bots would play.",
        "",
        "== deal",
        *views(states[0]),
    ]
    for number, (action, state) in enumerate(
        zip(record.actions[:ACTIONS], states[1 : ACTIONS + 1], strict=True), 1
    ):
        seat = states[number - 1].to_move
        lines.extend(["", f"== action {number}: seat {seat} {action}", *views(state)])
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", NAMES)
def test_playthrough_is_unchanged(name):
    path = GOLDEN / f"{name}.playthrough"
    text = playthrough(name)
    if os.environ.get("SCALA40_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_every_golden_record_has_a_playthrough():
    assert NAMES and all((GOLDEN / f"{name}.playthrough").exists() for name in NAMES)
