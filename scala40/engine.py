"""The state machine of a match: deal, turns (draw → play → discard), scoring.

:func:`apply` is the only way from one :class:`~scala40.state.State` to the
next: it checks the action against RULES.md and either returns the new state
or raises :class:`~scala40.errors.RuleError` naming the rule. Everything the
table and the bots ask ("what may I do?", "where does this card fit?", "why
can't I discard this?") is answered here, so no rule lives anywhere else.

>>> state = new_match(["Anna", "Bruno"], seed=7)
>>> state.hand.phase, len(state.hand.hands[state.to_move])
(<Phase.DRAW: 'draw'>, 13)
>>> state = apply(state, DrawStock())
>>> state.hand.phase
<Phase.PLAY: 'play'>
>>> apply(state, DrawStock())
Traceback (most recent call last):
scala40.errors.RuleError: You have already drawn this turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from .actions import (
    Action,
    Attach,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    action_type_refusal,
)
from .cards import JOKER, Card, full_deck
from .errors import RuleError
from .melds import Meld, make_meld, makeable_melds
from .rules import (
    ATTACHABLE_ALLOWED,
    ATTACHABLE_BEFORE_OPENING,
    ATTACHABLE_EXCEPT_CLOSING,
    SINGLE,
    Rules,
)
from .scoring import penalty_for
from .state import Hand, HandResult, Phase, State, TableMeld

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_RESHUFFLES = 5
"""How many times a hand's stock may be rebuilt from the pile. Play can reach
positions where nobody can ever meld or attach again (say, every hand down to
two cards and the table full); rather than loop forever, the hand then ends
with no winner and no penalties, as when nothing is left to draw (decision)."""


# -- starting a match ----------------------------------------------------------


def new_match(players: Iterable[object], seed: object = 0, rules: Rules | None = None) -> State:
    """A new match between ``players`` (2 to 6 names), dealt from ``seed``.

    The first dealer is drawn from the seed (RULES.md §2); every later
    shuffle is drawn from the seed too, so (rules, players, seed) and the
    actions fix the whole match.
    """
    rules = rules or Rules()
    names = tuple(str(name) for name in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len(set(names)) != len(names):
        raise RuleError("bad_players")
    seed_text = str(seed)
    dealer = random.Random(f"{seed_text}/dealer").randrange(len(names))
    seats = tuple(range(len(names)))
    hand = _deal(rules, seed_text, number=1, dealer=dealer, seats=seats, players=len(names))
    zeros = (0,) * len(names)
    return State(rules, names, seed_text, zeros, (False,) * len(names), hand)


def _deal(
    rules: Rules, seed: str, *, number: int, dealer: int, seats: tuple[int, ...], players: int
) -> Hand:
    """Shuffle, deal one card at a time from the dealer's left, turn the first pile card.

    A joker turned for the pile goes back into the stock at a random place
    (never on top) and the next card is turned (RULES.md §2).
    """
    rng = random.Random(f"{seed}/deal/{number}")
    deck = full_deck(rules.jokers)
    rng.shuffle(deck)
    order = _clockwise_from(seats, dealer)
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(rules.hand_size(len(seats))):
        for seat in order:
            dealt[seat].append(deck.pop())
    first = deck.pop()
    while first.is_joker:
        deck.insert(rng.randrange(len(deck)), first)
        first = deck.pop()
    return Hand(
        number=number,
        dealer=dealer,
        seats=tuple(seats),
        hands=tuple(tuple(sorted(cards)) for cards in dealt),
        stock=tuple(deck),
        pile=(first,),
        melds=(),
        opened=(False,) * players,
        turn=order[0],
        phase=Phase.DRAW,
    )


def _clockwise_from(seats: Iterable[int], seat: int) -> list[int]:
    """The seats in play order starting on the left of ``seat`` (which comes last)."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > seat]
    before = [s for s in ordered if s <= seat]
    return after + before


# -- applying actions ----------------------------------------------------------


