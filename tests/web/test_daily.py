"""The deal of the day: same date, same deal; one try a day; the result line; the streak."""

from __future__ import annotations

import inspect
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_storage_table import Full

from scala40 import Rules, new_match, write_position
from web.daily import deal as daily_module
from web.daily import play as daily
from web.daily.deal import DAILY_RULES, DailyStats, daily_seed, streak
from web.daily.play import result_line
from web.store.saves import Saves
from web.store.settings import Settings
from web.store.stores import MemoryStore
from web.table.kinds import kind_of
from web.table.shown import Overlay
from web.table.table import Table
from web.ui.markup import join


def deal(today: str) -> str:
    return write_position(new_match(["Tu", "Bot"], daily_seed(today),
                                     Rules.from_dict(DAILY_RULES)))


def test_same_date_same_deal_and_the_next_date_another() -> None:
    assert deal("2026-12-01") == deal("2026-12-01")
    assert deal("2026-12-01") != deal("2026-12-02")


@pytest.mark.parametrize("bad", ["", "2026-13-01", "2026-02-30", "x", "2026-12-01T00:00"])
def test_a_date_that_is_not_one_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        daily_seed(bad)


def test_the_result_line_in_both_languages() -> None:
    assert result_line("2026-12-01", closed=True, turn=9, points=0, lang="it") == \
        "Scala 40 · 1 dic 2026 · chiusa al 9° turno · 0 punti"
    assert result_line("2027-01-31", closed=True, turn=1, points=0, lang="en") == \
        "Scala 40 · 31 Jan 2027 · closed on turn 1 · 0 points"


def test_the_streak_counts_days_in_a_row_to_today_or_yesterday() -> None:
    days = ["2026-11-28", "2026-11-30", "2026-12-01", "nonsense"]
    assert streak(days, "2026-12-01") == 2
    assert streak(days, "2026-12-02") == 2
    assert streak(days, "2026-12-03") == 0


def test_one_try_a_day_then_the_result_and_the_streak() -> None:
    store = MemoryStore()
    table = Table(Saves(store), Settings(lang="it"), clock=lambda: 0.0)
    table.click("daily", "2026-12-01")
    session = table.session
    assert session is not None and session.state.seed == "daily-2026-12-01"
    table.end_session()
    table.click("daily", "2026-12-01")
    assert table.overlay is Overlay.NOTICE and table.session is None
    assert table.notice is not None and "già provato" in table.notice[1]
    # a finished deal keeps its line
    store.setItem("scala40.daily", '{"2026-11-30": "Scala 40 · 30 nov 2026 · x", '
                  '"2026-12-01": "Scala 40 · 1 dic 2026 · y"}')
    assert daily.current_streak(Saves(store), "2026-12-01") == 2
    table.click("close")  # the player closes the first notice (notices queue up)
    table.click("daily", "2026-12-01")
    assert table.notice is not None and "1 dic 2026 · y" in table.notice[1]
    table.click("daily", "not a date")
    assert table.session is None


def test_a_deal_of_the_day_the_browser_cannot_mark_is_played_and_the_player_told() -> None:
    store = Full()
    store.full = True
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0)
    table.click("daily", "2026-12-01")
    assert table.session is not None  # played all the same
    assert table.overlay is Overlay.NOTICE  # the match's saving fails too: told first
    assert any("Today's deal of the day is not marked as played." in text
               for _title, text in table.notices)


def test_the_result_line_shows_on_the_score_sheet_that_ends_the_deal() -> None:
    import random

    from scala40 import observe
    from scala40.bots import make_bot
    from web.page.view import whole_page
    from web.ui.markup import escape

    table = Table(Saves(MemoryStore()), Settings(lang="it"), clock=lambda: 0.0)
    table.click("daily", "2026-12-01")
    session = table.session
    assert session is not None
    players = [make_bot("medium", random.Random(seat)) for seat in range(2)]
    while not session.state.is_over:  # a bot plays the human's seat too
        state = session.state
        assert table.move(players[state.to_move].choose(observe(state, state.to_move))) is None
    assert table.overlay is Overlay.SHEET and session.message is not None
    line = session.message[1]
    assert "Scala 40 · 1 dic 2026" in line
    sheet = str(whole_page(table)).split('class="sheet-body"')[1]
    assert escape(line) in sheet
    # the deal is shared for others to play the same cards, not a dare to a rival
    assert '<button class="btn" data-act="challenge">Condividi</button>' in sheet


