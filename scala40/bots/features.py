"""What a bot reads from its cards and its view: how cards relate, what a card is
worth to the partial melds kept and to the table, what an opponent refused.

Pure functions of cards, melds and an :class:`~scala40.observation.Observation`;
the discard evaluation weighs them.

>>> from scala40 import parse_cards
>>> related(Card.parse("5S"), Card.parse("7S")), related(Card.parse("5S"), Card.parse("5S"))
(1, 0)
>>> completes_meld(Card.parse("8H"), parse_cards("9H 10H 2C"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from ..actions import Discard, DrawStock, LayMeld, TakeBack
from ..cards import JOKER, SUITS, Card
from ..melds import Meld, card_at, positions_of
from ..observation import Observation
from ..state import TableMeld

Outs = Callable[[Card], int]
"""How many copies of a card may still come (the unseen ones, or a guess)."""


def attachable_count(cards: Iterable[Card], table: Iterable[Meld]) -> int:
    """How many of ``cards`` attach to the ``table`` melds, one after another (the 9
    attaches once the 8 has)."""
    melds = list(table)
    left = list(cards)
    count = 0
    progress = True
    while progress and left:
        progress = False
        for card in list(left):
            for i, meld in enumerate(melds):
                if meld.can_attach(card):
                    melds[i] = meld.attach_options(card)[0]
                    left.remove(card)
                    count += 1
                    progress = True
                    break
    return count


def declined(view: Observation, seat: int) -> set[Card]:
    """Cards ``seat`` showed it did not want: its own discards, and the pile cards it
    left for a stock draw while it could have taken them (having opened)."""
    cards: set[Card] = set()
    opened = False
    previous = None
    for who, action, _ in view.log:
        if who == seat:
            if isinstance(action, Discard):
                cards.add(action.card)
            elif (
                isinstance(action, DrawStock)
                and opened
                and previous is not None
                and previous[0] != seat
                and isinstance(previous[1], Discard)
            ):
                cards.add(previous[1].card)
            elif isinstance(action, LayMeld):
                opened = True  # close enough: melds are only laid toward an opening
        previous = (who, action)
    return cards


def keep_count(view: Observation) -> int:
    """Cards to keep when melding: 1 for the discard, 2 in the first round (no closing)."""
    first_round = view.turns_taken < len(view.seats) and not view.rules.first_round_closing
    return 2 if first_round else 1


def played_this_turn(view: Observation) -> bool:
    """Whether the seat to move has changed something since its turn began (or since
    it last took the turn back): taken the pile card, laid, attached or swapped."""
    for seat, action, _ in reversed(view.log):
        if seat != view.seat or isinstance(action, TakeBack | DrawStock):
            return False
        if not isinstance(action, Discard):
            return True
    return False


def took_back_this_turn(view: Observation) -> bool:
    for seat, action, _ in reversed(view.log):
        if seat != view.seat:
            return False
        if isinstance(action, TakeBack):
            return True
    return False


def _distance(a: Card, b: Card) -> int:
    return min(abs(p - q) for p in positions_of(a) for q in positions_of(b))


def related(card: Card, other: Card) -> int:
    """1 if the two cards could be in one meld (same rank other suit, or near in a suit)."""
    if other.is_joker:
        return 0
    if card.rank == other.rank:
        return 1 if card.suit != other.suit else 0
    return 1 if card.suit == other.suit and _distance(card, other) <= 2 else 0


def _lower_position(card: Card, other: Card, gap: int) -> int:
    """The lowest position of ``card`` that lies ``gap`` places from one of ``other``'s."""
    return min(p for p in positions_of(card) for q in positions_of(other) if abs(p - q) == gap)


def partial_worth(card: Card, free: Counter[Card], outs: Outs) -> float:
    """How much ``card`` is worth to the other free cards: each partial meld it is part
    of counts 1 plus the copies still to come that would complete it."""
    worth = 0.0
    for other in free:
        if other == card or other.is_joker:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            missing = [Card(card.rank, s) for s in SUITS if s not in (card.suit, other.suit)]
            worth += 1 + sum(outs(c) for c in missing)
        elif other.suit == card.suit:
            gap = _distance(card, other)
            if gap == 1:
                low = _lower_position(card, other, 1)
                ends = [p for p in (low - 1, low + 2) if 1 <= p <= 14]
                worth += 1 + sum(outs(card_at(card.suit, p)) for p in ends)
            elif gap == 2:
                low = _lower_position(card, other, 2)
                worth += 0.5 + outs(card_at(card.suit, low + 1))
    if JOKER in free and worth:
        worth += 2
    return min(worth, 12.0)