def refusal(state: State, action: Action) -> RuleError | None:
    """Why the player to move may not take ``action`` now, or ``None`` if they may.

    PokerKit's verify step: the checks alone, cheap, building no new state.
    :func:`apply` raises exactly this; :func:`is_legal` is ``refusal(...) is None``.
    A wrongly typed action (not a card, a target that is not an int) is refused
    here too, with ``bad_action_field`` naming the field.

    >>> state = new_match(["Anna", "Bruno"], seed=7)
    >>> refusal(state, Discard(state.hand.hands[state.to_move][0])).code
    'must_draw_first'
    >>> refusal(state, DrawStock()) is None
    True
    """
    malformed = action_type_refusal(action)
    if malformed is not None:
        return malformed
    if state.is_over:
        return RuleError("match_over")
    if isinstance(action, NextHand):
        return None if state.hand_over else RuleError("hand_not_over")
    phase = state.hand.phase
    if phase == Phase.OVER:
        return RuleError("hand_over")
    if isinstance(action, DrawStock | TakeDiscard):
        if phase != Phase.DRAW:
            return RuleError("already_drew")
    elif phase == Phase.DRAW:
        return RuleError("must_draw_first")
    return _REFUSALS[type(action)](state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the player to move; raises :func:`refusal`'s
    ``RuleError`` if it is not allowed (verify, then do)."""
    error = refusal(state, action)
    if error is not None:
        raise error
    return _HANDLERS[type(action)](state, action)


def is_legal(state: State, action: Action) -> bool:
    """Whether ``apply(state, action)`` would succeed (no new state is built)."""
    return refusal(state, action) is None


# Each refusal below runs after the phase checks of :func:`refusal`; each handler
# runs after its refusal said yes, so it only does.


def _no_refusal(state: State, action: Action) -> RuleError | None:
    return None


def _take_discard_refusal(state: State, action: TakeDiscard) -> RuleError | None:
    hand = state.hand
    if not hand.pile:
        return RuleError("pile_empty")
    if not hand.opened[hand.turn] and not state.rules.pile_before_opening:
        return RuleError("pile_before_opening")
    return None


def _lay_meld_refusal(state: State, action: LayMeld) -> RuleError | None:
    hand = state.hand
    held = hand.hands[hand.turn]
    missing = _missing_from(held, action.cards)
    if missing is not None:
        return RuleError("card_not_in_hand", card=missing)
    try:
        make_meld(action.cards, joker_as=action.joker_as)
    except RuleError as error:
        return error
    if len(held) == len(action.cards):
        return RuleError("hand_would_empty")
    return None


def _table_play_refusal(state: State, card: Card, target: int) -> RuleError | None:
    """What attaching and swapping a joker first check alike: the player has opened,
    the meld exists, the card is in hand."""
    hand = state.hand
    if not hand.opened[hand.turn]:
        return RuleError("not_opened")
    if not 0 <= target < len(hand.melds):
        return RuleError("no_such_meld", target=target)
    if card not in hand.hands[hand.turn]:
        return RuleError("card_not_in_hand", card=card)
    return None


def _attach_refusal(state: State, action: Attach) -> RuleError | None:
    hand = state.hand
    error = _table_play_refusal(state, action.card, action.target)
    if error is not None:
        return error
    try:
        hand.melds[action.target].meld.attach(action.card, end=action.end, joker_as=action.joker_as)
    except RuleError as refused:
        return refused
    if len(hand.hands[hand.turn]) == 1:
        return RuleError("hand_would_empty")
    return _pile_card_outside_opening(hand, action.card)


def _swap_joker_refusal(state: State, action: SwapJoker) -> RuleError | None:
    error = _table_play_refusal(state, action.card, action.target)
    if error is not None:
        return error
    try:
        state.hand.melds[action.target].meld.swap_joker(action.card)
    except RuleError as refused:
        return refused
    return _pile_card_outside_opening(state.hand, action.card)


def _take_back_refusal(state: State, action: TakeBack) -> RuleError | None:
    hand = state.hand
    start = hand.turn_start
    if start is None or replace(hand, log=start.log, turn_start=None) == start:
        return RuleError("nothing_to_take_back")
    return None


def _pile_card_outside_opening(hand: Hand, card: Card) -> RuleError | None:
    """§9 pile before opening: the card taken goes into the opening melds laid this
    turn, never attached or put in a joker's place."""
    if hand.took_pile_unopened and card == hand.taken_from_pile and card in hand.must_use:
        return RuleError("pile_card_not_in_opening", card=card)
    return None


def _discard_refusal(state: State, action: Discard) -> RuleError | None:
    hand, seat, rules, card = state.hand, state.hand.turn, state.rules, action.card
    held = hand.hands[seat]
    if card not in held:
        return RuleError("card_not_in_hand", card=card)
    if hand.taken_from_pile is not None and hand.taken_from_pile in hand.must_use:
        return RuleError("pile_card_unused", card=hand.taken_from_pile)
    if hand.must_use:
        return RuleError("joker_unused")
    closing = len(held) == 1
    if not hand.opened[seat] and hand.turn_melds and not (closing and not rules.mano_needs_minimum):
        return opening_refusal(hand, rules)
    if hand.took_pile_unopened and not hand.opened[seat]:
        return opening_refusal(hand, rules)
    if closing and not rules.first_round_closing and hand.turns_taken < len(hand.seats):
        return RuleError("first_round_closing")
    forbidden = {
        ATTACHABLE_BEFORE_OPENING: not hand.opened[seat] and not closing,
        ATTACHABLE_EXCEPT_CLOSING: not closing,
        ATTACHABLE_ALLOWED: False,
    }.get(rules.attachable_discard, True)
    if (
        forbidden
        and can_attach_anywhere(hand, card)
        and (closing or _has_other_discard(hand, held, card))
    ):
        return RuleError("discard_attachable", card=card)
    return None


def _draw_stock(state: State, action: DrawStock) -> State:
    hand = state.hand
    stock, pile, reshuffles = hand.stock, hand.pile, hand.reshuffles
    if not stock:
        if len(pile) < 2 or reshuffles >= MAX_RESHUFFLES:
            return _end_hand(state, hand, closer=None)
        reshuffles += 1
        rng = random.Random(f"{state.seed}/reshuffle/{hand.number}/{reshuffles}")
        fresh = list(pile[:-1])
        rng.shuffle(fresh)
        stock, pile = tuple(fresh), pile[-1:]
    card = stock[-1]
    hand = replace(
        hand,
        stock=stock[:-1],
        pile=pile,
        reshuffles=reshuffles,
        hands=_with_hand(hand, hand.turn, (*hand.hands[hand.turn], card)),
        phase=Phase.PLAY,
        log=(*hand.log, (hand.turn, action, None)),
    )
    return replace(state, hand=replace(hand, turn_start=hand))


def _take_discard(state: State, action: TakeDiscard) -> State:
    hand, seat = state.hand, state.hand.turn
    card = hand.pile[-1]
    hand = replace(
        hand,
        pile=hand.pile[:-1],
        hands=_with_hand(hand, seat, (*hand.hands[seat], card)),
        phase=Phase.PLAY,
        must_use=(card,),
        taken_from_pile=card,
        took_pile_unopened=not hand.opened[seat],
        log=(*hand.log, (seat, action, card)),
        turn_start=hand,
    )
    return replace(state, hand=hand)


def _lay_meld(state: State, action: LayMeld) -> State:
    hand, seat = state.hand, state.hand.turn
    meld = make_meld(action.cards, joker_as=action.joker_as)
    hand = replace(
        hand,
        hands=_with_hand(hand, seat, _without(hand.hands[seat], action.cards)),
        melds=(*hand.melds, TableMeld(seat, meld)),
        turn_melds=(*hand.turn_melds, len(hand.melds)),
        must_use=_used(hand.must_use, action.cards),
        log=(*hand.log, (seat, action, None)),
    )
    if not hand.opened[seat] and opening_refusal(hand, state.rules) is None:
        hand = replace(hand, opened=_with_flag(hand.opened, seat))
    return replace(state, hand=hand)


def _attach(state: State, action: Attach) -> State:
    hand, seat = state.hand, state.hand.turn
    target = hand.melds[action.target].meld
    meld = target.attach(action.card, end=action.end, joker_as=action.joker_as)
    hand = replace(
        hand,
        hands=_with_hand(hand, seat, _without(hand.hands[seat], (action.card,))),
        melds=_with_meld(hand, action.target, meld),
        must_use=_used(hand.must_use, (action.card,)),
        log=(*hand.log, (seat, action, None)),
    )
    return replace(state, hand=hand)


def _swap_joker(state: State, action: SwapJoker) -> State:
    hand, seat = state.hand, state.hand.turn
    meld = hand.melds[action.target].meld.swap_joker(action.card)
    remaining = _without(hand.hands[seat], (action.card,))
    hand = replace(
        hand,
        hands=_with_hand(hand, seat, (*remaining, JOKER)),
        melds=_with_meld(hand, action.target, meld),
        must_use=(*_used(hand.must_use, (action.card,)), JOKER),
        log=(*hand.log, (seat, action, None)),
    )
    return replace(state, hand=hand)


def _take_back(state: State, action: TakeBack) -> State:
    hand = state.hand
    start = hand.turn_start
    assert start is not None  # _take_back_refusal
    log = (*hand.log, (hand.turn, action, None))
    keep = start if start.phase == Phase.PLAY else None
    return replace(state, hand=replace(start, log=log, turn_start=keep))


def _discard(state: State, action: Discard) -> State:
    hand, seat = state.hand, state.hand.turn
    remaining = _without(hand.hands[seat], (action.card,))
    hand = replace(
        hand,
        hands=_with_hand(hand, seat, remaining),
        pile=(*hand.pile, action.card),
        log=(*hand.log, (seat, action, None)),
    )
    if not remaining:
        return _end_hand(state, hand, closer=seat)
    following = _clockwise_from(hand.seats, seat)[0]
    hand = replace(
        hand,
        turn=following,
        phase=Phase.DRAW,
        turns_taken=hand.turns_taken + 1,
        must_use=(),
        taken_from_pile=None,
        took_pile_unopened=False,
        turn_melds=(),
        opened_before_turn=hand.opened[following],
        turn_start=None,
    )
    return replace(state, hand=hand)


_REFUSALS: dict[type, Callable[[State, Any], RuleError | None]] = {
    DrawStock: _no_refusal,
    TakeDiscard: _take_discard_refusal,
    LayMeld: _lay_meld_refusal,
    Attach: _attach_refusal,
    SwapJoker: _swap_joker_refusal,
    TakeBack: _take_back_refusal,
    Discard: _discard_refusal,
}

_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    DrawStock: _draw_stock,
    TakeDiscard: _take_discard,
    LayMeld: _lay_meld,
    Attach: _attach,
    SwapJoker: _swap_joker,
    TakeBack: _take_back,
    Discard: _discard,
    NextHand: lambda state, action: _next_hand(state),
}


