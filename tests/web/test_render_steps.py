"""A bot's move drawn in two tasks (App.render_in_steps): a tap handled between them wins.

The page is :class:`~web.page.app.App` as web/main.py makes it, around a
table of conftest's ``table_for``; only the ``#app`` element is a stand-in
(:class:`DrawnPage` keeps what was drawn, in order), and the browser's clock
(``Date.now``) is conftest's ``clock``. ``render_in_steps`` is stepped by hand
(its first task makes the markup and stops at its ``sleep(0)``, the second
draws it), or run by the real bot loop with a tap queued as the browser
queues one.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

import js
import pytest
from match_helper import closing_single_hand

from scala40 import Discard, DrawStock, Phase
from web.page import app as app_module
from web.page.app import App
from web.store.seat import Seat
from web.store.storage import GAME_KEY, SNAPSHOT_KEY
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.shown import Effect


class DrawnPage:
    """The ``#app`` element: every markup drawn in it, in order."""

    def __init__(self, _root: object = None) -> None:
        self.draws: list[str] = []

    def draw(self, markup: object, *, lang: str, looks: dict[str, bool]) -> None:
        self.draws.append(str(markup))

    def show_thinking(self, _status: object) -> None:
        """The bot loop's status line (not a redraw)."""


@pytest.fixture
def app_for(table_for, clock, monkeypatch) -> Callable[[Session], App]:
    """``App()`` itself, wired (bots, friends, the rendering loop) around
    ``table_for(session)``, drawing on a :class:`DrawnPage`, this tab owning the match."""

    def make(session: Session) -> App:
        table = table_for(session)
        browser = SimpleNamespace(localStorage=MemoryStore(),
                                  navigator=SimpleNamespace(language="en"))
        monkeypatch.setattr(app_module, "window", browser)
        monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
        monkeypatch.setattr(app_module, "Page", DrawnPage)
        monkeypatch.setattr(app_module, "Table", lambda *_args, **_kwargs: table)
        app = App()
        table.tab_granted()  # what App.claim does when the match is this tab's
        table.take_effects()
        return app

    return make


def draws(app: App) -> list[str]:
    page = app.page
    assert isinstance(page, DrawnPage)
    return page.draws


def snapshot(app: App) -> str:
    """The page stored for the next visit (web/page/snapshot.js paints it before Python is up)."""
    text = app.table.saves.store.getItem(SNAPSHOT_KEY)
    assert text is not None
    return str(json.loads(text)["html"])


def tap(app: App, act: str, arg: str = "") -> None:
    """A click on the element with ``data-act=act`` and ``data-arg=arg``."""
    attributes = {"data-act": act, "data-arg": arg or None}

    class Element:
        def getAttribute(self, name: str) -> str | None:
            return attributes.get(name)

        def hasAttribute(self, name: str) -> bool:
            return False

    element = Element()
    app.on_click(SimpleNamespace(timeStamp=0, target=SimpleNamespace(
        closest=lambda _selector: element)))


def shown(markup: str) -> dict[str, Any]:
    """What a drawn table tells the player: the phase of her turn (``None``: not hers),
    the stock, the hand's cards, the cards selected."""
    table = re.search(r'<div class="table ([^"]*)"', markup)
    stock = re.search(r'aria-label="Stock, (\d+) cards', markup)
    assert table is not None and stock is not None
    phase = re.search(r"\bphase-(\w+)", table.group(1))
    hand = re.findall(r'<button class="card in-hand[^"]*"[^>]*data-key="([^"]+)"'
                      r'[^>]*aria-pressed="(true|false)"', markup)
    return {"turn": phase.group(1) if phase else None, "stock": int(stock.group(1)),
            "hand": [key for key, _ in hand],
            "selected": [key for key, pressed in hand if pressed == "true"]}


def truth(app: App) -> dict[str, Any]:
    """The same, as the engine (and the table's selection) has it."""
    session = app.table.session
    assert session is not None and session.viewer is not None
    state = session.state
    return {"turn": str(state.hand.phase) if session.my_turn() else None,
            "stock": len(state.hand.stock),
            "hand": [key for key, _ in session.hand_keys(session.viewer)],
            "selected": list(session.selected)}


def first_step(app: App) -> Coroutine[Any, Any, None]:
    """``render_in_steps`` run through its first task: the markup made, not drawn yet."""
    steps = app.render_in_steps()
    steps.send(None)
    return steps


