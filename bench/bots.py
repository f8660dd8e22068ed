"""Benchmarks of the solver and the bots.

    python bench/bots.py solver [--hands 30] [--seed 1]
        the exact solver against a brute force on 14-card hands with 2 jokers:
        the same optimum on every hand, and the speed ratio.
    python bench/bots.py tournament [--players hard,medium] [--hands 200] [--seed 1] [--json]
        duplicate single hands between levels (scala40.bots.tournament).
    python bench/bots.py timing [--level hard] [--hands 20] [--table 2] [--no-pyodide]
                                [--mode points]
        decision times of one level in self-play at ``--table`` players (median, p95,
        p99, max), in CPython and in Pyodide (Node and node_modules/pyodide) side by side;
        ``--mode points`` plays the hands of whole matches (the match's play: held melds,
        the penalty weighed by the threat and the scores).
    python bench/bots.py curve [--settings 0,0.25,0.5,0.75,1] [--hands 200] [--seed 1]
        the balanced level's strength curve: for each setting, its share of the hands
        against medium (duplicate two-player single hands).
    python bench/bots.py race [--levels hard,medium] [--deals 60] [--seed 7] [--pile]
        each level alone on a deal's stock (the other seat draws and throws the card
        back): its turns to open and to close, beside a player that sees its draws
        ahead, and the share of races each level would win racing the first one.
    python bench/bots.py paired --set lookahead=80[,name=value...] [--hands 400] [--seed 2]
                                [--table 2] [--one] [--mode points] [--jobs 2]
        a change of the hard level's style against hard as it is, hard vs medium on the
        same hands: each side's hands won and the hands the change gains and loses; with
        ``--mode points`` the same on whole matches to 101 (``--hands`` counts matches).
    python bench/bots.py compare BEFORE.json AFTER.json
        two runs of ``python -m scala40 tournament --mode points --json`` on the same seed
        and levels (two versions of the code): match by match, the matches the second
        gains and loses for the first level, and its penalty when not closing in each.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40 import (
    JOKER,
    Discard,
    DrawStock,
    RuleError,
    Rules,
    TakeDiscard,
    apply,
    full_deck,
    make_meld,
    new_match,
    observe,
)
from scala40.bots import Bot
from scala40.bots import style as styles
from scala40.bots.points import first_level_match_wins
from scala40.bots.tournament import first_level_wins, format_report, run_tournament, wilson
from scala40.scoring import card_penalty
from scala40.solver import best_melds, cheapest_opening
from scala40.state import State


def is_meld(members) -> bool:
    """Whether the validator (``make_meld``, not the solver's enumerator) accepts
    ``members`` as a meld under some joker declaration."""
    naturals = [c for c in members if not c.is_joker]
    # only a card of the naturals' one suit or one rank can be the joker's
    declarations = [None] + [
        c for c in full_deck(0)
        if JOKER in members and (c.suit == naturals[0].suit or c.rank == naturals[0].rank)
    ]
    for declared in declarations:
        try:
            make_meld(members, joker_as=declared)
        except RuleError:
            continue
        return True
    return False


def brute_force(cards, keep=1):
    """(removed, cards melded): every subset the validator accepts as a meld, then
    every set of disjoint such subsets (no memo, no pruning)."""
    cards = sorted(cards)
    n = len(cards)
    valid = {}
    for mask in range(1, 1 << n):
        if mask.bit_count() < 3:
            continue
        members = [cards[i] for i in range(n) if mask >> i & 1]
        if is_meld(members):
            valid[mask] = (sum(card_penalty(c) for c in members), len(members))
    masks = sorted(valid)
    best = (0, 0) if n >= keep else None

    def walk(start, used, removed, size):
        nonlocal best
        if n - size >= keep and (removed, size) > best:
            best = (removed, size)
        for k in range(start, len(masks)):
            mask = masks[k]
            if not mask & used:
                walk(k + 1, used | mask, removed + valid[mask][0], size + valid[mask][1])

    walk(0, 0, 0, 0)
    return best


def bench_solver(hands: int, seed: int) -> None:
    rng = random.Random(seed)
    naturals = [card for card in full_deck(0)]
    rules = Rules()
    fast = slow = 0.0
    same = 0
    for number in range(hands):
        if number % 2:  # dense: 6 consecutive ranks, many overlapping melds
            low = rng.randrange(1, 9)
            pool = [c for c in naturals if low <= c.rank < low + 6]
        else:
            pool = naturals
        hand = [*rng.sample(pool, 12), JOKER, JOKER]
        start = time.perf_counter()
        solution = best_melds(hand, rules, keep=1)
        fast += time.perf_counter() - start
        start = time.perf_counter()
        expected = brute_force(hand, keep=1)
        slow += time.perf_counter() - start
        got = (solution.removed, solution.cards_melded)
        same += got == expected
        if got != expected:
            print(f"hand {number}: solver {got} brute force {expected}: {hand}")
    print(
        f"14-card hands with 2 jokers (half random, half from 6 ranks): {hands}; "
        f"same optimum {same}/{hands}; "
        f"solver {fast / hands * 1000:.2f} ms/hand, brute force {slow / hands * 1000:.1f} "
        f"ms/hand: {slow / fast:.0f}x faster"
    )


TIMING_CODE = """
import json, random, time
from scala40 import NextHand, Rules, apply, new_match, observe
from scala40.bots import make_bot

wall, cpu, longest = [], [], []
played = number = 0
while played < {hands}:  # whole matches in points mode, until that many hands
    players = [f"p{{s}}" for s in range({table})]
    state = new_match(players, seed=f"{seed}/{{number}}", rules=Rules(mode={mode!r}))
    bots = [make_bot({level!r}, random.Random(f"{seed}/{{number}}/{{s}}")) for s in range({table})]
    number += 1
    while not state.is_over and played < {hands}:
        if state.hand.phase == "over":
            state = apply(state, NextHand())
        steps = 0
        while state.hand.phase != "over" and steps < 3000:
            seat = state.to_move
            view = observe(state, seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            thinking = bots[seat].think(view)
            stretches = []
            while True:  # as the page runs it, timing each stretch between two pauses
                begun = time.perf_counter()
                try:
                    next(thinking)
                except StopIteration as done:
                    action = done.value
                    break
                finally:
                    stretches.append(time.perf_counter() - begun)
            longest.append(max(stretches))
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            state = apply(state, action)
            steps += 1
        played += 1

def figures(times):
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
    return [len(times), pick(0.5), pick(0.95), pick(0.99), times[-1] * 1000]

print(json.dumps([figures(wall), figures(cpu), figures(longest)]))
"""


def bench_timing(
    level: str, hands: int, seed: int, table: int = 2, pyodide: bool = True, mode: str = "single"
) -> None:
    """Decision times of ``level`` in self-play at ``table`` players, in CPython and (the
    same code, the same games) in Pyodide on Node, side by side; and each decision's
    longest stretch between two of its pauses (bots/thinking.py): the longest the
    page's thread is held while a bot thinks (web/table/bots.py)."""
    import subprocess

    code = TIMING_CODE.format(level=level, hands=hands, seed=seed, table=table, mode=mode)
    repo = Path(__file__).resolve().parent.parent
    runs = {
        "CPython": subprocess.run(
            [sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, check=True
        ).stdout
    }
    if pyodide:
        sys.path.insert(0, str(repo / "tests"))
        from pyodide_helper import run_in_pyodide

        try:
            runs["Pyodide"] = run_in_pyodide(code, timeout=3600)
        except RuntimeError as error:  # no Node.js or node_modules: CPython only
            print(f"Pyodide skipped: {error}")
    kind = "single hands" if mode == "single" else "hands of points matches"
    print(f"{level}, {hands} self-play {kind}, {table} players: decision time (ms)")
    print("  (wall: as a player waits, longer on a busy machine; cpu: the process's own time;")
    print("   stretch: a decision's longest stretch between two pauses, wall)")
    print(
        f"  {'runtime':<8} {'clock':<7} {'count':>9} {'median':>8} {'p95':>8} {'p99':>8} "
        f"{'max':>8}"
    )
    for runtime, output in runs.items():
        rows = json.loads(output.strip().splitlines()[-1])
        for clock, row in zip(("wall", "cpu", "stretch"), rows, strict=True):
            count, median, p95, p99, most = row
            print(
                f"  {runtime:<8} {clock:<7} {count:>9} {median:>8.2f} {p95:>8.2f} {p99:>8.2f} "
                f"{most:>8.2f}"
            )


def bench_curve(settings: list[float], hands: int, seed: int) -> None:
    """The balanced level's share of the hands against medium at each setting: its
    strength should rise smoothly from easy's (setting 0) to hard's (setting 1). A hand
    is played as easy, medium or hard with chances (1-s)², 2s(1-s) and s², so once the
    ends are measured the curve expected in between is printed beside the measure."""
    print(f"balanced vs medium, {hands} duplicate two-player single hands, seed {seed}")
    print(f"  {'setting':>7} {'share':>7}  95% interval   expected from the ends")
    measured = {}
    for setting in sorted(settings, key=lambda s: (s not in (0.0, 1.0), s)):
        pair = run_tournament([f"balanced:{setting:g}", "medium"], hands, seed)["pairs"][0]
        measured[setting] = (pair["share_first"] or 0.0, *pair["interval_first"])
    for setting in sorted(measured):
        share, low, high = measured[setting]
        line = f"  {setting:>7.2f} {share:>7.1%}  {low:.1%}-{high:.1%}"
        if 0.0 in measured and 1.0 in measured:
            easy, hard = measured[0.0][0], measured[1.0][0]
            mix = (1 - setting) ** 2 * easy + 2 * setting * (1 - setting) * 0.5 + setting**2 * hard
            line += f"   {mix:.1%}"
        print(line)


RACE_TURNS = 30
"""Turns after which a seat playing alone counts as never closing."""


def passive_turn(state: State) -> State:
    """The other seat's turn in a race alone: it draws and throws back the card drawn
    (another card only where that one may not be discarded), so it never melds and takes
    nothing, and the seat racing draws the deal's stock cards as they come."""
    state = apply(state, DrawStock())
    held = state.hand.hands[state.to_move]
    for card in (held[-1], *held):
        try:
            return apply(state, Discard(card))
        except RuleError:
            continue
    raise AssertionError("no legal discard")


def alone(level: str, deal: str, seat: int, pile: bool) -> tuple[int, int]:
    """The turns ``level`` takes to open and to close at ``seat`` of a two-player ``deal``
    against :func:`passive_turn` (``RACE_TURNS`` + 1: never). Without ``pile`` it never
    takes the pile, so its draws are the deal's stock order (the pile here is the other
    seat's thrown-back draws, not an opponent's discards)."""
    style = styles.STYLES[level]
    bot = Bot(style if pile else replace(style, take_pile=False), random.Random(f"{deal}/{seat}"),
              budget_ms=None)
    state = new_match(["a", "b"], seed=deal, rules=Rules(mode="single"))
    turns, opened = 0, RACE_TURNS + 1
    while turns <= RACE_TURNS and not state.hand_over:
        if state.to_move != seat:
            state = passive_turn(state)
            continue
        action = bot.choose(observe(state, seat))
        turns += isinstance(action, DrawStock | TakeDiscard)
        state = apply(state, action)
        if state.hand.opened[seat] and opened > RACE_TURNS:
            opened = turns
    return opened, turns if state.hand_over else RACE_TURNS + 1


def clairvoyant(deal: str, seat: int) -> tuple[int, int]:
    """The fewest turns in which the seat's hand and its coming draws (the stock, the
    pile never taken) could open and could close: at turn ``t`` it has seen 13 + ``t``
    cards and discarded ``t``; any ``t`` of them could have gone, so it closes at the
    first ``t`` where the cards seen lay all but ``t`` (an opening among them). No
    player closes sooner on those draws, so it bounds what foresight of them is worth."""
    rules = Rules(mode="single")
    state = new_match(["a", "b"], seed=deal, rules=rules)
    seen = list(state.hand.hands[seat])
    stock = list(state.hand.stock)
    mover, turn, opened = state.to_move, 0, RACE_TURNS + 1
    while stock and turn < RACE_TURNS:
        card = stock.pop()
        if mover == seat:
            turn += 1
            seen.append(card)
            held_out = len(seen) - 14 + (2 if turn == 1 else 1)  # a hand holds 14 cards
            if opened > RACE_TURNS and cheapest_opening(seen, rules, keep=held_out):
                opened = turn
            if turn > 1 and cheapest_opening(seen, rules, keep=turn):
                laid = best_melds(seen, rules, keep=turn, most_cards=True)
                if laid is not None and len(laid.left) <= turn:
                    return opened, turn
        mover = 1 - mover
    return opened, RACE_TURNS + 1


def race_share(ours: list[int], theirs: list[int]) -> float:
    """The share of races ``ours`` would win against ``theirs`` run independently (each
    turn count against each; a tie counts half): the race model of docs/bots.md.

    >>> race_share([3, 5], [4, 4])
    0.5
    """
    won = sum((a < b) + 0.5 * (a == b) for a in ours for b in theirs)
    return won / (len(ours) * len(theirs))


def bench_race(levels: list[str], deals: int, seed: int, pile: bool) -> None:
    """Each level alone on the same deals and seats (:func:`alone`), the bound of
    :func:`clairvoyant`, and what the turns to close predict of a race between two."""
    unknown = [level for level in levels if level not in styles.STYLES]
    if unknown:
        raise SystemExit(f"race plays the levels {', '.join(styles.STYLES)}, not {unknown}")
    hands = [(f"{seed}/{deal}", seat) for deal in range(deals) for seat in (0, 1)]
    runs = {level: [alone(level, deal, seat, pile) for deal, seat in hands] for level in levels}
    runs["sees its draws"] = [clairvoyant(deal, seat) for deal, seat in hands]
    first = runs[levels[0]]
    print(f"alone on {len(hands)} hands (seed {seed}), {'taking' if pile else 'never taking'}"
          f" the pile; turns (never: {RACE_TURNS + 1}); differences paired with {levels[0]}")
    print(f"  {'player':<16} {'to open':>8} {'to close':>9} {'close - first':>15} "
          f"{'races won vs first':>19}")
    for name, run in runs.items():
        closes = [close for _, close in run]
        gaps = [close - base for (_, close), (_, base) in zip(run, first, strict=True)]
        spread = statistics.stdev(gaps) / math.sqrt(len(gaps)) if any(gaps) else 0.0
        share = race_share(closes, [close for _, close in first])
        print(f"  {name:<16} {statistics.mean(o for o, _ in run):>8.2f} "
              f"{statistics.mean(closes):>9.2f} {statistics.mean(gaps):>+9.2f} ± {spread:.2f} "
              f"{share:>18.1%}")


def style_changes(text: str) -> dict[str, Any]:
    """``name=value,...`` as fields of :class:`~scala40.bots.style.Style`, each value of
    the type the hard level's field has (a bad name or value is a clear error)."""
    hard = styles.STYLES["hard"]
    changes: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = (part.strip() for part in item.partition("="))
        current = getattr(hard, name, None)
        if name == "name" or current is None:
            raise SystemExit(f"no style field {name!r}")
        if isinstance(current, bool):
            changes[name] = value.lower() in ("1", "true", "yes")
        else:
            changes[name] = type(current)(value)
    return changes


def bench_paired(
    changes: dict[str, Any], hands: int, seed: int, table: int, one: bool, mode: str = "single",
    jobs: int = 1,
) -> None:
    """Hard changed by ``changes`` against hard as it is, each playing medium on the same
    hands (``budget_ms=None``, so a hand differs only where a decision does); with
    ``mode="points"``, on the same ``hands`` whole matches (:mod:`scala40.bots.points`)."""
    def share(won: list[bool]) -> str:
        low, high = wilson(sum(won), len(won))
        return f"{sum(won)} ({sum(won) / len(won):.1%}, {low:.1%}-{high:.1%})"

    def wins() -> list[bool]:
        if mode == "points":
            return first_level_match_wins(("hard", "medium"), hands, seed, table, one_seat=one,
                                          jobs=jobs)
        return first_level_wins(("hard", "medium"), hands, seed, table, one_seat=one)

    hard = styles.STYLES["hard"]
    before = wins()
    styles.STYLES["hard"] = replace(hard, **changes)
    try:
        after = wins()
    finally:
        styles.STYLES["hard"] = hard
    gained = sum(b and not a for a, b in zip(before, after, strict=True))
    lost = sum(a and not b for a, b in zip(before, after, strict=True))
    unit = "matches" if mode == "points" else "hands"
    print(f"hard vs medium, {len(before)} {unit}, seed {seed}, {table} at a table"
          + (", hard alone" if one else "") + f"; change {changes}")
    print(f"  hard as it is won {share(before)}; changed {share(after)}")
    print(f"  {unit} gained {gained}, lost {lost}")


def bench_compare(before_path: str, after_path: str) -> None:
    """Two points tournaments on the same seed, match by match (``each_match`` in
    :func:`scala40.bots.points.tally`): a change of the code is judged on the matches it
    changes, and on the first level's penalty when not closing over the same matches."""
    before = json.loads(Path(before_path).read_text())
    after = json.loads(Path(after_path).read_text())
    for old, new in zip(before["pairs"], after["pairs"], strict=True):
        a, b = old["players"]
        shared = min(len(old["each_match"]), len(new["each_match"]))
        first = old["each_match"][:shared]
        second = new["each_match"][:shared]
        gained = sum(x[0] != 0 and y[0] == 0 for x, y in zip(first, second, strict=True))
        lost = sum(x[0] == 0 and y[0] != 0 for x, y in zip(first, second, strict=True))

        def line(rows: list[list[int]], a: str = a, b: str = b) -> str:
            won = sum(row[0] == 0 for row in rows)
            low, high = wilson(won, len(rows))
            own = sum(row[2] for row in rows) / max(1, sum(row[3] for row in rows))
            theirs = sum(row[4] for row in rows) / max(1, sum(row[5] for row in rows))
            return (f"{a} won {won} ({won / len(rows):.1%}, {low:.1%}-{high:.1%}); penalty "
                    f"when not closing {a} {own:.2f}, {b} {theirs:.2f} ({own / theirs:.2f}x); "
                    f"{sum(row[1] for row in rows) / len(rows):.2f} hands a match")

        print(f"{a} vs {b}, the first {shared} matches of seed {before.get('seed')}")
        print(f"  before: {line(first)}")
        print(f"  after:  {line(second)}")
        print(f"  matches gained {gained}, lost {lost}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    solver = commands.add_parser("solver")
    solver.add_argument("--hands", type=int, default=30)
    solver.add_argument("--seed", type=int, default=1)
    tournament = commands.add_parser("tournament")
    tournament.add_argument("--players", default="hard,medium")
    tournament.add_argument("--hands", type=int, default=200)
    tournament.add_argument("--seed", type=int, default=1)
    tournament.add_argument("--table", type=int, default=2)
    tournament.add_argument("--json", action="store_true")
    timing = commands.add_parser("timing")
    timing.add_argument("--level", default="hard")
    timing.add_argument("--hands", type=int, default=20)
    timing.add_argument("--seed", type=int, default=1)
    timing.add_argument("--table", type=int, default=2)
    timing.add_argument("--no-pyodide", action="store_true")
    timing.add_argument("--mode", choices=("single", "points"), default="single")
    curve = commands.add_parser("curve")
    curve.add_argument("--settings", default="0,0.25,0.5,0.75,1")
    curve.add_argument("--hands", type=int, default=200)
    curve.add_argument("--seed", type=int, default=1)
    race = commands.add_parser("race")
    race.add_argument("--levels", default="hard,medium")
    race.add_argument("--deals", type=int, default=60)
    race.add_argument("--seed", type=int, default=7)
    race.add_argument("--pile", action="store_true")
    paired = commands.add_parser("paired")
    paired.add_argument("--set", required=True, help="style fields, name=value,...")
    paired.add_argument("--hands", type=int, default=400)
    paired.add_argument("--seed", type=int, default=2)
    paired.add_argument("--table", type=int, default=2)
    paired.add_argument("--one", action="store_true")
    paired.add_argument("--mode", choices=("single", "points"), default="single",
                        help="points: --hands counts whole matches")
    paired.add_argument("--jobs", type=int, default=1, help="processes (points mode)")
    compare = commands.add_parser("compare")
    compare.add_argument("before")
    compare.add_argument("after")
    args = parser.parse_args()
    if args.command == "compare":
        bench_compare(args.before, args.after)
        return
    if args.command == "solver":
        bench_solver(args.hands, args.seed)
    elif args.command == "tournament":
        result = run_tournament(args.players.split(","), args.hands, args.seed, args.table)
        print(json.dumps(result, indent=2) if args.json else format_report(result))
    elif args.command == "paired":
        bench_paired(style_changes(args.set), args.hands, args.seed, args.table, args.one,
                     args.mode, args.jobs)
    elif args.command == "race":
        bench_race(args.levels.split(","), args.deals, args.seed, args.pile)
    elif args.command == "curve":
        bench_curve([float(s) for s in args.settings.split(",")], args.hands, args.seed)
    else:
        bench_timing(args.level, args.hands, args.seed, args.table, pyodide=not args.no_pyodide,
                     mode=args.mode)


if __name__ == "__main__":
    main()
