"""The hint explains every move it suggests: an attachment names its meld and its worth."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import (
    Attach,
    Discard,
    DrawStock,
    Phase,
    Rules,
    State,
    TakeDiscard,
    apply,
    hand_penalty,
    is_legal,
    legal_actions,
    new_match,
    observe,
    parse_action,
)
from scala40.bots import REASONS, hint
from scala40.position import position
from scala40.record import Game
from web.i18n import card_in_sentence
from web.learn.coach import SCRIPT, SEED
from web.table.explain import explain, meld_text

RULES = Rules(mode="single")


def lesson_states():
    game = Game.new(["Tu", "Bot"], SEED, RULES)
    for step in SCRIPT:
        yield game.state
        game.play(parse_action(step.action))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_legal_attachment_is_explained_with_its_meld_and_points(lang: str) -> None:
    seen = 0
    for state in lesson_states():
        for action in legal_actions(state):
            if not isinstance(action, Attach):
                continue
            seen += 1
            text = explain(state, action, "Attach it.", lang)
            meld = state.hand.melds[action.target].meld
            assert meld_text(meld, lang) in text
            assert str(hand_penalty([action.card], RULES)) in text
            if len(state.hand.hands[state.hand.turn]) == 2:
                assert ("chiudi" if lang == "it" else "closes") in text
    assert seen > 3


def test_other_moves_keep_the_bots_reason() -> None:
    state = next(iter(lesson_states()))
    assert explain(state, Discard(parse_action("discard KS").card), "Because.", "en") == "Because."


def bare(code: str, lang: str) -> str:
    """The start of a bot reason that only names the move (before its facts)."""
    return REASONS[code][lang].split("{")[0]


def test_a_draw_from_the_stock_says_why_not_the_pile() -> None:
    state = next(iter(lesson_states()))  # the deal: a card on the pile, nobody open
    assert explain(state, DrawStock(), "Draw.", "en") == \
        "Draw from the stock: you may take from the discard pile only after opening."
    opened = list(lesson_states())[15]  # the player has opened, the bot's 6♦ on the pile
    assert opened.hand.opened[0] and is_legal(opened, TakeDiscard())
    assert explain(opened, DrawStock(), "Draw.", "it") == \
        f"Pesca dal tallone: ora non ti serve {card_in_sentence(opened.hand.pile[-1], 'it')} " \
        "sul pozzo."


def test_the_hint_at_the_deal_comes_with_its_reason() -> None:
    state = new_match(["Anna", "Bruno"], seed=2)
    action, reason = hint(observe(state, state.to_move))
    english = reason.said("en")
    assert isinstance(action, DrawStock)
    assert explain(state, action, english, "en") != english == "Draw from the stock."


def random_positions(seed: int, moves: int, players: int) -> State:
    """A position reached by legal moves chosen at random (a deal of ``seed``)."""
    rng = random.Random(seed)
    state = new_match([f"P{n}" for n in range(players)], seed, Rules(mode="single"))
    for _ in range(moves):
        if state.hand_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.integers(2, 4),
       st.sampled_from(["it", "en"]))
def test_every_draw_and_attachment_is_explained_past_the_bare_move(
        seed: int, moves: int, players: int, lang: str) -> None:
    state = random_positions(seed, moves, players)
    if state.hand_over:
        return
    for action in legal_actions(state):
        text = explain(state, action, "REASON", lang)
        if isinstance(action, DrawStock):
            assert text.startswith(bare("draw_stock", lang).rstrip(".")) and ": " in text
            assert len(text) > len(bare("draw_stock", lang)) + 5
        elif isinstance(action, Attach):
            assert meld_text(state.hand.melds[action.target].meld, lang) in text
            assert f"{hand_penalty([action.card], state.rules)} " in text
        else:
            assert text == "REASON"  # the bot's own reason already says why


@pytest.mark.parametrize("lone_ace, lang, worth", [
    (True, "it", "1 punto in meno"), (True, "en", "1 point out of"),
    (False, "it", "11 punti in meno"), (False, "en", "11 points out of"),
])
def test_an_attachment_says_its_points_in_their_number(lone_ace, lang, worth) -> None:
    """An ace worth 1 (the lone-ace option, the hand's last card but its discard) is
    "1 punto" / "1 point", never "1 punti"."""
    rules = Rules(mode="single", lone_ace_counts_one=lone_ace)
    state = position(["AH 9C", "4S 5S 6S 8D"], melds=[(0, "2H 3H 4H")], turn=0,
                     opened=[0], rules=rules, phase=Phase.PLAY)
    text = explain(state, parse_action("attach AH to 0 low"), "Attach it.", lang)
    assert worth in text, text
