"""The bots' worker client and the loop that plays the bots' moves.

The "bots" worker (web/worker.py) runs the computer players and the hint in
its own Pyodide, so the page never waits on a bot's thinking. The page sends
the game record as text (``choose(record, seat, level)``, ``hint(record,
seat)``); the answer is an action in text form, which the table plays
through the engine like any other move. The loop waits between moves by
the speed chosen in the menu, and stops when the match, the seat to move
or the session changes under it (an undo, a new match, leaving).

A bot never leaves the table waiting for ever (the watchdog in
:meth:`Bots.choose`): an answer that does not come within
:data:`ANSWER_TIMEOUT_S`, an error from the worker (an unknown level raises
``ValueError`` there) or a move the engine refuses is reported on the
table, and the bot asks again at the next level down (:func:`fallbacks`);
when the worker cannot answer at all (it failed to start, or every level
failed), an easy bot chooses on this page. The level that worked is kept
for the rest of the match.

The worker is a second Pyodide, about a fifth of the page's memory and a
few seconds of a core to start (bench/load.py measures both), so it is
started only when it is needed (:meth:`Bots.wake`): when a match with a bot
at the table is on screen, or a hint is asked. The start screen and a match
of humans passing the device never start it.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyscript import create_named_worker

from scala40 import Action, NextHand, RuleError, is_legal, observe, parse_action

from ..i18n import t
from ..render import worker_status_text
from ..render.table import status_line
from ..session import Session
from .dom import Page, now
from .lesson import bot_move, is_lesson
from .table import Screen, Table

SPEEDS = {"slow": 1500, "normal": 850, "fast": 250}  # ms between two bot moves
ANSWER_TIMEOUT_S = 20.0  # a bot's answer later than this counts as a failure
START_TIMEOUT_S = 90.0  # the worker not ready after this: bots choose on the page


def fallbacks(level: str) -> tuple[str, ...]:
    """The levels a failing bot tries next, strongest first (then the page's easy bot).

    >>> fallbacks("expert"), fallbacks("balanced:0.7"), fallbacks("medium"), fallbacks("easy")
    (('medium', 'easy'), ('medium', 'easy'), ('easy',), ())
    """
    ladder = ("hard", "medium", "easy")
    name = level.split(":")[0]
    return ladder[ladder.index(name) + 1:] if name in ladder else ladder[1:]


def bot_delay(speed: str | None, action: Action) -> int:
    """How long a bot's move waits after the previous one (a new deal waits longer).

    >>> bot_delay("fast", NextHand()), bot_delay("nonsense", NextHand()) // 3
    (750, 850)
    """
    delay = SPEEDS.get(speed or "normal", SPEEDS["normal"])
    return delay * 3 if isinstance(action, NextHand) else delay


class Bots:
    """The worker (started once, when first needed) and the bot loop, playing on
    ``table``, drawn on ``page``."""

    def __init__(self, table: Table, page: Page, redraw: Callable[[], None],
                 spawn: Callable[[Coroutine[Any, Any, None]], None]) -> None:
        self.table = table
        self.page = page
        self.redraw = redraw
        self.spawn = spawn
        self.worker: Any = None
        self.ready: asyncio.Future[bool] = asyncio.get_event_loop().create_future()
        self.generation = 0  # a new loop makes older ones stop
        self.last_move = 0.0
        self.here: dict[int, Any] = {}  # seat -> the easy bot choosing on this page

    # -- the worker --------------------------------------------------------------------

    def wake(self) -> None:
        """Start the worker unless it was started already."""
        if self.table.worker_state == "idle":
            self.table.worker_state = "starting"
            self.spawn(self.start())

    async def start(self) -> None:
        table = self.table
        try:
            worker = await create_named_worker(
                src="./web/worker.py", name="bots", config="./pyscript.toml"
            )
            version = await worker.ping()
            self.worker = worker
            table.worker_state = "ready"
            self.show_status(f"scala40 {version}")
            if not self.ready.done():
                self.ready.set_result(True)
        except Exception as exc:
            table.worker_state = f"failed:{exc}"
            self.show_status(str(exc))
            js.console.warn(f"bots worker failed, bots choose on the page: {exc!r}")
            if not self.ready.done():
                self.ready.set_result(False)

    def show_status(self, detail: str) -> None:
        state = self.table.worker_state
        self.page.show_worker_status(state.split(":")[0],
                                     worker_status_text(state, self.table.lang), detail)

    async def choose(self, session: Session) -> Action:
        """The move of the bot to move (a new deal needs no thinking), from the worker at
        the seat's level or the next ones down, else from an easy bot on this page."""
        state = session.state
        if state.hand_over:
            return NextHand()
        if is_lesson(session):
            return bot_move(session)
        seat = state.to_move
        level = session.seats[seat].level
        if self.worker is not None:
            for attempt in (level, *fallbacks(level)):
                try:
                    action = await self.ask(session, seat, attempt)
                except Exception as error:  # the worker's error, a timeout, a bad answer
                    self.report(session, seat, attempt, error)
                    continue
                if attempt != level:
                    session.seats[seat].level = attempt
                    self.table.saves.save_table(session)
                return action
        if not self.here:
            lang = self.table.lang
            self.table.tell(t("bot_failed_title", lang), t("bots_here", lang))
        return self.choose_here(session, seat)

    async def ask(self, session: Session, seat: int, level: str) -> Action:
        """The worker's move for ``seat`` at ``level``; raises if it fails, is late or is
        not a legal move."""
        record = session.game.record.text()

        async def answer() -> Any:
            return await self.worker.choose(record, seat, level)

        reply = await asyncio.wait_for(answer(), ANSWER_TIMEOUT_S)
        action = parse_action(json.loads(str(reply))["action"])
        if not is_legal(session.state, action):
            raise RuleError("bad_action", text=str(action))
        return action

    def choose_here(self, session: Session, seat: int) -> Action:
        """An easy bot's move, chosen on the page (the worker is not there to ask)."""
        from scala40.bots import make_bot  # only when needed: the page starts without it

        if seat not in self.here:
            self.here[seat] = make_bot("easy", random.Random(f"{session.match_id}/here/{seat}"))
        return self.here[seat].choose(observe(session.state, seat))

    def report(self, session: Session, seat: int, level: str, error: BaseException) -> None:
        """Say on the table that a bot failed, and why (the console gets the details)."""
        why = "timeout" if isinstance(error, TimeoutError) else type(error).__name__
        name = session.seats[seat].name
        js.console.warn(f"bot {name} ({level}) failed: {error!r}")
        lang = self.table.lang
        self.table.tell(t("bot_failed_title", lang),
                        t("bot_failed", lang, name=name, level=level, why=why))
        self.redraw()

    async def hint(self) -> None:
        """Ask the worker for the shown hand's best move and mark it on the table."""
        table = self.table
        session = table.session
        if session is None:
            return
        self.wake()
        if table.worker_state != "ready":
            await self.ready
        state = session.state
        answer = json.loads(str(await self.worker.hint(session.game.record.text(),
                                                       session.viewer)))
        if table.session is not session or session.state != state:
            return
        table.show_hint(parse_action(answer["action"]), answer["it" if table.lang == "it"
                                                                else "en"])
        self.redraw()

    # -- the loop ------------------------------------------------------------------------

    def kick(self) -> None:
        """Start the worker if a bot sits at the table, and the bot loop if a bot is to
        move (a new generation stops older loops)."""
        session = self.table.session
        if session is None or self.table.screen is not Screen.TABLE:
            return
        if any(seat.is_bot for seat in session.seats):
            self.wake()
        if not session.bot_to_move():
            return
        if not self.table.tab.may_play:
            return
        self.generation += 1
        self.spawn(self.loop(self.generation))

    def stop(self) -> None:
        """Stop the bot loop (another tab took the match)."""
        self.generation += 1
        self.table.thinking = False

    async def loop(self, generation: int) -> None:
        table = self.table
        while True:
            session = table.session
            if generation != self.generation or session is None or not session.bot_to_move():
                break
            if table.worker_state == "starting" and not is_lesson(session):  # a lesson's
                table.thinking = True                                  # bot plays the script
                self.redraw()
                try:
                    await asyncio.wait_for(asyncio.shield(self.ready), START_TIMEOUT_S)
                except TimeoutError:
                    table.worker_state = "failed:timeout"  # start() still sets "ready" if it comes
                    js.console.warn("bots worker not ready: bots choose on the page")
            if generation != self.generation:
                break
            state = session.state
            table.thinking = True
            if now() - self.last_move > 200:
                self.page.show_thinking(status_line(session, table.lang, thinking=True))
            action = await self.choose(session)
            if generation != self.generation or table.session is not session:
                break
            wait = bot_delay(table.settings.get("speed"), action) - (now() - self.last_move)
            if wait > 0:
                await asyncio.sleep(wait / 1000)
            if generation != self.generation or table.session is not session:
                break
            if session.state != state:
                continue  # someone else moved meanwhile (an undo by the human): ask again
            table.thinking = False
            error = table.move(action)
            if error is not None:  # is_legal said yes: only a page-side bot can get here
                self.report(session, state.to_move, "easy", error)
                break
            self.last_move = now()
            self.redraw()
        table.thinking = False