def last_step(steps: Coroutine[Any, Any, None]) -> None:
    """The second task: the markup drawn, unless a newer render came between."""
    with pytest.raises(StopIteration):
        steps.send(None)


def bots_turn(app_for, solo) -> App:
    """Anna has discarded; the bot Bruno is to move."""
    session = solo(drawn=True)
    session.play(Discard(session.state.hand.hands[0][0]))
    assert session.bot_to_move()
    return app_for(session)


def test_a_bots_move_is_drawn_once_in_the_second_task_and_stored(app_for, solo):
    """The point of the two tasks is that a tap can come between them; the move must
    still reach the page, once, and the next visit must open on that very page."""
    app = bots_turn(app_for, solo)
    app.table.move(DrawStock())  # the bot's move, as the bot loop plays it
    before = len(draws(app))
    steps = first_step(app)
    assert len(draws(app)) == before  # the first task only makes the markup
    last_step(steps)
    assert len(draws(app)) == before + 1
    drawn = draws(app)[-1]
    assert shown(drawn) == truth(app)
    assert snapshot(app) == drawn


def test_a_tap_between_the_two_tasks_is_not_overdrawn_by_the_older_markup(app_for, solo):
    """Anna taps a card while Bruno's move is being drawn: the card she selected must stay
    up, and a reload must not bring back the table from before her tap."""
    app = bots_turn(app_for, solo)
    app.table.move(DrawStock())
    key = truth(app)["hand"][3]
    steps = first_step(app)
    tap(app, "card", key)  # handled between the tasks: it draws the table itself
    tapped = draws(app)[-1]
    assert shown(tapped)["selected"] == [key] == truth(app)["selected"]
    last_step(steps)
    assert draws(app)[-1] == tapped  # the older markup was dropped, not drawn over it
    assert shown(draws(app)[-1]) == truth(app)
    assert snapshot(app) == tapped


def test_of_two_redraws_in_steps_only_the_newer_is_drawn(app_for, solo):
    """Two moves' redraws overlapping (a bot's and a hint's): the older must not come
    back after the newer, or the page shows the table one move late."""
    app = bots_turn(app_for, solo)
    session = app.table.session
    assert session is not None
    app.table.move(DrawStock())
    older = first_step(app)
    app.table.move(Discard(session.state.hand.hands[1][0]))  # back to Anna
    newer = first_step(app)
    before = len(draws(app))
    last_step(older)
    assert len(draws(app)) == before
    last_step(newer)
    assert len(draws(app)) == before + 1
    assert shown(draws(app)[-1]) == truth(app) and truth(app)["turn"] == "draw"
    assert snapshot(app) == draws(app)[-1]


async def settle() -> None:
    """Run every task the page started (the bot loop, its redraws) to its end."""
    while others := asyncio.all_tasks() - {asyncio.current_task()}:
        await asyncio.gather(*others)


def test_a_draw_tapped_while_the_bots_last_move_is_drawn_shows_what_the_engine_has(
        app_for, solo, clock, run_alone):
    """Bruno's discard gives Anna the turn, and she taps the stock before that discard's
    table is on the page: the page, and the page a reload shows first, must have her
    fourteen cards and the play phase the engine has, not the table from before."""
    app = app_for(solo(drawn=True))
    session = app.table.session
    assert session is not None
    made = app.markup
    tapped: list[str] = []

    def markup() -> Any:
        """The markup, and a tap on the stock that comes while it is being made: queued
        in the first task, it is handled before the second (asyncio runs in order)."""
        result = made()
        if not tapped and session.my_turn() and session.last is not None \
                and session.last[0] == 1:  # the bot's move that gives Anna the turn
            tapped.append(str(result))
            asyncio.get_running_loop().call_soon(tap, app, "draw")
        return result

    app.markup = markup  # type: ignore[method-assign]
    key = truth(app)["hand"][0]

    async def play() -> None:
        tap(app, "card", key)
        clock.advance(100)
        tap(app, "card", key)  # a double tap: Anna discards, the bot loop starts
        assert session.bot_to_move()
        await settle()

    run_alone(play())
    assert tapped, "the tap never landed between the steps of the bot's last redraw"
    state = session.state
    assert state.to_move == 0 and state.hand.phase is Phase.PLAY
    assert session.game.record.actions[-1] == DrawStock()
    assert shown(draws(app)[-1]) == truth(app)
    assert len(truth(app)["hand"]) == 14
    assert snapshot(app) == draws(app)[-1]
    assert tapped[0] not in draws(app)
    assert app.renders == len(draws(app)) + 1  # the one markup made and dropped: the stale one


