"""What one seat may see, and hidden-card sampling for players that search.

An :class:`Observation` is the state with every card the seat cannot see
taken out (the other hands, the stock, the seed that shuffles them) and
nothing else changed: it is derived from the :class:`~scala40.state.State`
mechanically, field by field, so a field added to the state reaches the
view without anyone listing it. Bots and the table's other-seat views are
built on it.

:func:`determinize` turns an observation back into a full
:class:`~scala40.state.State` by dealing the unseen cards at random
(consistently with what the seat saw, the turn's start included), so that a
bot can ask the engine what is legal and look ahead without ever reading the
true hidden cards.

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

from .actions import Action, TakeBack
from .cards import Card, format_cards, full_deck
from .engine import refusal
from .rules import Rules
from .state import Hand, HandResult, Phase, State, TableMeld

HIDDEN_SEED = ""
"""The seed of a view: the real one would tell every shuffle, so it is hidden too."""


@dataclass(frozen=True, slots=True)
class Observation:
    """The match as seen from ``seat``.

    ``public`` is the true state less what the seat cannot see: the other
    seats' hands and the stock are empty (their sizes are ``hand_counts`` and
    ``stock_count``), the seed is hidden, and the turn's start is masked the
    same way. Of the turn's start a seat knows its own hand and the public
    zones; for the player to move seen by another seat, ``start_gone`` and
    ``start_gained`` are the public difference between that player's hand at
    the turn's start and now (cards laid or attached; the pile card and
    jokers taken back), so the hand at the start can be rebuilt from any
    sample of the hand now. ``can_take_back`` is whether
    :class:`~scala40.actions.TakeBack` is legal for the player to move.
    """

    seat: int
    public: State
    hand_counts: tuple[int, ...]
    stock_count: int
    start_gone: tuple[Card, ...]
    start_gained: tuple[Card, ...]
    can_take_back: bool

    # -- the public state, by the names the bots read ---------------------------

    @property
    def rules(self) -> Rules:
        return self.public.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.public.players

    @property
    def scores(self) -> tuple[int, ...]:
        return self.public.scores

    @property
    def out(self) -> tuple[bool, ...]:
        return self.public.out

    @property
    def results(self) -> tuple[HandResult, ...]:
        return self.public.results

    @property
    def winner(self) -> int | None:
        return self.public.winner

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's own cards."""
        return self.public.hand.hands[self.seat]

    @property
    def hand_number(self) -> int:
        return self.public.hand.number

    @property
    def turn_id(self) -> tuple[int, int]:
        """Which turn this is: (hand number, turns taken in the hand)."""
        return self.public.hand.turn_id

    @property
    def dealer(self) -> int:
        return self.public.hand.dealer

    @property
    def seats(self) -> tuple[int, ...]:
        return self.public.hand.seats

    @property
    def turn(self) -> int:
        return self.public.hand.turn

    @property
    def phase(self) -> Phase:
        return self.public.hand.phase

    @property
    def turns_taken(self) -> int:
        return self.public.hand.turns_taken

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        return self.public.hand.melds

    @property
    def pile(self) -> tuple[Card, ...]:
        return self.public.hand.pile

    @property
    def opened(self) -> tuple[bool, ...]:
        return self.public.hand.opened

    @property
    def log(self) -> tuple[tuple[int, Action, Card | None], ...]:
        return self.public.hand.log

    @property
    def must_use(self) -> tuple[Card, ...]:
        return self.public.hand.must_use

    @property
    def taken_from_pile(self) -> Card | None:
        return self.public.hand.taken_from_pile

    @property
    def took_pile_unopened(self) -> bool:
        return self.public.hand.took_pile_unopened

    @property
    def turn_melds(self) -> tuple[int, ...]:
        return self.public.hand.turn_melds

    @property
    def opened_before_turn(self) -> bool:
        return self.public.hand.opened_before_turn

    @property
    def reshuffles(self) -> int:
        return self.public.hand.reshuffles

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

    def text(self) -> str:
        """What this seat sees, as a readable block (golden playthroughs diff it).

        >>> from scala40 import new_match
        >>> print(observe(new_match(["Anna", "Bruno"], seed=3), 1).text())
        view of seat 1 Bruno: hand 1, 0 turns taken, seat 1 to move, draw
        scores: 0 0
        seat 0 Anna: 13 cards, closed
        seat 1 Bruno: closed | JK 2D 3D 5C 5C 8D 8H 9C 10C JS QH KD KS
        stock: 81 cards
        pile: 9H
        """
        hand = self.public.hand
        lines = [
            f"view of seat {self.seat} {self.players[self.seat]}: hand {hand.number}, "
            f"{hand.turns_taken} turns taken, seat {hand.turn} to move, {hand.phase}",
            "scores: " + " ".join(map(str, self.scores)),
        ]
        for seat in hand.seats:
            status = "opened" if hand.opened[seat] else "closed"
            name = f"seat {seat} {self.players[seat]}"
            if seat == self.seat:
                lines.append(f"{name}: {status} | {format_cards(self.hand)}".rstrip())
            else:
                lines.append(f"{name}: {self.hand_counts[seat]} cards, {status}")
        lines.append(f"stock: {self.stock_count} cards")
        lines.append(f"pile: {format_cards(hand.pile)}".rstrip())
        lines.extend(
            f"meld {index} by {table_meld.owner}: {table_meld.meld}"
            for index, table_meld in enumerate(hand.melds)
        )
        if hand.phase == Phase.PLAY:
            turn = [f"can take back: {'yes' if self.can_take_back else 'no'}"]
            if hand.taken_from_pile is not None:
                turn.append(f"taken from pile: {hand.taken_from_pile}")
            if hand.must_use:
                turn.append(f"must use: {format_cards(hand.must_use)}")
            if hand.turn_melds:
                turn.append(f"laid this turn: {' '.join(map(str, hand.turn_melds))}")
            lines.append("turn: " + ", ".join(turn))
        if hand.result is not None:
            lines.append(
                f"hand result: closer={hand.result.closer} "
                f"penalties={' '.join(map(str, hand.result.penalties))}"
            )
        if self.winner is not None:
            lines.append(f"winner: {self.winner} {self.players[self.winner]}")
        return "\n".join(lines)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may see of ``state``."""
    hand = state.hand
    start = hand.turn_start
    mover = hand.turn
    gone: tuple[Card, ...] = ()
    gained: tuple[Card, ...] = ()
    if start is not None and mover != seat:
        before, now = Counter(start.hands[mover]), Counter(hand.hands[mover])
        gone = tuple(sorted((before - now).elements()))
        gained = tuple(sorted((now - before).elements()))
    public = replace(
        state,
        seed=HIDDEN_SEED,
        hand=replace(
            _masked(hand, seat),
            turn_start=None if start is None else _masked(start, seat),
        ),
    )
    return Observation(
        seat=seat,
        public=public,
        hand_counts=tuple(len(cards) for cards in hand.hands),
        stock_count=len(hand.stock),
        start_gone=gone,
        start_gained=gained,
        can_take_back=refusal(state, TakeBack()) is None,
    )


def _masked(hand: Hand, seat: int) -> Hand:
    """``hand`` with only ``seat``'s cards in hand and an empty stock."""
    hands = tuple(cards if other == seat else () for other, cards in enumerate(hand.hands))
    return replace(hand, hands=hands, stock=())


