"""The deal of the day and challenges at the table: start one, count its result once.

The page gives the local date (``YYYY-MM-DD``, from the browser's clock).
A deal of the day is a session whose match id is ``daily:<date>``; starting
it counts as the day's try (``scala40.daily`` in :mod:`web.store.storage`), so
leaving and starting again shows the day's result or its refusal instead.
"""

from __future__ import annotations

from scala40 import Discard, Rules
from scala40.record import Game
from web.daily.deal import DAILY_BOT, DAILY_RULES, DailyStats, daily_seed, result_line, streak
from web.i18n import t
from web.store import storage
from web.store.saves import Saves
from web.store.stores import Store
from web.table.session import Seat, Session

PREFIX = "daily:"


def daily_session(today: str, lang: str) -> Session:
    seats = [Seat(t("you", lang)), Seat("Bot", "bot", DAILY_BOT)]
    session = Session.new(seats, daily_seed(today), Rules.from_dict(DAILY_RULES))
    session.match_id = PREFIX + today
    return session


def day_of(session: Session | None) -> str | None:
    if session is None or not session.match_id.startswith(PREFIX):
        return None
    return session.match_id.removeprefix(PREFIX)


def player_turns(game: Game, seat: int = 0) -> int:
    """The player's turns in the hand: their discards (the closing one too)."""
    return sum(1 for who, action, _ in game.state.hand.log
               if who == seat and isinstance(action, Discard))


def finish(saves: Saves, session: Session, lang: str) -> str | None:
    """At the end of a deal of the day: its result line, kept once (``None`` otherwise)."""
    today = day_of(session)
    result = session.state.hand.result
    if today is None or result is None:
        return None
    tried = storage.load_daily(saves.store)
    if tried.get(today):
        return tried[today]
    line = result_line(today, closed=result.closer == 0, turn=player_turns(session.game),
                       points=result.penalties[0], lang=lang)
    tried[today] = line
    saves.save_daily(tried)
    return line


def tried_today(store: Store, today: str) -> str | None:
    """The day's result line ("" if tried and unfinished), ``None`` if not tried yet."""
    return storage.load_daily(store).get(today)


def start_try(saves: Saves, today: str) -> None:
    tried = storage.load_daily(saves.store)
    tried.setdefault(today, "")
    saves.save_daily(tried)


def finished_days(store: Store) -> list[str]:
    """The dates whose deal was played to its end (a try left unfinished is not one)."""
    return [day for day, line in storage.load_daily(store).items() if line]


def current_streak(store: Store, today: str) -> int:
    return streak(finished_days(store), today)


def daily_stats(store: Store, today: str) -> DailyStats:
    """What the statistics show of the deals of the day, seen from ``today``."""
    return DailyStats.of(finished_days(store), today)
