"""What a points match puts on the cards in hand: how soon an opponent may close,
and what the scores make of the penalty.

In a single hand only closing first counts, so the hard level ignores the
cards' penalty. In a points match (RULES.md §8) every card left in hand when
someone else closes is paid for, and a player who reaches the elimination
score is out: a king kept for a sequence costs nothing while the others are
far from closing, and ten points (twenty after a closing in mano) once one of
them is down to two cards. So the weight of a card's penalty in the discard
is the chance that an opponent closes before the card can leave the hand
(:func:`closing_chance`, read from what the table shows: who has opened and
how many cards each holds) times what the score makes of a penalty
(:func:`stakes`: near the elimination score a hand's penalty can end the match).

>>> from scala40 import new_match, observe
>>> view = observe(new_match(["Anna", "Bruno"], seed=1), 0)
>>> round(closing_chance(view), 2), stakes(view)
(0.05, 1.0)
"""

from __future__ import annotations

from ..observation import Observation
from ..rules import POINTS

OPENED_CHANCE = (1.0, 0.85, 0.6, 0.4, 0.3, 0.22, 0.16, 0.12, 0.1)
"""The chance that an opened opponent holding ``n`` cards (the index) closes before the
viewer's card can leave the hand; from nine cards up, the last. A player on one card
closes at their next turn unless the discard they draw into fails them, on two with
one card that attaches or a pile card that fits, and so on."""
UNOPENED_CHANCE = 0.05
"""The same for an opponent who has not opened: only a closing in mano ends the hand."""
ELIMINATION_REACH = 50
"""Within this many points of the elimination score a hand's penalty weighs more: at
the score minus 25 twice, and at most :data:`MOST_STAKES` times."""
MOST_STAKES = 3.0


def seat_chance(view: Observation, seat: int) -> float:
    """The chance that ``seat`` closes the hand before the viewer's next turn ends.

    >>> from scala40 import new_match, observe
    >>> seat_chance(observe(new_match(["A", "B"], seed=1), 0), 1)
    0.05
    """
    if not view.opened[seat]:
        return UNOPENED_CHANCE
    cards = view.hand_counts[seat]
    return OPENED_CHANCE[min(cards, len(OPENED_CHANCE) - 1)]


def closing_chance(view: Observation) -> float:
    """The chance that one of the others closes first: 1 less the chance that none
    does, each seat on its own (:func:`seat_chance`)."""
    none = 1.0
    for seat in view.seats:
        if seat != view.seat:
            none *= 1.0 - seat_chance(view, seat)
    return 1.0 - none


def closest_opponent(view: Observation) -> int:
    """The other seat most likely to close (the fewest cards on a tie): the one the
    hint names when it dumps a high card."""
    others = [s for s in view.seats if s != view.seat]
    return max(others, key=lambda s: (seat_chance(view, s), -view.hand_counts[s], -s))


def stakes(view: Observation) -> float:
    """How much a point of penalty costs in this match, 1 far from the elimination
    score: within :data:`ELIMINATION_REACH` points of it, one more for every 25 points
    nearer, at most :data:`MOST_STAKES`. With re-entry an elimination costs a re-entry at
    the highest score still in, not the match: half as much more. A single hand: 1.

    >>> from dataclasses import replace
    >>> from scala40 import new_match, observe
    >>> state = new_match(["A", "B"], seed=1)
    >>> stakes(observe(replace(state, scores=(76, 0)), 0))
    2.0
    """
    if view.rules.mode != POINTS:
        return 1.0
    margin = view.rules.elimination_score - view.scores[view.seat]
    extra = max(0.0, (ELIMINATION_REACH - margin) / 25)
    if view.rules.reentry:
        extra /= 2
    return min(MOST_STAKES, 1.0 + extra)


def pressure(view: Observation) -> float:
    """The weight of a point of penalty in hand now: :func:`closing_chance` times
    :func:`stakes`."""
    return closing_chance(view) * stakes(view)


__all__ = [
    "OPENED_CHANCE",
    "UNOPENED_CHANCE",
    "closest_opponent",
    "closing_chance",
    "pressure",
    "seat_chance",
    "stakes",
]
