"""The no-gift rule (issue #15) on positions like the issue's, built with ``position``.

The issue's rules: a single hand, an attachable card may be discarded (RULES.md §9,
``attachable_discard="allowed"``), closing in mano needs the 40 points.
"""

from __future__ import annotations

import random

import pytest

from scala40 import Card, Discard, Phase, Rules, apply, observe, position
from scala40.bots import finish, make_bot
from scala40.bots.discard import closeness
from scala40.bots.gifts import CERTAIN, closing_gifts
from scala40.bots.tournament import avoidable_gift

RULES = Rules(mode="single", mano_needs_minimum=True, attachable_discard="allowed")
ISSUE_HAND = "5C 6C 6S 9S 10C JC QC"
"""What hard held after its draw in the issue's scan: 9♠ fits the table's 10♠ J♠ Q♠."""
NINE = Card.parse("9S")


def _issue_position(hands, *, melds=((1, "10S JS QS"), (1, "KH KD KC"))):
    """Seat 0 (Anna, not opened: 10♣ J♣ Q♣ is 30 points) to play, having drawn from the
    stock, holding ``hands[0]``; the melds' owners have opened."""
    return position(
        hands, melds=list(melds), rules=RULES, phase=Phase.PLAY, pile="2D",
        players=["Anna", "Bruno", "Carla", "Dario"][: len(hands)],
    )


def _discard(state, level):
    """The card ``level`` discards to end seat 0's turn in ``state``."""
    bot = make_bot(level, random.Random(1), budget_ms=None)
    while True:
        action = bot.choose(observe(state, 0))
        state = apply(state, action)
        if isinstance(action, Discard):
            return action.card


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_issues_position_the_nine_stays(level):
    # the next player holds one card: 9♠ attaches to 10♠ J♠ Q♠ and closes the hand
    state = _issue_position([ISSUE_HAND, "AH"])
    assert closing_gifts(observe(state, 0), [NINE, Card.parse("5C")]) == {NINE}
    assert _discard(state, level) != NINE


def test_easy_does_not_look():
    state = _issue_position(["2C 3C 4C 2H 2D 2S 9S", "AH"])
    assert _discard(state, "easy") == NINE


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_at_four_players_only_the_next_player_counts(level):
    # Bruno (next) on one card: the nine is a gift; Carla on one card, Bruno on
    # many: nobody may take it who could close with it
    bruno_close = _issue_position([ISSUE_HAND, "AH", "3D 4D 5H 8H 9H", "7D 8D KS QD"])
    view = observe(bruno_close, 0)
    assert closing_gifts(view, [NINE]) == {NINE}
    assert _discard(bruno_close, level) != NINE
    carla_close = _issue_position(
        [ISSUE_HAND, "3D 4D 5H 8H 9H", "AH", "7D 8D KS QD"],
        melds=[(2, "10S JS QS"), (1, "KH KD KC")],
    )
    assert closing_gifts(observe(carla_close, 0), [NINE], CERTAIN) == set()


def test_the_blunder_scan_counts_the_nine():
    state = _issue_position([ISSUE_HAND, "AH"])
    view = observe(state, 0)
    found = avoidable_gift(state, view, NINE)
    assert found is not None and found["next_cards"] == 1 and "5C" in found["safe"]
    assert avoidable_gift(state, view, Card.parse("5C")) is None


def test_closeness_grows_as_the_next_hand_shrinks():
    weights = [closeness(n) for n in range(1, 14)]
    assert weights == sorted(weights, reverse=True)
    assert weights[0] > weights[3] > weights[-1] == 1.0


def test_the_table_fit_danger_weighs_how_few_cards_the_next_player_holds():
    # the issue's hand again, Bruno on two unseen cards: not a certain gift, but the nine
    # that fits the table weighs as a danger, beyond a card that fits nothing of it (the
    # six), at least four times what it weighs when he holds five (closeness)
    def dangers(hand: str) -> dict[Card, float]:
        state = _issue_position([ISSUE_HAND, hand])
        bot = make_bot("hard", random.Random(1), budget_ms=None)
        legal = sorted(set(state.hand.hands[0]))
        return finish(bot.judge._dangers(observe(state, 0), state, legal))

    near, far = dangers("AH 4C"), dangers("AH 4C 8D 9D KH")
    assert closing_gifts(observe(_issue_position([ISSUE_HAND, "AH 4C"]), 0), [NINE]) == set()
    six = Card.parse("6S")
    assert near[NINE] - near[six] >= 4 * (far[NINE] - far[six]) > 0
    # holding five cards he is far from closing, and the nine goes as the least useful
    # card (on two, hard weighs the danger against how much sooner it opens without
    # the nine: see docs/bots.md, "The no-gift rule")
    assert _discard(_issue_position([ISSUE_HAND, "AH 4C 8D 9D KH"]), "hard") == NINE
