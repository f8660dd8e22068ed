"""The computer players: one policy, tuned by a :class:`Style` per level.

A bot receives an :class:`~scala40.observation.Observation` (never the true
state) and proposes one action; the engine applies it and asks again for the
next step of the same turn. To plan a turn the bot deals the unseen cards at
random (:func:`~scala40.observation.determinize`) and plays its own moves on
that sample with the engine: its own turn does not depend on the hidden cards,
so the plan is legal in the real game too. Every action is checked with the
engine before it is returned; if a plan fails, the bot falls back to a legal
discard, or takes the turn back (``TakeBack``) and then discards: it can never
be stuck.

How a turn is played (RULES.md §5):

1. Draw: from the stock, or (levels that may) the pile card when it can be
   used this turn without making the hand worse (the hard level also when it
   wins a table joker that fits the hand at once).
2. Not opened yet: close in mano if every card but one can be melded (§6);
   otherwise open with :func:`~scala40.solver.cheapest_opening` as soon as it
   finds one (the hard level may wait a few turns to close in mano).
3. Opened: lay :func:`~scala40.solver.best_melds`, attach what fits, swap jokers
   when the joker can be used again at once, keeping one card (two in the
   first round, when the last discard may not close).
   The hard level, in a single hand, opens with the fewest cards reaching the
   minimum and then lays only what the pile card needs (without its jokers
   when it can), what attaches to the table and the meld of a joker it swaps,
   until laying everything closes the hand. With few cards left it also
   tries keeping the attachable cards in hand, and plays whichever hand the
   look-ahead (step 4) finds closer to closing: two cards, say, can never
   close with a new meld, as a card must remain for the discard.
4. Discard the card with the best score: its penalty, minus its worth in
   partial melds (outs counted from the unseen cards by the hard level, which
   also weighs, after opening, the exact expected cards its next draw would
   shed, the cards one step from attaching to a table sequence and the cards
   that can win a table joker by a swap), minus the
   danger of feeding an opponent (what they took from the pile; for the hard
   level also table melds the next player can attach to, cards the next
   player already refused, and a Monte-Carlo estimate over sampled hidden
   hands of the next player, bounded by ``budget_ms``). The hard level then
   looks ahead: on sequences of its next draws sampled from the unseen cards
   (the same sequences for every discard), how soon the hand kept by each of
   its best few discards could open, or once opened lay every card but one.

Every random choice comes from the bot's own ``random.Random``; with
``budget_ms=None`` a seeded game is exactly repeatable.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

from ..actions import (
    Action,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from ..cards import JOKER, SUITS, Card
from ..engine import (
    apply,
    attach_options,
    discard_refusal,
    is_legal,
    legal_actions,
    opening_progress,
)
from ..errors import RuleError, show_fact
from ..melds import card_at, make_meld, positions_of
from ..observation import Observation, determinize
from ..rules import POINTS
from ..scoring import card_penalty
from ..solver import best_melds, cheapest_opening
from ..state import Phase, State

JOKER_KEEP_SCORE = -1000.0
"""Discard score of a joker: only discarded when nothing else may go."""


@dataclass(frozen=True, slots=True)
class Style:
    """What a level does. Every field is a switch or a weight of the one policy."""

    name: str
    take_pile: bool = True
    partials: float = 1.0
    """Weight of partial melds (pairs, near runs) when choosing a discard; 0 ignores them."""
    swap_jokers: bool = True
    card_counting: bool = False
    """Count outs over the unseen cards (two decks) instead of assuming all are live."""
    watch_opponents: float = 1.0
    """Weight of the danger of discarding what an opponent visibly collects."""
    safe_discards: bool = False
    """Avoid feeding the next player: cards that fit the table, their sampled hand, or that
    they refused before (safer) weigh in the discard."""
    hold_for_mano: bool = False
    noise: float = 0.0
    """Chance of discarding a random card that is not in a meld."""
    samples: int = 0
    """Monte-Carlo samples of the next player's hand for the discard."""
    take_margin: float = 0.0
    """Take the pile card when the hand left is at most this much worse than without it
    (the card itself leaves the hand this turn, the stock card may not)."""
    penalty_unopened: float = 1.0
    """In a single hand (where only closing counts), weight of a card's penalty in the
    discard before opening (high cards also help to open)."""
    penalty_opened: float = 1.0
    """The same after opening."""
    table_potential: float = 0.0
    """Weight of a card's chance to become attachable to a table meld (after opening)."""
    value_partials: bool = False
    """Before opening, weigh partial melds by the points they would bring to the 40."""
    exact_outs: float = 0.0
    """After opening, weight of the exact expected cards shed by the next draw (every
    unseen card tried against the table and the cards kept) when comparing discards."""
    win_jokers: float = 0.0
    """Worth, in the discard score, of a card a table joker stands for (it can win that
    joker by a swap); above 0 the pile card is also taken when the joker it wins fits the
    hand at once."""
    lookahead: int = 0
    """Sampled sequences of the next draws (from the unseen cards) on which each of the best
    few discards is tried: how soon the hand kept could open (before opening) or lay every
    card but one (after), choosing its discards in hindsight. In a single hand, holding
    melds, it also decides whether to attach every card when few are left."""
    lookahead_weight: float = 0.0
    """Discard score per turn sooner (averaged over the sampled draws)."""
    hold_melds: bool = False
    """In a single hand, once opened, keep complete melds in hand (opening with the fewest
    cards that reach the minimum) until they close the hand: the opponent cannot attach
    to them or swap their jokers."""


