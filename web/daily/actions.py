"""The deal of the day's way in: once a day, or what today's try came to.

Bound by name in :data:`~web.table.registry.ACTIONS`; the day's result is
kept when the match ends (its kind, :data:`web.daily.play.DAILY`); the streak is the
deals of the day's part of the statistics (:data:`~web.table.registry.STATS`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from web.daily import play as daily
from web.daily.deal import DailyStats
from web.i18n import t
from web.store.saves import Saves
from web.table.registry import STATS, action
from web.table.table import Table
from web.ui.markup import Markup, html, join


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


def daily_stats_card(daily: DailyStats, lang: str) -> Markup:
    """The deals of the day: the days in a row to today, the best run, how many played."""
    figures = (("daily_played", daily.played), ("daily_best", daily.best))
    return html(
        '<div class="level-grid daily-grid"><section class="daily-stats" '
        'data-testid="daily-stats" aria-label="{name}"><header><h3>{name}</h3>'
        '<p class="rate"><strong data-testid="daily-streak">{streak}</strong> '
        '<span>{days}</span></p></header>'
        '<dl>{figures}</dl></section></div>',
        name=t("daily", lang), streak=daily.streak,
        days=t("daily_days_in_a_row", lang, n=daily.streak),
        figures=join(html('<div data-stat="{}"><dt>{}</dt><dd>{}</dd></div>', key, t(key, lang),
                          value) for key, value in figures),
    )


def streak_part(saves: Saves, today: str) -> Callable[[str], Markup] | None:
    """The deals of the day's part of the statistics, as seen from ``today`` (none if the
    page gave no date it can read)."""
    try:
        return partial(daily_stats_card, daily.daily_stats(saves, today))
    except ValueError:
        return None


STATS["daily"] = streak_part
