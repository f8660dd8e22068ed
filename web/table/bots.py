"""The bot loop: the computer players and the hint think on this page, in slices.

A bot's decision is a generator that pauses in its sampling loops
(``Bot.think``, :mod:`scala40.bots.thinking`). :func:`think_in_slices` runs it
for :data:`SLICE_MS` at a time and then gives the browser its thread back, so
taps, animations and the clock go on while a bot thinks, and no task holds the
thread for long (bench/load.py counts the long tasks during bot turns). The
page and the bots share the page's one Python: the bots' worker this
replaced was a second Pyodide, a fifth of the page's memory and seconds of a
core to start.

The loop waits between moves by the speed chosen in the menu, and while a dialog
that covers the table is open (:data:`web.table.shown.PAUSING`) or another screen
is shown (the new-game screen, a friends' screen: ``Bots.covered``), and stops when
the match, the seat to move or the session changes under it (an undo, a new
match, leaving). A bot never leaves the table waiting for ever: a decision
that fails (an unknown level raises ``ValueError``), that thinks longer than
:data:`ANSWER_TIMEOUT_S`, or a move the engine refuses is reported on the
table, and the bot asks again at the next level down (:func:`fallbacks`);
the level that worked is kept for the rest of the match.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from time import perf_counter
from typing import Any, TypeVar

import js

from scala40 import Action, NextHand, RuleError, is_legal, observe
from scala40.bots import LEVELS, Player, Thinking, make_bot, think_hint
from scala40.state import State
from web.i18n import t
from web.store.stats import win_points
from web.table.kinds import kind_of
from web.table.session import Session
from web.table.shown import PAUSING, Screen
from web.table.table import Table
from web.table.view import status_line
from web.ui.dom import Page, now

T = TypeVar("T")

#: The ms between two bot moves at each of :data:`web.store.settings.SPEEDS`.
SPEEDS = {"slow": 1500, "normal": 850, "fast": 250}
ANSWER_TIMEOUT_S = 20.0  # a bot still thinking after this counts as a failure
SLICE_MS = 6.0  # thinking between two returns of the thread to the browser
YIELD_S = 0.004  # a timer, not a bare sleep(0): the browser may paint before thinking goes on
PAUSE_POLL_S = 0.2  # how often a move held behind a dialog looks whether it was closed
#: The levels of one strength, strongest first (a balanced bot plays one of them each
#: hand): the ladder a failing bot steps down.
LADDER = tuple(sorted((level for level in LEVELS if level != "balanced"), key=win_points,
                      reverse=True))


def fallbacks(level: str) -> tuple[str, ...]:
    """The levels a failing bot tries next, strongest first.

    >>> fallbacks("expert"), fallbacks("balanced:0.7"), fallbacks("medium"), fallbacks("easy")
    (('medium', 'easy'), ('medium', 'easy'), ('easy',), ())
    """
    name = level.split(":")[0]
    return LADDER[LADDER.index(name) + 1:] if name in LADDER else LADDER[1:]


def bot_delay(speed: str | None, action: Action) -> int:
    """How long a bot's move waits after the previous one (a new deal waits longer).

    >>> bot_delay("fast", NextHand()), bot_delay("nonsense", NextHand()) // 3
    (750, 850)
    """
    delay = SPEEDS.get(speed or "normal", SPEEDS["normal"])
    return delay * 3 if isinstance(action, NextHand) else delay


def make_player(level: str, rng: random.Random) -> Player:
    """The bot of ``level``.

    :mod:`scala40.bots` (and the solver it needs) is imported with the page, before
    the table is first drawn, though drawing it does not need them: an import cannot
    pause, and at the first bot's turn of a first visit, while the browser still
    compiles Pyodide's code, importing them held the thread for 30 to 115 ms after
    the table was playable (15 first visits). Before the draw they cost that once,
    where no one waits to tap."""
    return make_bot(level, rng)


class Abandoned(Exception):
    """The table moved on while a bot was thinking (an undo, a new match): the decision
    is no longer wanted, and its bot must not think on for it beside the next one."""


async def think_in_slices(thinking: Thinking[T], limit_s: float,
                          wanted: Callable[[], bool] = lambda: True) -> T:
    """The result of ``thinking``, run :data:`SLICE_MS` at a time with the browser's
    turn before each slice; :class:`Abandoned` as soon as it is no longer ``wanted``,
    ``TimeoutError`` once it has run ``limit_s`` without ending."""
    started = perf_counter()
    while True:
        await asyncio.sleep(YIELD_S)  # the browser's turn first: the last move gets painted
        if not wanted():
            thinking.close()
            raise Abandoned
        end = perf_counter() + SLICE_MS / 1000
        try:
            while perf_counter() < end:
                next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result
        if perf_counter() - started > limit_s:
            thinking.close()
            raise TimeoutError(f"still thinking after {limit_s:.0f} s")


class Bots:
    """The bots of the match on ``table`` (one player per seat and level) and the loop
    that plays their moves, drawn on ``page`` by ``redraw``."""

    def __init__(self, table: Table, page: Page, redraw: Callable[[], Awaitable[None]],
                 spawn: Callable[[Coroutine[Any, Any, None]], None]) -> None:
        self.table = table
        self.page = page
        self.redraw = redraw
        self.spawn = spawn
        self.make_player: Callable[[str, random.Random], Player] = make_player
        self.players: dict[tuple[int, str], Player] = {}
        self.match: object = None  # whose players ``players`` holds
        self.generation = 0  # a new loop makes older ones stop
        self.live: int | None = None  # the generation of the loop running, if one is
        #: Called when a loop ends with no newer one started: the table waits for a person.
        self.at_rest: Callable[[], None] = lambda: None
        #: Whether a screen the table does not know of covers it (the friends' screens,
        #: web/friends/page.py): the bots wait behind it as behind a dialog.
        self.covered: Callable[[], bool] = lambda: False
        self.last_move = 0.0

    @property
    def playing(self) -> bool:
        """Whether the bots are playing: a loop started and not yet ended."""
        return self.live is not None

    def player(self, session: Session, seat: int, level: str) -> Player:
        """The bot of ``seat`` at ``level`` in this match: it keeps its plan of the
        turn and what it counted across moves."""
        if self.match != (session.match_id, session.state.seed):
            self.match, self.players = (session.match_id, session.state.seed), {}
        if (seat, level) not in self.players:
            rng = random.Random(f"{session.state.seed}/bot/{seat}")
            self.players[seat, level] = self.make_player(level, rng)
        return self.players[seat, level]

    async def choose(self, session: Session,
                     wanted: Callable[[], bool] = lambda: True) -> Action | None:
        """The move of the bot to move (a new deal needs no thinking), at the seat's
        level or, failing that, the next ones down; ``None`` if every level failed,
        :class:`Abandoned` as soon as it is no longer ``wanted``."""
        state = session.state
        if state.hand_over:
            return NextHand()
        scripted = kind_of(session).bot_move
        if scripted is not None:  # the lesson's bot plays its script
            return scripted(session)
        seat = state.to_move
        level = session.seats[seat].level
        for attempt in (level, *fallbacks(level)):
            try:
                action = await self.ask(session, seat, attempt, wanted)
            except Abandoned:
                raise
            except Exception as error:  # a bot's bug, a timeout, an illegal move
                await self.report(session, seat, attempt, error, last=not fallbacks(attempt))
                continue
            if attempt != level:
                session.seats[seat].level = attempt
                self.table.saves.save_table(session)
            return action
        return None

    async def ask(self, session: Session, seat: int, level: str,
                  wanted: Callable[[], bool] = lambda: True) -> Action:
        """The move of the bot of ``seat`` at ``level``; raises if it fails, is late,
        is not a legal move or is no longer ``wanted``."""
        state = session.state
        view = observe(state, seat)
        thinking = self.player(session, seat, level).think(view)
        action = await think_in_slices(thinking, ANSWER_TIMEOUT_S, wanted)
        if not is_legal(state, action):
            raise RuleError("bad_action", text=str(action))
        return action

    async def report(self, session: Session, seat: int, level: str, error: BaseException, *,
               last: bool = False) -> None:
        """Say on the table that a bot failed, and why (the console gets the details);
        ``last``: no level is left to try."""
        why = "timeout" if isinstance(error, TimeoutError) else type(error).__name__
        name = session.seats[seat].name
        js.console.warn(f"bot {name} ({level}) failed: {error!r}")
        lang = self.table.lang
        text = (t("bot_gave_up", lang, name=name, why=why) if last
                else t("bot_failed", lang, name=name, level=level, why=why))
        self.table.tell(t("bot_failed_title", lang), text)
        await self.redraw()

    async def hint(self) -> None:
        """Think out the shown hand's best move and mark it on the table."""
        table = self.table
        session = table.session
        if session is None or session.viewer is None:
            return
        state = session.state
        action, reason = await think_in_slices(
            think_hint(observe(state, session.viewer)), ANSWER_TIMEOUT_S)
        if table.session is not session or session.state != state:
            return
        table.show_hint(action, reason)
        await self.redraw()

    # -- the loop ------------------------------------------------------------------------

    def kick(self) -> None:
        """Start the bot loop if a bot is to move (a new generation stops older loops)."""
        session = self.table.session
        if session is None or self.table.screen is not Screen.TABLE:
            return
        if not session.bot_to_move():
            return
        if not self.table.tab.may_play:
            return
        self.generation += 1
        self.live = self.generation
        self.spawn(self.loop(self.generation))

    def stop(self) -> None:
        """Stop the bot loop (another tab took the match)."""
        self.generation += 1
        self.table.thinking = False

    def wanted(self, generation: int, session: Session, state: State) -> bool:
        """Whether a move for ``state`` is still wanted by the loop of ``generation``:
        not if the table moved on, or this tab stepped aside (another tab saved the
        match since: its own bots play it there)."""
        return (generation == self.generation and self.table.session is session
                and session.state == state and self.table.tab.may_play)

    async def loop(self, generation: int) -> None:
        """Play the bots' moves until a person is to move or a newer loop takes over."""
        try:
            await self._moves(generation)
        finally:
            self.table.thinking = False
            if self.live == generation:
                self.live = None
                self.at_rest()

    async def _moves(self, generation: int) -> None:
        table = self.table
        while True:
            session = table.session
            if (generation != self.generation or session is None or not session.bot_to_move()
                    or not table.tab.may_play):
                break
            state = session.state
            table.thinking = True
            if now() - self.last_move > 200:
                self.page.show_thinking(status_line(session, table.lang, thinking=True))
            try:
                action = await self.choose(
                    session, partial(self.wanted, generation, session, state))
            except Abandoned:
                continue  # the table moved on (an undo): look again
            if action is None:
                break  # every level failed, and each said so on the table
            wait = bot_delay(table.settings.speed, action) - (now() - self.last_move)
            if wait > 0:
                await asyncio.sleep(wait / 1000)
            while generation == self.generation and (
                    table.overlay in PAUSING or table.screen is not Screen.TABLE
                    or self.covered()):
                await asyncio.sleep(PAUSE_POLL_S)  # a dialog, or another screen: it waits
            if (generation != self.generation or table.session is not session
                    or not table.tab.may_play):
                break
            if session.state != state:
                continue  # someone else moved meanwhile (an undo by the human): ask again
            table.thinking = False
            error = table.move(action)
            if error is not None:  # is_legal said yes: a lesson's scripted move only
                await self.report(session, state.to_move, session.seats[state.to_move].level,
                                  error, last=True)
                break
            self.last_move = now()
            await asyncio.sleep(0)  # the move and its save, then the redraw: short tasks
            await self.redraw()