@pytest.mark.pyodide
def test_the_same_date_gives_the_same_deal_in_pyodide() -> None:
    from pyodide_helper import run_in_pyodide

    dates = ["2026-12-01", "2026-12-02", "2027-02-28", "2028-02-29"]
    code = inspect.getsource(daily_module) + (
        "\nfrom scala40 import Rules, new_match, write_position\n"
        f"for today in {dates!r}:\n"
        "    state = new_match(['Tu', 'Bot'], daily_seed(today), Rules.from_dict(DAILY_RULES))\n"
        "    print(write_position(state).replace(chr(10), '|'))\n"
    )
    lines = run_in_pyodide(code).splitlines()
    assert lines == [deal(today).replace("\n", "|") for today in dates]


def test_the_statistics_show_the_streak_the_best_run_and_the_deals_played() -> None:
    from web.daily.deal import best_streak
    from web.table.dialogs import stats_dialog

    store = MemoryStore()
    store.setItem("scala40.daily", '{"2026-11-20": "a", "2026-11-21": "b", "2026-11-22": "c", '
                  '"2026-11-30": "d", "2026-12-01": "e", "2026-12-02": ""}')
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0)
    table.click("stats", "2026-12-02")  # today's try unfinished: the run to yesterday counts
    assert table.overlay is Overlay.STATS

    def shown(lang: str) -> str:
        return stats_dialog(table.stats_shown, lang,
                            join(part(lang) for part in table.stats_parts))

    markup = shown("en")
    assert 'data-testid="daily-streak">2<' in markup and "Best run" in markup
    assert 'data-stat="daily_played"><dt>Played</dt><dd>5<' in markup
    assert 'data-stat="daily_best"><dt>' in shown("it")  # drawn again in the language read
    table.click("stats", "2026-12-04")  # a day missed: the run is broken
    assert 'data-testid="daily-streak">0<' in shown("en")
    table.click("stats", "")  # no date from the page: nothing said about the days
    assert "daily-stats" not in shown("it")
    assert best_streak([]) == 0


@given(st.lists(st.dates(date(2020, 1, 1), date(2030, 12, 31)).map(str), max_size=40),
       st.dates(date(2020, 1, 1), date(2030, 12, 31)).map(str))
def test_the_streak_is_a_run_ending_today_or_yesterday_and_never_beyond_the_best(
        played: list[str], today: str) -> None:
    stats = DailyStats.of(played, today)
    assert 0 <= stats.streak <= stats.best <= stats.played == len(set(played))
    days = {date.fromisoformat(text) for text in played}
    end = date.fromisoformat(today)
    end = end if end in days else end - timedelta(days=1)
    assert all(end - timedelta(days=n) in days for n in range(stats.streak))
    assert end - timedelta(days=stats.streak) not in days


def test_the_table_says_it_is_the_deal_of_the_day_and_its_date() -> None:
    from web.page.view import whole_page

    for lang, label in (("it", "Smazzata del giorno · 6 dic 2026"),
                        ("en", "Deal of the day · 6 Dec 2026")):
        table = Table(Saves(MemoryStore()), Settings(lang=lang), clock=lambda: 0.0)
        table.click("daily", "2026-12-06")
        page = str(whole_page(table))
        assert f'data-testid="played-label">{label}</p>' in page
        assert table.session is not None and table.session.names[1] == "Bruno"


def test_the_days_result_is_shared_as_a_link_to_the_same_deal() -> None:
    import random

    from scala40 import observe
    from scala40.bots import make_bot
    from web.daily.challenge import Challenge, parse
    from web.newgame.actions import open_challenge

    table = Table(Saves(MemoryStore()), Settings(lang="en", name="Marco"), clock=lambda: 0.0)
    table.click("daily", "2026-12-06")
    session = table.session
    assert session is not None
    players = [make_bot("easy", random.Random(seat)) for seat in range(2)]
    while not session.state.is_over:
        state = session.state
        assert table.move(players[state.to_move].choose(observe(state, state.to_move))) is None
    table.click("challenge", "https://example.org/scala40/")
    link = table.challenge_link
    shared = parse(link[link.index("#"):])
    assert shared == Challenge("daily-2026-12-06", Rules.from_dict(DAILY_RULES), ("medium",),
                               by="Marco", score=daily.score_of(session.game, 0))
    # the friend plays the same deal as Marco's challenge: not as their own day's try
    store = MemoryStore()
    friend = Table(Saves(store), Settings(lang="it"), clock=lambda: 0.0)
    open_challenge(friend, link[link.index("#"):])
    assert friend.session is not None and daily.day_of(friend.session) is None
    assert friend.session.state.hand.hands[0] == next(session.game.record.states()).hand.hands[0]
    label = kind_of(friend.session).label(friend.session, "it")
    assert label is not None and label.startswith("Sfida di Marco: ")
    assert daily.tried_today(Saves(store), "2026-12-06") is None
