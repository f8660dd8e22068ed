"""The turn planner: what a bot draws, and the steps of its turn up to the discard.

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
   look-ahead finds closer to closing: two cards, say, can never close with a
   new meld, as a card must remain for the discard.
4. Discard: :class:`~scala40.bots.discard.DiscardJudge`.

The plan is made on a determinized state with the engine: the bot's own turn
does not depend on the hidden cards, so its steps are legal in the real game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import Action, Discard, DrawStock, LayMeld, SwapJoker, TakeBack, TakeDiscard
from ..cards import JOKER, Card
from ..engine import apply, attach_options, opening_progress
from ..errors import RuleError
from ..melds import make_meld
from ..observation import Observation
from ..rules import POINTS, Rules
from ..scoring import card_penalty
from ..solver import MeldPlan, Solution, best_melds, cheapest_opening
from ..state import State
from .discard import DiscardJudge
from .features import keep_count, took_back_this_turn
from .reasons import Reason, because
from .stakes import closing_chance, seat_chance
from .style import Style
from .thinking import Thinking

Step = tuple[Action, Reason]
"""One planned action and why."""
ENDGAME_CARDS = 6
"""With at most this many cards left after laying, the hard level compares attaching
every card that fits with keeping them."""


class TurnPlanner:
    """Plans a level's turns; keeps, across turns, only how often it held an opening
    for a close in mano in each hand."""

    def __init__(self, style: Style, judge: DiscardJudge):
        self.style = style
        self.judge = judge
        self._held_for_mano: dict[int, int] = {}
        self._hold_now = style.hold_melds
        self._release_jokers = False

    # -- drawing -----------------------------------------------------------------------

    def draw(self, view: Observation) -> Thinking[Step]:
        """The draw; it pauses between the solver's calls (each one a few milliseconds)."""
        pause = self.judge.watch.pause
        if took_back_this_turn(view):
            return DrawStock(), because("draw_again")
        top = view.pile[-1] if view.pile else None
        rules = view.rules
        opened = view.opened[view.seat]
        if top is None or not self.style.take_pile:
            return DrawStock(), because("draw_stock")
        hand = list(view.hand)
        keep = keep_count(view)
        if opened:
            base = best_melds(hand, rules, keep=keep)
            left_now = base.penalty_left if base else sum(map(card_penalty, hand))
            options = []
            yield from pause()
            with_top = best_melds([*hand, top], rules, keep=keep, must_use=[top])
            if with_top is not None:
                options.append(with_top.penalty_left)
            if not top.is_joker and any(m.meld.can_attach(top) for m in view.melds):
                options.append(left_now)
            if options and min(options) <= left_now + self.style.take_margin:
                return TakeDiscard(), because("take_pile", card=top)
            yield from pause()
            if self._wins_a_joker(view, top, hand, keep):
                return TakeDiscard(), because("take_pile_swap", card=top)
        elif rules.pile_before_opening and cheapest_opening(hand, rules, keep=keep) is None:
            yield from pause()
            if cheapest_opening([*hand, top], rules, keep=keep, must_use=[top]) is not None:
                return TakeDiscard(), because("take_pile", card=top)
        return DrawStock(), because("draw_stock")

    def _wins_a_joker(self, view: Observation, card: Card, hand: list[Card], keep: int) -> bool:
        """Whether ``card`` stands for a table joker that, once swapped, the hand could use
        at once in a new meld: the pile card then pays for a joker."""
        if not (self.style.win_jokers and self.style.swap_jokers):
            return False
        if card.is_joker or not any(m.meld.joker_as == card for m in view.melds):
            return False
        return best_melds([*hand, JOKER], view.rules, keep=keep, must_use=[JOKER]) is not None

    # -- playing a turn (simulated on the determinized state) ----------------------------

    def play(self, view: Observation, state: State) -> Thinking[list[Step]]:
        seat = view.seat
        rules = view.rules
        turn = PlannedTurn(state)
        keep = keep_count(view)
        self._read_match(view)
        if took_back_this_turn(view):
            return [(yield from self.judge.choose(view, turn.state))]
        hand = state.hand
        pause = self.judge.watch.pause
        if not hand.opened[seat]:
            held = list(hand.hands[seat])
            must = list(hand.must_use)
            progress = opening_progress(state)
            if view.turns_taken >= len(view.seats) or rules.first_round_closing:
                whole = best_melds(held, rules, keep=1, must_use=must)
                if whole is not None and len(whole.left) == 1 and self._mano_allowed(
                    view, whole.points + progress.counted
                ):
                    why = because("close_mano", card=whole.left[0])
                    try:
                        for meld in whole.melds:
                            turn.do(LayMeld(*meld), why)
                        turn.do(Discard(whole.left[0]), why)
                        return turn.steps
                    except RuleError:
                        turn = PlannedTurn(state)
                yield from pause()
            opening = cheapest_opening(
                held, rules, keep=keep, must_use=must, already=progress.counted
            )
            yield from pause()
            if opening is not None and (hand.turn_melds or not self._hold(view, held)):
                total = opening.points + progress.counted
                melds = opening.melds
                if self._holding():
                    melds = smallest_opening(
                        melds, rules, rules.opening_minimum - progress.counted, must
                    )
                    total = progress.counted + sum(counted_points(m, rules) for m in melds)
                why = because("open", melds=[meld[0] for meld in melds], n=total)
                for meld in melds:
                    turn.do(LayMeld(*meld), why)
            elif hand.turn_melds or must:
                return [(TakeBack(), because("takeback"))]
            elif opening is not None:
                self._held_for_mano[view.hand_number] = (
                    self._held_for_mano.get(view.hand_number, 0) + 1
                )
                action, _ = yield from self.judge.choose(view, turn.state)
                if isinstance(action, Discard):
                    return [(action, because("hold", card=action.card))]
                return [(action, because("takeback"))]
        if turn.state.hand.opened[seat]:
            before = PlannedTurn(turn.state)
            before.steps = list(turn.steps)
            yield from self._lay_everything(turn, seat, keep)
            if self._in_endgame(turn.state, seat):
                yield from self._lay_needed(before, seat, keep, attach=False)
                return (yield from self._closer_plan(view, [turn, before], seat))
        if turn.state.hand.must_use:
            return [(TakeBack(), because("takeback"))]
        turn.steps.append((yield from self.judge.choose(view, turn.state)))
        return turn.steps

    def _in_endgame(self, state: State, seat: int) -> bool:
        """Holding melds with few cards left (and nothing left to use this turn)."""
        left = len(state.hand.hands[seat])
        return (
            self._holding() and bool(self.style.lookahead)
            and 1 < left <= ENDGAME_CARDS and not state.hand.must_use
        )

    def _closer_plan(
        self, view: Observation, plans: list[PlannedTurn], seat: int
    ) -> Thinking[list[Step]]:
        """The steps of the plan, with its discard, whose hand kept could close soonest on
        the same sampled draws (the first plan on a tie). Attaching every card that fits
        may leave a hand that cannot close: two cards never make a meld and keep one for
        the discard, while keeping an attachable card to discard last can."""
        draws = self.judge.future_draws(view)
        best = None
        for plan in plans:
            if plan.state.hand.must_use or (best and plan.state.hand == best[2].hand):
                continue
            action, reason = yield from self.judge.choose(view, plan.state)
            steps = [*plan.steps, (action, reason)]
            if not isinstance(action, Discard):
                value = -1.0
            else:
                kept = list(plan.state.hand.hands[seat])
                kept.remove(action.card)
                values = yield from self.judge.reach_values(
                    view, [kept], plan.state.hand.melds, draws
                )
                value = values[0]
            if best is None or value > best[0]:
                best = (value, steps, plan.state)
        return best[1] if best else []

    def _holding(self) -> bool:
        return self._hold_now

    def _read_match(self, view: Observation) -> None:
        """What this turn's plan takes from the match: whether to hold melds (a single
        hand; in a points match, while no opponent is as likely to close first as
        ``hold_in_points``) and whether to attach a spare joker (``joker_release``,
        :mod:`~.stakes`)."""
        style = self.style
        if view.rules.mode != POINTS:
            self._hold_now = style.hold_melds
            self._release_jokers = False
            return
        others = [s for s in view.seats if s != view.seat]
        self._hold_now = style.hold_melds and all(
            seat_chance(view, s) < style.hold_in_points for s in others
        )
        self._release_jokers = closing_chance(view) >= style.joker_release

    def _lay_everything(self, turn: PlannedTurn, seat: int, keep: int) -> Thinking[None]:
        if not self._holding():
            yield from self._lay_all(turn, seat, keep)
            return
        trial = PlannedTurn(turn.state)
        yield from self._lay_all(trial, seat, keep)
        if keep == 1 and len(trial.state.hand.hands[seat]) == 1:
            turn.state, turn.steps = trial.state, turn.steps + trial.steps
            return
        yield from self._lay_needed(turn, seat, keep)

    def _lay_needed(
        self, turn: PlannedTurn, seat: int, keep: int, *, attach: bool = True
    ) -> Thinking[None]:
        """Holding melds: lay only the meld the pile card needs, attach the free cards
        (unless ``attach`` is false), and swap a table joker when the hand can use it at
        once (laying only its meld)."""
        rules = turn.state.rules
        must = list(turn.state.hand.must_use)
        if must:
            held = list(turn.state.hand.hands[seat])
            solution = melds_sparing_jokers(held, rules, keep, must)
            if solution is not None:
                for meld in solution.melds:
                    if any(card in meld[0] for card in must):
                        penalty = sum(card_penalty(c) for c in meld[0])
                        why = because("meld", meld=meld[0], n=penalty)
                        turn.do(LayMeld(*meld), why)
            elif not must[0].is_joker and attach_options(turn.state, must[0]):
                options = attach_options(turn.state, must[0])
                turn.do(options[0][1], because("attach", card=must[0]))
        while True:
            yield from self.judge.watch.pause()
            held = list(turn.state.hand.hands[seat])
            solution = best_melds(held, rules, keep=keep)
            locked: Counter[Card] = Counter()
            for cards, _ in solution.melds if solution else ():
                locked.update(cards)
            free = Counter(held) - locked
            if self.style.swap_jokers and self._try_swap(turn, seat, keep):
                continue
            if not (attach and self._attach_one(turn, seat, keep, only=free)):
                break

    def _lay_all(self, turn: PlannedTurn, seat: int, keep: int) -> Thinking[None]:
        """Lay and attach all that the solver finds, swapping jokers; it pauses at each
        round of the solver."""
        rules = turn.state.rules
        # the card taken from the pile first: in a meld or attached, whichever leaves less
        must = list(turn.state.hand.must_use)
        if must and not must[0].is_joker:
            card = must[0]
            held = list(turn.state.hand.hands[seat])
            with_card = best_melds(held, rules, keep=keep, must_use=must)
            rest = list(held)
            rest.remove(card)
            yield from self.judge.watch.pause()
            without = best_melds(rest, rules, keep=keep)
            attaches = attach_options(turn.state, card)
            if attaches and (
                with_card is None
                or (without is not None and without.penalty_left <= with_card.penalty_left)
            ):
                turn.do(attaches[0][1], because("attach", card=card))
        for _ in range(60):
            yield from self.judge.watch.pause()
            held = list(turn.state.hand.hands[seat])
            solution = best_melds(held, rules, keep=keep, must_use=list(turn.state.hand.must_use))
            if solution is not None and solution.melds:
                for meld in solution.melds:
                    penalty = sum(card_penalty(c) for c in meld[0])
                    why = because("meld", meld=meld[0], n=penalty)
                    turn.do(LayMeld(*meld), why)
                continue
            yield from self.judge.watch.pause()
            if self.style.swap_jokers and self._try_swap(turn, seat, keep):
                continue
            if self._attach_one(turn, seat, keep):
                continue
            break

    def _attach_one(
        self, turn: PlannedTurn, seat: int, keep: int, only: Counter[Card] | None = None
    ) -> bool:
        held = list(turn.state.hand.hands[seat])
        for card in sorted(set(held), key=lambda c: (-card_penalty(c), c)):
            if only is not None and not only[card]:
                continue
            if len(held) <= keep:
                return False
            if (
                card.is_joker and len(held) > 3 and JOKER not in turn.state.hand.must_use
                and not self._release_jokers
            ):
                continue
            options = attach_options(turn.state, card)
            if options:
                turn.do(options[0][1], because("attach", card=card))
                return True
        return False

    def _try_swap(self, turn: PlannedTurn, seat: int, keep: int) -> bool:
        """Swap a table joker for the card it stands for when the joker can be used at once
        and the hand ends up with less penalty. Holding melds, only the melds with a
        joker are laid."""
        state = turn.state
        held = list(state.hand.hands[seat])
        if len(held) <= keep:
            return False
        before = sum(card_penalty(c) for c in held)
        holding = self._holding()
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
                turn.do(swap, because("swap", card=stands))
                for meld in solution.melds:
                    if not holding or JOKER in meld[0]:
                        turn.do(LayMeld(*meld), because("use_joker"))
                return True
            attaches = attach_options(after, JOKER)
            if attaches and len(new_held) > keep + 1:
                turn.do(swap, because("swap", card=stands))
                turn.do(attaches[0][1], because("use_joker"))
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


