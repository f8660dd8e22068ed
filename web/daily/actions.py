"""The deal of the day's way in: once a day, or what today's try came to.

Bound by name in :data:`~web.table.registry.ACTIONS`; the day's result is
kept by :meth:`~web.table.table.Table.move` when the match ends.
"""

from __future__ import annotations

from web.daily import play as daily
from web.i18n import t
from web.table.registry import action
from web.table.table import Table


@action("daily")
def deal_of_the_day(table: Table, today: str) -> None:
    """The deal of ``today`` (the page's local date): once a day."""
    try:
        daily.daily_seed(today)
    except ValueError:
        return
    tried = daily.tried_today(table.saves, today)
    if tried is not None:
        line = tried or t("daily_unfinished", table.lang)
        streak = daily.current_streak(table.saves, today)
        table.tell(t("daily", table.lang), f"{line}\n{t('daily_streak', table.lang, n=streak)}")
        return
    table.start_session(daily.daily_session(today, table.lang),
                        lambda: daily.start_try(table.saves, today))
