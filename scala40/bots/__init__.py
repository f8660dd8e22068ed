"""Computer opponents for Scala 40, and the table's hint.

The interface is small and stable:

- :func:`make_bot` ``(level, rng) -> Bot``; ``level`` is ``"easy"``,
  ``"medium"``, ``"hard"`` or ``"balanced"`` (``"balanced:0.7"`` sets its
  strength, 0 = always easy, 1 = always hard, default 0.5).
- ``bot.choose(observation) -> Action``: one action at a time; the caller
  applies it with :func:`scala40.apply` and calls ``choose`` again for the next
  step of the same turn (and with the hand over, ``NextHand``). ``bot.think``
  is the same decision as a generator that pauses in its sampling loops, for a
  caller that must not block (:mod:`~scala40.bots.thinking`). A bot only
  ever sees an :class:`~scala40.observation.Observation`; every action it
  returns is legal (checked with the engine on a determinized state).
  ``bot.last_reason`` is the :class:`~scala40.bots.reasons.Reason` of the last
  action (a code and its facts, ``reason.said(language)`` its one line).
- :func:`hint` ``(observation) -> (action, reason)``: the move the strongest
  level would make, with its reason; :func:`think_hint` is it as a decision
  that may pause.

The levels:

- ``easy``: opens as soon as the solver finds an opening; lays melds and
  attaches; discards its highest card outside a meld, sometimes a random
  one; never takes the pile.
- ``medium``: keeps partial melds (pairs, near runs), takes the pile card
  when it can use it, attaches, swaps jokers, and avoids discarding what an
  opponent has visibly been taking from the pile, and the obvious gifts (the
  next player on one card, the card attaching to the table).
- ``hard``: all that, counts the outs over the unseen cards of both decks
  (after opening: the exact expected cards its next draw sheds), avoids feeding
  the next player a card that fits the table, that they took, or that fits
  their sampled hand (a Monte-Carlo over determinized hidden hands within
  ``budget_ms``), never hands the next player a card they could close with
  unless every discard is one (:mod:`~scala40.bots.gifts`), prefers cards they
  refused, keeps (and takes from the pile) a card that can win a table joker by
  a swap, and in a points match holds an opening for a few turns to close in
  mano (the others pay double) when one card short and nobody threatens to
  close. In a points match it weighs a card's penalty by how likely an
  opponent is to close first and by how near its score is to elimination
  (:mod:`~scala40.bots.stakes`), holds its melds until an opened opponent is down
  to four cards, and attaches a spare joker once a close is likely. In a single hand, where only
  closing first counts, it ignores the cards' penalty when discarding, opens
  with the fewest cards reaching the minimum and keeps its other melds in hand
  until they close the hand (nothing for the opponent to attach to), laying
  before that only a meld the pile card or a swapped joker needs. It looks
  four draws ahead on sampled sequences of the unseen cards: its best few
  discards are ranked by how soon the hand kept could open or close, and with
  few cards left it keeps an attachable card rather than a hand that cannot
  close.
- ``balanced``: each hand is played at a level drawn from its strength.

The modules: :mod:`~scala40.bots.style` (what each level does),
:mod:`~scala40.bots.player` (the :class:`Bot`: one step at a time, checked,
with its fallback), :mod:`~scala40.bots.planner` (the draw and the turn up to
the discard), :mod:`~scala40.bots.discard` (the discard's scores and the
look-ahead), :mod:`~scala40.bots.features` (what a card is worth, what an
opponent refused), :mod:`~scala40.bots.gifts` (the no-gift rule),
:mod:`~scala40.bots.stakes` (what a points match puts on the cards in hand),
:mod:`~scala40.bots.thinking` (decisions that pause, and their stopwatch),
:mod:`~scala40.bots.reasons` (why, in Italian and English) and
:mod:`~scala40.bots.tournament` and :mod:`~scala40.bots.points` (the strength
harness: single hands, whole matches).

>>> import random
>>> from scala40 import apply, new_match, observe
>>> state = new_match(["Anna", "Bot"], seed=5)
>>> bot = make_bot("medium", random.Random(5))
>>> state = apply(state, bot.choose(observe(state, state.to_move)))
>>> state.hand.phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

import random
from typing import Protocol

from ..actions import Action
from ..observation import Observation
from .player import Bot
from .reasons import REASONS, Reason, because
from .style import STYLES, Style, child_rng
from .thinking import Thinking, finish

LEVELS = ("easy", "medium", "hard", "balanced")
"""The levels :func:`make_bot` knows: the one list (the page's menus, statistics and
ranking points are made from it)."""
DEFAULT_LEVEL = "medium"
"""The level a bot's seat has unless one is chosen (the new-game form, a kept match)."""