STYLES: dict[str, Style] = {
    "easy": Style(
        "easy", take_pile=False, partials=0.0, swap_jokers=False, watch_opponents=0.0,
        noise=0.2,
    ),
    "medium": Style("medium"),
    "hard": Style(
        "hard", card_counting=True, safe_discards=True, hold_for_mano=True, samples=24,
        exact_outs=60.0, table_potential=1.0, value_partials=True, penalty_unopened=0.0,
        penalty_opened=0.0, hold_melds=True, win_jokers=30.0, lookahead=40,
        lookahead_weight=150.0,
    ),
}

REASONS: dict[str, tuple[str, str]] = {
    "next": ("Passa alla mano successiva.", "Go on to the next hand."),
    "draw_stock": ("Pesca dal tallone.", "Draw from the stock."),
    "take_pile_swap": (
        "Prendi {card} dal pozzo: ti fa prendere il jolly sul tavolo.",
        "Take {card} from the pile: it wins you the joker on the table.",
    ),
    "draw_again": (
        "Pesca dal tallone: la carta del pozzo non si poteva usare.",
        "Draw from the stock: the pile card could not be used.",
    ),
    "take_pile": (
        "Prendi {card} dal pozzo: lo puoi usare subito.",
        "Take {card} from the pile: you can use it at once.",
    ),
    "open": (
        "Apri con {meld}: l'apertura arriva a {points} punti.",
        "Open with {meld}: the opening reaches {points} points.",
    ),
    "meld": (
        "Cala {meld}: toglie {penalty} punti dalla mano.",
        "Lay {meld}: it takes {penalty} points out of your hand.",
    ),
    "attach": ("Attacca {card} a un gioco sul tavolo.", "Attach {card} to a meld on the table."),
    "swap": (
        "Sostituisci il jolly con {card} e riusalo subito.",
        "Swap {card} for the joker and use the joker at once.",
    ),
    "use_joker": ("Usa subito il jolly preso.", "Use the joker you took at once."),
    "close_mano": (
        "Chiudi in mano: cala tutto e scarta {card}; gli altri pagano doppio.",
        "Close in mano: lay everything and discard {card}; the others pay double.",
    ),
    "close": ("Chiudi scartando {card}.", "Close by discarding {card}."),
    "discard": (
        "Scarta {card}: è la carta meno utile.",
        "Discard {card}: it is your least useful card.",
    ),
    "discard_safe": (
        "Scarta {card}: poco utile a te e non serve all'avversario che segue.",
        "Discard {card}: of little use to you and no help to the next player.",
    ),
    "hold": (
        "Non aprire ancora: tieni le carte per chiudere in mano. Scarta {card}.",
        "Don't open yet: keep your melds to close in mano. Discard {card}.",
    ),
    "takeback": (
        "Riprendi le carte di questo turno: così non si può finire il turno.",
        "Take back this turn's cards: the turn cannot end this way.",
    ),
    "fallback": ("Mossa consentita: {action}.", "A legal move: {action}."),
}


def reason_text(code: str, **facts) -> tuple[str, str, str]:
    """(code, Italian, English) for a reason code and its facts. A fact may be a card
    or a sequence of cards: the joker is named in each language.

    >>> reason_text("attach", card=JOKER)[1:]
    ('Attacca jolly a un gioco sul tavolo.', 'Attach joker to a meld on the table.')
    >>> reason_text("meld", meld=(Card(5, "S"), Card(6, "S"), JOKER), penalty=36)[2]
    'Lay 5♠ 6♠ joker: it takes 36 points out of your hand.'
    """
    italian, english = REASONS[code]
    return (
        code,
        italian.format(**{k: _fact_text(v, "it") for k, v in facts.items()}),
        english.format(**{k: _fact_text(v, "en") for k, v in facts.items()}),
    )


def _fact_text(value, language: str):
    """A fact as a reason shows it: cards as the refusals show them (symbols, the joker
    by its name), a sequence of cards one after another."""
    if isinstance(value, tuple | list):
        return " ".join(show_fact(card, language) for card in value)
    return show_fact(value, language)


