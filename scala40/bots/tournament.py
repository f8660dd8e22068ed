"""Bot tournaments on duplicate single hands, with confidence intervals and timings.

Each pair of levels plays ``hands`` single hands (RULES.md §8, *partita
singola*: the closer wins) as ``hands / 2`` duplicate deals: every deal is
played twice with the same cards, the levels swapping seats, so the luck of
the deal cancels out. With more than two players at a table the seats
alternate between the two levels (A B A …, then B A B …); with ``one_seat``
the first level sits alone against the second in every other seat, and each
deal is played once with it in each seat (an equal player would win
1/players of the hands).

Everything is seeded: the deals from ``seed``, each bot's randomness from
(seed, pair, deal, seat), and the hard level's Monte-Carlo runs without a time
cap here, so the same call gives the same result (the timings apart).

>>> result = run_tournament(["medium", "easy"], hands=2, seed=1)
>>> result["pairs"][0]["players"], sum(result["pairs"][0]["wins"]) + result["pairs"][0]["no_winner"]
(['medium', 'easy'], 2)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from ..actions import Discard
from ..cards import Card, format_cards
from ..engine import apply, discard_refusal, new_match
from ..observation import Observation, observe
from ..rules import SINGLE, Rules
from ..state import State
from . import Player, make_bot
from .gifts import CERTAIN, closing_gifts, next_player

MAX_STEPS = 5000
"""Actions after which a hand counts as stuck (it never happens; reported if it does)."""

Clock = dict[str, list[float]]
"""Decision times (seconds) by level."""
Outcome = tuple[int | None, tuple[int, ...], int, bool]
"""How a hand ended: the closer's seat (or ``None``), the penalties, the actions, stuck."""
Play = tuple[list[int], int | None, tuple[int, ...], int, bool]
"""One play of a deal: the side of each seat, then the hand's :data:`Outcome`."""
DealJob = tuple[str, str, int, int, int, int, bool, bool, Rules]
"""(level a, level b, seed, pair number, deal number, players per table, one seat,
scan for blunders, rules)."""
Blunder = dict[str, Any]
"""An avoidable gift: who discarded what, holding what, on which table, and whether
the next player closed with it."""
J = TypeVar("J")
R = TypeVar("R")


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def play_hand(
    levels_by_seat: Sequence[str],
    deal_seed: str,
    bot_seed: str,
    rules: Rules,
    clock: Clock,
    blunders: list[Blunder] | None = None,
) -> Outcome:
    """Play one single hand; returns (closer seat or None, penalties, steps, stuck).
    With a ``blunders`` list, every avoidable gift (:func:`avoidable_gift`) goes in it."""
    players = [f"p{seat}" for seat in range(len(levels_by_seat))]
    state = new_match(players, seed=deal_seed, rules=rules)
    bots = make_bots(levels_by_seat, bot_seed)
    state, steps = play_out_hand(state, bots, levels_by_seat, deal_seed, clock, blunders)
    if state.hand.result is None:
        return None, (0,) * len(players), steps, True
    return state.hand.result.closer, state.hand.result.penalties, steps, False


def make_bots(levels_by_seat: Sequence[str], bot_seed: str) -> list[Player]:
    """A bot for each seat, seeded from ``bot_seed`` and its seat, its sampling uncapped
    (``budget_ms=None``: the same seeds make the same moves on any machine)."""
    return [make_bot(level, random.Random(f"{bot_seed}/{seat}"), budget_ms=None)
            for seat, level in enumerate(levels_by_seat)]


