"""Melds (*giochi*): sequences and combinations, their value, attaching and joker swaps.

Everything here is a pure function of immutable values (RULES.md §3, §4, §10).
A sequence is kept low to high; each card sits at a *position* 1..14, where
the ace is 1 before the 2 and 14 after the king. A joker's stood-for card is
fixed when the meld is laid: in a sequence by its position in the order the
player laid the cards, in a combination by a declared suit (default: the
first missing suit in ``H D C S`` order).

>>> meld = make_meld(parse_cards("4S 5S JK 7S"))
>>> str(meld), meld.points
('4S 5S JK=6S 7S', 22)
>>> str(meld.attach(Card.parse("8S")))
'4S 5S JK=6S 7S 8S'
>>> str(meld.swap_joker(Card.parse("6S")))
'4S 5S 6S 7S'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TypedDict

from .cards import JOKER, SUITS, Card, parse_cards, parse_meld_cards
from .errors import RuleError

SEQUENCE = "sequence"
COMBINATION = "combination"
MAX_SEQUENCE = 14
MAX_COMBINATION = 4


def position_value(position: int) -> int:
    """Opening value of a sequence position: low ace 1, 2-10 face, J Q K 10, high ace 11."""
    if position == 1:
        return 1
    if position == 14:
        return 11
    return min(position, 10)


def rank_value(rank: int) -> int:
    """Opening value of a rank in a combination: the ace counts 11 there."""
    return 11 if rank == 1 else min(rank, 10)


def card_at(suit: str, position: int) -> Card:
    """The natural card at a sequence position (14 is the ace)."""
    return Card(1 if position == 14 else position, suit)


def positions_of(card: Card) -> tuple[int, ...]:
    """Where a natural card can stand in a sequence: the ace at 1 or 14."""
    return (1, 14) if card.rank == 1 else (card.rank,)


class AttachChoice(TypedDict, total=False):
    """The keyword arguments of :meth:`Meld.attach` that choose one way to attach."""

    end: str
    joker_as: Card


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld. Build one with :func:`make_meld`; methods return new melds.

    ``cards`` are in table order (sequences low to high, the joker as ``JK``);
    ``joker_as`` is the card the joker stands for, or ``None``; ``start`` is
    the position of a sequence's first card (0 for a combination).
    """

    kind: str
    cards: tuple[Card, ...]
    joker_as: Card | None = None
    start: int = 0

    @property
    def is_sequence(self) -> bool:
        return self.kind == SEQUENCE

    @property
    def has_joker(self) -> bool:
        return self.joker_as is not None

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if not card.is_joker)

    @property
    def suit(self) -> str | None:
        """A sequence's suit (``None`` for a combination)."""
        return self.naturals[0].suit if self.is_sequence else None

    @property
    def rank(self) -> int | None:
        """A combination's rank (``None`` for a sequence)."""
        return None if self.is_sequence else self.naturals[0].rank

    @property
    def end(self) -> int:
        """Position of a sequence's last card."""
        return self.start + len(self.cards) - 1

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """The cards as they count, the joker replaced by the card it stands for."""
        stands = self.joker_as
        if stands is None:
            return self.cards
        return tuple(stands if card.is_joker else card for card in self.cards)

    @property
    def points(self) -> int:
        """Opening value (RULES.md §4): the joker is worth the card it stands for.

        >>> make_meld(parse_cards("QH KH AH")).points, make_meld(parse_cards("AH 2H 3H")).points
        (31, 6)
        >>> make_meld(parse_cards("AC AH AS")).points
        33
        """
        if self.is_sequence:
            return sum(position_value(p) for p in range(self.start, self.end + 1))
        return rank_value(self.naturals[0].rank) * len(self.cards)

    def can_attach(self, card: Card) -> bool:
        """Whether ``card`` can be attached here in at least one way (a cheap test:
        the discard rule asks it for every card against every meld)."""
        if self.is_sequence:
            return bool(self._fitting_ends(card))
        if len(self.cards) >= MAX_COMBINATION:
            return False
        if card.is_joker:
            return not self.has_joker
        return card.rank == self.rank and card in self._missing()

    def attach_options(self, card: Card) -> list[Meld]:
        """Every meld that attaching ``card`` can make (two for a joker or an ambiguous ace)."""
        return [meld for _, meld in self.attach_choices(card)]

    def attach_choices(self, card: Card) -> list[tuple[AttachChoice, Meld]]:
        """Each distinct way to attach ``card``: the keyword arguments of :meth:`attach`
        that choose it (an end of a sequence, a joker's suit) and the meld it makes."""
        choices: list[AttachChoice]
        if self.is_sequence:
            choices = [{"end": "high"}, {"end": "low"}]
        elif card.is_joker:
            choices = [{"joker_as": missing} for missing in self._missing()]
        else:
            choices = [{}]
        found: list[tuple[AttachChoice, Meld]] = []
        for choice in choices:
            try:
                meld = self.attach(card, **choice)
            except RuleError:
                continue
            if all(meld != made for _, made in found):
                found.append((choice, meld))
        return found

    def attach(self, card: Card, *, end: str | None = None, joker_as: Card | None = None) -> Meld:
        """This meld with ``card`` added (RULES.md §5.2, §10).

        A card goes at one end of a sequence; ``end`` ("low"/"high") chooses
        when both are possible (a joker, or an ace beside 2..K). A joker added
        to a combination stands for ``joker_as`` (default: first missing suit).
        The joker already in a meld never moves.

        >>> str(make_meld(parse_cards("9H 9C 9D")).attach(Card.parse("9S")))
        '9H 9C 9D 9S'
        >>> make_meld(parse_cards("9H 9C 9D")).attach(Card.parse("9H"))
        Traceback (most recent call last):
        scala40.errors.RuleError: You cannot attach the 9♥ to this meld.
        """
        if joker_as is not None and not card.is_joker:
            raise RuleError("bad_joker_declaration", card=joker_as)
        if self.is_sequence:
            return self._attach_to_sequence(card, end, joker_as)
        return self._attach_to_combination(card, joker_as)

    def swap_joker(self, card: Card) -> Meld:
        """This meld with ``card`` in the joker's place; the caller takes the joker.

        >>> make_meld(parse_cards("7H 7D JK")).swap_joker(Card.parse("7S"))
        Traceback (most recent call last):
        scala40.errors.RuleError: The joker stands for the 7♣: only that card can take its place.
        """
        if self.joker_as is None:
            raise RuleError("no_joker_in_meld")
        if card != self.joker_as:
            raise RuleError("swap_wrong_card", card=card, stands_for=self.joker_as)
        if self.is_sequence and card.rank == 1 and any(c.rank == 1 for c in self.naturals):
            # A..K JK=A (or JK=A 2..K A): a natural ace in the joker's place would
            # make two natural aces, which RULES.md §3 forbids.
            raise RuleError("sequence_not_consecutive")
        cards = tuple(card if c.is_joker else c for c in self.cards)
        return Meld(self.kind, cards, None, self.start)

    def __str__(self) -> str:
        return " ".join(f"JK={self.joker_as}" if c.is_joker else str(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"

    @staticmethod
    def parse(text: str) -> Meld:
        """Read a meld in notation, ``JK=7H`` fixing what a joker stands for.

        >>> Meld.parse("7H 7D JK=7S").joker_as
        Card('7S')
        """
        cards, declared = parse_meld_cards(text)
        return make_meld(cards, joker_as=declared)

    # -- internals -------------------------------------------------------------

    def _missing(self) -> list[Card]:
        taken = {card.suit for card in self.stands_for}
        rank = self.naturals[0].rank
        return [Card(rank, suit) for suit in SUITS if suit not in taken]

    def _fitting_ends(self, card: Card) -> dict[str, int]:
        """The ends of a sequence ("low"/"high" to their position) where ``card`` may go."""
        if len(self.cards) >= MAX_SEQUENCE:
            return {}
        if card.is_joker:
            if self.has_joker:
                return {}
        elif card.suit != self.suit or (card.rank == 1 and any(c.rank == 1 for c in self.naturals)):
            return {}
        ends = {"low": self.start - 1, "high": self.end + 1}
        return {
            e: p for e, p in ends.items()
            if 1 <= p <= MAX_SEQUENCE and (card.is_joker or p in positions_of(card))
        }

    def _attach_to_sequence(self, card: Card, end: str | None, joker_as: Card | None) -> Meld:
        suit = self.naturals[0].suit
        ends = {"low": self.start - 1, "high": self.end + 1}
        if card.is_joker:
            if self.has_joker:
                raise RuleError("meld_two_jokers")
            if joker_as is not None:
                wanted = [
                    e for e, p in ends.items()
                    if 1 <= p <= MAX_SEQUENCE and card_at(suit, p) == joker_as
                ]
                if joker_as.suit != suit or not wanted or (end is not None and end not in wanted):
                    raise RuleError("bad_joker_declaration", card=joker_as)
                end = wanted[0] if end is None else end
        fits = self._fitting_ends(card)
        if not fits or (end is not None and end not in fits):
            raise RuleError("attach_does_not_fit", card=card)
        chosen = end if end is not None else ("high" if "high" in fits else "low")
        position = fits[chosen]
        stands = card_at(suit, position) if card.is_joker else self.joker_as
        if chosen == "high":
            return Meld(SEQUENCE, (*self.cards, card), stands, self.start)
        return Meld(SEQUENCE, (card, *self.cards), stands, position)

    def _attach_to_combination(self, card: Card, joker_as: Card | None) -> Meld:
        if len(self.cards) >= MAX_COMBINATION:
            raise RuleError("attach_does_not_fit", card=card)
        missing = self._missing()
        if card.is_joker:
            if self.has_joker:
                raise RuleError("meld_two_jokers")
            stands = missing[0] if joker_as is None else joker_as
            if stands not in missing:
                raise RuleError("bad_joker_declaration", card=stands)
            return Meld(COMBINATION, (*self.cards, card), stands)
        if card not in missing:
            raise RuleError("attach_does_not_fit", card=card)
        return Meld(COMBINATION, (*self.cards, card), self.joker_as)


def make_meld(cards: Iterable[Card], joker_as: Card | None = None) -> Meld:
    """Read ``cards`` as a meld, or raise ``RuleError`` naming the rule broken.

    A sequence is read in the order given (low to high, or high to low): that
    order places the joker. Without a joker any order is accepted. ``joker_as``
    declares what the joker stands for; in a combination it picks the suit.

    >>> str(make_meld(parse_cards("JK 2H 3H")))
    'JK=AH 2H 3H'
    >>> make_meld(parse_cards("KS AS 2S"))
    Traceback (most recent call last):
    scala40.errors.RuleError: These cards are not a sequence: it needs cards of one suit in order \
with no gap (the ace goes before the 2 or after the king, never in between).
    """
    cards = tuple(cards)
    naturals = [card for card in cards if not card.is_joker]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3:
        raise RuleError("meld_too_short")
    if not naturals:
        raise RuleError("meld_only_jokers")
    if jokers > 1:
        raise RuleError("meld_two_jokers")
    if joker_as is not None and (not jokers or joker_as.is_joker):
        raise RuleError("bad_joker_declaration", card=joker_as)
    if len({card.rank for card in naturals}) == 1:
        return _combination(cards, naturals, joker_as)
    if len({card.suit for card in naturals}) > 1:
        raise RuleError("not_a_meld")
    return _sequence(cards, naturals, joker_as)


def possible_melds(cards: Iterable[Card]) -> list[Meld]:
    """Every way to lay exactly these cards, whatever their order: the choices a player has.

    The readings of :func:`makeable_melds` that use every card, a combination
    in the order the cards were given; listed by the card the joker stands
    for, the reading of the order given first, then the ace low before high.

    >>> [str(m) for m in possible_melds(parse_cards("5S JK 6S"))]
    ['JK=4S 5S 6S', '5S 6S JK=7S']
    >>> len(possible_melds(parse_cards("8H 8D JK")))
    2
    """
    cards = tuple(cards)
    every = sorted(cards)
    readings = []
    for meld in makeable_melds(cards):
        if len(meld.cards) != len(cards) or sorted(meld.cards) != every:
            continue
        if not meld.is_sequence:
            meld = Meld(COMBINATION, cards, meld.joker_as)
        readings.append(meld)
    return sorted(readings, key=lambda meld: _reading_order(meld, cards))


def _reading_order(meld: Meld, laid: tuple[Card, ...]) -> tuple[int, bool, int, int]:
    """Sort key of a reading of ``laid``: the joker's card (its suit in a combination,
    its rank in a sequence, the ace first), then the order laid before the others,
    then where the natural ace and the joker stand (low first)."""
    if meld.joker_as is None:
        stands = 0
    else:
        stands = meld.joker_as.rank if meld.is_sequence else SUITS.index(meld.joker_as.suit)
    if not meld.is_sequence:
        return (stands, False, 0, 0)
    as_laid = meld.cards in (laid, laid[::-1])
    ace = next((meld.start + i for i, c in enumerate(meld.cards) if c.rank == 1), 0)
    joker = meld.start + meld.cards.index(JOKER) if meld.has_joker else 0
    return (stands, not as_laid, ace, joker)


def makeable_melds(cards: Iterable[Card]) -> list[Meld]:
    """Every meld that can be laid from some of ``cards``: the one list of melds
    that the legal moves, the solver and :func:`possible_melds` are built on.

    Combinations of 3-4 suits (with or without the joker, which stands for each
    missing suit in turn), then, suit by suit, every run with at most one gap
    or end filled by the joker, or with the joker in the place of a card held
    (keeping that card for another meld). Each run is listed once per place
    of its joker, from the lowest run up.

    >>> [str(m) for m in makeable_melds(parse_cards("5S 6S 7S"))]
    ['5S 6S 7S']
    >>> [str(m) for m in makeable_melds(parse_cards("7H 7D JK"))]
    ['7H 7D JK=7C', '7H 7D JK=7S']
    >>> len(makeable_melds(parse_cards("5S 6S JK")))
    2
    """
    held = set(cards)
    has_joker = JOKER in held
    found: list[Meld] = []
    for rank in range(1, 14):
        suits = [suit for suit in SUITS if Card(rank, suit) in held]
        for size in (3, 4):
            for chosen in combinations(suits, size):
                found.append(Meld(COMBINATION, tuple(Card(rank, s) for s in chosen)))
        if has_joker:
            for size in (2, 3):
                for chosen in combinations(suits, size):
                    naturals = tuple(Card(rank, s) for s in chosen)
                    for missing in SUITS:
                        if missing not in chosen:
                            found.append(Meld(COMBINATION, (*naturals, JOKER), Card(rank, missing)))
    allowed_gaps = 1 if has_joker else 0
    for suit in SUITS:
        present = [card_at(suit, p) in held for p in range(MAX_SEQUENCE + 1)]  # 0 unused
        for low in range(1, MAX_SEQUENCE - 1):
            gaps: list[int] = []
            for high in range(low, MAX_SEQUENCE + 1):
                if not present[high]:
                    gaps.append(high)
                if len(gaps) > allowed_gaps:
                    break
                if high - low < 2:
                    continue
                window = range(low, high + 1)
                if low == 1 and high == MAX_SEQUENCE:
                    # all 13 cards and the joker as the high ace (A..K JK) or the low one
                    joker_places = [MAX_SEQUENCE, 1] if not gaps and has_joker else []
                elif gaps:  # one gap, and there is a joker to fill it
                    joker_places = list(gaps)
                else:
                    found.append(Meld(SEQUENCE, tuple(card_at(suit, p) for p in window), None, low))
                    joker_places = list(window) if has_joker else []
                for place in joker_places:
                    ordered = tuple(JOKER if p == place else card_at(suit, p) for p in window)
                    found.append(Meld(SEQUENCE, ordered, card_at(suit, place), low))
    return found


def _combination(cards: tuple[Card, ...], naturals: list[Card], joker_as: Card | None) -> Meld:
    rank = naturals[0].rank
    suits = [card.suit for card in naturals]
    if len(set(suits)) < len(suits):
        raise RuleError("combination_same_suit")
    if len(cards) > MAX_COMBINATION:
        raise RuleError("combination_too_long")
    if len(cards) == len(naturals):
        return Meld(COMBINATION, cards)
    missing = [Card(rank, suit) for suit in SUITS if suit not in suits]
    stands = missing[0] if joker_as is None else joker_as
    if stands not in missing:
        raise RuleError("bad_joker_declaration", card=stands)
    return Meld(COMBINATION, cards, stands)


def _sequence(cards: tuple[Card, ...], naturals: list[Card], joker_as: Card | None) -> Meld:
    if sum(card.rank == 1 for card in naturals) > 1:
        raise RuleError("sequence_not_consecutive")
    if len(cards) > MAX_SEQUENCE:
        raise RuleError("sequence_not_consecutive")
    suit = naturals[0].suit
    if joker_as is not None and joker_as.suit != suit:
        raise RuleError("bad_joker_declaration", card=joker_as)
    # The order laid decides first: it places the joker, and the ace of an
    # A..K / 2..K A run (low or high, worth 1 or 11).
    for ordered in (cards, cards[::-1]):
        start = _start_in_order(ordered)
        if start is None:
            continue
        stands = card_at(suit, start + ordered.index(JOKER)) if JOKER in ordered else None
        if joker_as is None or stands == joker_as:
            return Meld(SEQUENCE, ordered, stands, start)
    if joker_as is None and len(naturals) < len(cards):
        raise RuleError("sequence_not_consecutive")
    return _sorted_sequence(naturals, suit, joker_as)


def _start_in_order(ordered: tuple[Card, ...]) -> int | None:
    """The start position if the cards, as ordered, are consecutive; else ``None``."""
    for start in range(1, MAX_SEQUENCE - len(ordered) + 2):
        if all(
            card.is_joker or start + i in positions_of(card) for i, card in enumerate(ordered)
        ):
            return start
    return None


def _sorted_sequence(naturals: list[Card], suit: str, joker_as: Card | None) -> Meld:
    """A sequence from naturals in any order, the joker (if any) at ``joker_as``'s place.

    An ace goes low unless only high fits (Q K A), as a player would read it.
    A joker standing for an ace takes the end the natural ace leaves free
    (A 2 … K JK=A is the 14-card sequence).
    """
    for meld in _sequence_readings(naturals, suit, joker_as):
        return meld
    if joker_as is not None:
        raise RuleError("bad_joker_declaration", card=joker_as)
    raise RuleError("sequence_not_consecutive")


def _sequence_readings(
    naturals: list[Card], suit: str, joker_as: Card | None
) -> Iterator[Meld]:
    """Every sequence these naturals (and the joker at ``joker_as``) make: the ace low first."""
    joker_places = positions_of(joker_as) if joker_as is not None else (None,)
    for ace in (1, 14):
        natural_places = [ace if c.rank == 1 else c.rank for c in naturals]
        for joker_place in joker_places:
            places = sorted(natural_places + ([] if joker_place is None else [joker_place]))
            if places != list(range(places[0], places[0] + len(places))):
                continue
            cards = tuple(JOKER if p == joker_place else card_at(suit, p) for p in places)
            yield Meld(SEQUENCE, cards, joker_as, places[0])


__all__ = [
    "COMBINATION",
    "SEQUENCE",
    "Meld",
    "make_meld",
    "makeable_melds",
    "parse_cards",
    "position_value",
    "possible_melds",
    "rank_value",
]