def test_the_offline_copy_is_asked_for_once_the_bots_hand_the_turn_to_a_person(
        app_for, solo, run_alone, monkeypatch):
    """web/page/offline.js installs the offline copy (the whole game downloaded again) when
    the page asks: not while the bots play, whose first round on a first visit it
    starved of the machine, but once the table waits for the player; and once only."""
    monkeypatch.setattr("web.table.bots.SPEEDS", {"normal": 0})
    app = bots_turn(app_for, solo)
    session = app.table.session
    assert session is not None
    asked: list[bool] = []  # whether a bot was to move when the page asked
    monkeypatch.setattr(app_module.window, "s40offline", SimpleNamespace(
        register=lambda: asked.append(session.bot_to_move())), raising=False)
    drawn_while_playing: list[int] = []
    redraw = app.render_in_steps

    async def render_in_steps() -> None:
        drawn_while_playing.append(len(asked))
        await redraw()

    app.bots.redraw = render_in_steps

    async def play() -> None:
        app.table.effects.add(Effect.BOTS)
        app.carry_out()  # the bots start: no offline copy yet
        assert app.bots.playing and asked == []
        await settle()

    run_alone(play())
    assert len(drawn_while_playing) >= 2 and set(drawn_while_playing) == {0}
    assert asked == [False] and session.my_turn() and not app.bots.playing
    tap(app, "draw")
    assert asked == [False]  # asked once: the page's next events do not ask again


def test_a_table_waiting_for_the_player_at_start_asks_for_the_offline_copy_at_once(
        app_for, solo, monkeypatch):
    app = app_for(solo(drawn=True))
    asked: list[str] = []
    monkeypatch.setattr(app_module.window, "s40offline",
                        SimpleNamespace(register=lambda: asked.append("asked")), raising=False)
    app.carry_out()  # what App.claim does once the tab's claim on the match is answered
    assert asked == ["asked"]


def test_a_finished_match_leaves_no_snapshot_for_the_next_visit(app_for):
    """The match's save is cleared at its end (docs/lifecycle.md), so its final sheet is
    not painted at the next visit, which starts on the new-game screen."""
    game, closing = closing_single_hand()
    session = Session(game, [Seat("Tu"), Seat("Bruno", "bot", "easy")], "m")
    session.pick_viewer()
    session.arrange()
    app = app_for(session)
    app.render()
    assert "seats-2" in snapshot(app)
    assert app.table.move(closing) is None and session.state.is_over
    app.render()
    assert not {GAME_KEY, SNAPSHOT_KEY} & set(app.table.saves.store.stored_keys())


def test_a_double_tap_discard_reaches_the_rule_in_six_calls(app_for, solo):
    """docs/web.md, "A double-tap discard": from the click's handler (App.on_click) to
    the engine's rule check (Game.play, whose apply refuses or plays) is six calls:
    on_click, hand.tap_card, Table.play, Table.move, Session.play, Game.play."""
    import sys

    from scala40.record import Game

    session = solo()
    while session.state.to_move != session.viewer:
        session.play(DrawStock() if session.state.hand.phase is Phase.DRAW else
                     Discard(session.state.hand.hands[session.state.to_move][0]))
    session.play(DrawStock())
    app = app_for(session)
    key, card = session.hand_keys(session.viewer)[0]
    tap(app, "card", key)
    chain: list[str] = []

    def watch(frame, event, _arg):
        if event == "call" and frame.f_code is Game.play.__code__ and not chain:
            calls = []
            while frame is not None and frame.f_code is not App.on_click.__code__:
                calls.append(frame.f_code.co_qualname)
                frame = frame.f_back
            chain.extend(["App.on_click", *reversed(calls)])

    sys.setprofile(watch)
    try:
        tap(app, "card", key)
    finally:
        sys.setprofile(None)
    assert app.table.session.state.hand.pile[-1] == card  # the double tap discarded it
    assert chain == ["App.on_click", "tap_card", "Table.play", "Table.move", "Session.play",
                     "Game.play"]