# -- the end of a hand and of the match ----------------------------------------


def _end_hand(state: State, hand: Hand, closer: int | None) -> State:
    """Score the hand (RULES.md §6, §7) and settle eliminations (§8)."""
    rules = state.rules
    in_mano = closer is not None and not hand.opened_before_turn
    penalties = [0] * len(state.players)
    if closer is not None:
        for seat in hand.seats:
            if seat != closer:
                penalties[seat] = penalty_for(
                    hand.hands[seat], rules, opened=hand.opened[seat], in_mano=in_mano
                )
    scores = list(state.scores)
    out = list(state.out)
    winner = None
    eliminated: list[int] = []
    reentered: list[int] = []
    if rules.mode == SINGLE:
        winner = closer
    elif closer is not None:
        scores = [score + penalty for score, penalty in zip(scores, penalties, strict=True)]
        still_in = [s for s in hand.seats if scores[s] < rules.elimination_score]
        gone = [s for s in hand.seats if s not in still_in]
        if len(still_in) == 1:
            winner = still_in[0]
            eliminated = gone
        elif rules.reentry:
            top = max(scores[s] for s in still_in)
            for seat in gone:
                scores[seat] = top
            reentered = gone
        else:
            for seat in gone:
                out[seat] = True
            eliminated = gone
    result = HandResult(closer, in_mano, tuple(penalties), tuple(eliminated), tuple(reentered))
    hand = replace(hand, phase=Phase.OVER, result=result, turn_start=None)
    return replace(
        state,
        hand=hand,
        scores=tuple(scores),
        out=tuple(out),
        results=(*state.results, result),
        winner=winner,
    )


