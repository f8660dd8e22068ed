"""What each level does: one policy, tuned by a :class:`Style` of switches and weights.

Every level plays the same code (the turn planner, the discard evaluation);
a style only turns its parts on and weighs them. A level's randomness comes
from one ``random.Random``, and what a sampling loop needs of it from
:func:`child_rng`.

>>> STYLES["hard"].lookahead, STYLES["medium"].lookahead
(80, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Style:
    """What a level does. Every field is a switch or a weight of the one policy."""

    name: str
    take_pile: bool = True
    partials: float = 1.0
    """Weight of partial melds (pairs, near runs) when choosing a discard; 0 ignores them."""
    swap_jokers: bool = True
    card_counting: bool = False
    """Count outs over the unseen cards (two decks) instead of assuming all are live."""
    watch_opponents: float = 1.0
    """Weight of the danger of discarding what an opponent visibly collects."""
    safe_discards: bool = False
    """Avoid feeding the next player: cards that fit the table, their sampled hand, or that
    they refused before (safer) weigh in the discard."""
    hold_for_mano: bool = False
    noise: float = 0.0
    """Chance of discarding a random card that is not in a meld."""
    samples: int = 0
    """Monte-Carlo samples of the next player's hand for the discard."""
    take_margin: float = 0.0
    """Take the pile card when the hand left is at most this much worse than without it
    (the card itself leaves the hand this turn, the stock card may not)."""
    penalty_unopened: float = 1.0
    """In a single hand (where only closing counts), weight of a card's penalty in the
    discard before opening (high cards also help to open)."""
    penalty_opened: float = 1.0
    """The same after opening."""
    table_potential: float = 0.0
    """Weight of a card's chance to become attachable to a table meld (after opening)."""
    value_partials: bool = False
    """Before opening, weigh partial melds by the points they would bring to the 40."""
    exact_outs: float = 0.0
    """After opening, weight of the exact expected cards shed by the next draw (every
    unseen card tried against the table and the cards kept) when comparing discards."""
    win_jokers: float = 0.0
    """Worth, in the discard score, of a card a table joker stands for (it can win that
    joker by a swap); above 0 the pile card is also taken when the joker it wins fits the
    hand at once."""
    lookahead: int = 0
    """Sampled sequences of the next draws (from the unseen cards) on which each of the best
    few discards is tried: how soon the hand kept could open (before opening) or lay every
    card but one (after), choosing its discards in hindsight. In a single hand, holding
    melds, it also decides whether to attach every card when few are left."""
    look_draws: int = 3
    """How many draws ahead each sampled sequence of the look-ahead goes."""
    lookahead_weight: float = 0.0
    """Discard score per turn sooner (averaged over the sampled draws)."""
    no_gifts: str = ""
    """Never discard a card the next player could close with, unless every legal discard
    is one: ``"obvious"`` (they hold one card and it attaches to the table) or
    ``"certain"`` (every such card the view proves, see :mod:`~scala40.bots.gifts`)."""
    hold_melds: bool = False
    """In a single hand, once opened, keep complete melds in hand (opening with the fewest
    cards that reach the minimum) until they close the hand: the opponent cannot attach
    to them or swap their jokers."""
    hold_in_points: float = 0.0
    """With ``hold_melds``, hold them in a points match too while every opponent's chance
    to close first (:func:`~scala40.bots.stakes.seat_chance`) stays under this; then lay
    them. 0.1: only while no opponent has opened (only a closing in mano can catch the
    melds in hand); 0.25: until an opened opponent is down to four cards; 0: never."""
    penalty_pressure: float = 0.0
    """In a points match, the weight of a card's penalty in the discard: this times
    :func:`~scala40.bots.stakes.pressure` (how likely an opponent closes first, times what
    the scores make of a point). 0 keeps the flat weight: 1, or 1.5 with an opponent on
    three cards or fewer."""
    joker_release: float = 2.0
    """In a points match, attach to the table a joker that no meld in hand needs once the
    chance that an opponent closes first (:func:`~scala40.bots.stakes.closing_chance`)
    reaches this: a joker left in hand costs 25. Above 1: never."""


STYLES: dict[str, Style] = {
    "easy": Style(
        "easy", take_pile=False, partials=0.0, swap_jokers=False, watch_opponents=0.0,
        noise=0.2,
    ),
    "medium": Style("medium", no_gifts="obvious"),
    "hard": Style(
        "hard", card_counting=True, safe_discards=True, hold_for_mano=True, samples=24,
        exact_outs=60.0, table_potential=1.0, value_partials=True, penalty_unopened=0.0,
        penalty_opened=0.0, hold_melds=True, win_jokers=30.0, lookahead=80, look_draws=4,
        lookahead_weight=150.0, no_gifts="certain", hold_in_points=0.25,
        penalty_pressure=5.0, joker_release=0.6,
    ),
}


def child_rng(rng: random.Random) -> random.Random:
    """A generator seeded from ``rng``, the same in CPython and in Pyodide: seeded with
    an int, not a float (a float seed goes through ``hash``, which is 32 bits wide in
    Pyodide's WebAssembly and 64 in CPython)."""
    return random.Random(rng.getrandbits(64))


__all__ = ["STYLES", "Style", "child_rng"]
