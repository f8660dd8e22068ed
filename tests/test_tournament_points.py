"""The tournament in points (issue #45): whole matches, seats rotated, seeded per match."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import Rules
from scala40.__main__ import main
from scala40.bots.points import (
    first_level_match_wins,
    format_points_report,
    match_plays,
    run_points,
)

FAST = Rules(elimination_score=41)
"""A short match: a hand or two knocks a player out."""


def totals(play, players):
    """Each seat's score at the end of a match without re-entry, from its hands."""
    scores = [0] * players
    for _, result in play.hands:
        for seat in range(players):
            scores[seat] += result.penalties[seat]
    return scores


def test_the_same_seed_plays_the_same_matches_in_one_process_or_two():
    one = run_points(["medium", "easy"], matches=4, seed=3, rules=FAST)
    again = run_points(["medium", "easy"], matches=4, seed=3, rules=FAST)
    two = run_points(["medium", "easy"], matches=4, seed=3, rules=FAST, jobs=2)
    assert one["pairs"] == again["pairs"] == two["pairs"]
    other = run_points(["medium", "easy"], matches=4, seed=4, rules=FAST)
    assert other["pairs"] != one["pairs"]


def test_each_match_is_played_with_the_seats_swapped_on_the_same_deals():
    plays = match_plays(("medium", "easy"), 4, seed=5, rules=FAST)
    assert [play.sides for play in plays] == [(0, 1), (1, 0)] * 2
    alone = match_plays(("medium", "easy"), 4, seed=5, players_per_table=3, one_seat=True,
                        rules=FAST)
    assert [play.sides for play in alone] == [(0, 1, 1), (1, 0, 1), (1, 1, 0)] * 2


def test_a_match_ends_when_one_player_is_left_under_the_elimination_score():
    for play in match_plays(("medium", "easy"), 4, seed=6, players_per_table=3, rules=FAST):
        scores = totals(play, 3)
        assert play.winner is not None
        assert scores[play.winner] < 41
        assert all(score >= 41 for seat, score in enumerate(scores) if seat != play.winner)
        before = [s - p for s, p in zip(scores, play.hands[-1][1].penalties, strict=True)]
        assert sum(score < 41 for score in before) >= 2  # it did not go on past its end
        out = [seat for _, result in play.hands for seat in result.eliminated]
        assert sorted(out) == sorted(s for s in range(3) if s != play.winner)
        # an eliminated seat plays no later hand
        for index, (_, result) in enumerate(play.hands):
            for seats, _ in play.hands[index + 1:]:
                assert not set(result.eliminated) & set(seats)


def test_the_reported_counts_add_up():
    result = run_points(["medium", "easy"], matches=3, seed=7, players_per_table=3,
                        one_seat=True, rules=FAST)
    pair = result["pairs"][0]
    assert pair["matches"] == 3  # one match's deals, the lone level in each seat
    assert sum(pair["match_wins"]) + pair["stuck"] == 3
    a, b = pair["sides"]
    assert a["hands_closed"] + b["hands_closed"] + pair["hands_no_winner"] == pair["hands"]
    assert a["eliminated"] + b["eliminated"] == 3 * 2  # all but the winner, each match
    assert a["matches_won"] == pair["match_wins"][0]
    text = format_points_report(result)
    assert "points matches to 41" in text and "equal would be 33%" in text
    assert first_level_match_wins(("medium", "easy"), 3, 7, 3, one_seat=True, rules=FAST) == [
        play.winning_side == 0
        for play in match_plays(("medium", "easy"), 3, 7, 3, one_seat=True, rules=FAST)
    ]
    assert sum(first_level_match_wins(
        ("medium", "easy"), 3, 7, 3, one_seat=True, rules=FAST
    )) == pair["match_wins"][0]


def test_with_re_entry_the_match_ends_only_when_all_others_are_out_together():
    rules = Rules(elimination_score=31, reentry=True)
    for play in match_plays(("easy", "easy"), 4, seed=8, players_per_table=3, rules=rules):
        assert play.winner is not None
        last = play.hands[-1][1]
        assert sorted(last.eliminated) == sorted(s for s in range(3) if s != play.winner)
        assert all(not result.eliminated for _, result in play.hands[:-1])


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from([21, 41]))
def test_seeded_matches_always_end_with_one_winner(seed, players, target):
    rules = Rules(elimination_score=target)
    for play in match_plays(("medium", "easy"), 1, seed, players, rules=rules):
        assert play.winner is not None and not play.stuck
        scores = totals(play, players)
        assert [seat for seat in range(players) if scores[seat] < target] == [play.winner]


def test_the_command_line_plays_points_matches(capsys):
    argv = ["tournament", "--mode", "points", "--players", "medium,easy", "--matches", "2",
            "--target", "41", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["mode"] == "points" and result["elimination_score"] == 41
    assert result["pairs"][0]["matches"] == 2
    assert main([*argv[:-1], "--house", "wikipedia"]) == 0
    text = capsys.readouterr().out
    assert "points matches to 41" in text and "reentry True" in text
    assert main(["tournament", "--mode", "points", "--target", "0"]) == 2
    assert "--target" in capsys.readouterr().err
