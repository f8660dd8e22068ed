"""The order of a hand as the player keeps it: cards still held keep their place as
cards come and go, new ones go at the right end or into place in a sorted hand, and
the two sorts (by suit, by rank; the jokers last)."""

from __future__ import annotations

from collections import Counter

from scala40 import Card
from scala40.cards import JOKER, SUITS

SUIT_ORDER = {suit: order for order, suit in enumerate((*SUITS, JOKER.suit))}


def arranged(order: list[str], held: tuple[Card, ...] | list[Card], mode: str) -> list[str]:
    """The codes of ``held`` in the player's ``order``: cards still held keep their
    place, new ones go at the right end (or into place when the hand is sorted).

    >>> arranged(["KH", "2S", "AH"], [Card.parse(c) for c in ("AH", "KH", "5C")], "manual")
    ['KH', 'AH', '5C']
    >>> arranged(["KH", "AH"], [Card.parse(c) for c in ("AH", "KH", "5H")], "suit")
    ['AH', '5H', 'KH']
    """
    want = Counter(str(card) for card in held)
    kept: list[str] = []
    have: Counter = Counter()
    for code in order:
        if have[code] < want[code]:
            kept.append(code)
            have[code] += 1
    extra = list((want - have).elements())
    if mode in ("suit", "rank") and (extra or not order):
        return sort_codes(kept + extra, mode)
    return kept + extra


def sort_codes(codes: list[str], mode: str) -> list[str]:
    """Sort card codes by suit (then rank) or by rank (then suit); jokers last.

    >>> sort_codes(["KH", "2S", "JK", "AH", "2H"], "suit")
    ['AH', '2H', 'KH', '2S', 'JK']
    >>> sort_codes(["KH", "2S", "JK", "AH", "2H"], "rank")
    ['AH', '2H', '2S', 'KH', 'JK']
    """

    def key(code: str):
        card = Card.parse(code)
        rank = 99 if card.is_joker else card.rank
        suit = SUIT_ORDER[card.suit]
        return (suit, rank) if mode == "suit" else (rank, suit)

    return sorted(codes, key=key)
