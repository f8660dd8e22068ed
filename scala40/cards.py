"""Cards, their text notation and the 108-card deck (RULES.md §1).

A card is a value: the two decks are identical, so two 7♥ are equal and
interchangeable for every rule. Cards are small, hashable and ordered, which
lets hands be kept as sorted tuples and compared cheaply.

Notation: rank ``A 2..9 10 J Q K`` (``T`` is read as 10), suit ``H D C S``,
a joker is ``JK``. In a meld a joker may carry the card it stands for:
``JK=7H``; :func:`parse_meld_cards` reads that form.

>>> parse_cards("AH 10S QD JK")
[Card('AH'), Card('10S'), Card('QD'), Card('JK')]
>>> format_cards(parse_cards("as ts"))
'AS 10S'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import RuleError

SUITS = ("H", "D", "C", "S")
"""Hearts, diamonds, clubs, spades: no suit outranks another."""

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_RANK = 0
JOKER_SUIT = "*"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: ``rank`` 1 (ace) to 13 (king) and ``suit``, or the joker.

    >>> Card.parse("QD")
    Card('QD')
    >>> Card.parse("JK").is_joker
    True
    """

    rank: int
    suit: str

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card in notation; raise ``RuleError(bad_card)`` if it is not one.

        A joker with the card it stands for (``JK=7H``) belongs to a meld: it is
        refused with a message pointing to ``Meld.parse``.

        >>> Card.parse("JK=7H")
        Traceback (most recent call last):
        scala40.errors.RuleError: “JK=7H” is a joker in a meld: read it with Meld.parse, \
or write the joker alone as JK.
        """
        if not isinstance(text, str):
            raise RuleError("bad_card", text=repr(text)[:60])
        token = text.strip().upper()
        if "=" in token:
            raise RuleError("card_in_meld_form", text=text)
        if token in ("JK", "JOKER", "*"):
            return JOKER
        rank_text, suit = token[:-1], token[-1:]
        rank = _RANK_BY_TEXT.get(rank_text)
        if rank is None or suit not in SUITS:
            raise RuleError("bad_card", text=text)
        return Card(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def rank_text(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def symbol(self) -> str:
        """A short label for people: ``7♥``, ``A♠``, ``JK`` (no emoji: not every
        system has a font for the playing-card characters)."""
        return "JK" if self.is_joker else self.rank_text + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return "JK" if self.is_joker else self.rank_text + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"


JOKER = Card(JOKER_RANK, JOKER_SUIT)

_CARDS = frozenset([JOKER, *(Card(rank, suit) for suit in SUITS for rank in range(1, 14))])


def is_card(value: object) -> bool:
    """Whether ``value`` is one of the 53 cards (a ``Card(5, "X")`` is not).

    >>> is_card(Card(5, "H")), is_card(Card(5, "X")), is_card("5H")
    (True, False, False)
    """
    return (
        type(value) is Card
        and type(value.rank) is int
        and type(value.suit) is str
        and value in _CARDS
    )


_RANK_BY_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
_RANK_BY_TEXT.update({str(n): n for n in range(2, 11)})


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, in order.

    >>> parse_cards("7H, 8H 9h")
    [Card('7H'), Card('8H'), Card('9H')]
    """
    return [Card.parse(token) for token in text.replace(",", " ").split()]


def parse_meld_cards(text: str) -> tuple[list[Card], Card | None]:
    """Read a meld's cards where a joker may say what it stands for.

    Returns the cards (the joker as ``JK``) and the declared card or ``None``.

    >>> parse_meld_cards("4S 5S JK=6S")
    ([Card('4S'), Card('5S'), Card('JK')], Card('6S'))
    """
    cards: list[Card] = []
    declared: Card | None = None
    for token in text.replace(",", " ").split():
        head, _, stands_for = token.partition("=")
        card = Card.parse(head)
        if stands_for:
            if not card.is_joker:
                raise RuleError("bad_card", text=token)
            declared = Card.parse(stands_for)
            if declared.is_joker:
                raise RuleError("bad_card", text=token)
        cards.append(card)
    return cards, declared


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by spaces (:func:`parse_cards` reads it back)."""
    return " ".join(str(card) for card in cards)


def full_deck(jokers: int = 4) -> list[Card]:
    """The two French decks: 104 natural cards plus ``jokers`` (4, or 0 without jokers)."""
    naturals = [Card(rank, suit) for _ in range(2) for suit in SUITS for rank in range(1, 14)]
    return naturals + [JOKER] * jokers