def determinize(view: Observation, rng: random.Random, seed: str = "sample") -> State:
    """A full state consistent with ``view``: unseen cards dealt at random.

    The result has the seen cards exactly where the view has them; other
    hands get the right number of cards (the player to move keeps the cards
    everyone saw come into the hand this turn); the stock gets the rest;
    the turn's start holds the same hidden cards, the mover's hand there
    rebuilt from the public difference. The ``seed`` only names later
    reshuffles inside the sample.
    """
    public = view.public.hand
    mover = public.turn
    unseen = Counter(view.unseen())
    if view.start_gained:
        unseen.subtract(view.start_gained)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        known = view.start_gained if seat == mover else ()
        dealt, pool = pool[: count - len(known)], pool[count - len(known):]
        hands.append(tuple(sorted((*dealt, *known))))
    hand = replace(public, hands=tuple(hands), stock=tuple(pool))
    if public.turn_start is not None:
        start_hands = list(hands)
        start_hands[view.seat] = public.turn_start.hands[view.seat]
        if mover != view.seat:
            at_start = Counter(hands[mover])
            at_start.subtract(view.start_gained)
            at_start.update(view.start_gone)
            start_hands[mover] = tuple(sorted(at_start.elements()))
        start = replace(public.turn_start, hands=tuple(start_hands), stock=hand.stock)
        hand = replace(hand, turn_start=start)
    return replace(view.public, seed=seed, hand=hand)


__all__ = ["Observation", "determinize", "observe"]
