"""The computer player: a :class:`Bot` plays one level's :class:`~scala40.bots.style.Style`.

A bot receives an :class:`~scala40.observation.Observation` (never the true
state) and proposes one action; the engine applies it and asks again for the
next step of the same turn. To plan a turn the bot deals the unseen cards at
random (:func:`~scala40.observation.determinize`) and plans its own moves on
that sample (:mod:`~scala40.bots.planner`, the discard by
:mod:`~scala40.bots.discard`); it returns the plan's steps one at a time.
Every action is checked with the engine before it is returned; if a plan
fails, the bot falls back to a legal discard, or takes the turn back
(``TakeBack``) and then discards: it can never be stuck.

Every random choice comes from the bot's own ``random.Random``; with
``budget_ms=None`` a seeded game is exactly repeatable. :meth:`Bot.think` is
the decision as a generator that pauses in its sampling loops (the web page
runs it in slices, :mod:`~scala40.bots.thinking`); :meth:`Bot.choose` runs it
in one go.
"""

from __future__ import annotations

import random

from ..actions import Action, Discard, DrawStock, NextHand, TakeBack
from ..cards import Card
from ..engine import apply, discard_refusal, is_legal, legal_actions
from ..errors import RuleError
from ..observation import Observation, determinize
from ..scoring import card_penalty
from ..state import Phase, State
from .discard import DiscardJudge
from .features import played_this_turn
from .planner import Step, TurnPlanner
from .reasons import Reason, because
from .style import STYLES, Style, child_rng
from .thinking import Thinking, finish


class Bot:
    """A computer player of one level. Stateless across turns except for a
    cached plan of the current turn and a count of turns held for mano.

    >>> from scala40 import new_match, observe, apply
    >>> state = new_match(["A", "B"], seed=1)
    >>> bot = Bot(STYLES["medium"], random.Random(1))
    >>> action = bot.choose(observe(state, state.to_move))
    >>> type(action).__name__
    'DrawStock'
    """

    def __init__(self, style: Style, rng: random.Random, *, budget_ms: float | None = 30.0):
        self.style = style
        self.rng = rng
        self.budget_ms = budget_ms
        self.last_reason: Reason = because("draw_stock")
        self.judge = DiscardJudge(style, rng, budget_ms)
        self.planner = TurnPlanner(style, self.judge)
        self._plan: list[Step] = []
        self._plan_key: tuple[int, int, tuple[Card, ...]] | None = None

    @property
    def level(self) -> str:
        return self.style.name

    # -- the interface ---------------------------------------------------------------

    def choose(self, view: Observation) -> Action:
        """The next action for the seat of ``view``; always legal for the engine."""
        return finish(self.think(view))

    def think(self, view: Observation) -> Thinking[Action]:
        """:meth:`choose` as a decision that may pause (:mod:`~scala40.bots.thinking`)."""
        if view.phase == Phase.OVER:
            self.last_reason = because("next")
            return NextHand()
        if not view.my_turn:
            raise ValueError("choose() called when it is not this seat's turn")
        state = determinize(view, child_rng(self.rng))
        step = self._cached(view, state)
        if step is None:
            yield from self.judge.watch.pause()  # the plan: the longest stretch with no sample
            self.judge.begin()
            try:
                step = yield from self._decide(view, state)
            except RuleError:
                step = None
        if step is None or not is_legal(state, step[0]):
            self._plan = []
            step = self._fallback(view, state)
        action, self.last_reason = step
        return action

    # -- plans -----------------------------------------------------------------------

    def _cached(self, view: Observation, state: State) -> Step | None:
        """The next step of the turn's plan, if the view is where the plan expected."""
        if not self._plan or self._plan_key != (view.hand_number, len(view.log), view.hand):
            self._plan = []
            return None
        step = self._plan.pop(0)
        if not is_legal(state, step[0]):
            self._plan = []
            return None
        self._remember_next(state, step[0])
        return step

    def _remember_next(self, state: State, action: Action) -> None:
        if not self._plan:
            return
        after = apply(state, action)
        seat = state.hand.turn
        self._plan_key = (after.hand.number, len(after.hand.log), after.hand.hands[seat])

    def _decide(self, view: Observation, state: State) -> Thinking[Step | None]:
        """The draw, or the first step of a new plan for the turn (the rest is kept)."""
        if view.phase == Phase.DRAW:
            return (yield from self.planner.draw(view))
        steps = yield from self.planner.play(view, state)
        if not steps:
            return None
        self._plan = steps[1:]
        self._remember_next(state, steps[0][0])
        return steps[0]

    def _fallback(self, view: Observation, state: State) -> Step:
        """A safe legal move: draw, the cheapest legal discard, take the turn back, or
        any legal action. With none legal in the rebuilt state, a turn that has changed
        something (a pile take, a meld, an attach, a swap) is taken back: the real
        state can always return to the turn's start, even if the rebuilt one lost it.
        Otherwise the position is broken, and ``RuleError("no_legal_action")`` says so."""
        if state.hand.phase == Phase.DRAW:
            return DrawStock(), because("draw_stock")
        held = state.hand.hands[view.seat]
        discards = [c for c in sorted(set(held)) if discard_refusal(state, c) is None]
        if discards:
            card = min(discards, key=lambda c: (c.is_joker, -card_penalty(c), c))
            return Discard(card), because("discard", card=card)
        if is_legal(state, TakeBack()):
            return TakeBack(), because("takeback")
        legal = legal_actions(state)
        if legal:
            return legal[0], because("fallback", action=str(legal[0]))
        if played_this_turn(view):
            return TakeBack(), because("takeback")
        raise RuleError("no_legal_action", name=view.players[view.seat])


__all__ = ["STYLES", "Bot"]
