"""What one seat may see, and hidden-card sampling for players that search.

An :class:`Observation` holds everything public (table, pile, counts, scores,
the public log of the hand) plus the seat's own cards, never another hand or
the stock's order. Bots and the table's other-seat views are built on it.

:func:`determinize` turns an observation back into a full
:class:`~scala40.state.State` by dealing the unseen cards at random
(consistently with what the seat saw), so that a bot can ask the engine what
is legal and look ahead without ever reading the true hidden cards.

>>> from scala40 import new_match
>>> state = new_match(["Anna", "Bruno"], seed=3)
>>> view = observe(state, 0)
>>> len(view.hand), view.hand_counts
(13, (13, 13))
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from .actions import Action
from .cards import Card, full_deck
from .rules import Rules
from .state import Hand, HandResult, State, TableMeld


@dataclass(frozen=True, slots=True)
class Observation:
    """The match as seen from ``seat``."""

    seat: int
    rules: Rules
    players: tuple[str, ...]
    scores: tuple[int, ...]
    out: tuple[bool, ...]
    hand_number: int
    dealer: int
    seats: tuple[int, ...]
    turn: int
    phase: str
    turns_taken: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    pile: tuple[Card, ...]
    stock_count: int
    opened: tuple[bool, ...]
    log: tuple[tuple[int, Action, Card | None], ...]
    must_use: tuple[Card, ...]
    pile_card: Card | None
    took_pile_unopened: bool
    turn_melds: tuple[int, ...]
    opened_before_turn: bool
    reshuffles: int
    results: tuple[HandResult, ...]
    winner: int | None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    def unseen(self) -> list[Card]:
        """Cards this seat cannot see: the other hands and the stock, as a multiset."""
        seen = Counter(self.hand)
        seen.update(self.pile)
        for table_meld in self.melds:
            seen.update(table_meld.meld.cards)
        left = Counter(full_deck(self.rules.jokers))
        left.subtract(seen)
        return sorted(left.elements())


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may see of ``state``. The turn's obligations are shown
    only to the player whose turn it is (they are about that player's hand)."""
    hand = state.hand
    mine = hand.turn == seat
    return Observation(
        seat=seat,
        rules=state.rules,
        players=state.players,
        scores=state.scores,
        out=state.out,
        hand_number=hand.number,
        dealer=hand.dealer,
        seats=hand.seats,
        turn=hand.turn,
        phase=hand.phase,
        turns_taken=hand.turns_taken,
        hand=hand.hands[seat],
        hand_counts=tuple(len(cards) for cards in hand.hands),
        melds=hand.melds,
        pile=hand.pile,
        stock_count=len(hand.stock),
        opened=hand.opened,
        log=hand.log,
        must_use=hand.must_use if mine else (),
        pile_card=hand.pile_card,
        took_pile_unopened=hand.took_pile_unopened,
        turn_melds=hand.turn_melds,
        opened_before_turn=hand.opened_before_turn,
        reshuffles=hand.reshuffles,
        results=state.results,
        winner=state.winner,
    )


def determinize(view: Observation, rng: random.Random, seed: str = "sample") -> State:
    """A full state consistent with ``view``: unseen cards dealt at random.

    The result has the seen cards exactly where the view has them; other
    hands get the right number of cards; the stock gets the rest. The
    ``seed`` only names later reshuffles inside the sample.
    """
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(unseen[:count])))
            unseen = unseen[count:]
    hand = Hand(
        number=view.hand_number,
        dealer=view.dealer,
        seats=view.seats,
        hands=tuple(hands),
        stock=tuple(unseen),
        pile=view.pile,
        melds=view.melds,
        opened=view.opened,
        turn=view.turn,
        phase=view.phase,
        turns_taken=view.turns_taken,
        reshuffles=view.reshuffles,
        must_use=view.must_use,
        pile_card=view.pile_card,
        took_pile_unopened=view.took_pile_unopened,
        turn_melds=view.turn_melds,
        opened_before_turn=view.opened_before_turn,
        log=view.log,
    )
    state = State(view.rules, view.players, seed, view.scores, view.out, hand, view.results)
    return replace(state, winner=view.winner)