def table_worth(card: Card, melds: Iterable[TableMeld], outs: Outs) -> float:
    """How likely ``card`` is to become attachable: a table sequence of its suit ending
    two places away (the card between still to come)."""
    worth = 0.0
    for table_meld in melds:
        meld = table_meld.meld
        if not meld.is_sequence or meld.suit != card.suit or len(meld.cards) >= 14:
            continue
        for p in positions_of(card):
            if p == meld.end + 2 and p <= 14:
                worth += 1 + outs(card_at(card.suit, meld.end + 1))
            elif p == meld.start - 2 and p >= 1:
                worth += 1 + outs(card_at(card.suit, meld.start - 1))
    return min(worth, 8.0)


def completes_meld(card: Card, hand: Iterable[Card]) -> bool:
    """Whether ``card`` makes a meld with two cards of ``hand`` (or one and a joker)."""
    held = set(hand)
    jokers = JOKER in held
    suits = {c.suit for c in held if c.rank == card.rank and c.suit != card.suit}
    if len(suits) >= 2 or (suits and jokers):
        return True
    for q in positions_of(card):
        has = {p for p in range(q - 2, q + 3) if 1 <= p <= 14 and card_at(card.suit, p) in held}
        if {q - 1, q + 1} <= has or {q - 2, q - 1} <= has or {q + 1, q + 2} <= has:
            return True
        if jokers and any(abs(p - q) <= 2 for p in has):
            return True
    return False


def attaching(cards: Iterable[Card], melds: Iterable[Meld]) -> set[Card]:
    """The natural ``cards`` that attach to one of ``melds``, each meld asked only about
    the cards of its suit (a sequence) or its rank (a combination), the only ones that
    can attach to it: at six players, a dozen melds against every unseen card.

    >>> from scala40 import parse_cards
    >>> sorted(map(str, attaching(parse_cards("9S KS 5D JK"), [Meld.parse("10S JS QS")])))
    ['9S', 'KS']
    """
    naturals = {c for c in cards if not c.is_joker}
    found: set[Card] = set()
    for meld in melds:
        if meld.is_sequence:
            same = {c for c in naturals if c.suit == meld.suit}
        else:
            same = {c for c in naturals if c.rank == meld.rank}
        found.update(c for c in same if meld.can_attach(c))
    return found


def completing_after_discard(
    cards: Iterable[Card], held: list[Card], discards: Iterable[Card]
) -> dict[Card, set[Card]]:
    """For each natural card of ``discards``, which natural ``cards`` complete a meld
    (:func:`completes_meld`) with the hand kept, ``held`` less that card. Why not ask
    for each kept hand: a discard changes the answer only for a card it could share a
    meld with (:func:`related`, or its own twin beside a joker), so the whole hand is
    asked once and only those cards again (the next-draw value asks it for five
    discards against every unseen card, with no time cap).

    >>> from scala40 import parse_cards
    >>> held = parse_cards("5H 6H 9C 9D")
    >>> after = completing_after_discard(parse_cards("7H 9S 4H"), held, parse_cards("6H 9C"))
    >>> sorted(map(str, after[Card.parse("6H")])), sorted(map(str, after[Card.parse("9C")]))
    (['9S'], ['4H', '7H'])
    """
    naturals = {c for c in cards if not c.is_joker}
    whole = {c for c in naturals if completes_meld(c, held)}
    found = {}
    for discard in discards:
        kept = list(held)
        kept.remove(discard)
        touched = {c for c in naturals if c == discard or related(c, discard)}
        again = {c for c in touched if completes_meld(c, kept)}
        found[discard] = (whole - touched) | again
    return found


__all__ = [
    "attachable_count",
    "attaching",
    "completes_meld",
    "completing_after_discard",
    "declined",
    "keep_count",
    "partial_worth",
    "played_this_turn",
    "related",
    "table_worth",
    "took_back_this_turn",
]
