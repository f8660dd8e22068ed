"""The position notation and builder, the verify step (refusal) and the doors of the engine.

Positions are set up with :func:`scala40.position` in one call; the text form
is checked to read back and to refuse, naming the problem, what is not a
position the engine could be in.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import (
    JOKER,
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    Meld,
    NextHand,
    Phase,
    RuleError,
    Rules,
    State,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    apply,
    determinize,
    is_legal,
    legal_actions,
    observe,
    parse_action,
    parse_cards,
    parse_position,
    position,
    refusal,
    write_position,
)
from scala40.bots import make_bot


def play(state: State, *actions: str) -> State:
    for action in actions:
        state = apply(state, parse_action(action))
    return state


def why(error: RuleError) -> RuleError:
    """The reason inside a bad_position (inside its line, if it names one)."""
    assert error.code == "bad_position"
    reason = error.facts["why"]
    return reason.facts["why"] if reason.code == "position_line" else reason


# -- the builder -------------------------------------------------------------------


def test_position_fills_the_bookkeeping():
    """'Player 2 has opened, it is player 1's draw' in one call."""
    state = position(["AS 2S 9C", "KD KC 4H", "7H 8H"], melds=[(2, "QH QD QC")], turn=1)
    hand = state.hand
    assert hand.opened == (False, False, True) and hand.turn == 1 and hand.phase == Phase.DRAW
    assert hand.dealer == 0 and hand.turns_taken == 3 and not hand.opened_before_turn
    assert len(hand.all_cards()) == 108 and len(hand.pile) == 1
    assert position(["AS 2S 9C", "KD KC 4H"], first_round=True).hand.turns_taken == 0


def test_position_places_the_stock_top_and_the_pile():
    state = position(["AS 2S", "KD KC"], stock="9D 4H", pile="3C 8S")
    assert state.hand.stock[-2:] == tuple(parse_cards("9D 4H"))
    assert state.hand.pile == tuple(parse_cards("3C 8S"))
    assert play(state, "draw").hand.hands[0] == tuple(sorted(parse_cards("4H AS 2S")))
    same = position(["AS 2S", "KD KC"], stock="9D 4H", pile="3C 8S")
    assert same == state  # the rest of the deck is dealt the same way every time


def test_position_in_play_can_take_nothing_back():
    state = position(["AS 2S 3S 9C", "KD KC"], phase=Phase.PLAY)
    assert refusal(state, TakeBack()).code == "nothing_to_take_back"
    assert is_legal(play(state, "meld AS 2S 3S"), TakeBack())


def test_position_without_jokers_and_with_too_many_cards_is_refused():
    no_jokers = position(["AS 2S", "KD KC"], rules=Rules(jokers=0))
    assert len(no_jokers.hand.all_cards()) == 104 and JOKER not in no_jokers.hand.stock
    with pytest.raises(RuleError) as refused:
        position(["7H 7H 7H", "KD KC"])
    assert why(refused.value).code == "position_deck"
    assert why(refused.value).facts["extra"] == "7H"
    with pytest.raises(RuleError) as refused:
        position(["JK", "KD"], rules=Rules(jokers=0))
    assert why(refused.value).facts["extra"] == "JK"


# -- the bug of the determinized turn's start ----------------------------------------


def issue_position() -> State:
    """Hard (seat 0) took 5♠ from the pile and put it in place of the joker of
    5♦ 5♣ 5♥ JK; it holds JK A♦ 2♦ and the joker fits nowhere: only a take-back."""
    state = position(
        ["AD 2D", "9C 10C 4H", "KD KC 3S", "6H 7C 8D"],
        melds=[(1, "5D 5C 5H JK"), (2, "7S 8S JK 10S"), (3, "QH QD QC QS")],
        opened=[0, 1, 2, 3],
        pile="3C 5S",
    )
    return play(state, "take", "swap 5S in 0")


def test_the_issue_position_has_only_a_take_back():
    state = issue_position()
    assert state.hand.hands[0] == tuple(parse_cards("JK AD 2D"))
    assert legal_actions(state) == [TakeBack()]


