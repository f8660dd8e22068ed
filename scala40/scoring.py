"""What the cards left in hand cost at the end of a hand (RULES.md §4, §7, §9).

>>> hand_penalty(parse_cards("JK AS KD 7C"), Rules())
53
>>> hand_penalty(parse_cards("AS"), Rules(lone_ace_counts_one=True))
1
>>> penalty_for(parse_cards("7C 8C"), Rules(), opened=True, in_mano=True)
30
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, parse_cards  # noqa: F401  (used by the doctests)
from .rules import UNOPENED_PAY_AFTER_MANO, UNOPENED_PAY_ALWAYS, Rules

UNOPENED_FLAT_PENALTY = 100


def card_penalty(card: Card) -> int:
    """Joker 25, ace 11, J Q K 10, others their face value."""
    if card.is_joker:
        return 25
    if card.rank == 1:
        return 11
    return min(card.rank, 10)


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """Penalty of the cards left in a hand, before any doubling or flat 100."""
    held = list(cards)
    if rules.lone_ace_counts_one and len(held) == 1 and held[0].rank == 1:
        return 1
    return sum(card_penalty(card) for card in held)


def penalty_for(cards: Iterable[Card], rules: Rules, *, opened: bool, in_mano: bool) -> int:
    """What a player who did not close pays.

    The flat 100 of a player who never opened replaces the cards' value and
    is not doubled (seeds 000 and 003: "100 punti indipendentemente" from the
    cards); otherwise a closing in mano doubles the cards' value.
    """
    pays_flat = rules.unopened_pays_100 == UNOPENED_PAY_ALWAYS or (
        rules.unopened_pays_100 == UNOPENED_PAY_AFTER_MANO and in_mano
    )
    if not opened and pays_flat:
        return UNOPENED_FLAT_PENALTY
    value = hand_penalty(cards, rules)
    return value * 2 if in_mano and rules.mano_doubles else value
