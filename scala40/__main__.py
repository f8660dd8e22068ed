"""Command line: ``python -m scala40 simulate | replay | tournament``.

``simulate`` plays seeded games between random players (uniform among the
legal actions) and checks, after every action, that all cards are accounted
for; ``replay`` prints the final state of a game record; ``tournament``
pits bot levels against each other on duplicate deals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter

from .cards import full_deck
from .engine import apply, legal_actions, new_match
from .errors import RuleError
from .record import Record
from .rules import SINGLE, Rules
from .state import State

RANDOM_PLAYER_STEP_LIMIT = 200_000


def random_game(seed: int, players: int, rules: Rules) -> tuple[State, int]:
    """Play one seeded game between uniform random players; return it and its length.

    Cards are counted after every action: a card created or lost raises.
    """
    state = new_match([f"P{n + 1}" for n in range(players)], seed, rules)
    chooser = random.Random(f"{seed}/random-player")
    deck = Counter(full_deck(rules.jokers))
    steps = 0
    while not state.is_over:
        state = apply(state, chooser.choice(legal_actions(state)))
        steps += 1
        if Counter(state.hand.all_cards()) != deck:
            raise AssertionError(f"seed {seed}: cards not conserved after action {steps}")
        if steps > RANDOM_PLAYER_STEP_LIMIT:
            raise AssertionError(f"seed {seed}: no end after {steps} actions")
    return state, steps


def _simulate(args) -> int:
    """Print a summary that depends only on the arguments (the same seeds give the
    same games, so the same output, digest included); the time goes to stderr."""
    rules = Rules(mode=args.mode)
    started = time.perf_counter()
    lengths, winners = [], Counter()
    digest = hashlib.sha256()
    for seed in range(args.seed, args.seed + args.games):
        players = args.players or 2 + seed % 5
        state, steps = random_game(seed, players, rules)
        lengths.append(steps)
        winners[state.winner] += 1
        digest.update(state.text().encode())
    elapsed = time.perf_counter() - started
    lengths.sort()
    summary = {
        "games": args.games,
        "mode": args.mode,
        "first_seed": args.seed,
        "all_ended": True,
        "cards_conserved_after_every_action": True,
        "actions_total": sum(lengths),
        "actions_median": lengths[len(lengths) // 2],
        "actions_max": lengths[-1],
        "wins_by_seat": {str(seat): count for seat, count in sorted(winners.items())},
        "final_states_digest": digest.hexdigest()[:16],
    }
    print(json.dumps(summary, indent=2))
    print(f"simulate: {args.games} games in {elapsed:.1f} s", file=sys.stderr)
    return 0


def _replay(args) -> int:
    with open(args.record, encoding="utf-8") as handle:
        text = handle.read()
    try:
        state = Record.parse(text).replay()
    except RuleError as error:
        print(error.message(args.language), file=sys.stderr)
        return 1
    print(state.text())
    return 0


def _tournament(args) -> int:
    from .bots.tournament import format_report, run_tournament

    levels = args.players.split(",")
    result = run_tournament(
        levels, args.hands, args.seed, players_per_table=args.table, jobs=args.jobs,
        one_seat=args.one, blunders=args.blunders,
    )
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scala40", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="random seeded games, checked")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--players", type=int, default=0, help="2-6; 0 varies it by seed")
    simulate.add_argument("--mode", choices=("single", "points"), default=SINGLE)
    simulate.set_defaults(run=_simulate)
    replay = commands.add_parser("replay", help="print the final state of a game record")
    replay.add_argument("record")
    replay.add_argument("--language", choices=("it", "en"), default="en")
    replay.set_defaults(run=_replay)
    tournament = commands.add_parser("tournament", help="bot levels on duplicate deals")
    tournament.add_argument("--players", default="hard,medium", help="levels, comma separated")
    tournament.add_argument("--hands", type=int, default=200)
    tournament.add_argument("--seed", type=int, default=1)
    tournament.add_argument("--table", type=int, default=2, help="players at each table")
    tournament.add_argument("--jobs", type=int, default=1, help="processes to play deals in")
    tournament.add_argument(
        "--one", action="store_true", help="the first level alone in one seat, rotated"
    )
    tournament.add_argument("--blunders", action="store_true", help="count avoidable gifts")
    tournament.add_argument("--json", action="store_true")
    tournament.set_defaults(run=_tournament)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
