"""The deal of the day: one seed a day from the local date, the streak.

Everyone who opens the game on the same local date gets the same deal: the
seed is the date itself, the rules and the opponent are fixed here, and
nothing is asked of a server (the deal is made by the engine from the seed,
offline). One try a day; its result is a line to copy and send (the
catalog's words, :func:`web.daily.play.result_line`). Pure Python with no engine
import, so it runs the same in CPython and Pyodide.

>>> daily_seed("2026-12-01")
'daily-2026-12-01'
>>> streak(["2026-11-29", "2026-11-30", "2026-12-01"], "2026-12-01")
3
>>> streak(["2026-11-29"], "2026-12-01")
0
>>> best_streak(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-30", "2026-12-01"])
3
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

DAILY_RULES = {"mode": "single"}  # the engine's Rules(**DAILY_RULES)
DAILY_BOT = "medium"
def day(text: str) -> date:
    """A local date written ``YYYY-MM-DD`` (``ValueError`` otherwise)."""
    return date.fromisoformat(text)


def daily_seed(today: str) -> str:
    """The seed of the deal of ``today`` (checked as a real date)."""
    return "daily-" + day(today).isoformat()


def _days(played: list[str]) -> set[date]:
    """The real dates among ``played`` (stored text: anything else is left out)."""
    days = set()
    for text in played:
        try:
            days.add(day(text))
        except (TypeError, ValueError):
            continue
    return days


def streak(played: list[str], today: str) -> int:
    """Days in a row with a deal of the day played, ending today (or yesterday: today's
    deal may still be ahead)."""
    days = _days(played)
    current = day(today)
    if current not in days:
        current -= timedelta(days=1)
    count = 0
    while current in days:
        count += 1
        current -= timedelta(days=1)
    return count


def best_streak(played: list[str]) -> int:
    """The longest run of days in a row among ``played``."""
    days = _days(played)
    best = 0
    for first in days:
        if first - timedelta(days=1) in days:
            continue  # not the start of a run
        length = 1
        while first + timedelta(days=length) in days:
            length += 1
        best = max(best, length)
    return best


@dataclass(frozen=True)
class DailyStats:
    """The deals of the day in the statistics dialog."""

    played: int  # deals played to their end
    streak: int  # days in a row, to today or yesterday
    best: int  # the longest run of days in a row

    @classmethod
    def of(cls, played: list[str], today: str) -> DailyStats:
        return cls(len(_days(played)), streak(played, today), best_streak(played))