def play_out_hand(
    state: State,
    bots: Sequence[Player],
    levels_by_seat: Sequence[str],
    deal: str,
    clock: Clock,
    blunders: list[Blunder] | None = None,
) -> tuple[State, int]:
    """Play ``state``'s hand to its end, or stop after :data:`MAX_STEPS` actions with the
    hand not over (stuck: the state returned has no result); returns the state and the
    actions played. Each decision's time goes in ``clock`` under its level; with a
    ``blunders`` list, every avoidable gift (:func:`avoidable_gift`, ``deal`` naming
    where) and whether the next player closed with it at once."""
    played = 0
    gifts: list[Blunder] = []
    while not state.hand_over:
        if played >= MAX_STEPS:
            return state, played
        seat = state.to_move
        view = observe(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        clock.setdefault(levels_by_seat[seat], []).append(time.perf_counter() - start)
        if blunders is not None and isinstance(action, Discard):
            found = avoidable_gift(state, view, action.card)
            if found is not None:
                found.update(level=levels_by_seat[seat], deal=deal, seat=seat)
                found["discards_before"] = _discards(state)
                gifts.append(found)
        state = apply(state, action)
        played += 1
    result = state.hand.result
    if result is None:
        raise AssertionError("a hand over without a result")
    for gift in gifts:  # did the next player close with it at once?
        before = gift.pop("discards_before")
        gift["closed"] = result.closer == gift["next"] and _discards(state) == before + 2
    if blunders is not None:
        blunders.extend(gifts)
    return state, played


def avoidable_gift(state: State, view: Observation, card: Card) -> Blunder | None:
    """If discarding ``card`` now hands the next player the hand while another legal
    discard would not (:func:`~scala40.bots.gifts.closing_gifts`, judged on the
    discarder's view), the facts of it; else ``None``."""
    legal = [c for c in sorted(set(view.hand)) if discard_refusal(state, c) is None]
    gifts = closing_gifts(view, legal, CERTAIN)
    if card not in gifts or len(gifts) == len(legal):
        return None
    following = next_player(view)
    return {
        "card": str(card),
        "hand": format_cards(view.hand),
        "table": [str(m.meld) for m in view.melds],
        "next": following,
        "next_cards": view.hand_counts[following],
        "safe": format_cards([c for c in legal if c not in gifts]),
    }


def _discards(state: State) -> int:
    return sum(isinstance(action, Discard) for _, action, _ in state.hand.log)


def _play_deal(job: DealJob) -> tuple[list[Play], Clock, list[Blunder]]:
    """Every play of one duplicate deal (the sides swap seats, or the lone first level
    goes round every seat): for each, the side of every seat and what
    :func:`play_hand` returns; and the decision times by level."""
    a, b, seed, pair_number, deal, players_per_table, one_seat, scan, rules = job
    clock: Clock = {}
    plays: list[Play] = []
    blunders: list[Blunder] | None = [] if scan else None
    for swap in range(_rotations(players_per_table, one_seat)):
        if one_seat:
            sides = [0 if seat == swap else 1 for seat in range(players_per_table)]
        else:
            sides = [(seat + swap) % 2 for seat in range(players_per_table)]
        by_seat = [(a, b)[side] for side in sides]
        outcome = play_hand(
            by_seat, f"{seed}/{deal}", f"{seed}/{pair_number}/{deal}/{swap}", rules, clock,
            blunders,
        )
        plays.append((sides, *outcome))
    return plays, clock, blunders or []


def _rotations(players_per_table: int, one_seat: bool) -> int:
    """How many times each deal is played."""
    return players_per_table if one_seat else 2


def _deal_jobs(
    pair: tuple[str, str],
    pair_number: int,
    hands: int,
    seed: int,
    players_per_table: int,
    one_seat: bool,
    scan: bool,
    rules: Rules,
) -> list[DealJob]:
    """The deals that play ``pair`` on at least ``hands`` hands (a deal is played
    :func:`_rotations` times), each with its own seed."""
    deals = max(1, -(-hands // _rotations(players_per_table, one_seat)))
    return [
        (*pair, seed, pair_number, deal, players_per_table, one_seat, scan, rules)
        for deal in range(deals)
    ]


def _percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_tournament(
    levels: list[str],
    hands: int,
    seed: int,
    players_per_table: int = 2,
    jobs: int = 1,
    *,
    one_seat: bool = False,
    blunders: bool = False,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """Play every pair of ``levels`` on ``hands`` duplicate single hands (see module doc).

    ``jobs`` > 1 plays the deals in that many processes; the result is the same (the
    timings apart), since every deal and every bot is seeded on its own. ``rules``
    (default: the classic ones) are played as a single hand.

    Returns a JSON-ready dict: per pair the hands won by each side with the
    Wilson 95% interval of the first side's share of the hands that had a
    winner, the average penalty per hand of each side, the hands with no
    winner and any stuck hands; per level the decision times (ms).
    """
    levels = [level.strip() for level in levels if level.strip()]
    if not levels:
        raise ValueError("no levels given")
    if not 2 <= players_per_table <= 6:
        raise ValueError("players_per_table must be between 2 and 6")
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:]] or [
        (levels[0], levels[0])
    ]
    rules = (rules or Rules()).with_options(mode=SINGLE)
    clock: dict[str, list[float]] = {}
    found: list[Blunder] = []
    report_pairs = []
    for pair_number, (a, b) in enumerate(pairs):
        wins = [0, 0]
        penalty = [0.0, 0.0]
        no_winner = stuck = played = 0
        steps_total = 0
        two_seats = players_per_table == 2 and not one_seat  # each deal: one hand a side
        deals = {"first": 0, "second": 0, "seat": 0}
        second_deals: list[int] = []
        work = _deal_jobs(
            (a, b), pair_number, hands, seed, players_per_table, one_seat, blunders, rules
        )
        for job, (plays, deal_clock, deal_blunders) in zip(
            work, _map(_play_deal, work, jobs), strict=True
        ):
            outcome = deal_outcome(plays) if two_seats else None
            if outcome is not None:
                deals[outcome] += 1
                if outcome == "second":
                    second_deals.append(job[4])
            found.extend(deal_blunders)
            for level, samples in deal_clock.items():
                clock.setdefault(level, []).extend(samples)
            for sides, closer, penalties, steps, was_stuck in plays:
                played += 1
                steps_total += steps
                stuck += was_stuck
                if closer is None:
                    no_winner += 1
                else:
                    wins[sides[closer]] += 1
                for side in (0, 1):
                    seats = [s for s in range(players_per_table) if sides[s] == side]
                    penalty[side] += sum(penalties[s] for s in seats) / len(seats)
        decided = wins[0] + wins[1]
        low, high = wilson(wins[0], decided)
        report_pairs.append(
            {
                "players": [a, b],
                "hands": played,
                "wins": wins,
                "no_winner": no_winner,
                "stuck": stuck,
                "share_first": round(wins[0] / decided, 4) if decided else None,
                "interval_first": [round(low, 4), round(high, 4)],
                "avg_penalty": [round(p / played, 2) for p in penalty],
                "avg_actions": round(steps_total / played, 1),
                **({"deals": deals, "second_deals": second_deals} if two_seats else {}),
            }
        )
    timing = {}
    for level, samples in sorted(clock.items()):
        ordered = sorted(samples)
        timing[level] = {
            "decisions": len(ordered),
            "median_ms": round(_percentile(ordered, 0.5) * 1000, 3),
            "p95_ms": round(_percentile(ordered, 0.95) * 1000, 3),
            "p99_ms": round(_percentile(ordered, 0.99) * 1000, 3),
            "max_ms": round(ordered[-1] * 1000, 3),
        }
    return {
        "seed": seed,
        "hands": hands,
        "players_per_table": players_per_table,
        "one_seat": one_seat,
        "house_rules": house_rules(rules),
        "pairs": report_pairs,
        "timing": timing,
        **({"blunders": found} if blunders else {}),
    }


def deal_outcome(plays: list[Play]) -> str | None:
    """Who won a two-player deal's two hands (the sides swap seats): ``"first"`` or
    ``"second"`` when one level won both, ``"seat"`` when the same seat won both (the
    cards decided), ``None`` when a hand had no winner.

    >>> deal_outcome([([0, 1], 1, (9, 0), 40, False), ([1, 0], 1, (0, 9), 38, False)])
    'seat'
    >>> deal_outcome([([0, 1], 1, (9, 0), 40, False), ([1, 0], 0, (0, 9), 38, False)])
    'second'
    """
    winners = [None if closer is None else sides[closer] for sides, closer, *_ in plays]
    if len(winners) != 2 or None in winners:
        return None
    if winners[0] != winners[1]:
        return "seat"
    return "first" if winners[0] == 0 else "second"


def first_level_wins(
    levels: tuple[str, str],
    hands: int,
    seed: int,
    players_per_table: int = 2,
    *,
    one_seat: bool = False,
) -> list[bool]:
    """Hand by hand, in :func:`run_tournament`'s order and on its deals and bot seeds,
    whether the first level closed: two calls on the same arguments, one with a level
    changed, compare the change on the same hands (a hand changes only if a decision
    does), which counts the hands it gains and loses instead of two noisy shares."""
    rules = Rules().with_options(mode=SINGLE)
    won: list[bool] = []
    for job in _deal_jobs(levels, 0, hands, seed, players_per_table, one_seat, False, rules):
        plays, _, _ = _play_deal(job)
        won.extend(closer is not None and sides[closer] == 0 for sides, closer, *_ in plays)
    return won


def _blunder_lines(blunders: list[Blunder], levels: list[str]) -> list[str]:
    """The blunder scan in the report: the count per level, then each case."""
    counts = {level: 0 for level in levels}
    closed = dict(counts)
    for gift in blunders:
        counts[gift["level"]] = counts.get(gift["level"], 0) + 1
        closed[gift["level"]] = closed.get(gift["level"], 0) + gift["closed"]
    lines = [
        "avoidable gifts (a discard the next player could close with, another being safe): "
        + ", ".join(f"{level} {counts[level]} ({closed[level]} closed at once)" for level in counts)
    ]
    for gift in blunders:
        lines.append(
            f"  deal {gift['deal']} seat {gift['seat']} ({gift['level']}): discarded "
            f"{gift['card']} holding {gift['hand']}, safe {gift['safe']}; next player on "
            f"{gift['next_cards']} card(s); table {' | '.join(gift['table'])}"
            + ("; they closed" if gift["closed"] else "")
        )
    return lines


def _map(function: Callable[[J], R], work: list[J], jobs: int) -> Iterable[R]:
    """``map`` over ``work``, in order, in ``jobs`` processes when more than one."""
    if jobs <= 1:
        return map(function, work)
    from multiprocessing import Pool

    with Pool(jobs) as pool:
        return pool.map(function, work, chunksize=max(1, len(work) // (jobs * 8)))


def house_rules(rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` that are not the classic ones (the mode apart: a
    tournament plays single hands).

    >>> house_rules(Rules(mode="single", pile_before_opening=True))
    {'pile_before_opening': True}
    """
    classic = Rules().to_dict()
    return {
        name: value for name, value in rules.to_dict().items()
        if name != "mode" and value != classic[name]
    }


def format_report(result: dict[str, Any]) -> str:
    """The tournament result as a short text report."""
    table = result["players_per_table"]
    lines = [
        f"duplicate single hands: {result['hands']} per pair, seed {result['seed']}, "
        f"{table} players per table"
        + "".join(f", {name} {value}" for name, value in result["house_rules"].items())
        + (f" (the first level alone in one seat, rotated; equal would be {1 / table:.0%})"
           if result.get("one_seat") else "")
    ]
    for pair in result["pairs"]:
        a, b = pair["players"]
        low, high = pair["interval_first"]
        share = pair["share_first"]
        shown = "-" if share is None else f"{share:.1%}"
        lines.append(
            f"{a} vs {b}: {pair['hands']} hands, won {pair['wins'][0]}-{pair['wins'][1]} "
            f"({a} {shown}, 95% CI {low:.1%}-{high:.1%}), no winner {pair['no_winner']}, "
            f"stuck {pair['stuck']}"
        )
        lines.append(
            f"  average penalty per hand: {a} {pair['avg_penalty'][0]}, "
            f"{b} {pair['avg_penalty'][1]}; {pair['avg_actions']} actions per hand"
        )
        if "deals" in pair:  # the duplicate view: where the levels, not the cards, decided
            deals = pair["deals"]
            lines.append(
                f"  deals: {a} won both hands of {deals['first']}, {b} both of "
                f"{deals['second']}, the same seat both of {deals['seat']}"
            )
            if pair["second_deals"]:
                shown = ", ".join(map(str, pair["second_deals"][:40]))
                more = len(pair["second_deals"]) - 40
                lines.append(f"  deals {b} won from both seats: {shown}"
                             + (f" and {more} more" if more > 0 else ""))
    if "blunders" in result:
        lines.extend(_blunder_lines(result["blunders"], list(result["timing"])))
    lines.append("decision time (ms): level  decisions  median  p95  p99  max")
    for level, t in result["timing"].items():
        lines.append(
            f"  {level:<10} {t['decisions']:>8}  {t['median_ms']:.2f}  {t['p95_ms']:.2f}  "
            f"{t['p99_ms']:.2f}  {t['max_ms']:.2f}"
        )
    return "\n".join(lines)


__all__ = [
    "deal_outcome", "first_level_wins", "format_report", "house_rules", "make_bots",
    "play_hand", "play_out_hand",
    "run_tournament", "wilson",
]
