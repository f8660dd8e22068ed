"""Bot tournaments in points: whole matches to 101 (or 201), seats rotated.

A single hand is won by closing first; a points match (RULES.md §8) by being
the last player under the elimination score, so it also asks what a level
keeps in hand when it does not close. Each pair of levels plays whole
matches: match ``m`` is dealt from the seed ``"{seed}/{m}"`` (every hand of
it: the engine deals hand ``n`` from the match's seed and ``n``), and is
played once in each rotation of the seats (two players: the levels swap
seats; more, alternating: A B A … then B A B …; ``one_seat``: the first
level alone in each seat in turn). So two versions of a level meet the same
deals for as long as their matches go the same way, and a paired comparison
(:func:`first_level_match_wins`) counts the matches a change gains and loses.

Each bot's randomness comes from (seed, pair, match, rotation, seat) and the
hard level's sampling runs without a time cap, so the same call gives the
same result, in one process or several (the timings apart).

>>> result = run_points(["medium", "easy"], matches=2, seed=1)
>>> pair = result["pairs"][0]
>>> pair["matches"], sum(pair["match_wins"]) + pair["stuck"]
(2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import NextHand
from ..engine import apply, new_match
from ..rules import POINTS, Rules
from ..state import HandResult
from .tournament import (
    Blunder,
    Clock,
    _map,
    _percentile,
    _rotations,
    house_rules,
    make_bots,
    play_out_hand,
    wilson,
)

MAX_HANDS = 300
"""Hands after which a match counts as stuck (hands with no winner change no score);
so does a hand stuck after :data:`~scala40.bots.tournament.MAX_STEPS` actions."""


@dataclass(frozen=True, slots=True)
class MatchPlay:
    """One play of a match: the side of each seat (0 the first level, 1 the second),
    the winner's seat (``None`` if stuck), each hand's seats and result, the actions."""

    sides: tuple[int, ...]
    winner: int | None
    hands: tuple[tuple[tuple[int, ...], HandResult], ...]
    steps: int

    @property
    def stuck(self) -> bool:
        return self.winner is None

    @property
    def winning_side(self) -> int | None:
        return None if self.winner is None else self.sides[self.winner]


MatchJob = tuple[str, str, int, int, int, int, bool, bool, Rules]
"""(level a, level b, seed, pair number, match number, players per table, one seat,
scan for blunders, rules)."""


def play_match(
    levels_by_seat: Sequence[str],
    match_seed: str,
    bot_seed: str,
    rules: Rules,
    clock: Clock,
    blunders: list[Blunder] | None = None,
) -> tuple[int | None, tuple[tuple[tuple[int, ...], HandResult], ...], int]:
    """Play one whole match; returns (the winner's seat or ``None`` if stuck, each
    hand's seats and result, the actions). Every avoidable gift goes in ``blunders``."""
    players = [f"p{seat}" for seat in range(len(levels_by_seat))]
    state = new_match(players, seed=match_seed, rules=rules)
    bots = make_bots(levels_by_seat, bot_seed)
    hands: list[tuple[tuple[int, ...], HandResult]] = []
    steps = 0
    while not state.is_over:
        if state.hand_over:
            state = apply(state, NextHand())
            continue
        if len(hands) >= MAX_HANDS:
            return None, tuple(hands), steps
        seats = state.hand.seats
        state, played = play_out_hand(state, bots, levels_by_seat, match_seed, clock, blunders)
        steps += played
        if state.hand.result is None:
            return None, tuple(hands), steps
        hands.append((seats, state.hand.result))
    return state.winner, tuple(hands), steps


def _play_match_job(job: MatchJob) -> tuple[list[MatchPlay], Clock, list[Blunder]]:
    """Every rotation of one match's seats: what :func:`play_match` returns for each,
    with the side of every seat; and the decision times by level."""
    a, b, seed, pair_number, match, players_per_table, one_seat, scan, rules = job
    clock: Clock = {}
    plays: list[MatchPlay] = []
    blunders: list[Blunder] | None = [] if scan else None
    for swap in range(_rotations(players_per_table, one_seat)):
        if one_seat:
            sides = tuple(0 if seat == swap else 1 for seat in range(players_per_table))
        else:
            sides = tuple((seat + swap) % 2 for seat in range(players_per_table))
        by_seat = [(a, b)[side] for side in sides]
        winner, hands, steps = play_match(
            by_seat, f"{seed}/{match}", f"{seed}/{pair_number}/{match}/{swap}", rules, clock,
            blunders,
        )
        plays.append(MatchPlay(sides, winner, hands, steps))
    return plays, clock, blunders or []


def _match_jobs(
    pair: tuple[str, str],
    pair_number: int,
    matches: int,
    seed: int,
    players_per_table: int,
    one_seat: bool,
    scan: bool,
    rules: Rules,
) -> list[MatchJob]:
    """The matches that play ``pair`` at least ``matches`` times (each match's deals are
    played :func:`~scala40.bots.tournament._rotations` times, the seats rotated)."""
    deals = max(1, -(-matches // _rotations(players_per_table, one_seat)))
    return [
        (*pair, seed, pair_number, match, players_per_table, one_seat, scan, rules)
        for match in range(deals)
    ]


def points_rules(rules: Rules | None = None) -> Rules:
    """``rules`` (default: the classic ones) played as a points match."""
    return (rules or Rules()).with_options(mode=POINTS)


def match_plays(
    levels: tuple[str, str],
    matches: int,
    seed: int,
    players_per_table: int = 2,
    *,
    one_seat: bool = False,
    rules: Rules | None = None,
    jobs: int = 1,
) -> list[MatchPlay]:
    """Match by match, in :func:`run_points`'s order and on its deals and bot seeds
    (the first pair's), every play of each match."""
    work = _match_jobs(
        levels, 0, matches, seed, players_per_table, one_seat, False, points_rules(rules)
    )
    return [play for plays, _, _ in _map(_play_match_job, work, jobs) for play in plays]


def first_level_match_wins(
    levels: tuple[str, str],
    matches: int,
    seed: int,
    players_per_table: int = 2,
    *,
    one_seat: bool = False,
    rules: Rules | None = None,
    jobs: int = 1,
) -> list[bool]:
    """Match by match (:func:`match_plays`), whether the first level won: two calls on
    the same arguments, one with a level changed, count the matches the change gains
    and loses instead of comparing two noisy shares."""
    plays = match_plays(
        levels, matches, seed, players_per_table, one_seat=one_seat, rules=rules, jobs=jobs
    )
    return [play.winning_side == 0 for play in plays]


@dataclass
class SideTally:
    """What one side (all the seats of one level) did over a pair's matches."""

    matches_won: int = 0
    hands_closed: int = 0
    closed_in_mano: int = 0
    penalty: int = 0
    """Penalties paid in hands that someone else closed."""
    paying_hands: int = 0
    """Seat-hands in which a seat of this side was in a hand someone else closed."""
    eliminated: int = 0
    reentered: int = 0

    def add_hand(self, seats: Sequence[int], sides: Sequence[int], side: int,
                 result: HandResult) -> None:
        mine = [s for s in seats if sides[s] == side]
        if result.closer is not None and sides[result.closer] == side:
            self.hands_closed += 1
            self.closed_in_mano += result.in_mano
        if result.closer is not None:
            payers = [s for s in mine if s != result.closer]
            self.paying_hands += len(payers)
            self.penalty += sum(result.penalties[s] for s in payers)
        self.eliminated += sum(sides[s] == side for s in result.eliminated)
        self.reentered += sum(sides[s] == side for s in result.reentered)

    def report(self) -> dict[str, Any]:
        average = self.penalty / self.paying_hands if self.paying_hands else None
        return {
            "matches_won": self.matches_won,
            "hands_closed": self.hands_closed,
            "closed_in_mano": self.closed_in_mano,
            "avg_penalty_not_closing": None if average is None else round(average, 2),
            "paying_hands": self.paying_hands,
            "eliminated": self.eliminated,
            "reentered": self.reentered,
        }


def tally(plays: Sequence[MatchPlay]) -> dict[str, Any]:
    """A pair's figures over its match plays: matches won by each side (and the first
    side's share with its Wilson 95% interval), hands played, and per side the hands
    closed, the average penalty taken per hand when not closing and the eliminations;
    and ``each_match``, play by play: [the winning side, the hands, then for each side the
    penalty paid when not closing and the seat-hands it was paid over], which two runs on
    the same seed compare match by match (``bench/bots.py compare``).

    >>> from scala40.state import HandResult
    >>> hand = ((0, 1), HandResult(0, False, (0, 30), eliminated=(1,)))
    >>> figures = tally([MatchPlay((0, 1), 0, (hand,), 40)])
    >>> figures["match_wins"], figures["sides"][1]["avg_penalty_not_closing"]
    ([1, 0], 30.0)
    """
    sides = [SideTally(), SideTally()]
    hands = no_winner = stuck = steps = 0
    each = []
    for play in plays:
        steps += play.steps
        if play.winning_side is None:
            stuck += 1
        else:
            sides[play.winning_side].matches_won += 1
        own = [SideTally(), SideTally()]
        for seats, result in play.hands:
            hands += 1
            no_winner += result.closer is None
            for side in (0, 1):
                sides[side].add_hand(seats, play.sides, side, result)
                own[side].add_hand(seats, play.sides, side, result)
        each.append([play.winning_side, len(play.hands),
                     *(n for t in own for n in (t.penalty, t.paying_hands))])
    wins = [side.matches_won for side in sides]
    decided = sum(wins)
    low, high = wilson(wins[0], decided)
    return {
        "matches": len(plays),
        "match_wins": wins,
        "stuck": stuck,
        "share_first": round(wins[0] / decided, 4) if decided else None,
        "interval_first": [round(low, 4), round(high, 4)],
        "hands": hands,
        "hands_no_winner": no_winner,
        "avg_hands_per_match": round(hands / len(plays), 2) if plays else 0.0,
        "avg_actions_per_hand": round(steps / hands, 1) if hands else 0.0,
        "sides": [side.report() for side in sides],
        "each_match": each,
    }


def run_points(
    levels: list[str],
    matches: int,
    seed: int,
    players_per_table: int = 2,
    jobs: int = 1,
    *,
    one_seat: bool = False,
    blunders: bool = False,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """Play every pair of ``levels`` in at least ``matches`` whole points matches (see
    the module doc); ``rules`` (default: the classic ones, to 101) in points mode.

    Returns a JSON-ready dict: per pair the figures of :func:`tally`; per level the
    decision times (ms); with ``blunders``, every avoidable gift.
    """
    levels = [level.strip() for level in levels if level.strip()]
    if not levels:
        raise ValueError("no levels given")
    if not 2 <= players_per_table <= 6:
        raise ValueError("players_per_table must be between 2 and 6")
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:]] or [
        (levels[0], levels[0])
    ]
    rules = points_rules(rules)
    clock: Clock = {}
    found: list[Blunder] = []
    report_pairs = []
    for pair_number, pair in enumerate(pairs):
        work = _match_jobs(
            pair, pair_number, matches, seed, players_per_table, one_seat, blunders, rules
        )
        plays: list[MatchPlay] = []
        for match_plays_, match_clock, match_blunders in _map(_play_match_job, work, jobs):
            plays.extend(match_plays_)
            found.extend(match_blunders)
            for level, samples in match_clock.items():
                clock.setdefault(level, []).extend(samples)
        report_pairs.append({"players": list(pair), **tally(plays)})
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
        "mode": POINTS,
        "seed": seed,
        "matches": matches,
        "players_per_table": players_per_table,
        "one_seat": one_seat,
        "elimination_score": rules.elimination_score,
        "house_rules": house_rules(rules),
        "pairs": report_pairs,
        "timing": timing,
        **({"blunders": found} if blunders else {}),
    }


def format_points_report(result: dict[str, Any]) -> str:
    """The points tournament's result as a short text report."""
    from .tournament import _blunder_lines

    table = result["players_per_table"]
    rules = {k: v for k, v in result["house_rules"].items() if k != "elimination_score"}
    lines = [
        f"points matches to {result['elimination_score']}: {result['matches']} per pair, "
        f"seed {result['seed']}, {table} players per table"
        + "".join(f", {name} {value}" for name, value in rules.items())
        + (f" (the first level alone in one seat, rotated; equal would be {1 / table:.0%})"
           if result["one_seat"] else "")
    ]
    for pair in result["pairs"]:
        a, b = pair["players"]
        low, high = pair["interval_first"]
        share = pair["share_first"]
        shown = "-" if share is None else f"{share:.1%}"
        lines.append(
            f"{a} vs {b}: {pair['matches']} matches, won {pair['match_wins'][0]}-"
            f"{pair['match_wins'][1]} ({a} {shown}, 95% CI {low:.1%}-{high:.1%}), "
            f"stuck {pair['stuck']}; {pair['hands']} hands ({pair['avg_hands_per_match']} a "
            f"match, {pair['hands_no_winner']} with no winner)"
        )
        for level, side in zip((a, b), pair["sides"], strict=True):
            average = side["avg_penalty_not_closing"]
            lines.append(
                f"  {level}: closed {side['hands_closed']} hands ({side['closed_in_mano']} in "
                f"mano); average penalty when not closing "
                f"{'-' if average is None else average} over {side['paying_hands']} "
                f"seat-hands; eliminated {side['eliminated']}"
                + (f", re-entered {side['reentered']}" if side["reentered"] else "")
            )
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
    "MAX_HANDS",
    "MatchPlay",
    "SideTally",
    "first_level_match_wins",
    "format_points_report",
    "match_plays",
    "play_match",
    "points_rules",
    "run_points",
    "tally",
]
