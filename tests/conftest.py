"""Engine fixtures: build a position from notation, play actions in text form.

``build`` makes a :class:`~scala40.state.State` with chosen hands, stock,
pile and table melds (``dataclasses.replace`` on a real ``new_match``), so a
rule can be tested on the exact position it is about:

    state = build(["5H 6H 7H KS", "2C 3C 4C 5C"], stock="9D", opened=[0])
    state = play(state, "draw", "attach 9D ...")

``stock`` and ``pile`` are written bottom to top: the last card is the one
drawn or taken. Unless told otherwise the position is past the first round
(every seat has had a turn), the seat to move is 0, the phase is ``draw``.

``build`` places only the cards it is given (a short stock, an empty one to
test a reshuffle). For a position with the whole deck, checked as
``State.parse`` checks a text, use :func:`scala40.position`.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import settings

from scala40 import Meld, RuleError, Rules, apply, new_match, parse_action, parse_cards
from scala40.state import Phase, State, TableMeld

# Tests never fail on timing: Hypothesis's default 200 ms deadline per example
# failed a property test on a CI machine busy with browser tests (347 ms).
settings.register_profile("scala40", deadline=None)
settings.load_profile("scala40")


def build_state(
    hands,
    *,
    stock: str = "2C 3D 4H",
    pile: str = "KC",
    melds=(),
    opened=(),
    turn: int = 0,
    phase: str = Phase.DRAW,
    rules: Rules | None = None,
    dealer: int | None = None,
    turns_taken: int | None = None,
    scores=None,
    out=None,
    seed: str = "test",
    **hand_fields,
) -> State:
    """A state with these cards where they are said to be (see the module docstring).

    ``melds`` are ``"notation"`` (laid by seat 0) or ``(owner, "notation")``;
    ``opened`` lists the seats that have opened.
    """
    rules = rules or Rules()
    players = [f"P{seat}" for seat in range(len(hands))]
    state = new_match(players, seed, rules)
    table = []
    for meld in melds:
        owner, text = (0, meld) if isinstance(meld, str) else meld
        table.append(TableMeld(owner, Meld.parse(text)))
    seats = tuple(s for s in range(len(hands)) if not (out and out[s]))
    flags = tuple(seat in opened for seat in range(len(hands)))
    hand = replace(
        state.hand,
        seats=seats,
        hands=tuple(tuple(sorted(parse_cards(text))) for text in hands),
        stock=tuple(parse_cards(stock)),
        pile=tuple(parse_cards(pile)),
        melds=tuple(table),
        opened=flags,
        turn=turn,
        phase=phase,
        dealer=(turn - 1) % len(hands) if dealer is None else dealer,
        turns_taken=len(seats) if turns_taken is None else turns_taken,
        opened_before_turn=flags[turn],
        **hand_fields,
    )
    if phase == Phase.PLAY:
        hand = replace(hand, turn_start=hand)
    return replace(
        state,
        hand=hand,
        scores=tuple(scores or (0,) * len(hands)),
        out=tuple(out or (False,) * len(hands)),
    )


def play_actions(state: State, *actions) -> State:
    """Apply actions (text or objects) one after the other."""
    for action in actions:
        state = apply(state, parse_action(action) if isinstance(action, str) else action)
    return state


def refusal_code(state: State, *actions) -> str | None:
    """The code of the RuleError raised by the last action (the others must be legal)."""
    *before, last = actions
    state = play_actions(state, *before)
    try:
        play_actions(state, last)
    except RuleError as error:
        return error.code
    return None


@pytest.fixture
def build():
    return build_state


@pytest.fixture
def play():
    return play_actions


@pytest.fixture
def refusal():
    return refusal_code
