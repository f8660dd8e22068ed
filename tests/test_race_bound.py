"""``bench/bots.py race``: the player that sees its draws ahead bounds every level's
turns alone on the same draws (docs/bots.md: the "race" figure, and "#15 r7" of what
was tried)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from script_helper import load_script

bench = load_script("bots", folder="bench")


@settings(max_examples=12, deadline=None)
@given(deal=st.integers(0, 10**6), seat=st.sampled_from([0, 1]), level=st.sampled_from(
    ["easy", "medium"]
))
def test_no_level_alone_opens_or_closes_before_the_player_that_sees_its_draws(deal, seat, level):
    bound_open, bound_close = bench.clairvoyant(f"t/{deal}", seat)
    opened, closed = bench.alone(level, f"t/{deal}", seat, pile=False)
    assert bound_open <= opened
    assert bound_close <= closed
    assert bound_open <= bound_close


def test_the_race_share_counts_each_pair_of_turns_a_tie_half():
    assert bench.race_share([3, 5], [4, 4]) == 0.5
    assert bench.race_share([2], [2]) == 0.5
    assert bench.race_share([1, 9], [5]) == 0.5
    assert bench.race_share([1, 2], [5, 6]) == 1.0