def _next_hand(state: State) -> State:
    """Deal the next hand; the deal passes to the left of the last dealer (RULES.md §2)."""
    hand = state.hand
    seats = _seats_in(state)
    dealer = next_dealer(state)
    fresh = _deal(
        state.rules, state.seed, number=hand.number + 1, dealer=dealer, seats=seats,
        players=len(state.players),
    )
    return replace(state, hand=fresh)


def _seats_in(state: State) -> tuple[int, ...]:
    return tuple(seat for seat in range(len(state.players)) if not state.out[seat])


# -- questions the table and the bots ask ---------------------------------------


def next_dealer(state: State) -> int:
    """Who deals the next hand: the first seat still in on the last dealer's left.

    >>> next_dealer(new_match(["A", "B", "C"], seed=1)) == (new_match(["A", "B", "C"], 1)
    ...     .hand.dealer + 1) % 3
    True
    """
    return _clockwise_from(_seats_in(state), state.hand.dealer)[0]


@dataclass(frozen=True, slots=True)
class OpeningProgress:
    """The running total of the melds laid this turn by a player who has not opened.

    ``points`` counts every meld laid this turn; ``counted`` is what counts
    toward the minimum (without melds holding a joker under a clean opening).
    """

    points: int
    counted: int
    needed: int
    opened: bool

    @property
    def reached(self) -> bool:
        return self.counted >= self.needed


