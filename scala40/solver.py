"""Exact meld solver: the best disjoint melds of a hand (RULES.md §3, §4, §5).

Two questions a player (or a bot, or the table's hint) asks of a hand:

- :func:`best_melds`: which disjoint melds remove the most penalty from the
  hand (section 4's hand values: joker 25, ace 11, J Q K 10, others face)?
  Ties go to the solution that leaves fewer cards, then to the first one in
  a fixed search order, so the answer is deterministic. (Card by card: the
  "lone ace costs 1" option of §9 is not part of the objective.)
- :func:`cheapest_opening`: which disjoint melds reach the opening minimum
  (counting, with ``rules.clean_opening``, only melds without a joker) and
  leave the best hand behind? "Best" is defined as for :func:`best_melds`:
  the least penalty left in hand, then the fewest cards left. Opening with
  every meld one has is allowed (melds laid after the minimum is reached in
  the same turn are ordinary melds), so this is the best hand reachable by an
  opening this turn; it keeps the low, least costly cards in hand.

The search is exact and is not capped at any number of melds. Every meld
makeable from the hand's distinct cards is listed once (a joker may stand
for any missing or present card, so ``5S JK=6S 7S`` is found even when the
6♠ is needed in ``6S 6H 6D``); the search then takes the lowest natural card
left and either leaves one copy of it in hand or lays a meld whose lowest
card it is, memoised on the multiset of cards still undecided. Each packing
of melds is reached along exactly one path, so the optimum is exact.

``keep`` is how many cards must stay in hand (RULES.md §5.3: a hand can never
be emptied by melding; keep 1 during play, 2 if the discard must not close).
``must_use`` lists cards that have to be melded (the card taken from the
pile, a joker won by a swap).

>>> from scala40 import Rules, parse_cards
>>> solution = best_melds(parse_cards("7H 8H 9H KS KC KD 2C 5D"), Rules())
>>> [format_cards(cards) for cards, _ in solution.melds], format_cards(solution.left)
(['7H 8H 9H', 'KD KC KS'], '2C 5D')
>>> opening = cheapest_opening(parse_cards("9S 10S JS QS 2H 2D 2C"), Rules())
>>> opening is None
True
>>> opening = cheapest_opening(parse_cards("AD 2D 3D 4D KH KC KS 9C"), Rules())
>>> opening.points, format_cards(opening.left)
(40, '9C')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import JOKER, Card, format_cards, parse_cards  # noqa: F401 (doctests)
from .melds import makeable_melds
from .rules import Rules
from .scoring import card_penalty

MeldPlan = tuple[tuple[Card, ...], Card | None]
"""A meld as the engine's ``LayMeld`` takes it: (cards in table order, the joker's card)."""
Value = tuple[int, int]
"""What the search maximises: (penalty removed, cards melded), or with ``most_cards``
(cards melded, penalty removed)."""


@dataclass(frozen=True, slots=True)
class MeldOption:
    """One meld makeable from a hand: its cards in table order and its values."""

    cards: tuple[Card, ...]
    joker_as: Card | None
    naturals: frozenset[Card]
    points: int

    @property
    def has_joker(self) -> bool:
        return self.joker_as is not None

    @property
    def plan(self) -> MeldPlan:
        return (self.cards, self.joker_as)

    @property
    def removed(self) -> int:
        """Hand penalty these cards would no longer cost."""
        return sum(card_penalty(card) for card in self.cards)


@dataclass(frozen=True, slots=True)
class Solution:
    """Disjoint melds for a hand and what they leave.

    ``melds`` are ``(cards, joker_as)`` pairs, ready for ``LayMeld(*meld)``;
    ``left`` the cards still in hand (sorted); ``removed`` the hand penalty the
    melds take away; ``points`` the opening points the melds count (melds with
    a joker count 0 under a clean opening).
    """

    melds: tuple[MeldPlan, ...]
    left: tuple[Card, ...]
    removed: int
    points: int

    @property
    def penalty_left(self) -> int:
        return sum(card_penalty(card) for card in self.left)

    @property
    def cards_melded(self) -> int:
        return sum(len(cards) for cards, _ in self.melds)

    def __str__(self) -> str:
        melds = " | ".join(format_cards(cards) for cards, _ in self.melds)
        return f"{melds or '-'} ; left {format_cards(self.left) or '-'}"


def meld_options(cards: Iterable[Card]) -> list[MeldOption]:
    """Every distinct meld makeable from ``cards`` (a joker may stand for any card).

    :func:`~scala40.melds.makeable_melds`, with the melds using the same natural
    cards (and a joker or not) listed once, the joker where it counts the most
    opening points (the first such place on a tie).

    >>> sorted(str(format_cards(o.cards)) for o in meld_options(parse_cards("5S 6S JK")))
    ['5S 6S JK']
    >>> len(meld_options(parse_cards("7H 7D 7C")))
    1
    """
    best: dict[tuple[frozenset[Card], bool], MeldOption] = {}
    for meld in makeable_melds(cards):
        option = MeldOption(meld.cards, meld.joker_as, frozenset(meld.naturals), meld.points)
        key = (option.naturals, option.has_joker)
        known = best.get(key)
        if known is None or option.points > known.points:
            best[key] = option
    return sorted(best.values(), key=_option_order)


def _option_order(
    option: MeldOption,
) -> tuple[list[tuple[int, str]], bool, list[tuple[int, str]]]:
    naturals = sorted((card.rank, card.suit) for card in option.naturals)
    return (naturals, option.has_joker, [(card.rank, card.suit) for card in option.cards])


def best_melds(
    cards: Iterable[Card],
    rules: Rules | None = None,
    *,
    keep: int = 0,
    must_use: Iterable[Card] = (),
    most_cards: bool = False,
) -> Solution | None:
    """The disjoint melds removing the most penalty from ``cards``; with ``most_cards``,
    those melding the most cards (then removing the most penalty): how near the hand is
    to closing, which a penalty does not measure (three aces outweigh four low cards).

    ``None`` only when the constraints cannot be met (``keep`` more cards than
    the hand has, or a ``must_use`` card that fits no meld).

    >>> str(best_melds(parse_cards("5S 6S 7S 6H 6D JK")))
    '5S 6S 7S | 6H 6D JK ; left -'
    >>> str(best_melds(parse_cards("5S 6S 7S 6H 6D JK"), keep=1))
    '5S 6S 7S JK ; left 6D 6H'
    >>> str(best_melds(parse_cards("AS AH AD 2S 3S 4S"), keep=1))
    'AH AD AS ; left 2S 3S 4S'
    >>> str(best_melds(parse_cards("AS AH AD 2S 3S 4S"), keep=1, most_cards=True))
    'AS 2S 3S 4S ; left AD AH'
    """
    return _solve(
        list(cards), rules or Rules(), keep=keep, minimum=0, must_use=must_use,
        most_cards=most_cards,
    )


def cheapest_opening(
    cards: Iterable[Card],
    rules: Rules | None = None,
    *,
    keep: int = 1,
    must_use: Iterable[Card] = (),
    already: int = 0,
) -> Solution | None:
    """The opening (melds reaching ``rules.opening_minimum``) that leaves the best hand.

    ``already`` is what melds laid earlier this turn already count toward the
    minimum. Returns ``None`` when no opening is possible.

    >>> str(cheapest_opening(parse_cards("QH KH AH 5C 5D 5S 2H"), Rules()))
    'QH KH AH | 5D 5C 5S ; left 2H'
    >>> cheapest_opening(parse_cards("QH KH JK 5C 5D 5S 2H"), Rules(clean_opening=True)) is None
    True
    """
    rules = rules or Rules()
    minimum = max(0, rules.opening_minimum - already)
    return _solve(list(cards), rules, keep=keep, minimum=minimum, must_use=must_use)


def _solve(
    cards: list[Card],
    rules: Rules,
    *,
    keep: int,
    minimum: int,
    must_use: Iterable[Card],
    most_cards: bool = False,
) -> Solution | None:
    kinds = sorted({card for card in cards if not card.is_joker})
    index = {card: i for i, card in enumerate(kinds)}
    joker_slot = len(kinds)
    start = [0] * (len(kinds) + 1)
    for card in cards:
        start[joker_slot if card.is_joker else index[card]] += 1
    required = [0] * (len(kinds) + 1)
    for card in must_use:
        slot = joker_slot if card.is_joker else index.get(card)
        if slot is None:
            return None
        required[slot] += 1
    if any(r > s for r, s in zip(required, start, strict=True)):
        return None
    max_jokers_left = start[joker_slot] - required[joker_slot]
    clean = rules.clean_opening

    # melds grouped by their lowest natural card: (slots, joker, gain, counted, option),
    # ``gain`` the meld's Value
    by_low: list[list[tuple[tuple[int, ...], int, Value, int, MeldOption]]] = [
        [] for _ in kinds
    ]
    for option in meld_options(cards):
        slots = tuple(sorted(index[c] for c in option.naturals))
        joker = 1 if option.has_joker else 0
        counted = 0 if (clean and joker) else option.points
        size = len(option.cards)
        gain = (size, option.removed) if most_cards else (option.removed, size)
        by_low[slots[0]].append((slots, joker, gain, counted, option))
    memo: dict[tuple[tuple[int, ...], int, int, int], tuple[Value | None, int | None]] = {}

    def search(counts: tuple[int, ...], keep: int, need: int, left_here: int) -> Value | None:
        """Best :data:`Value` from ``counts``, or None; ``left_here`` counts the
        copies of the current lowest card already left in hand."""
        key = (counts, keep, need, left_here)
        if key in memo:
            return memo[key][0]
        pivot = next((i for i in range(joker_slot) if counts[i]), None)
        if pivot is None:
            jokers = counts[joker_slot]
            ok = need == 0 and keep <= jokers <= max_jokers_left
            memo[key] = ((0, 0) if ok else None, None)
            return memo[key][0]
        best = None
        choice = None
        for number, (slots, joker, gain, counted, _) in enumerate(by_low[pivot]):
            if joker and not counts[joker_slot]:
                continue
            if any(not counts[s] for s in slots):
                continue
            after = list(counts)
            for s in slots:
                after[s] -= 1
            after[joker_slot] -= joker
            rest = search(
                tuple(after), keep, max(0, need - counted), left_here if after[pivot] else 0
            )
            if rest is None:
                continue
            value = (rest[0] + gain[0], rest[1] + gain[1])
            if best is None or value > best:
                best, choice = value, number
        if left_here + 1 <= start[pivot] - required[pivot]:
            after = list(counts)
            after[pivot] -= 1
            rest = search(
                tuple(after), max(0, keep - 1), need, left_here + 1 if after[pivot] else 0
            )
            if rest is not None and (best is None or rest > best):
                best, choice = rest, -1
        memo[key] = (best, choice)
        return best

    root = (tuple(start), keep, minimum, 0)
    if search(*root) is None:
        return None
    melds: list[MeldPlan] = []
    left: list[Card] = []
    points = 0
    removed = 0
    counts, keep_now, need, left_here = root
    while True:
        pivot = next((i for i in range(joker_slot) if counts[i]), None)
        if pivot is None:
            left.extend([JOKER] * counts[joker_slot])
            break
        choice = memo[(counts, keep_now, need, left_here)][1]
        assert choice is not None  # a state on the best path has a best choice
        after = list(counts)
        if choice == -1:
            after[pivot] -= 1
            left.append(kinds[pivot])
            keep_now = max(0, keep_now - 1)
            left_here = left_here + 1 if after[pivot] else 0
        else:
            slots, joker, _, counted, option = by_low[pivot][choice]
            for s in slots:
                after[s] -= 1
            after[joker_slot] -= joker
            melds.append(option.plan)
            points += option.points if not (clean and joker) else 0
            removed += option.removed
            need = max(0, need - counted)
            left_here = left_here if after[pivot] else 0
        counts = tuple(after)
    return Solution(tuple(melds), tuple(sorted(left)), removed, points)


__all__ = ["MeldOption", "MeldPlan", "Solution", "best_melds", "cheapest_opening", "meld_options"]
