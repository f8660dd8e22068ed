"""The hint explains every move it suggests: an attachment names its meld and its worth."""

from __future__ import annotations

import pytest

from scala40 import Attach, Discard, Rules, hand_penalty, legal_actions, parse_action
from scala40.record import Game
from web.coach import SCRIPT, SEED
from web.explain import explain, meld_text

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