def opening_progress(state: State) -> OpeningProgress:
    """The opening total so far this turn for the player to move ("32 / 40")."""
    hand = state.hand
    turn_melds = [hand.melds[i].meld for i in hand.turn_melds]
    return OpeningProgress(
        points=sum(m.points for m in turn_melds),
        counted=_counted_points(turn_melds, state.rules),
        needed=state.rules.opening_minimum,
        opened=hand.opened[hand.turn],
    )


def _counted_points(melds: Iterable[Meld], rules: Rules) -> int:
    return sum(m.points for m in melds if not (rules.clean_opening and m.has_joker))


def opening_refusal(hand: Hand, rules: Rules) -> RuleError | None:
    """Why the melds laid this turn do not (yet) open, or ``None`` if they do."""
    turn_melds = [hand.melds[i].meld for i in hand.turn_melds]
    counted = _counted_points(turn_melds, rules)
    if counted >= rules.opening_minimum:
        return None
    if rules.clean_opening:
        return RuleError("clean_opening_below_minimum", needed=rules.opening_minimum, have=counted)
    return RuleError("opening_below_minimum", needed=rules.opening_minimum, have=counted)


def attach_options(state: State, card: Card) -> list[tuple[int, Attach]]:
    """Where the player to move may attach ``card`` now: (meld index, action) pairs."""
    found = []
    for index, table_meld in enumerate(state.hand.melds):
        for action in _attach_actions(card, index, table_meld.meld):
            if is_legal(state, action):
                found.append((index, action))
    return found


def can_attach_anywhere(hand: Hand, card: Card) -> bool:
    """Whether a natural ``card`` fits any meld on the table (the discard rule of §5.3)."""
    return not card.is_joker and any(m.meld.can_attach(card) for m in hand.melds)