def child_rng(rng: random.Random) -> random.Random:
    """A generator seeded from ``rng``, the same in CPython and in Pyodide: seeded with
    an int, not a float (a float seed goes through ``hash``, which is 32 bits wide in
    Pyodide's WebAssembly and 64 in CPython)."""
    return random.Random(rng.getrandbits(64))


class Bot:
    """A computer player of one level. Stateless across turns except for a
    cached plan of the current turn and a count of turns held for mano.

    >>> from scala40 import new_match, observe, apply
    >>> state = new_match(["A", "B"], seed=1)
    >>> bot = Bot(STYLES["medium"], random.Random(1))
    >>> action = bot.choose(observe(state, state.to_move))
    >>> type(action).__name__
    'DrawStock'
    """

    def __init__(self, style: Style, rng: random.Random, *, budget_ms: float | None = 30.0):
        self.style = style
        self.rng = rng
        self.budget_ms = budget_ms
        self.last_reason: tuple[str, str, str] = reason_text("draw_stock")
        self._plan: list[tuple[Action, tuple[str, str, str]]] = []
        self._plan_key: tuple | None = None
        self._held_for_mano: dict[int, int] = {}

    @property
    def level(self) -> str:
        return self.style.name

    # -- the interface ---------------------------------------------------------------

    def choose(self, view: Observation) -> Action:
        """The next action for the seat of ``view``; always legal for the engine."""
        if view.phase == Phase.OVER:
            self.last_reason = reason_text("next")
            return NextHand()
        if not view.my_turn:
            raise ValueError("choose() called when it is not this seat's turn")
        state = determinize(view, child_rng(self.rng))
        action, reason = self._cached(view, state)
        if action is None:
            try:
                action, reason = self._decide(view, state)
            except RuleError:
                action = None
        if action is None or not is_legal(state, action):
            self._plan = []
            action, reason = self._fallback(view, state)
        self.last_reason = reason
        return action

    # -- plans -----------------------------------------------------------------------

    def _cached(self, view: Observation, state: State):
        if not self._plan or self._plan_key != (view.hand_number, len(view.log), view.hand):
            self._plan = []
            return None, None
        action, reason = self._plan.pop(0)
        if not is_legal(state, action):
            self._plan = []
            return None, None
        self._remember_next(state, action)
        return action, reason

    def _remember_next(self, state: State, action: Action) -> None:
        if not self._plan:
            return
        after = apply(state, action)
        seat = state.hand.turn
        self._plan_key = (after.hand.number, len(after.hand.log), after.hand.hands[seat])

    def _decide(self, view: Observation, state: State):
        if view.phase == Phase.DRAW:
            return self._draw(view)
        steps = self._play(view, state)
        if not steps:
            return None, None
        action, reason = steps[0]
        self._plan = steps[1:]
        self._remember_next(state, action)
        return action, reason

    def _fallback(self, view: Observation, state: State):
        """A safe legal move: draw, the cheapest legal discard, or take the turn back."""
        if state.hand.phase == Phase.DRAW:
            return DrawStock(), reason_text("draw_stock")
        held = state.hand.hands[view.seat]
        discards = [c for c in sorted(set(held)) if discard_refusal(state, c) is None]
        if discards:
            card = min(discards, key=lambda c: (c.is_joker, -card_penalty(c), c))
            return Discard(card), reason_text("discard", card=card)
        if is_legal(state, TakeBack()):
            return TakeBack(), reason_text("takeback")
        action = legal_actions(state)[0]
        return action, reason_text("fallback", action=str(action))

    # -- drawing -----------------------------------------------------------------------

    def _draw(self, view: Observation):
        if _took_back_this_turn(view):
            return DrawStock(), reason_text("draw_again")
        top = view.pile[-1] if view.pile else None
        rules = view.rules
        opened = view.opened[view.seat]
        if top is None or not self.style.take_pile:
            return DrawStock(), reason_text("draw_stock")
        hand = list(view.hand)
        keep = _keep(view)
        if opened:
            base = best_melds(hand, rules, keep=keep)
            left_now = base.penalty_left if base else sum(map(card_penalty, hand))
            options = []
            with_top = best_melds([*hand, top], rules, keep=keep, must_use=[top])
            if with_top is not None:
                options.append(with_top.penalty_left)
            if not top.is_joker and any(m.meld.can_attach(top) for m in view.melds):
                options.append(left_now)
            if options and min(options) <= left_now + self.style.take_margin:
                return TakeDiscard(), reason_text("take_pile", card=top)
            if self._wins_a_joker(view, top, hand, keep):
                return TakeDiscard(), reason_text("take_pile_swap", card=top)
        elif (
            rules.pile_before_opening
            and cheapest_opening(hand, rules, keep=keep) is None
            and cheapest_opening([*hand, top], rules, keep=keep, must_use=[top]) is not None
        ):
            return TakeDiscard(), reason_text("take_pile", card=top)
        return DrawStock(), reason_text("draw_stock")

    def _wins_a_joker(self, view: Observation, card: Card, hand: list[Card], keep: int) -> bool:
        """Whether ``card`` stands for a table joker that, once swapped, the hand could use
        at once in a new meld: the pile card then pays for a joker."""
        if not (self.style.win_jokers and self.style.swap_jokers):
            return False
        if card.is_joker or not any(m.meld.joker_as == card for m in view.melds):
            return False
        return best_melds([*hand, JOKER], view.rules, keep=keep, must_use=[JOKER]) is not None

    # -- playing a turn (simulated on the determinized state) ----------------------------

    def _play(self, view: Observation, state: State):
        seat = view.seat
        rules = view.rules
        turn = _Turn(state)
        keep = _keep(view)
        if _took_back_this_turn(view):
            return [self._discard(view, turn.state)]
        hand = state.hand
        if not hand.opened[seat]:
            held = list(hand.hands[seat])
            must = list(hand.must_use)
            progress = opening_progress(state)
            if view.turns_taken >= len(view.seats) or rules.first_round_closing:
                whole = best_melds(held, rules, keep=1, must_use=must)
                if whole is not None and len(whole.left) == 1 and self._mano_allowed(
                    view, whole.points + progress.counted
                ):
                    why = reason_text("close_mano", card=whole.left[0])
                    try:
                        for meld in whole.melds:
                            turn.do(LayMeld(*meld), why)
                        turn.do(Discard(whole.left[0]), why)
                        return turn.steps
                    except RuleError:
                        turn = _Turn(state)
            opening = cheapest_opening(
                held, rules, keep=keep, must_use=must, already=progress.counted
            )
            if opening is not None and (hand.turn_melds or not self._hold(view, held)):
                total = opening.points + progress.counted
                melds = opening.melds
                if self._holding(rules):
                    melds = _smallest_opening(
                        melds, rules, rules.opening_minimum - progress.counted, must
                    )
                    total = progress.counted + sum(_counted(m, rules) for m in melds)
                for meld in melds:
                    why = reason_text("open", meld=meld[0], points=total)
                    turn.do(LayMeld(*meld), why)
            elif hand.turn_melds or must:
                return [(TakeBack(), reason_text("takeback"))]
            elif opening is not None:
                self._held_for_mano[view.hand_number] = (
                    self._held_for_mano.get(view.hand_number, 0) + 1
                )
                action, _ = self._discard(view, turn.state)
                if isinstance(action, Discard):
                    return [(action, reason_text("hold", card=action.card))]
                return [(action, reason_text("takeback"))]
        if turn.state.hand.opened[seat]:
            before = _Turn(turn.state)
            before.steps = list(turn.steps)
            self._lay_everything(turn, seat, keep)
            if self._in_endgame(turn.state, seat):
                self._lay_needed(before, seat, keep, attach=False)
                return self._closer_plan(view, [turn, before], seat)
        if turn.state.hand.must_use:
            return [(TakeBack(), reason_text("takeback"))]
        turn.steps.append(self._discard(view, turn.state))
        return turn.steps

    def _in_endgame(self, state: State, seat: int) -> bool:
        """Holding melds with few cards left (and nothing left to use this turn)."""
        left = len(state.hand.hands[seat])
        return (
            self._holding(state.rules) and bool(self.style.lookahead)
            and 1 < left <= ENDGAME_CARDS and not state.hand.must_use
        )

    def _closer_plan(self, view: Observation, plans: list[_Turn], seat: int):
        """The steps of the plan, with its discard, whose hand kept could close soonest on
        the same sampled draws (the first plan on a tie). Attaching every card that fits
        may leave a hand that cannot close: two cards never make a meld and keep one for
        the discard, while keeping an attachable card to discard last can."""
        draws = self._future_draws(view)
        best = None
        for plan in plans:
            if plan.state.hand.must_use or (best and plan.state.hand == best[2].hand):
                continue
            action, reason = self._discard(view, plan.state)
            steps = [*plan.steps, (action, reason)]
            if not isinstance(action, Discard):
                value = -1.0
            else:
                kept = list(plan.state.hand.hands[seat])
                kept.remove(action.card)
                value = self._reach_values(view, [kept], plan.state.hand.melds, draws)[0]
            if best is None or value > best[0]:
                best = (value, steps, plan.state)
        return best[1]

    def _holding(self, rules) -> bool:
        return self.style.hold_melds and rules.mode != POINTS

    def _lay_everything(self, turn: _Turn, seat: int, keep: int) -> None:
        if not self._holding(turn.state.rules):
            self._lay_all(turn, seat, keep)
            return
        trial = _Turn(turn.state)
        self._lay_all(trial, seat, keep)
        if keep == 1 and len(trial.state.hand.hands[seat]) == 1:
            turn.state, turn.steps = trial.state, turn.steps + trial.steps
            return
        self._lay_needed(turn, seat, keep)

    def _lay_needed(self, turn: _Turn, seat: int, keep: int, *, attach: bool = True) -> None:
        """Holding melds: lay only the meld the pile card needs, attach the free cards
        (unless ``attach`` is false), and swap a table joker when the hand can use it at
        once (laying only its meld)."""
        rules = turn.state.rules
        must = list(turn.state.hand.must_use)
        if must:
            held = list(turn.state.hand.hands[seat])
            solution = _melds_sparing_jokers(held, rules, keep, must)
            if solution is not None:
                for meld in solution.melds:
                    if any(card in meld[0] for card in must):
                        penalty = sum(card_penalty(c) for c in meld[0])
                        why = reason_text("meld", meld=meld[0], penalty=penalty)
                        turn.do(LayMeld(*meld), why)
            elif not must[0].is_joker and attach_options(turn.state, must[0]):
                options = attach_options(turn.state, must[0])
                turn.do(options[0][1], reason_text("attach", card=must[0]))
        while True:
            held = list(turn.state.hand.hands[seat])
            solution = best_melds(held, rules, keep=keep)
            locked = Counter()
            for cards, _ in solution.melds if solution else ():
                locked.update(cards)
            free = Counter(held) - locked
            if attach and self._attach_one(turn, seat, keep, only=free):
                continue
            if not (self.style.swap_jokers and self._try_swap(turn, seat, keep)):
                break

    def _lay_all(self, turn: _Turn, seat: int, keep: int) -> None:
        rules = turn.state.rules
        # the card taken from the pile first: in a meld or attached, whichever leaves less
        must = list(turn.state.hand.must_use)
        if must and not must[0].is_joker:
            card = must[0]
            held = list(turn.state.hand.hands[seat])
            with_card = best_melds(held, rules, keep=keep, must_use=must)
            rest = list(held)
            rest.remove(card)
            without = best_melds(rest, rules, keep=keep)
            attaches = attach_options(turn.state, card)
            if attaches and (
                with_card is None
                or (without is not None and without.penalty_left <= with_card.penalty_left)
            ):
                turn.do(attaches[0][1], reason_text("attach", card=card))
        for _ in range(60):
            held = list(turn.state.hand.hands[seat])
            solution = best_melds(held, rules, keep=keep, must_use=list(turn.state.hand.must_use))
            if solution is not None and solution.melds:
                for meld in solution.melds:
                    penalty = sum(card_penalty(c) for c in meld[0])
                    why = reason_text("meld", meld=meld[0], penalty=penalty)
                    turn.do(LayMeld(*meld), why)
                continue
            if self._attach_one(turn, seat, keep):
                continue
            if self.style.swap_jokers and self._try_swap(turn, seat, keep):
                continue
            break

    def _attach_one(self, turn: _Turn, seat: int, keep: int, only=None) -> bool:
        held = list(turn.state.hand.hands[seat])
        for card in sorted(set(held), key=lambda c: (-card_penalty(c), c)):
            if only is not None and not only[card]:
                continue
            if len(held) <= keep:
                return False
            if card.is_joker and len(held) > 3 and JOKER not in turn.state.hand.must_use:
                continue
            options = attach_options(turn.state, card)
            if options:
                turn.do(options[0][1], reason_text("attach", card=card))
                return True
        return False

    def _try_swap(self, turn: _Turn, seat: int, keep: int) -> bool:
        """Swap a table joker for the card it stands for when the joker can be used at once
        and the hand ends up with less penalty. Holding melds, only the melds with a
        joker are laid."""
        state = turn.state
        held = list(state.hand.hands[seat])
        if len(held) <= keep:
            return False
        before = sum(card_penalty(c) for c in held)
        holding = self._holding(state.rules)
        for index, table_meld in enumerate(state.hand.melds):
            stands = table_meld.meld.joker_as
            if stands is None or stands not in held:
                continue
            swap = SwapJoker(stands, index)
            try:
                after = apply(state, swap)
            except RuleError:
                continue
            new_held = list(after.hand.hands[seat])
            solution = best_melds(new_held, state.rules, keep=keep, must_use=[JOKER])
            if solution is not None and solution.penalty_left < before:
                turn.do(swap, reason_text("swap", card=stands))
                for meld in solution.melds:
                    if not holding or JOKER in meld[0]:
                        turn.do(LayMeld(*meld), reason_text("use_joker"))
                return True
            attaches = attach_options(after, JOKER)
            if attaches and len(new_held) > keep + 1:
                turn.do(swap, reason_text("swap", card=stands))
                turn.do(attaches[0][1], reason_text("use_joker"))
                return True
        return False

    # -- opening timing ------------------------------------------------------------------

    def _mano_allowed(self, view: Observation, points: int) -> bool:
        rules = view.rules
        if rules.mano_needs_minimum and points < rules.opening_minimum:
            return False
        return not (view.took_pile_unopened and points < rules.opening_minimum)

    def _hold(self, view: Observation, held: list[Card]) -> bool:
        """Whether to keep an opening in hand to try to close in mano (hard level)."""
        if not self.style.hold_for_mano or view.rules.mode != POINTS:
            return False  # a single hand is won by closing at all: no reason to wait
        if self._held_for_mano.get(view.hand_number, 0) >= 3:
            return False
        whole = best_melds(held, view.rules, keep=0)
        if whole is None or len(whole.left) > 2:
            return False
        others = [view.hand_counts[s] for s in view.seats if s != view.seat]
        return min(others) >= 9 and not any(
            view.opened[s] for s in view.seats if s != view.seat
        )

    # -- the discard -----------------------------------------------------------------------

    def _discard(self, view: Observation, state: State):
        seat = view.seat
        held = list(state.hand.hands[seat])
        legal = [c for c in sorted(set(held)) if discard_refusal(state, c) is None]
        if not legal:
            if is_legal(state, TakeBack()):
                return TakeBack(), reason_text("takeback")
            return Discard(held[0]), reason_text("discard", card=held[0])
        if len(held) == 1:
            return Discard(held[0]), reason_text("close", card=held[0])
        scores = self._discard_scores(view, state, held, legal)
        card = max(legal, key=lambda c: (scores[c], -c.rank, c.suit))
        code = "discard_safe" if self.style.safe_discards else "discard"
        return Discard(card), reason_text(code, card=card)

    def _discard_scores(self, view: Observation, state: State, held, legal) -> dict:
        style = self.style
        rules = view.rules
        locked = Counter()
        solution = best_melds(held, rules, keep=1)
        if solution is not None:
            for cards, _ in solution.melds:
                locked.update(cards)
        free = Counter(held) - locked
        unseen = Counter(view.unseen()) if style.card_counting else None
        own = Counter(held)
        others = [s for s in view.seats if s != view.seat]
        threat = min(view.hand_counts[s] for s in others)
        weight = 1.5 if threat <= 3 else 1.0
        if rules.mode != POINTS:  # a single hand: the penalty decides nothing
            weight *= style.penalty_opened if view.opened[view.seat] else style.penalty_unopened

        def outs(card: Card) -> int:
            if unseen is not None:
                return unseen[card]
            return max(0, 2 - own[card])

        swappable = {m.meld.joker_as for m in view.melds if m.meld.joker_as is not None}
        scores = {}
        for card in legal:
            if card.is_joker:
                scores[card] = JOKER_KEEP_SCORE
                continue
            score = weight * card_penalty(card)
            if card in swappable:
                score -= style.win_jokers
            if free[card] == 0:
                score -= 60  # would break a meld
            if style.partials:
                worth = _partial_worth(card, free, outs)
                if style.value_partials and not view.opened[view.seat]:
                    worth *= 0.5 + min(card_penalty(card), 10) / 10
                score -= style.partials * 2.0 * worth
            if style.table_potential and view.opened[view.seat]:
                score -= style.table_potential * _table_worth(card, view.melds, outs)
            scores[card] = score
        if style.noise and self.rng.random() < style.noise:
            spare = [c for c in legal if free[c] and not c.is_joker]
            if spare:
                scores[self.rng.choice(spare)] += 100
        if style.watch_opponents or style.safe_discards:
            for card, danger in self._dangers(view, state, legal).items():
                scores[card] -= danger
        if style.exact_outs and view.opened[view.seat]:
            self._next_draw_value(view, held, scores, free)
        if style.lookahead:
            self._lookahead(view, held, scores, free)
        return scores

    def _lookahead(self, view: Observation, held, scores: dict, free: Counter) -> None:
        """For the best few discards, how soon the hand kept reaches its goal (opening,
        or after opening laying every card but one) on sampled sequences of future draws;
        the same draws for every discard, so the comparison is fair."""
        ranked = _best_discards(scores, free, LOOK_CANDIDATES)
        draws = self._future_draws(view)
        if len(ranked) < 2 or not draws:
            return
        kept_hands = []
        for card in ranked:
            kept = list(held)
            kept.remove(card)
            kept_hands.append(kept)
        values = self._reach_values(view, kept_hands, view.melds, draws, whole=held)
        _add_centred(scores, dict(zip(ranked, values, strict=True)), self.style.lookahead_weight)

    def _future_draws(self, view: Observation) -> list[list[Card]]:
        unseen = view.unseen()
        if len(unseen) < LOOK_DRAWS:
            return []
        rng = child_rng(self.rng)
        return [rng.sample(unseen, LOOK_DRAWS) for _ in range(self.style.lookahead)]

    def _reach_values(self, view: Observation, kept_hands, melds, draws, whole=None):
        """For each kept hand, the mean over ``draws`` of ``LOOK_DRAWS + 1 - k``, where
        ``k`` is the first draw after which the goal is reached (0 if never). ``whole``,
        a hand holding each kept hand and one card more, prunes: when it cannot reach the
        goal keeping one card more, no kept hand can."""
        opened = view.opened[view.seat]
        table = [m.meld for m in melds] if opened else []
        rules = view.rules
        totals = [0.0] * len(kept_hands)
        start = time.perf_counter()
        done = 0
        for seq in draws:
            if self._out_of_time(start):
                break
            done += 1
            waiting = list(range(len(kept_hands)))
            for k in range(1, LOOK_DRAWS + 1):
                if whole is not None and not _reaches(whole + seq[:k], k + 1, opened, table, rules):
                    continue
                for i in list(waiting):
                    if _reaches(kept_hands[i] + seq[:k], k, opened, table, rules):
                        totals[i] += LOOK_DRAWS + 1 - k
                        waiting.remove(i)
                if not waiting:
                    break
        return [total / done for total in totals] if done else totals

    def _out_of_time(self, start: float) -> bool:
        """Whether a sampling loop begun at ``start`` has used its ``budget_ms``."""
        return self.budget_ms is not None and (time.perf_counter() - start) * 1000 > (
            self.budget_ms
        )

    def _next_draw_value(self, view: Observation, held, scores: dict, free: Counter) -> None:
        """For the best few discards, the expected number of cards the next draw sheds
        from the hand kept: every unseen card (two decks counted) attached to the table
        (1) or completing a meld with two kept cards or one and a joker (3)."""
        unseen = Counter(view.unseen())
        total = sum(unseen.values())
        if not total:
            return
        ranked = _best_discards(scores, free, 5)
        if len(ranked) < 2:
            return
        attachable = {
            u for u in unseen if not u.is_joker and any(m.meld.can_attach(u) for m in view.melds)
        }
        values = {}
        for card in ranked:
            kept = list(held)
            kept.remove(card)
            value = 0.0
            for u, n in unseen.items():
                if u in attachable:
                    value += n
                elif not u.is_joker and _completes_meld(u, kept):
                    value += 3 * n
                elif u.is_joker and len(kept) >= 2:
                    value += 0.5 * n
            values[card] = value / total
        _add_centred(scores, values, self.style.exact_outs)

    def _dangers(self, view: Observation, state: State, legal) -> dict:
        """How much each card would help an opponent (more for the next player)."""
        style = self.style
        seat = view.seat
        order = sorted(view.seats)
        following = order[(order.index(seat) + 1) % len(order)]
        taken: dict[int, list[Card]] = {}
        for who, action, card in view.log:
            if isinstance(action, TakeDiscard) and card is not None and who != seat:
                taken.setdefault(who, []).append(card)
        can_take = view.opened[following] or view.rules.pile_before_opening
        dangers = dict.fromkeys(legal, 0.0)
        for card in legal:
            if card.is_joker:
                continue
            for who, cards in taken.items():
                near = sum(_related(card, other) for other in cards)
                factor = 1.0 if who == following else 0.4
                dangers[card] += style.watch_opponents * 4.0 * near * factor
            if style.safe_discards and can_take and any(
                m.meld.can_attach(card) for m in view.melds
            ):
                dangers[card] += 12.0
        if style.safe_discards and can_take and style.samples:
            for card, share in self._sampled_fits(view, following, legal).items():
                dangers[card] += 15.0 * share
        if style.safe_discards:
            declined = _declined(view, following)
            for card in legal:
                if card in declined:
                    dangers[card] = min(dangers[card], 0.0) - 3.0
        return dangers

    def _sampled_fits(self, view: Observation, following: int, legal) -> dict:
        """Monte-Carlo: the share of sampled hands of the next player in which each
        card would complete a meld, within the time budget."""
        start = time.perf_counter()
        cards = [c for c in legal if not c.is_joker]
        hits = dict.fromkeys(cards, 0)
        rng = child_rng(self.rng)
        unseen = view.unseen()
        count = view.hand_counts[following]
        done = 0
        for _ in range(self.style.samples):
            if self._out_of_time(start):
                break
            # a determinization of the one hidden hand that matters: a uniform deal
            # of the unseen cards, as observation.determinize would make it
            theirs = rng.sample(unseen, min(count, len(unseen)))
            for card in cards:
                if _completes_meld(card, theirs):
                    hits[card] += 1
            done += 1
        return {card: hits[card] / done for card in cards} if done else {}


