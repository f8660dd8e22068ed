"""Command line: ``python -m scala40 simulate | replay | tournament``.

``simulate`` plays seeded games between random players (uniform among the
legal actions) and checks, after every action, that all cards are accounted
for; ``replay`` prints the final state of a game record; ``tournament``
pits bot levels against each other on duplicate deals: single hands, or with
``--mode points`` whole matches to 101 (``--target``), seats rotated.

A bad invocation (an unknown option, a number out of range, a file that is
not a readable game record) prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import NoReturn, TextIO

from .cards import full_deck
from .engine import MAX_PLAYERS, MIN_PLAYERS, apply, legal_actions, new_match
from .errors import RuleError
from .position import write_position
from .record import MAX_RECORD_CHARS, Record
from .rules import (
    ATTACHABLE_ALLOWED,
    ATTACHABLE_BEFORE_OPENING,
    ATTACHABLE_EXCEPT_CLOSING,
    ATTACHABLE_NEVER,
    POINTS,
    PRESETS,
    SINGLE,
    Rules,
)
from .state import State
from .words import FALLBACK, languages

RANDOM_PLAYER_STEP_LIMIT = 200_000
PROG = "python -m scala40"
MAX_JOBS = 64


class _Refused(Exception):
    """A bad invocation, in plain words: :func:`main` prints it on one line, exit status 2."""


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


def _simulate(args: argparse.Namespace) -> int:
    """Print a summary that depends only on the arguments (the same seeds give the
    same games, so the same output, digest included); the time goes to stderr."""
    rules = Rules(mode=args.mode)
    started = time.perf_counter()
    lengths: list[int] = []
    winners: Counter[int | None] = Counter()
    digest = hashlib.sha256()
    for seed in range(args.seed, args.seed + args.games):
        players = args.players or 2 + seed % 5
        state, steps = random_game(seed, players, rules)
        lengths.append(steps)
        winners[state.winner] += 1
        digest.update(write_position(state).encode())
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
    _say(json.dumps(summary, indent=2), sys.stdout)
    print(f"simulate: {args.games} games in {elapsed:.1f} s", file=sys.stderr)
    return 0


def _replay(args: argparse.Namespace) -> int:
    """Print the final state of the record in ``args.record``; a file that cannot be
    read or a record the rules refuse is a one-line error (exit status 2)."""
    text = _read_text(args.record)
    try:
        state = Record.parse(text).replay()
    except RuleError as error:
        raise _cannot_replay(f"{args.record}: {error.message(args.language)}") from None
    _say(write_position(state), sys.stdout)
    return 0


def _cannot_replay(why: str) -> _Refused:
    return _Refused(f"{PROG} replay: error: {why}")


def _read_text(path: str) -> str:
    """The text of the file at ``path`` (UTF-8, a byte order mark allowed), read up to
    the size of the longest record, or ``_Refused`` saying why not."""
    limit = 4 * MAX_RECORD_CHARS  # UTF-8 takes at most 4 bytes a character
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise _cannot_replay(f"no such file: {path}") from None
    except IsADirectoryError:
        raise _cannot_replay(f"{path} is a directory, not a game record") from None
    except PermissionError:
        raise _cannot_replay(f"{path}: permission denied") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = getattr(error, "strerror", None) or error
        raise _cannot_replay(f"cannot read {path}: {reason}") from None
    if len(data) > limit:
        raise _cannot_replay(f"{path} is too large for a game record (over {limit} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _cannot_replay(f"{path} is not UTF-8 text (at byte {error.start + 1})") from None


def _tournament(args: argparse.Namespace) -> int:
    if args.mode == POINTS:
        from .bots.points import format_points_report, run_points

        result = run_points(
            args.players, args.matches, args.seed, players_per_table=args.table,
            jobs=args.jobs, one_seat=args.one, blunders=args.blunders, rules=_house_rules(args),
        )
        text = format_points_report(result)
    else:
        from .bots.tournament import format_report, run_tournament

        result = run_tournament(
            args.players, args.hands, args.seed, players_per_table=args.table, jobs=args.jobs,
            one_seat=args.one, blunders=args.blunders, rules=_house_rules(args),
        )
        text = format_report(result)
    _say(json.dumps(result, indent=2) if args.json else text, sys.stdout)
    return 0


def _house_rules(args: argparse.Namespace) -> Rules:
    """The tournament's rules: a named house's, with the discard rule, the elimination
    score and re-entry changed if asked."""
    rules = PRESETS[args.house]
    if args.attachable_discard is not None:
        rules = rules.with_options(attachable_discard=args.attachable_discard)
    if args.target is not None:
        rules = rules.with_options(elimination_score=args.target)
    if args.reentry:
        rules = rules.with_options(reentry=True)
    return rules


# -- the command line ---------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, its usage errors raised as :class:`_Refused` (one line, no usage dump)."""

    def error(self, message: str) -> NoReturn:
        raise _Refused(f"{self.prog}: error: {message}")