def discard_refusal(state: State, card: Card) -> RuleError | None:
    """Why the player to move may not discard ``card`` now, or ``None`` if they may
    (the table asks it of every card in hand, to grey out the refused ones)."""
    return refusal(state, Discard(card))


def _has_other_discard(hand: Hand, held: tuple[Card, ...], card: Card) -> bool:
    """Whether another card could be discarded instead: if every card in hand is
    attachable, the attachable rule yields, so a turn can always end (decision).
    A closing discard never needs this: the player can take the turn back and
    keep more cards ("never" forbids an attachable closing discard, RULES.md §9)."""
    return any(other != card and not can_attach_anywhere(hand, other) for other in held)


def legal_actions(state: State) -> list[Action]:
    """Every action the player to move may take now (melds in every legal reading)."""
    if state.is_over:
        return []
    hand = state.hand
    if hand.phase == Phase.OVER:
        return [NextHand()]
    if hand.phase == Phase.DRAW:
        return [a for a in (DrawStock(), TakeDiscard()) if is_legal(state, a)]
    held = hand.hands[hand.turn]
    candidates: list[Action] = [LayMeld(*candidate) for candidate in meld_candidates(held)]
    distinct = sorted(set(held))
    if hand.opened[hand.turn]:
        for index, table_meld in enumerate(hand.melds):
            meld = table_meld.meld
            for card in distinct:
                candidates.extend(_attach_actions(card, index, meld))
            if meld.joker_as is not None and meld.joker_as in held:
                candidates.append(SwapJoker(meld.joker_as, index))
    candidates.append(TakeBack())
    candidates.extend(Discard(card) for card in distinct)
    return [action for action in candidates if is_legal(state, action)]


def _attach_actions(card: Card, index: int, meld: Meld) -> list[Attach]:
    """The distinct ways to attach ``card`` to ``meld``, each as an explicit action."""
    return [Attach(card, index, **choice) for choice, _ in meld.attach_choices(card)]


def meld_candidates(cards: Iterable[Card]) -> list[tuple[tuple[Card, ...], Card | None]]:
    """Every meld that can be made from ``cards`` as ``LayMeld`` takes it: (cards in
    table order, the joker's card), from :func:`~scala40.melds.makeable_melds`.

    >>> meld_candidates([Card.parse("7H"), Card.parse("7D"), JOKER])[0]
    ((Card('7H'), Card('7D'), Card('JK')), Card('7C'))
    """
    return [(meld.cards, meld.joker_as) for meld in makeable_melds(cards)]


# -- small helpers on tuples ---------------------------------------------------


def _without(held: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``held`` less ``cards`` (which it holds: the refusals checked it)."""
    remaining = list(held)
    for card in cards:
        remaining.remove(card)
    return tuple(remaining)


def _missing_from(held: tuple[Card, ...], cards: Iterable[Card]) -> Card | None:
    """The first of ``cards`` that ``held`` does not hold (counting twins), or ``None``."""
    remaining = list(held)
    for card in cards:
        if card not in remaining:
            return card
        remaining.remove(card)
    return None


def _used(must_use: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """Obligations left once ``cards`` went from the hand to the table."""
    left = list(must_use)
    for card in cards:
        if card in left:
            left.remove(card)
    return tuple(left)


def _with_hand(hand: Hand, seat: int, cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    hands = list(hand.hands)
    hands[seat] = tuple(sorted(cards))
    return tuple(hands)


def _with_flag(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return tuple(True if i == seat else flag for i, flag in enumerate(flags))


def _with_meld(hand: Hand, index: int, meld: Meld) -> tuple[TableMeld, ...]:
    melds = list(hand.melds)
    melds[index] = TableMeld(melds[index].owner, meld)
    return tuple(melds)


__all__ = [
    "OpeningProgress",
    "apply",
    "attach_options",
    "can_attach_anywhere",
    "discard_refusal",
    "is_legal",
    "legal_actions",
    "meld_candidates",
    "new_match",
    "next_dealer",
    "opening_progress",
    "opening_refusal",
    "refusal",
]
