"""Seeded games replay identically in CPython and in Pyodide (the browser's Python):
golden records, random players, and bots.

The deal, every reshuffle and the random players draw from ``random.Random``
seeded with strings, so the same (rules, players, seed, actions) must give the
same state text in both runtimes. One Pyodide start (about 2 s) serves every
check: the Pyodide side prints one digest per game, the CPython side computes
the same digests, and the lists must match.
"""

import inspect
import json
from pathlib import Path

import pytest
from pyodide_helper import run_in_pyodide

from scala40.__main__ import random_game
from scala40.record import Record, state_digest
from scala40.rules import Rules

pytestmark = pytest.mark.pyodide

GOLDEN = Path(__file__).parent / "golden"

# (seed, players, rules as keyword arguments): a spread of table sizes and options.
RANDOM_GAMES = [
    (1, 2, {"mode": "single"}),
    (4, 4, {"mode": "single", "jokers": 0}),
    (6, 6, {"mode": "single", "short_deal_for_five_or_six": True}),
    (3, 3, {"elimination_score": 51, "reentry": True}),
]

# (seed, levels): single hands between seeded bots without a time budget.
BOT_GAMES = [(1, ["hard", "medium"]), (2, ["medium", "easy", "hard"])]


def bot_game(seed: int, levels: list[str]) -> str:
    """One seeded hand between bots; its final state digest and length.

    (Sent as source to Pyodide too, so both runtimes run the very same code.)
    """
    import random

    from scala40 import apply, new_match, observe
    from scala40.bots import make_bot
    from scala40.record import state_digest
    from scala40.rules import Rules

    state = new_match([f"P{n}" for n in range(len(levels))], seed, Rules(mode="single"))
    bots = [
        make_bot(level, random.Random(f"{seed}/{n}"), budget_ms=None)
        for n, level in enumerate(levels)
    ]
    steps = 0
    while not state.is_over:
        state = apply(state, bots[state.to_move].choose(observe(state, state.to_move)))
        steps += 1
    return f"{state_digest(state)} {steps}"


PYODIDE_SIDE = """
import json
from scala40.__main__ import random_game
from scala40.record import Record, state_digest
from scala40.rules import Rules

records = json.loads({records!r})
games = json.loads({games!r})
for text in records:
    print(state_digest(Record.parse(text).replay()))
for seed, players, options in games:
    state, steps = random_game(seed, players, Rules(**options))
    print(state_digest(state), steps)
{bot_game_source}
for seed, levels in json.loads({bots!r}):
    print(bot_game(seed, levels))
"""


def golden_records() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*.record"))]


def test_seeded_games_are_identical_in_cpython_and_pyodide():
    records = golden_records()
    assert records, "tests/golden holds the records to replay"
    expected = [state_digest(Record.parse(text).replay()) for text in records]
    for seed, players, options in RANDOM_GAMES:
        state, steps = random_game(seed, players, Rules(**options))
        expected.append(f"{state_digest(state)} {steps}")
    expected.extend(bot_game(seed, levels) for seed, levels in BOT_GAMES)
    code = PYODIDE_SIDE.format(
        records=json.dumps(records),
        games=json.dumps(RANDOM_GAMES),
        bots=json.dumps(BOT_GAMES),
        bot_game_source=inspect.getsource(bot_game),
    )
    assert run_in_pyodide(code).splitlines() == expected