class Player(Protocol):
    """What the table and the tournament need of a computer player."""

    last_reason: Reason

    def choose(self, view: Observation) -> Action: ...

    def think(self, view: Observation) -> Thinking[Action]: ...


class BalancedBot:
    """Plays each hand at a level drawn from ``strength`` (0 easy .. 1 hard):
    easy with probability (1-s)², hard with s², medium otherwise."""

    def __init__(
        self, rng: random.Random, strength: float = 0.5, **options: float | None
    ):
        if not 0.0 <= strength <= 1.0:
            raise ValueError(f"balanced strength must be between 0 and 1, not {strength}")
        self.rng = rng
        self.strength = strength
        self.options = options
        self.current: Bot | None = None
        self._hand: tuple[int, int] | None = None
        self.last_reason = because("draw_stock")

    @property
    def level(self) -> str:
        return f"balanced({self.current.level if self.current else '-'})"

    def choose(self, view: Observation) -> Action:
        return finish(self.think(view))

    def think(self, view: Observation) -> Thinking[Action]:
        key = (len(view.results), view.hand_number)
        if self.current is None or key != self._hand:
            draw = self.rng.random()
            if draw < (1 - self.strength) ** 2:
                name = "easy"
            elif draw < (1 - self.strength) ** 2 + self.strength**2:
                name = "hard"
            else:
                name = "medium"
            self.current = Bot(STYLES[name], child_rng(self.rng), **self.options)
            self._hand = key
        action = yield from self.current.think(view)
        self.last_reason = self.current.last_reason
        return action


def make_bot(level: str, rng: random.Random, **options: float | None) -> Bot | BalancedBot:
    """A computer player of ``level``, drawing all its randomness from ``rng``.

    ``options``: ``budget_ms`` (time cap of each of the hard level's sampling
    loops in a decision, default 30 ms; ``None`` for no cap, which makes a
    seeded game exactly repeatable).

    >>> make_bot("hard", random.Random(1)).level
    'hard'
    >>> make_bot("balanced:0.9", random.Random(1)).strength
    0.9
    >>> make_bot("expert", random.Random(1))
    Traceback (most recent call last):
    ValueError: unknown bot level 'expert': one of easy, medium, hard, balanced
    """
    name, _, setting = level.strip().lower().partition(":")
    if name == "balanced":
        return BalancedBot(rng, float(setting) if setting else 0.5, **options)
    if name not in STYLES or setting:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
    return Bot(STYLES[name], rng, **options)


def hint(view: Observation) -> tuple[Action, Reason]:
    """The move the hard level would make now, with its reason.

    Deterministic for a given observation.

    >>> from scala40 import new_match, observe
    >>> state = new_match(["Anna", "Bruno"], seed=2)
    >>> action, reason = hint(observe(state, state.to_move))
    >>> str(action), reason.said("en")
    ('draw', 'Draw from the stock.')
    """
    return finish(think_hint(view))


def think_hint(view: Observation) -> Thinking[tuple[Action, Reason]]:
    """:func:`hint` as a decision that may pause (:mod:`~scala40.bots.thinking`)."""
    seed = f"hint/{view.seat}/{view.hand_number}/{len(view.results)}/{len(view.log)}"
    bot = Bot(STYLES["hard"], random.Random(seed), budget_ms=None)
    action = yield from bot.think(view)
    return action, bot.last_reason


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "REASONS",
    "STYLES",
    "BalancedBot",
    "Bot",
    "Player",
    "Reason",
    "Style",
    "Thinking",
    "finish",
    "hint",
    "make_bot",
    "think_hint",
]