class PlannedTurn:
    """A turn being planned: the simulated state and the steps that led to it."""

    def __init__(self, state: State):
        self.state = state
        self.steps: list[Step] = []

    def do(self, action: Action, reason: Reason) -> None:
        self.state = apply(self.state, action)
        self.steps.append((action, reason))


def counted_points(meld: MeldPlan, rules: Rules) -> int:
    """Opening points of a planned meld."""
    cards, joker_as = meld
    if joker_as is not None and rules.clean_opening:
        return 0
    return make_meld(cards, joker_as).points


def smallest_opening(
    melds: Sequence[MeldPlan], rules: Rules, needed: int, must: Sequence[Card]
) -> tuple[MeldPlan, ...]:
    """The melds of an opening to lay now: those holding a card that must be used, then
    the fewest cards (jokers last) reaching ``needed`` points."""
    forced = [m for m in melds if any(card in m[0] for card in must)]
    rest = [m for m in melds if m not in forced]
    best = None
    for mask in range(1 << len(rest)):
        chosen = forced + [m for i, m in enumerate(rest) if mask >> i & 1]
        if sum(counted_points(m, rules) for m in chosen) < needed:
            continue
        cost = (sum(len(m[0]) for m in chosen), sum(m[1] is not None for m in chosen))
        if best is None or cost < best[0]:
            best = (cost, chosen)
    return tuple(best[1]) if best else tuple(melds)


def melds_sparing_jokers(
    held: list[Card], rules: Rules, keep: int, must: Sequence[Card]
) -> Solution | None:
    """Melds that use the ``must`` cards, without the hand's jokers when the natural cards
    suffice: a joker laid on the table can be swapped away by an opponent. (When the
    naturals suffice, ``left`` lists only the natural cards kept.)

    >>> from scala40 import Rules, parse_cards
    >>> str(melds_sparing_jokers(parse_cards("9H 10H JH JK 4C"), Rules(), 1, parse_cards("9H")))
    '9H 10H JH ; left 4C'
    """
    if not any(card.is_joker for card in must):
        naturals = [card for card in held if not card.is_joker]
        jokers = len(held) - len(naturals)
        solution = best_melds(naturals, rules, keep=max(0, keep - jokers), must_use=must)
        if solution is not None:
            return solution
    return best_melds(held, rules, keep=keep, must_use=must)


__all__ = [
    "ENDGAME_CARDS",
    "PlannedTurn",
    "Step",
    "TurnPlanner",
    "counted_points",
    "melds_sparing_jokers",
    "smallest_opening",
]