class _Turn:
    """A turn being planned: the simulated state and the steps that led to it."""

    def __init__(self, state: State):
        self.state = state
        self.steps: list[tuple[Action, tuple[str, str, str]]] = []

    def do(self, action: Action, reason: tuple[str, str, str]) -> None:
        self.state = apply(self.state, action)
        self.steps.append((action, reason))


# -- helpers on cards ---------------------------------------------------------------------


LOOK_CANDIDATES = 4
"""Discards (the best by the other terms) the look-ahead compares."""
LOOK_DRAWS = 3
"""How many draws ahead the look-ahead goes."""
ENDGAME_CARDS = 6
"""With at most this many cards left after laying, the hard level compares attaching
every card that fits with keeping them."""


def _best_discards(scores: dict, free: Counter, count: int) -> list[Card]:
    """The ``count`` best-scored discards among the free natural cards."""
    return sorted(
        (c for c in scores if not c.is_joker and free[c]), key=lambda c: scores[c], reverse=True
    )[:count]


def _add_centred(scores: dict, values: dict, weight: float) -> None:
    """Add ``weight`` times each card's value minus the mean: only differences count."""
    mean = sum(values.values()) / len(values)
    for card, value in values.items():
        scores[card] += weight * (value - mean)


def _reaches(pool, k: int, opened: bool, table, rules) -> bool:
    """Whether ``pool`` (a hand and its next ``k`` draws) opens, or once opened lays
    every card but ``k`` (the discards of those turns) in melds or on the ``table``."""
    if not opened:
        return cheapest_opening(pool, rules, keep=k) is not None
    solution = best_melds(pool, rules, keep=k)
    if solution is None:
        return False
    left = list(solution.left)
    if len(left) <= k:
        return True
    return len(left) - _attachable(left, table) <= k


