"""The no-gift rule: a discard the next player could close the hand with.

Only the next player may take the discarded card. It hands them the game when,
whatever their hidden cards are, they could take it and put every card but
one on the table: the card and what they visibly hold (the pile cards they
took and still have) laid in melds or attached to the table's melds, a
joker it wins by a swap used as well. That needs few cards: at most one of
theirs unseen, which is then the one they discard. The obvious case is the
next player on one card and a card that attaches to the table.

``hard`` discards a gift only if every legal discard is one; ``medium``
avoids the obvious ones; the tournament's blunder scan counts the others.

>>> from scala40 import Rules, parse_cards
>>> from scala40.melds import Meld
>>> table = [Meld.parse("10S JS QS")]
>>> places_all(parse_cards("9S"), table), places_all(parse_cards("9S 5C"), table)
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..actions import Attach, Discard, LayMeld, SwapJoker, TakeBack, TakeDiscard
from ..cards import JOKER, Card
from ..errors import RuleError
from ..melds import Meld
from ..observation import Observation
from ..solver import best_melds
from .features import attachable_count

OBVIOUS = "obvious"
"""Only the obvious gifts: the next player on one card, the card attaching to the table."""
CERTAIN = "certain"
"""Every gift the view proves: also what the next player visibly holds."""


def next_player(view: Observation) -> int:
    """The seat after the viewer's: the only one that may take its discard."""
    order = sorted(view.seats)
    return order[(order.index(view.seat) + 1) % len(order)]


def visibly_held(view: Observation, seat: int) -> Counter[Card]:
    """The cards ``seat`` is known to hold: the pile cards it took (and the jokers it
    won by a swap) and has not laid, attached or discarded since; a take-back
    undoes its turn.

    >>> from scala40 import new_match, observe
    >>> visibly_held(observe(new_match(["A", "B"], seed=1), 0), 1)
    Counter()
    """
    held: Counter[Card] = Counter()
    at_turn_start: Counter[Card] = Counter()
    previous = None
    for who, action, taken in view.log:
        if who != seat:
            previous = who
            continue
        if previous != seat:
            at_turn_start = held.copy()
        previous = seat
        gone: Iterable[Card] = ()
        if isinstance(action, TakeDiscard) and taken is not None:
            held[taken] += 1
        elif isinstance(action, SwapJoker):
            gone = (action.card,)
            held[JOKER] += 1
        elif isinstance(action, LayMeld):
            gone = action.cards
        elif isinstance(action, Attach | Discard):
            gone = (action.card,)
        elif isinstance(action, TakeBack):
            held = at_turn_start.copy()
        for card in gone:
            if held[card]:
                held[card] -= 1
    return +held


def places_all(cards: Sequence[Card], table: Sequence[Meld]) -> bool:
    """Whether every one of ``cards`` can go onto the table: laid in melds of its own
    or attached to the ``table`` melds (one after another)."""
    solution = best_melds(cards, keep=0)
    left = list(solution.left) if solution is not None else list(cards)
    return attachable_count(left, table) == len(left)


def closing_gifts(
    view: Observation,
    cards: Iterable[Card],
    rule: str = CERTAIN,
    table: Sequence[Meld] | None = None,
) -> set[Card]:
    """Which of ``cards``, discarded now, the next player could close with (module doc);
    ``rule`` is :data:`OBVIOUS` or :data:`CERTAIN`; ``table`` the melds as they will be
    at the discard (default: the view's)."""
    seat = next_player(view)
    count = view.hand_counts[seat]
    if not view.opened[seat] or seat == view.seat:
        return set()
    visible = list(visibly_held(view, seat).elements()) if rule == CERTAIN else []
    hidden = count - len(visible)
    if hidden > 1 or hidden < 0:
        return set()
    melds = list(table) if table is not None else [m.meld for m in view.melds]
    return {card for card in set(cards) if _closes_with(card, visible, hidden, melds)}


def _closes_with(card: Card, visible: list[Card], hidden: int, table: list[Meld]) -> bool:
    """Whether ``card`` (which must be used) and the ``visible`` cards go onto the table
    but for the discard: the one ``hidden`` card, or else one of the visible ones."""
    ways = [(card, table)]
    for index, meld in enumerate(table):
        if not card.is_joker and meld.joker_as == card:  # swap it in, then use the joker
            try:
                swapped = meld.swap_joker(card)
            except RuleError:
                continue
            ways.append((JOKER, [*table[:index], swapped, *table[index + 1:]]))
    for used, melds in ways:
        if hidden == 1 and places_all([used, *visible], melds):
            return True
        for discard in set(visible) if hidden == 0 else ():
            rest = list(visible)
            rest.remove(discard)
            if places_all([used, *rest], melds):
                return True
    return False


__all__ = [
    "CERTAIN",
    "OBVIOUS",
    "closing_gifts",
    "next_player",
    "places_all",
    "visibly_held",
]
