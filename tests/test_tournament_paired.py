"""The hand-by-hand results a paired comparison reads are the tournament's own hands."""

from __future__ import annotations

import pytest

from scala40.bots.tournament import first_level_wins, run_tournament


@pytest.mark.parametrize(("table", "one_seat", "hands"), [(2, False, 4), (3, True, 3)])
def test_first_level_wins_are_the_tournaments_hands(table, one_seat, hands):
    won = first_level_wins(("medium", "easy"), hands, 1, table, one_seat=one_seat)
    pair = run_tournament(["medium", "easy"], hands, 1, table, one_seat=one_seat)["pairs"][0]
    assert len(won) == pair["hands"] == hands
    assert sum(won) == pair["wins"][0]


def test_first_level_wins_repeat_exactly():
    assert first_level_wins(("hard", "easy"), 2, 3) == first_level_wins(("hard", "easy"), 2, 3)