def _whole(low: int, high: int | None = None, *, even: bool = False) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (and even, if asked)."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}") from None
        if number < low or (high is not None and number > high) or (even and number % 2):
            kind = "an even number" if even else "a whole number"
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise argparse.ArgumentTypeError(f"must be {kind} {span}, not {number}")
        return number

    return read


def _levels(text: str) -> list[str]:
    """An argparse type: bot levels, comma separated, each one :func:`make_bot` knows."""
    from .bots import make_bot

    levels = [level.strip() for level in text.split(",") if level.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("no bot levels given (e.g. hard,medium)")
    for level in levels:
        try:
            make_bot(level, random.Random(0))
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return levels


def _say(text: str, stream: TextIO) -> None:
    """Write a line that any terminal can show (characters its encoding lacks escaped)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")


def _one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line, cut at ``limit`` characters (an argument may be huge),
    control characters escaped (a file's bytes never drive the terminal)."""
    line = " ".join(text.split())
    if len(line) > limit:
        line = line[: limit - 1] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="random seeded games, checked")
    simulate.add_argument("--games", type=_whole(1), default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument(
        "--players", type=int, default=0, choices=(0, *range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        help=f"{MIN_PLAYERS}-{MAX_PLAYERS}; 0 varies it by seed",
    )
    simulate.add_argument("--mode", choices=("single", "points"), default=SINGLE)
    simulate.set_defaults(run=_simulate)
    replay = commands.add_parser("replay", help="print the final state of a game record")
    replay.add_argument("record")
    replay.add_argument("--language", choices=languages(), default=FALLBACK)
    replay.set_defaults(run=_replay)
    tournament = commands.add_parser("tournament", help="bot levels on duplicate deals")
    tournament.add_argument("--players", type=_levels, default="hard,medium",
                            help="levels, comma separated")
    tournament.add_argument("--mode", choices=(SINGLE, POINTS), default=SINGLE,
                            help="single hands, or whole points matches")
    tournament.add_argument("--hands", type=_whole(2, even=True), default=200,
                            help="single hands per pair, even: each deal is played twice")
    tournament.add_argument("--matches", type=_whole(1), default=100,
                            help="points matches per pair (each match's deals are played "
                            "once in each rotation of the seats)")
    tournament.add_argument("--target", type=_whole(1), default=None,
                            help="points mode: the elimination score (101, 201, ...) "
                            "instead of the house's")
    tournament.add_argument("--reentry", action="store_true",
                            help="points mode: an eliminated player re-enters (RULES.md §9)")
    tournament.add_argument("--seed", type=int, default=1)
    tournament.add_argument("--table", type=int, default=2,
                            choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
                            help="players at each table")
    tournament.add_argument("--jobs", type=_whole(1, MAX_JOBS), default=1,
                            help="processes to play deals in")
    tournament.add_argument(
        "--one", action="store_true", help="the first level alone in one seat, rotated"
    )
    tournament.add_argument("--blunders", action="store_true", help="count avoidable gifts")
    tournament.add_argument("--house", choices=tuple(PRESETS), default="classica",
                            help="the house rules played (the table's presets)")
    tournament.add_argument(
        "--attachable-discard", choices=(
            ATTACHABLE_BEFORE_OPENING, ATTACHABLE_EXCEPT_CLOSING, ATTACHABLE_NEVER,
            ATTACHABLE_ALLOWED,
        ), default=None,
        help="who may not discard an attachable card (RULES.md §9), instead of the "
        "house's; 'allowed' as issue #15",
    )
    tournament.add_argument("--json", action="store_true")
    tournament.set_defaults(run=_tournament)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a command; a bad invocation prints one line on stderr and returns 2."""
    try:
        args = _parser().parse_args(argv)
        status: int = args.run(args)
        return status
    except _Refused as refusal:
        _say(_one_line(str(refusal)), sys.stderr)
        return 2
    except KeyboardInterrupt:
        _say(f"{PROG}: interrupted", sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
