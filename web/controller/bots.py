"""The bots' worker client and the loop that plays the bots' moves.

The "bots" worker (web/worker.py) runs the computer players and the hint in
its own Pyodide, so the page never waits on a bot's thinking. The page sends
the game record as text (``choose(record, seat, level)``, ``hint(record,
seat)``); the answer is an action in text form, which the table plays
through the engine like any other move. The loop waits between moves by
the speed chosen in the menu, and stops when the match, the seat to move
or the session changes under it (an undo, a new match, leaving).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyscript import create_named_worker

from scala40 import Action, NextHand, parse_action

from ..render import worker_status_text
from ..render.table import status_line
from ..session import Session
from .dom import Page, now
from .lesson import bot_move, is_lesson
from .table import Screen, Table

SPEEDS = {"slow": 1500, "normal": 850, "fast": 250}  # ms between two bot moves


def bot_delay(speed: str | None, action: Action) -> int:
    """How long a bot's move waits after the previous one (a new deal waits longer).

    >>> bot_delay("fast", NextHand()), bot_delay("nonsense", NextHand()) // 3
    (750, 850)
    """
    delay = SPEEDS.get(speed or "normal", SPEEDS["normal"])
    return delay * 3 if isinstance(action, NextHand) else delay


class Bots:
    """The worker (started once) and the bot loop, playing on ``table``, drawn on ``page``."""

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

    # -- the worker --------------------------------------------------------------------

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
            js.console.error(f"bots worker failed: {exc!r}")

    def show_status(self, detail: str) -> None:
        state = self.table.worker_state
        self.page.show_worker_status(state.split(":")[0],
                                     worker_status_text(state, self.table.lang), detail)

    async def choose(self, session: Session) -> Action:
        """The move of the bot to move (a new deal needs no thinking)."""
        state = session.state
        if state.hand_over:
            return NextHand()
        if is_lesson(session):
            return bot_move(session)
        seat = state.to_move
        answer = await self.worker.choose(session.game.record.text(), seat,
                                          session.seats[seat].level)
        return parse_action(json.loads(str(answer))["action"])

    async def hint(self) -> None:
        """Ask the worker for the shown hand's best move and mark it on the table."""
        table = self.table
        session = table.session
        if session is None:
            return
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
        """Start the bot loop if a bot is to move (a new generation stops older loops)."""
        session = self.table.session
        if session is None or self.table.screen is not Screen.TABLE or not session.bot_to_move():
            return
        self.generation += 1
        self.spawn(self.loop(self.generation))

    async def loop(self, generation: int) -> None:
        table = self.table
        while True:
            session = table.session
            if generation != self.generation or session is None or not session.bot_to_move():
                break
            if table.worker_state != "ready" and not is_lesson(session):  # a lesson's bot
                table.thinking = True                                       # plays the script
                self.redraw()
                await self.ready
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
            if error is not None:
                js.console.error(f"bot move refused: {action} ({error.message('en')})")
                break
            self.last_move = now()
            self.redraw()
        table.thinking = False
