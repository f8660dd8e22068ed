"""The deal of the day: one seed a day from the local date, the result line, the streak.

Everyone who opens the game on the same local date gets the same deal: the
seed is the date itself, the rules and the opponent are fixed here, and
nothing is asked of a server (the deal is made by the engine from the seed,
offline). One try a day; the result is a line to copy and send. Pure
Python with no engine import, so it runs the same in CPython and Pyodide.

>>> daily_seed("2026-12-01")
'daily-2026-12-01'
>>> result_line("2026-12-01", closed=True, turn=9, points=0, lang="it")
'Scala 40 · 1 dic 2026 · chiusa al 9° turno · 0 punti'
>>> result_line("2026-12-01", closed=False, turn=8, points=34, lang="it")
"Scala 40 · 1 dic 2026 · persa all'8° turno · 34 punti"
>>> result_line("2026-12-01", closed=False, turn=12, points=34, lang="en")
'Scala 40 · 1 Dec 2026 · lost on turn 12 · 34 points'
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
MONTHS = {
    "it": ("gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"),
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
}


def day(text: str) -> date:
    """A local date written ``YYYY-MM-DD`` (``ValueError`` otherwise)."""
    return date.fromisoformat(text)


def daily_seed(today: str) -> str:
    """The seed of the deal of ``today`` (checked as a real date)."""
    return "daily-" + day(today).isoformat()


def shown_date(when: date, lang: str) -> str:
    """A date as the page writes it: "1 dic 2026", "1 Dec 2026"."""
    return f"{when.day} {MONTHS[lang][when.month - 1]} {when.year}"


def result_line(today: str, *, closed: bool, turn: int, points: int, lang: str) -> str:
    """The line to send: the date, how the hand ended and on which of the player's turns."""
    shown = shown_date(day(today), lang)
    if lang == "it":
        # "al 9°" but "all'8°", "all'11°": ottavo, undicesimo begin with a vowel
        at = "all'" if str(turn).startswith("8") or turn == 11 else "al "
        how = f"chiusa {at}{turn}° turno" if closed else f"persa {at}{turn}° turno"
        return f"Scala 40 · {shown} · {how} · {points} punti"
    how = f"closed on turn {turn}" if closed else f"lost on turn {turn}"
    return f"Scala 40 · {shown} · {how} · {points} points"


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
