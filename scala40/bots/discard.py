"""The discard: each legal card scored, and the hard level's look-ahead.

A card's score is its penalty, minus its worth in partial melds (outs counted
from the unseen cards by the hard level, which also weighs, after opening,
the exact expected cards its next draw would shed, the cards one step from
attaching to a table sequence and the cards that can win a table joker by a
swap), minus the danger of feeding an opponent (what they took from the
pile; for the hard level also table melds the next player can attach to,
cards the next player already refused, and a Monte-Carlo estimate over
sampled hidden hands of the next player, bounded by ``budget_ms``). The hard
level then looks ahead: on sequences of its next draws sampled from the
unseen cards (the same sequences for every discard), how soon the hand kept
by each of its best few discards could open, or once opened lay every card
but one. The best-scored card goes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ..actions import Action, Discard, TakeBack, TakeDiscard
from ..cards import Card
from ..engine import discard_refusal, is_legal
from ..melds import Meld
from ..observation import Observation
from ..rules import POINTS, Rules
from ..scoring import card_penalty
from ..solver import best_melds, cheapest_opening
from ..state import State, TableMeld
from .features import (
    attachable_count,
    attaching,
    completes_meld,
    completing_after_discard,
    declined,
    partial_worth,
    related,
    table_worth,
)
from .gifts import closing_gifts, next_player
from .reasons import Reason, because
from .stakes import closest_opponent, closing_chance, pressure
from .style import Style, child_rng
from .thinking import Stopwatch, Thinking

JOKER_KEEP_SCORE = -1000.0
"""Discard score of a joker: only discarded when nothing else may go."""
GIFT_PENALTY = 500.0
"""Taken off the score of a discard the next player could close with (the no-gift rule)."""
LOOK_CANDIDATES = 4
"""Discards (the best by the other terms) the look-ahead compares."""
TABLE_FIT_DANGER = 12.0
"""Danger of a discard that attaches to a table meld, the next player holding many cards."""
SAMPLED_FIT_DANGER = 15.0
"""Danger of a discard completing a meld in every sampled hand of the next player (the
same, holding many cards)."""
DECISION_BUDGETS = 3
"""A decision's sampling loops together stop after this many times ``budget_ms``: an
endgame decision runs up to six loops (each plan's discard, its Monte-Carlo and its
look-ahead, then each plan's reach value), six budgets before any uncapped work."""
MIN_SAMPLES = 8
"""Samples each loop takes before the decision's cap stops it, so two plans compared
on the same draws are compared on some of them."""
THREAT_REASON = 0.5
"""From this chance that an opponent closes first, a discard chosen for its penalty says so
(the hint: "Scarta K♥: Bruno ha 2 carte")."""
NEAR_CLOSING = 5
"""From this many cards down, each card fewer in the next player's hand adds the danger's
base weight once more (:func:`closeness`)."""

Scores = dict[Card, float]
"""A value for each card (a discard score, a danger, a share of samples)."""


class DiscardJudge:
    """Chooses a level's discard; draws its randomness from the bot's ``rng`` and caps
    each sampling loop at ``budget_ms`` of thinking time (``None``: no cap, exactly
    repeatable). Its sampling loops pause at every sample (:mod:`~scala40.bots.thinking`)."""

    def __init__(self, style: Style, rng: random.Random, budget_ms: float | None):
        self.style = style
        self.rng = rng
        self.budget_ms = budget_ms
        self.watch = Stopwatch()
        self.decision_start = self.watch.now()
        self.penalty_part: Scores = {}
        """The penalty's part of each card's last discard score (the hint says when it
        decided)."""

    def begin(self) -> None:
        """A decision starts: its sampling loops share :data:`DECISION_BUDGETS`."""
        self.decision_start = self.watch.now()

    def choose(self, view: Observation, state: State) -> Thinking[tuple[Action, Reason]]:
        seat = view.seat
        held = list(state.hand.hands[seat])
        legal = [c for c in sorted(set(held)) if discard_refusal(state, c) is None]
        if not legal:
            if is_legal(state, TakeBack()):
                return TakeBack(), because("takeback")
            return Discard(held[0]), because("discard", card=held[0])
        if len(held) == 1:
            return Discard(held[0]), because("close", card=held[0])
        yield from self.watch.pause()
        gifts = self._gifts(view, state, legal)
        yield from self.watch.pause()
        allowed = [c for c in legal if c not in gifts] or legal
        avoided = [c for c in legal if c not in allowed]
        scores = yield from self._scores(view, state, held, legal, avoided)
        card = max(allowed, key=lambda c: (scores[c], -c.rank, c.suit))
        if avoided:
            tempting = max(avoided, key=lambda c: (scores[c], -c.rank, c.suit))
            if scores[tempting] + GIFT_PENALTY > scores[card]:
                closer = view.players[next_player(view)]
                return Discard(card), because(
                    "discard_no_gift", card=card, gift=tempting, player=closer
                )
        threat = self._threat_reason(view, card, allowed, scores)
        if threat is not None:
            return Discard(card), threat
        code = "discard_safe" if self.style.safe_discards else "discard"
        return Discard(card), because(code, card=card)

    def _threat_reason(
        self, view: Observation, card: Card, allowed: list[Card], scores: Scores
    ) -> Reason | None:
        """The reason of a discard that the penalty decided with an opponent about to
        close: without the penalty's part another card would have gone."""
        if not self.style.penalty_pressure or closing_chance(view) < THREAT_REASON:
            return None
        part = self.penalty_part
        rather = max(allowed, key=lambda c: (scores[c] - part.get(c, 0.0), -c.rank, c.suit))
        if rather == card or card_penalty(card) <= card_penalty(rather):
            return None
        seat = closest_opponent(view)
        return because("discard_threat", card=card, player=view.players[seat],
                           n=view.hand_counts[seat])

    def _gifts(self, view: Observation, state: State, legal: list[Card]) -> set[Card]:
        """The legal discards the next player could close with, by the style's rule, on
        the table as this turn leaves it."""
        if not self.style.no_gifts:
            return set()
        table = [m.meld for m in state.hand.melds]
        return closing_gifts(view, legal, self.style.no_gifts, table)

    def _scores(
        self,
        view: Observation,
        state: State,
        held: list[Card],
        legal: list[Card],
        avoided: list[Card],
    ) -> Thinking[Scores]:
        style = self.style
        rules = view.rules
        locked: Counter[Card] = Counter()
        solution = best_melds(held, rules, keep=1)
        if solution is not None:
            for cards, _ in solution.melds:
                locked.update(cards)
        yield from self.watch.pause()
        free = Counter(held) - locked
        unseen = Counter(view.unseen()) if style.card_counting else None
        own = Counter(held)
        others = [s for s in view.seats if s != view.seat]
        threat = min(view.hand_counts[s] for s in others)
        weight = 1.5 if threat <= 3 else 1.0
        if rules.mode != POINTS:  # a single hand: the penalty decides nothing
            weight *= style.penalty_opened if view.opened[view.seat] else style.penalty_unopened
        elif style.penalty_pressure:  # a match: the penalty as likely and as dear as it is
            weight = style.penalty_pressure * pressure(view)
        self.penalty_part = {}

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
            self.penalty_part[card] = score
            if card in swappable:
                score -= style.win_jokers
            if free[card] == 0:
                score -= 60  # would break a meld
            if style.partials:
                worth = partial_worth(card, free, outs)
                if style.value_partials and not view.opened[view.seat]:
                    worth *= 0.5 + min(card_penalty(card), 10) / 10
                score -= style.partials * 2.0 * worth
            if style.table_potential and view.opened[view.seat]:
                score -= style.table_potential * table_worth(card, view.melds, outs)
            scores[card] = score
        yield from self.watch.pause()
        if style.noise and self.rng.random() < style.noise:
            spare = [c for c in legal if free[c] and not c.is_joker]
            if spare:
                scores[self.rng.choice(spare)] += 100
        if style.watch_opponents or style.safe_discards:
            dangers = yield from self._dangers(view, state, legal)
            for card, danger in dangers.items():
                if card not in avoided:  # a gift's danger is the gift penalty below
                    scores[card] -= danger
        for card in avoided:  # out of the running, so the look-ahead compares the others
            scores[card] -= GIFT_PENALTY
        if style.exact_outs and view.opened[view.seat]:
            yield from self._next_draw_value(view, held, scores, free)
        if style.lookahead:
            yield from self.watch.pause()
            yield from self._lookahead(view, held, scores, free)
        return scores

    def _lookahead(
        self, view: Observation, held: list[Card], scores: Scores, free: Counter[Card]
    ) -> Thinking[None]:
        """For the best few discards, how soon the hand kept reaches its goal (opening,
        or after opening laying every card but one) on sampled sequences of future draws;
        the same draws for every discard, so the comparison is fair."""
        ranked = best_discards(scores, free, LOOK_CANDIDATES)
        draws = self.future_draws(view)
        if len(ranked) < 2 or not draws:
            return
        kept_hands = []
        for card in ranked:
            kept = list(held)
            kept.remove(card)
            kept_hands.append(kept)
        values = yield from self.reach_values(view, kept_hands, view.melds, draws, whole=held)
        add_centred(scores, dict(zip(ranked, values, strict=True)), self.style.lookahead_weight)

    def future_draws(self, view: Observation) -> list[list[Card]]:
        unseen = view.unseen()
        depth = self.style.look_draws
        if len(unseen) < depth:
            return []
        rng = child_rng(self.rng)
        return [rng.sample(unseen, depth) for _ in range(self.style.lookahead)]

    def reach_values(
        self,
        view: Observation,
        kept_hands: list[list[Card]],
        melds: Iterable[TableMeld],
        draws: list[list[Card]],
        whole: list[Card] | None = None,
    ) -> Thinking[list[float]]:
        """For each kept hand, the mean over ``draws`` of ``len(seq) + 1 - k``, where
        ``k`` is the first draw of the sequence ``seq`` after which the goal is reached
        (0 if never). ``whole``, a hand holding each kept hand and one card more, prunes:
        when it cannot reach the goal keeping one card more, no kept hand can."""
        opened = view.opened[view.seat]
        table = [m.meld for m in melds] if opened else []
        rules = view.rules
        totals = [0.0] * len(kept_hands)
        start = self.watch.now()
        done = 0
        for seq in draws:
            if self._out_of_time(start, done):
                break
            done += 1
            waiting = list(range(len(kept_hands)))
            for k in range(1, len(seq) + 1):
                yield from self.watch.pause()
                if whole is not None and not reaches(whole + seq[:k], k + 1, opened, table, rules):
                    continue
                for i in list(waiting):
                    yield from self.watch.pause()  # each call of the solver: a few ms
                    if reaches(kept_hands[i] + seq[:k], k, opened, table, rules):
                        totals[i] += len(seq) + 1 - k
                        waiting.remove(i)
                if not waiting:
                    break
        yield from self.watch.pause()
        return [total / done for total in totals] if done else totals

    def _out_of_time(self, start: float, done: int) -> bool:
        """Whether a sampling loop begun at ``start``, ``done`` samples in, has used its
        ``budget_ms``, or (past :data:`MIN_SAMPLES`) the decision its share of them."""
        if self.budget_ms is None:
            return False
        now = self.watch.now()
        if (now - start) * 1000 > self.budget_ms:
            return True
        spent = (now - self.decision_start) * 1000
        return done >= MIN_SAMPLES and spent > DECISION_BUDGETS * self.budget_ms

    def _next_draw_value(
        self, view: Observation, held: list[Card], scores: Scores, free: Counter[Card]
    ) -> Thinking[None]:
        """For the best few discards, the expected number of cards the next draw sheds
        from the hand kept: every unseen card (two decks counted) attached to the table
        (1) or completing a meld with two kept cards or one and a joker (3)."""
        unseen = Counter(view.unseen())
        total = sum(unseen.values())
        if not total:
            return
        ranked = best_discards(scores, free, 5)
        if len(ranked) < 2:
            return
        yield from self.watch.pause()
        attachable = attaching(unseen, [m.meld for m in view.melds])
        yield from self.watch.pause()
        completing = completing_after_discard(unseen, held, ranked)
        values = {}
        for card in ranked:
            value = 0.0
            for u, n in unseen.items():
                if u in attachable:
                    value += n
                elif u in completing[card]:
                    value += 3 * n
                elif u.is_joker and len(held) > 2:
                    value += 0.5 * n
            values[card] = value / total
        add_centred(scores, values, self.style.exact_outs)

    def _dangers(self, view: Observation, state: State, legal: list[Card]) -> Thinking[Scores]:
        """How much each card would help the next player, the only one who may take it:
        what they took from the pile before and (hard level) the table melds it attaches
        to and their sampled hands it completes a meld in, both weighing more the fewer
        cards they hold (:func:`closeness`)."""
        style = self.style
        following = next_player(view)
        taken = [
            card for who, action, card in view.log
            if who == following and isinstance(action, TakeDiscard) and card is not None
        ]
        can_take = view.opened[following] or view.rules.pile_before_opening
        near = closeness(view.hand_counts[following])
        dangers = dict.fromkeys(legal, 0.0)
        for card in legal:
            if card.is_joker:
                continue
            collected = sum(related(card, other) for other in taken)
            dangers[card] += style.watch_opponents * 4.0 * collected
            if style.safe_discards and can_take and any(
                m.meld.can_attach(card) for m in view.melds
            ):
                dangers[card] += TABLE_FIT_DANGER * near
        if style.safe_discards and can_take and style.samples:
            yield from self.watch.pause()
            shares = yield from self._sampled_fits(view, following, legal)
            for card, share in shares.items():
                dangers[card] += SAMPLED_FIT_DANGER * near * share
        if style.safe_discards:
            refused = declined(view, following)
            for card in legal:
                if card in refused:
                    dangers[card] = min(dangers[card], 0.0) - 3.0
        return dangers

    def _sampled_fits(
        self, view: Observation, following: int, legal: list[Card]
    ) -> Thinking[Scores]:
        """Monte-Carlo: the share of sampled hands of the next player in which each
        card would complete a meld, within the time budget."""
        start = self.watch.now()
        cards = [c for c in legal if not c.is_joker]
        hits = dict.fromkeys(cards, 0)
        rng = child_rng(self.rng)
        unseen = view.unseen()
        count = view.hand_counts[following]
        done = 0
        for _ in range(self.style.samples):
            yield from self.watch.pause()
            if self._out_of_time(start, done):
                break
            # a determinization of the one hidden hand that matters: a uniform deal
            # of the unseen cards, as observation.determinize would make it
            theirs = rng.sample(unseen, min(count, len(unseen)))
            for card in cards:
                if completes_meld(card, theirs):
                    hits[card] += 1
            done += 1
        return {card: hits[card] / done for card in cards} if done else {}


def closeness(cards: int) -> float:
    """How many times a card that helps the next player counts when they hold ``cards``:
    a card they attach or meld is one step of the few left to close.

    >>> [closeness(n) for n in (1, 2, 4, 5, 13)]
    [5.0, 4.0, 2.0, 1.0, 1.0]
    """
    return 1.0 + max(0, NEAR_CLOSING - cards)


def best_discards(scores: Scores, free: Counter[Card], count: int) -> list[Card]:
    """The ``count`` best-scored discards among the free natural cards."""
    return sorted(
        (c for c in scores if not c.is_joker and free[c]), key=lambda c: scores[c], reverse=True
    )[:count]


def add_centred(scores: Scores, values: Scores, weight: float) -> None:
    """Add ``weight`` times each card's value minus the mean: only differences count."""
    mean = sum(values.values()) / len(values)
    for card, value in values.items():
        scores[card] += weight * (value - mean)


def reaches(pool: list[Card], k: int, opened: bool, table: list[Meld], rules: Rules) -> bool:
    """Whether ``pool`` (a hand and its next ``k`` draws) opens, or once opened lays
    every card but ``k`` (the discards of those turns) in melds or on the ``table``:
    the melds that take the most cards, not the most penalty."""
    if not opened:
        return cheapest_opening(pool, rules, keep=k) is not None
    solution = best_melds(pool, rules, keep=k, most_cards=True)
    if solution is None:
        return False
    left = list(solution.left)
    if len(left) <= k:
        return True
    return len(left) - attachable_count(left, table) <= k


__all__ = [
    "LOOK_CANDIDATES",
    "DiscardJudge",
    "add_centred",
    "best_discards",
    "closeness",
    "reaches",
]