def test_a_determinized_view_of_the_issue_position_can_take_back():
    state = issue_position()
    view = observe(state, 0)
    assert view.can_take_back
    for seed in range(5):
        sample = determinize(view, random.Random(seed))
        assert legal_actions(sample) == [TakeBack()]
    action = make_bot("hard", random.Random(1), budget_ms=None).choose(view)
    assert action == TakeBack() and is_legal(state, action)


def test_others_see_the_turns_start_only_through_public_zones():
    state = issue_position()
    view = observe(state, 1)
    start = view.public.hand.turn_start
    assert start is not None and start.hands[0] == () and start.stock == ()
    assert start.pile == tuple(parse_cards("3C 5S"))
    assert view.start_gone == () and view.start_gained == (JOKER,)
    sample = determinize(view, random.Random(3))
    assert sample.hand.turn_start.hands[0] == tuple(
        sorted(c for c in sample.hand.hands[0] if c != JOKER)
    )
    assert observe(sample, 1) == view


# -- reading positions -------------------------------------------------------------


def test_the_text_reads_back_mid_turn():
    state = play(issue_position(), "takeback", "draw")
    text = write_position(state)
    assert "start log: 4" in text.splitlines()
    assert parse_position(text) == state


def refusal_of(text: str) -> RuleError:
    with pytest.raises(RuleError) as refused:
        parse_position(text)
    return refused.value


def edit(state: State, old: str, new: str) -> str:
    text = write_position(state)
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "code", "what"),
    [
        ("turn=0 ", "turn=7 ", "position_inconsistent", "turn"),
        ("phase=draw", "phase=later", "position_syntax", None),
        ("seat 1: opened | 4H 9C 10C", "seat 1: opened | 4H 9C 9C", "position_deck", None),
        ("meld 2: by 3 | QH QD QC QS", "meld 2: by 3 | QH QD QC QS KS", "not_a_meld", None),
        ("meld 2: by 3", "meld 2: by 9", "position_inconsistent", "meld owner"),
        ("scores: 0 0 0 0", "scores: 0 0 0", "position_inconsistent", "seats"),
        ("winner: -", "winner: 2", "position_inconsistent", "winner"),
        ("seed: \"position\"", "seed: [[[", "position_syntax", None),
        ("players: [", "players: 5\nplayers: [", "position_repeated", None),
        ("rules: {", "rules: {\"jolly\": 4, ", "bad_rules", None),
    ],
)
def test_a_wrong_position_is_refused_naming_the_problem(old, new, code, what):
    state = position(
        ["AD 2D", "9C 10C 4H", "KD KC 3S", "6H 7C 8D"],
        melds=[(1, "5D 5C 5H JK"), (2, "7S 8S JK 10S"), (3, "QH QD QC QS")],
    )
    reason = why(refusal_of(edit(state, old, new)))
    assert reason.code == code
    if what is not None:
        assert reason.facts["what"] == what


def test_mid_turn_bookkeeping_is_checked():
    state = play(issue_position(), "takeback", "draw")
    assert why(refusal_of(edit(state, "phase=play", "phase=draw"))).code == "position_inconsistent"
    taken = issue_position()
    reason = why(refusal_of(edit(taken, "must use: JK", "must use: 9H")))
    assert reason.facts["what"] == "must use"
    reason = why(refusal_of(edit(taken, "start log: 0", "start log: 99")))
    assert reason.facts["what"] == "start log"


def test_the_first_line_and_the_length_are_checked():
    assert why(refusal_of("")).code == "position_first_line"
    assert why(refusal_of("rules: {}")).code == "position_first_line"
    assert why(refusal_of("scala40 position\n" + "x" * 2_000_001)).code == "position_too_long"
    state = position(["AS 2S", "KD KC"])
    deep = edit(state, 'players: ["P0", "P1"]', "players: " + "[" * 100_000)
    assert why(refusal_of(deep)).code == "position_syntax"
    nested = edit(state, 'players: ["P0", "P1"]', "players: " + "[" * 5_000 + "]" * 5_000)
    assert why(refusal_of(nested)).code == "position_syntax"
    assert why(refusal_of(None)).code == "position_syntax"  # type: ignore[arg-type]