def _attachable(cards, table) -> int:
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


def _counted(meld, rules) -> int:
    """Opening points of a planned meld."""
    cards, joker_as = meld
    if joker_as is not None and rules.clean_opening:
        return 0
    return make_meld(cards, joker_as).points


def _smallest_opening(melds, rules, needed: int, must) -> tuple:
    """The melds of an opening to lay now: those holding a card that must be used, then
    the fewest cards (jokers last) reaching ``needed`` points."""
    forced = [m for m in melds if any(card in m[0] for card in must)]
    rest = [m for m in melds if m not in forced]
    best = None
    for mask in range(1 << len(rest)):
        chosen = forced + [m for i, m in enumerate(rest) if mask >> i & 1]
        if sum(_counted(m, rules) for m in chosen) < needed:
            continue
        cost = (sum(len(m[0]) for m in chosen), sum(m[1] is not None for m in chosen))
        if best is None or cost < best[0]:
            best = (cost, chosen)
    return tuple(best[1]) if best else tuple(melds)


def _melds_sparing_jokers(held: list[Card], rules, keep: int, must):
    """Melds that use the ``must`` cards, without the hand's jokers when the natural cards
    suffice: a joker laid on the table can be swapped away by an opponent. (When the
    naturals suffice, ``left`` lists only the natural cards kept.)

    >>> from scala40 import Rules, parse_cards
    >>> str(_melds_sparing_jokers(parse_cards("9H 10H JH JK 4C"), Rules(), 1, parse_cards("9H")))
    '9H 10H JH ; left 4C'
    """
    if not any(card.is_joker for card in must):
        naturals = [card for card in held if not card.is_joker]
        jokers = len(held) - len(naturals)
        solution = best_melds(naturals, rules, keep=max(0, keep - jokers), must_use=must)
        if solution is not None:
            return solution
    return best_melds(held, rules, keep=keep, must_use=must)


