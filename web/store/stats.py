"""The statistics (``scala40.stats``): matches played, won and abandoned per mode and
opponents' level, what the player did in them, and the ranking points.

A match counts under its mode (:func:`mode_key`) and the strongest bot it was
played against (:func:`level_key`); a win earns that bot's :data:`WIN_POINTS`:

>>> stats = count_result(empty_stats(), mode="101", levels=["hard"], outcome="won")
>>> row = stats["table"]["101"]["hard"]
>>> stats["points"], row["played"], row["won"], row["abandoned"], row["best_streak"]
(180, 1, 1, 0, 1)
>>> count_result(stats, mode="101", levels=["balanced:0.5"], outcome="abandoned")["points"]
-20
"""

from __future__ import annotations

from scala40 import Rules
from scala40.state import State
from web.store.storage import (
    STATS_KEY,
    Refusal,
    fields,
    load,
    mapping,
    quietly,
    text,
    whole,
)
from web.store.stores import Store

#: Ranking points for a win against each level of :data:`scala40.bots.LEVELS` (a test
#: checks every level has its points). A balanced bot's are easy's to hard's as its
#: strength goes from 0 to 1: those given here are at its default strength, 0.5.
WIN_POINTS = {"easy": 150, "medium": 165, "hard": 180, "balanced": 165}
LOSS_POINTS = -50
ABANDON_POINTS = -200
#: The row of the matches played against people only (no bot at the table).
HUMANS = "humans"

#: What a match adds to its row besides played / won / abandoned: the hands the
#: player was dealt, closed, closed in mano, and the penalties they paid.
TALLY_FIELDS = ("hands", "closed", "in_mano", "penalty")
#: The wins in a row at a mode and level, and the longest such run.
STREAK_FIELDS = ("streak", "best_streak")

STATS_ROW = fields(
    {"played": whole(0, 10**9), "won": whole(0, 10**9), "abandoned": whole(0, 10**9)},
    {name: whole(0, 10**12) for name in (*TALLY_FIELDS, *STREAK_FIELDS)},
)
STATS = fields(
    {},
    {
        "points": whole(-(10**12), 10**12),
        "table": mapping(text(16, pattern="[a-z0-9]+"),
                         mapping(text(16, pattern="[a-z]+"), STATS_ROW, 16), 16),
    },
)


def level_key(levels: list[str]) -> str:
    """The opponents' level a match counts under: the strongest bot.

    >>> level_key(["easy", "hard", "medium"]), level_key(["balanced:0.7"]), level_key([])
    ('hard', 'balanced', 'humans')
    """
    if not levels:
        return HUMANS
    best = max(levels, key=win_points)
    return best.split(":")[0]


def win_points(level: str) -> int:
    """Ranking points for a win against ``level`` (balanced: 150 + 30 × strength); a
    level this version does not know earns the least, easy's.

    >>> win_points("medium"), win_points("balanced:0.5"), win_points("balanced")
    (165, 165, 165)
    >>> win_points("balanced:x"), win_points("balanced:7"), win_points("expert")
    (165, 180, 150)
    """
    name, _, setting = level.partition(":")
    if name == "balanced" and setting:
        try:
            strength = min(1.0, max(0.0, float(setting)))
        except ValueError:
            return WIN_POINTS["balanced"]
        easy, hard = WIN_POINTS["easy"], WIN_POINTS["hard"]
        return round(easy + (hard - easy) * strength)
    return WIN_POINTS.get(name, WIN_POINTS["easy"])


def empty_stats() -> dict:
    return {"points": 0, "table": {}}


def read_stats(store: Store, stamp: str = "1") -> tuple[dict, Refusal | None]:
    """The statistics (none counted yet when missing or refused)."""
    stats, refusal = load(store, STATS_KEY, STATS, empty_stats(), stamp)
    return {**empty_stats(), **stats}, refusal


def count_result(stats: dict, *, mode: str, levels: list[str], outcome: str,
                 tally: dict | None = None) -> dict:
    """``stats`` (as :func:`read_stats` gives them) with one finished or abandoned match
    counted ("won", "lost" or "abandoned"); the caller writes them.

    ``tally`` holds the :data:`TALLY_FIELDS` of the match (:func:`match_tally`);
    ``streak`` counts the wins in a row at this mode and level, ``best_streak`` the
    longest. Rows stored before these fields existed start them at 0. A win with no
    bot at the table earns easy's points.
    """
    row = stats["table"].setdefault(mode, {}).setdefault(
        level_key(levels), {"played": 0, "won": 0, "abandoned": 0}
    )
    for name in (*TALLY_FIELDS, *STREAK_FIELDS):
        row.setdefault(name, 0)
    for name in TALLY_FIELDS:
        row[name] += int((tally or {}).get(name, 0))
    row["played"] += 1
    row["streak"] = row["streak"] + 1 if outcome == "won" else 0
    row["best_streak"] = max(row["best_streak"], row["streak"])
    if outcome == "won":
        row["won"] += 1
        stats["points"] += max((win_points(level) for level in levels),
                               default=WIN_POINTS["easy"])
    elif outcome == "abandoned":
        row["abandoned"] += 1
        stats["points"] += ABANDON_POINTS
    else:
        stats["points"] += LOSS_POINTS
    return stats


def reset_stats(store: Store) -> None:
    quietly(store.removeItem, STATS_KEY)


def mode_key(rules: Rules) -> str:
    """How statistics name a match's mode: single, 101, 201 or custom.

    >>> mode_key(Rules()), mode_key(Rules(mode="single")), mode_key(Rules(elimination_score=151))
    ('101', 'single', 'custom')
    """
    if rules.mode == "single":
        return "single"
    return str(rules.elimination_score) if rules.elimination_score in (101, 201) else "custom"


def match_tally(state: State, seat: int) -> dict[str, int]:
    """What the statistics add up for ``seat`` from a match's finished hands: the hands
    it was dealt in, closed, closed in mano, and the penalties it paid.

    >>> from dataclasses import replace
    >>> from scala40.record import Game
    >>> from scala40.state import HandResult
    >>> state = Game.new(["Anna", "Bruno"], seed=1).state
    >>> won = HandResult(closer=0, in_mano=True, penalties=(0, 60), eliminated=(), reentered=())
    >>> lost = HandResult(closer=1, in_mano=False, penalties=(25, 0), eliminated=(), reentered=())
    >>> match_tally(replace(state, results=(won, lost)), 0)
    {'hands': 2, 'closed': 1, 'in_mano': 1, 'penalty': 25}
    """
    tally = dict.fromkeys(TALLY_FIELDS, 0)
    out = False
    for result in state.results:
        if not out:
            tally["hands"] += 1
            tally["penalty"] += result.penalties[seat]
            if result.closer == seat:
                tally["closed"] += 1
                tally["in_mano"] += int(result.in_mano)
        out = (out or seat in result.eliminated) and seat not in result.reentered
    return tally
