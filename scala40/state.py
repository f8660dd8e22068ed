"""The state of a match: immutable values, cheap to copy and safe to share.

A :class:`State` is the whole truth of a match at one moment: the rules, the
players, the scores and the hand being played (:class:`Hand`). The engine
(:mod:`scala40.engine`) is the only way from one state to the next; the table
and the bots keep earlier states to undo, or to search, without fear.

Seats are numbered 0..n-1 clockwise: the player on a seat's left is the next
seat, so play goes from the dealer to ``dealer + 1`` and onwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .actions import Action
from .cards import Card
from .melds import Meld
from .rules import Rules


class Phase(StrEnum):
    """Where the player to move is in a turn (OpenSpiel's explicit phases).

    A turn is ``DRAW`` then ``PLAY`` (melds, attachments, swaps, and the
    discard that ends it); ``OVER`` is a finished hand, waiting for
    :class:`~scala40.actions.NextHand` unless the match is over. A
    ``StrEnum``, so it reads and writes as its plain value in text forms.

    >>> Phase("play") is Phase.PLAY, str(Phase.OVER)
    (True, 'over')
    """

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the seat of the player who laid it."""

    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: the closer (``None`` if the cards ran out), in mano or not,
    what each seat pays (0 for the closer and for seats not in the hand), and
    who was eliminated or re-entered (points mode) after it."""

    closer: int | None
    in_mano: bool
    penalties: tuple[int, ...]
    eliminated: tuple[int, ...] = ()
    reentered: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand (*smazzata*) being played.

    ``stock`` and ``pile`` have their top card last. ``must_use`` holds the
    cards that have to leave the hand before this turn's discard: the card
    taken from the pile and jokers taken back by a swap; ``taken_from_pile``
    is the card taken from the pile this turn (``None`` after a stock draw). ``turn_melds`` are
    the indexes of melds laid this turn (an unopened player's provisional
    opening); ``opened_before_turn`` tells whether the player to move had
    opened when the turn began (closing in mano, §6). ``log`` is the public
    record of the hand: (seat, action, card taken from the pile or ``None``).
    ``turn_start`` is the hand right after a stock draw, or right before a
    pile take: what :class:`~scala40.actions.TakeBack` returns to.
    """

    number: int
    dealer: int
    seats: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    opened: tuple[bool, ...]
    turn: int
    phase: Phase
    turns_taken: int = 0
    reshuffles: int = 0
    must_use: tuple[Card, ...] = ()
    taken_from_pile: Card | None = None
    took_pile_unopened: bool = False
    turn_melds: tuple[int, ...] = ()
    opened_before_turn: bool = False
    log: tuple[tuple[int, Action, Card | None], ...] = ()
    result: HandResult | None = None
    turn_start: Hand | None = None

    @property
    def turn_id(self) -> tuple[int, int]:
        """Which turn this is: (hand number, turns taken in the hand so far)."""
        return (self.number, self.turns_taken)

    @property
    def pile_top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is: 108 (or 104) of them, always."""
        cards = [*self.stock, *self.pile]
        for held in self.hands:
            cards.extend(held)
        for table_meld in self.melds:
            cards.extend(table_meld.meld.cards)
        return cards


@dataclass(frozen=True, slots=True)
class State:
    """A match: rules, players, seed, scores and the current hand.

    ``out`` marks eliminated seats; ``results`` lists every finished hand;
    ``winner`` is set when the match is over.
    """

    rules: Rules
    players: tuple[str, ...]
    seed: str
    scores: tuple[int, ...]
    out: tuple[bool, ...]
    hand: Hand
    results: tuple[HandResult, ...] = ()
    winner: int | None = None

    @property
    def is_over(self) -> bool:
        """The match is over: someone won, nothing more can be played."""
        return self.winner is not None

    @property
    def hand_over(self) -> bool:
        """The hand is finished (scored), whether or not the match goes on."""
        return self.hand.phase == Phase.OVER

    @property
    def between_hands(self) -> bool:
        """The hand is over and the match is not: waiting for the next deal."""
        return self.hand_over and not self.is_over

    @property
    def to_move(self) -> int:
        """The seat whose move it is."""
        return self.hand.turn