def _declined(view: Observation, seat: int) -> set[Card]:
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


def _keep(view: Observation) -> int:
    """Cards to keep when melding: 1 for the discard, 2 in the first round (no closing)."""
    first_round = view.turns_taken < len(view.seats) and not view.rules.first_round_closing
    return 2 if first_round else 1


def _took_back_this_turn(view: Observation) -> bool:
    for seat, action, _ in reversed(view.log):
        if seat != view.seat:
            return False
        if isinstance(action, TakeBack):
            return True
    return False


def _distance(a: Card, b: Card) -> int:
    return min(abs(p - q) for p in positions_of(a) for q in positions_of(b))


def _related(card: Card, other: Card) -> int:
    """1 if the two cards could be in one meld (same rank other suit, or near in a suit)."""
    if other.is_joker:
        return 0
    if card.rank == other.rank:
        return 1 if card.suit != other.suit else 0
    return 1 if card.suit == other.suit and _distance(card, other) <= 2 else 0


def _lower_position(card: Card, other: Card, gap: int) -> int:
    """The lowest position of ``card`` that lies ``gap`` places from one of ``other``'s."""
    return min(p for p in positions_of(card) for q in positions_of(other) if abs(p - q) == gap)


def _partial_worth(card: Card, free: Counter, outs) -> float:
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


def _table_worth(card: Card, melds, outs) -> float:
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


def _completes_meld(card: Card, hand) -> bool:
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


__all__ = ["REASONS", "STYLES", "Bot", "Style", "reason_text"]

