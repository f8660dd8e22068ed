"""`python -m scala40 simulate`: seeded random games end, conserve cards, and repeat exactly."""

import json

from scala40.__main__ import main


def run_simulate(capsys, *args: str) -> dict:
    assert main(["simulate", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_same_seeds_give_the_same_games(capsys):
    first = run_simulate(capsys, "--games", "4", "--seed", "20")
    again = run_simulate(capsys, "--games", "4", "--seed", "20")
    other = run_simulate(capsys, "--games", "4", "--seed", "21")
    assert first == again
    assert first["final_states_digest"] != other["final_states_digest"]
    assert first["all_ended"] and first["cards_conserved_after_every_action"]
    assert sum(first["wins_by_seat"].values()) == 4


def test_points_matches_end_with_one_winner(capsys):
    summary = run_simulate(capsys, "--games", "2", "--mode", "points", "--players", "3")
    assert sum(summary["wins_by_seat"].values()) == 2
