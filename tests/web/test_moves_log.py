"""The hand's moves as a phone shows them (web/table/log.py): the whole hand's turns in
the moves' dialog, and each player's last discard; checked on
seeded games played by bots, against the engine's own log of the hand."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import Discard, observe
from scala40.bots import make_bot
from scala40.record import Game
from web.table.log import last_discards, log_line, turns

NAMES = ["Tu", "Bruno", "Carla", "Dario", "Elena", "Franco"]


def played(players: int, seed: int, moves: int) -> Game:
    """A seeded hand of easy bots, ``moves`` actions in (or to its end)."""
    game = Game.new(NAMES[:players], seed=f"moves-{seed}")
    bots = [make_bot("easy", random.Random(seat)) for seat in range(players)]
    for _ in range(moves):
        if game.state.hand_over:
            break
        seat = game.state.to_move
        game.play(bots[seat].choose(observe(game.state, seat)))
    return game


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), moves=st.integers(0, 120),
       lang=st.sampled_from(["it", "en"]))
def test_the_turns_hold_every_move_of_the_hand_in_order(players, seed, moves, lang):
    """A turn a line, its player's moves in order: the turns' seats change at every line,
    and the moves said one by one (the name said once) make up the lines, none lost."""
    state = played(players, seed, moves).state
    log = list(state.hand.log)
    lines = turns(state, NAMES, lang)
    assert len(lines) == sum(1 for i, e in enumerate(log) if i == 0 or e[0] != log[i - 1][0])
    assert all(a[0] != b[0] for a, b in pairwise(lines))
    said = iter(log)
    for seat, line in lines:
        parts = line.split(" · ")
        for index, part in enumerate(parts):
            entry = next(said)
            assert entry[0] == seat
            whole = log_line(NAMES, entry, lang)
            assert part == (whole if index == 0 else whole[len(NAMES[seat]):].strip())
    assert next(said, None) is None


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), moves=st.integers(0, 120))
def test_each_player_s_last_discard_is_the_latest_they_threw(players, seed, moves):
    state = played(players, seed, moves).state
    latest = last_discards(state)
    assert [seat for seat, _ in latest] == sorted({s for s, a, _ in state.hand.log
                                                  if isinstance(a, Discard)})
    for seat, card in latest:
        thrown = [a.card for s, a, _ in state.hand.log if s == seat and isinstance(a, Discard)]
        assert card == thrown[-1]


def test_a_hand_not_begun_has_no_turns():
    state = Game.new(NAMES[:4], seed="moves-none").state
    assert turns(state, NAMES, "it") == [] and last_discards(state) == []
