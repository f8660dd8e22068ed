"""What the table keeps in localStorage: the match, its seats, settings, statistics.

Keys (all under ``scala40.``):

- ``scala40.game``: ``Game.to_save()`` exactly, rewritten after every action;
- ``scala40.table``: the seats (human or bot and its level) and the match id;
- ``scala40.settings``: language, bot speed, the last new-game options;
- ``scala40.stats``: matches played / won / abandoned per mode and level, ranking points;
- ``scala40.broken.<time>``: a save that could not be read, kept aside;
- ``scala40.lesson``: ``{"moves": n}``, the guided first hand's moves played so far;
- ``scala40.daily``: ``{date: result line or ""}``, the deals of the day tried.

``store`` is anything with ``getItem`` / ``setItem`` / ``removeItem``
(``window.localStorage`` in the page, a dict wrapper in CPython), so this
module runs and can be checked without a browser:

>>> store = MemoryStore()
>>> record_result(store, mode="101", levels=["hard"], outcome="won")
>>> stats = load_stats(store)
>>> stats["points"], stats["table"]["101"]["hard"]
(180, {'played': 1, 'won': 1, 'abandoned': 0})
>>> record_result(store, mode="101", levels=["balanced:0.5"], outcome="abandoned")
>>> load_stats(store)["points"]
-20
"""

from __future__ import annotations

import json

GAME_KEY = "scala40.game"
TABLE_KEY = "scala40.table"
SETTINGS_KEY = "scala40.settings"
STATS_KEY = "scala40.stats"
BROKEN_PREFIX = "scala40.broken."
LESSON_KEY = "scala40.lesson"
DAILY_KEY = "scala40.daily"

LEVEL_ORDER = ("easy", "medium", "hard")
WIN_POINTS = {"easy": 150, "medium": 165, "hard": 180}
LOSS_POINTS = -50
ABANDON_POINTS = -200


class MemoryStore:
    """A stand-in for localStorage (CPython checks)."""

    def __init__(self):
        self.data: dict[str, str] = {}

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        self.data[key] = str(value)

    def removeItem(self, key):
        self.data.pop(key, None)


def read_json(store, key: str, default):
    """The JSON value at ``key``, or ``default`` if missing or unreadable."""
    text = store.getItem(key)
    if text is None:
        return default
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return default
    return value if isinstance(value, type(default)) else default


def write_json(store, key: str, value) -> None:
    store.setItem(key, json.dumps(value, ensure_ascii=False))


def keep_aside(store, text: str, stamp: str) -> str:
    """Move an unreadable save out of the way; return the key it was kept under."""
    key = BROKEN_PREFIX + stamp
    store.setItem(key, text)
    store.removeItem(GAME_KEY)
    store.removeItem(TABLE_KEY)
    return key


# -- statistics ----------------------------------------------------------------


def level_key(levels: list[str]) -> str:
    """The opponents' level a match counts under: the strongest bot.

    >>> level_key(["easy", "hard", "medium"]), level_key(["balanced:0.7"]), level_key([])
    ('hard', 'balanced', 'humans')
    """
    if not levels:
        return "humans"
    best = max(levels, key=win_points)
    return best.split(":")[0]


def win_points(level: str) -> int:
    """Ranking points for a win against ``level`` (balanced: 150 + 30 × strength).

    >>> win_points("medium"), win_points("balanced:0.5"), win_points("balanced")
    (165, 165, 165)
    """
    name, _, setting = level.partition(":")
    if name == "balanced":
        strength = float(setting) if setting else 0.5
        return round(150 + 30 * strength)
    return WIN_POINTS.get(name, 150)


def load_stats(store) -> dict:
    stats = read_json(store, STATS_KEY, {})
    stats.setdefault("points", 0)
    stats.setdefault("table", {})
    return stats


def record_result(store, *, mode: str, levels: list[str], outcome: str) -> None:
    """Count one finished or abandoned match ("won", "lost" or "abandoned")."""
    stats = load_stats(store)
    row = stats["table"].setdefault(mode, {}).setdefault(
        level_key(levels), {"played": 0, "won": 0, "abandoned": 0}
    )
    row["played"] += 1
    if outcome == "won":
        row["won"] += 1
        stats["points"] += max((win_points(level) for level in levels), default=150)
    elif outcome == "abandoned":
        row["abandoned"] += 1
        stats["points"] += ABANDON_POINTS
    else:
        stats["points"] += LOSS_POINTS
    write_json(store, STATS_KEY, stats)


def reset_stats(store) -> None:
    store.removeItem(STATS_KEY)


# -- the guided first hand -------------------------------------------------------


def load_lesson(store) -> int:
    """The lesson's moves played so far (0 if none or unreadable).

    >>> store = MemoryStore()
    >>> save_lesson(store, 7); load_lesson(store)
    7
    >>> store.setItem(LESSON_KEY, '{"moves": "x"}'); load_lesson(store)
    0
    """
    moves = read_json(store, LESSON_KEY, {}).get("moves")
    return moves if type(moves) is int and 0 <= moves < 10_000 else 0


def save_lesson(store, moves: int) -> None:
    write_json(store, LESSON_KEY, {"moves": int(moves)})


def load_daily(store) -> dict[str, str]:
    """The deals of the day tried: date → result line ("" while unfinished)."""
    tried = read_json(store, DAILY_KEY, {})
    return {k: v for k, v in tried.items() if isinstance(k, str) and isinstance(v, str)}


def save_daily(store, tried: dict[str, str]) -> None:
    write_json(store, DAILY_KEY, tried)