def test_unknown_and_leftover_lines_are_refused():
    state = position(["AS 2S", "KD KC"])
    assert why(refusal_of(write_position(state) + "\nfavourite: 7")).code == "position_unknown"
    assert why(refusal_of(write_position(state) + "\nstart pile: 7H")).code == "position_unknown"
    inconsistent = refusal_of(write_position(state) + "\nseat 5: closed |")
    assert why(inconsistent).code == "position_inconsistent"


# -- the verify step ---------------------------------------------------------------


def test_apply_raises_exactly_the_refusal():
    state = issue_position()
    for action in (Discard(parse_cards("AD")[0]), DrawStock(), NextHand(), TakeDiscard(),
                   LayMeld(tuple(parse_cards("JK AD 2D"))), Attach(JOKER, 1), SwapJoker(JOKER, 2)):
        expected = refusal(state, action)
        assert expected is not None
        with pytest.raises(RuleError) as raised:
            apply(state, action)
        assert raised.value.code == expected.code and raised.value.facts == expected.facts


def test_wrongly_typed_actions_are_refused_at_the_door():
    state = play(issue_position(), "takeback", "draw")
    for action, field in [
        (Discard(Card(5, "X")), "Discard.card"),
        (Attach(Card(5, "H"), "0"), "Attach.target"),
        (Attach(Card(5, "H"), 0.5), "Attach.target"),
        (SwapJoker(Card(5, "H"), None), "SwapJoker.target"),
        (Attach(Card(5, "H"), True), "Attach.target"),
        (Attach(Card(5, "H"), 0, "middle"), "Attach.end"),
        (LayMeld([Card(5, "H")] * 3), "LayMeld.cards"),
        (LayMeld((Card(5, "H"), "5D", Card(5, "C"))), "LayMeld.cards"),
        (LayMeld(tuple(parse_cards("5H 5D JK")), JOKER), "LayMeld.joker_as"),
    ]:
        error = refusal(state, action)
        assert error.code == "bad_action_field" and error.facts["field"] == field
        assert not is_legal(state, action)
        with pytest.raises(RuleError):
            apply(state, action)
    assert refusal(state, "discard 5H").code == "bad_action"  # type: ignore[arg-type]
    for text in (None, 5, b"draw"):
        with pytest.raises(RuleError):
            parse_action(text)  # type: ignore[arg-type]


garbage = st.one_of(
    st.none(), st.integers(), st.floats(), st.text(max_size=3), st.booleans(),
    st.builds(Card, st.one_of(st.integers(-2, 15), st.text(max_size=2)),
              st.one_of(st.sampled_from("HDCS*X"), st.integers())),
    st.sampled_from(parse_cards("5H 5S JK AD")),
)
garbage_actions = st.one_of(
    st.builds(Discard, garbage),
    st.builds(Attach, garbage, garbage, garbage, garbage),
    st.builds(SwapJoker, garbage, garbage),
    st.builds(LayMeld, st.one_of(garbage, st.tuples(garbage, garbage, garbage)), garbage),
    garbage,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(garbage_actions)
def test_garbage_actions_get_only_rule_errors(action):
    for state in (issue_position(), play(issue_position(), "takeback", "draw")):
        error = refusal(state, action)
        assert error is None or isinstance(error, RuleError)
        assert is_legal(state, action) == (error is None)
        try:
            apply(state, action)
        except RuleError as raised:
            assert raised.message("it") and raised.message("en")


# -- text forms read back ------------------------------------------------------------


def test_a_meld_text_reads_back_and_parse_cards_points_to_it():
    meld = Meld.parse("7H 7D JK=7S")
    assert str(meld) == "7H 7D JK=7S" and Meld.parse(str(meld)) == meld
    with pytest.raises(RuleError) as refused:
        parse_cards("7H 7D JK=7S")
    assert refused.value.code == "card_in_meld_form"
    assert "Meld.parse" in refused.value.message("en")
