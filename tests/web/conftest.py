"""Fixtures for the table's modules in plain CPython (tests/stubs stands in for the browser).

``table_for(session)`` is a :class:`~web.controller.table.Table` around a
session, with storage in memory and a clock the test moves by hand
(``clock.advance(ms)``), so a double-tap is two clicks a known time apart.
``solo()`` and ``hot_seat()`` make sessions whose seat 0 moves first.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scala40 import DrawStock
from web.controller.saves import Saves
from web.controller.table import Table
from web.session import Seat, Session
from web.storage import MemoryStore


class Clock:
    """Milliseconds, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms


def first_to_move(seats: list[Seat], seat: int = 0) -> Session:
    """A new session (seeds 0, 1, ...) where ``seat`` moves first."""
    for seed in range(200):
        session = Session.new(seats, seed)
        if session.state.to_move == seat:
            return session
    raise AssertionError("no seed lets that seat move first")


def _solo(*, drawn: bool = False) -> Session:
    """Anna (human, seat 0, to move) against the bot Bruno; ``drawn``: she has drawn."""
    session = first_to_move([Seat("Anna"), Seat("Bruno", "bot", "easy")])
    if drawn:
        session.play(DrawStock())
    return session


def _hot_seat() -> Session:
    """Two humans on one device, Anna (seat 0) to move."""
    return first_to_move([Seat("Anna"), Seat("Carla")])


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table_for(clock: Clock) -> Callable[..., Table]:
    def make(session: Session | None = None, lang: str = "en") -> Table:
        table = Table(Saves(MemoryStore()), {"lang": lang, "speed": "fast"}, clock=clock)
        if session is not None:
            table.start_session(session)
            table.take_effects()
        return table

    return make


@pytest.fixture
def solo() -> Callable[..., Session]:
    return _solo


@pytest.fixture
def hot_seat() -> Callable[[], Session]:
    return _hot_seat
