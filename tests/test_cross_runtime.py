"""Seeded games replay identically in CPython and in Pyodide (the browser's Python).

The deal, every reshuffle and the random players draw from ``random.Random``
seeded with strings, so the same (rules, players, seed, actions) must give the
same state text in both runtimes. One Pyodide start (about 2 s) serves every
check: the Pyodide side prints one digest per game, the CPython side computes
the same digests, and the lists must match.
"""

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
    code = PYODIDE_SIDE.format(records=json.dumps(records), games=json.dumps(RANDOM_GAMES))
    assert run_in_pyodide(code).splitlines() == expected

