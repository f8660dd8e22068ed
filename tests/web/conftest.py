"""Fixtures for the table's modules in plain CPython (tests/stubs stands in for the browser).

``table_for(session)`` is a :class:`~web.table.table.Table` around a
session, with storage in memory and a clock the test moves by hand
(``clock.advance(ms)``), so a double-tap is two clicks a known time apart.
``solo()`` and ``hot_seat()`` make sessions whose seat 0 moves first;
``closing_hand(seats)`` a session one discard before the end of a hand.
``run_alone(coroutine)`` runs the page's asynchronous code to its end.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from scala40 import Discard, DrawStock, observe
from scala40.bots import make_bot
from scala40.record import Game
from web.page import handlers  # noqa: F401 - every feature binds its actions
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.stores import MemoryStore
from web.table.registry import ACTIONS, ANY_TAB, FIELDS
from web.table.session import Session
from web.table.table import Table

T = TypeVar("T")


def _run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: in the full suite, Playwright's sync API
    keeps an event loop running in the main thread, where ``asyncio.run`` refuses."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


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
def run_alone() -> Callable[[Coroutine[Any, Any, T]], T]:
    """Run a coroutine to its end (the page's tasks: the bot loop, its redraws)."""
    return _run_alone


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table_for(clock: Clock) -> Callable[..., Table]:
    def make(session: Session | None = None, lang: str = "en") -> Table:
        table = Table(Saves(MemoryStore()), Settings(lang=lang, speed="fast"), clock=clock)
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


def _closing_hand(seats: list[Seat]) -> tuple[Session, Discard]:
    """Two easy bots play a hand; the session (with ``seats``) is taken just before
    the discard that closes it, and the closer is the one shown."""
    for seed in range(50):
        game = Game.new([seat.name for seat in seats], seed=seed)
        bots = [make_bot("easy", random.Random(i)) for i in range(len(seats))]
        while not game.state.hand_over:
            seat = game.state.to_move
            game.play(bots[seat].choose(observe(game.state, seat)))
        *before, last = game.record.actions
        if game.state.is_over or not isinstance(last, Discard):
            continue
        replay = Game.new(game.record.players, game.record.seed, game.record.rules)
        for action in before:
            replay.play(action)
        session = Session(replay, seats, "m")
        session.viewer = replay.state.to_move if not seats[replay.state.to_move].is_bot \
            else None
        session.arrange()
        return session, last
    raise AssertionError("no hand ends on a discard")


@pytest.fixture
def closing_hand() -> Callable[[list[Seat]], tuple[Session, Discard]]:
    return _closing_hand


@pytest.fixture(autouse=True)
def registry_let_go():
    """What a test binds in the registry to the objects it made (an App, a friends' part)
    is let go after it, so no later test's click reaches them."""
    kept = dict(ACTIONS), dict(FIELDS), set(ANY_TAB)
    yield
    for table, before in zip((ACTIONS, FIELDS, ANY_TAB), kept, strict=True):
        table.clear()
        table.update(before)  # type: ignore[attr-defined]
