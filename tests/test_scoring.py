"""What the cards left in hand cost (RULES.md §4 'in hand', §7, §9)."""

import pytest

from scala40 import Rules, hand_penalty, parse_cards
from scala40.scoring import card_penalty, penalty_for


@pytest.mark.parametrize(
    ("cards", "penalty"),
    [
        ("JK", 25),  # §4: joker 25
        ("AH", 11),  # ace 11
        ("KH", 10),
        ("QD", 10),
        ("JC", 10),  # J Q K 10
        ("10S", 10),
        ("9S", 9),
        ("2C", 2),  # others face value
        ("", 0),
        ("JK AS KD 7C", 53),
        ("KC QD 5H", 25),
        ("AH AD", 22),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK", 25 + 11 + 44 + 40),
    ],
)
def test_hand_penalty(cards, penalty):
    assert hand_penalty(parse_cards(cards), Rules()) == penalty
    assert sum(card_penalty(card) for card in parse_cards(cards)) == penalty


@pytest.mark.parametrize(
    ("cards", "default", "lone_ace_one"),
    [
        ("AS", 11, 1),  # §9 [001, 002]: 1 point when it is the only card left
        ("AS 2C", 13, 13),  # not alone
        ("AS AH", 22, 22),
        ("KS", 10, 10),
        ("JK", 25, 25),
    ],
)
def test_lone_ace(cards, default, lone_ace_one):
    assert hand_penalty(parse_cards(cards), Rules()) == default
    assert hand_penalty(parse_cards(cards), Rules(lone_ace_counts_one=True)) == lone_ace_one


# (option unopened_pays_100, mano_doubles, opened, in mano) -> what 7C 8C (15) costs
PENALTY_FOR = [
    ("never", True, True, False, 15),
    ("never", True, True, True, 30),  # §6, §7: doubled after a closing in mano
    ("never", True, False, True, 30),
    ("never", True, False, False, 15),
    ("never", False, True, True, 15),  # §9: mano_doubles off
    ("after_mano", True, False, True, 100),  # [000, 003]: 100 instead of the cards, not doubled
    ("after_mano", True, False, False, 15),
    ("after_mano", True, True, True, 30),
    ("after_mano", False, False, True, 100),
    ("always", True, False, False, 100),  # [001]: after any closing
    ("always", True, False, True, 100),
    ("always", True, True, False, 15),
    ("always", True, True, True, 30),
]


@pytest.mark.parametrize(("option", "doubles", "opened", "mano", "penalty"), PENALTY_FOR)
def test_penalty_for(option, doubles, opened, mano, penalty):
    rules = Rules(unopened_pays_100=option, mano_doubles=doubles)
    assert penalty_for(parse_cards("7C 8C"), rules, opened=opened, in_mano=mano) == penalty


def test_lone_ace_doubled_in_mano():
    rules = Rules(lone_ace_counts_one=True)
    assert penalty_for(parse_cards("AD"), rules, opened=True, in_mano=True) == 2
