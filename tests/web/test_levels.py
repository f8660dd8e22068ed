"""The bots' levels are written once (``scala40.bots.LEVELS``, ``DEFAULT_LEVEL``): the
form, a seat, a kept match, the statistics and the catalog's names follow them."""

from __future__ import annotations

import re

import pytest

from scala40.bots import DEFAULT_LEVEL, LEVELS
from scala40.record import Game
from web.i18n import LANGS, STRINGS, t
from web.newgame.view import seat_row, setup_summary
from web.page.first import before_python
from web.store.seat import Seat, SeatKind
from web.store.stats import WIN_POINTS
from web.table.dialogs import STATS_LEVELS
from web.table.session import Session


def test_every_level_has_its_name_its_ranking_points_and_its_statistics_row():
    assert {f"level_{level}" for level in LEVELS} <= set(STRINGS)
    assert set(WIN_POINTS) == set(LEVELS) and set(LEVELS) <= set(STATS_LEVELS)


def test_a_bot_without_a_chosen_level_plays_the_default_everywhere():
    assert DEFAULT_LEVEL in LEVELS
    assert Seat("Bruno", SeatKind.BOT).level == DEFAULT_LEVEL
    kept = Session.restore(Game.new(["Anna", "Bruno"], seed=1), {"seats": [{}, {"kind": "bot"}]})
    assert kept.seats[1].level == DEFAULT_LEVEL
    row = seat_row(1, {}, SeatKind.BOT, "Bruno", 2, "en")
    assert re.search(rf'<option value="{DEFAULT_LEVEL}" selected>', row)
    assert before_python({})["level"] == DEFAULT_LEVEL


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_names_an_unknown_level_as_the_default(lang):
    said = setup_summary([("Bruno", SeatKind.BOT, "expert")], "single", 0, lang)
    assert t("level_" + DEFAULT_LEVEL, lang) in said
