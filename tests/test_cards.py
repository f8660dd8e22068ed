"""Cards, notation and the deck (RULES.md §1)."""

from collections import Counter

import pytest

from scala40 import JOKER, Card, RuleError, format_cards, full_deck, parse_cards
from scala40.cards import SUITS, parse_meld_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AH", 1, "H"),
        ("2D", 2, "D"),
        ("9C", 9, "C"),
        ("10S", 10, "S"),
        ("TS", 10, "S"),  # T is read as 10
        ("1H", 1, "H"),  # 1 is read as the ace
        ("JD", 11, "D"),
        ("QC", 12, "C"),
        ("KS", 13, "S"),
        ("ks", 13, "S"),  # case does not matter
        (" 7h ", 7, "H"),
    ],
)
def test_parse_natural_cards(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["JK", "jk", "JOKER", "*"])
def test_parse_joker(text):
    card = Card.parse(text)
    assert card == JOKER and card.is_joker and str(card) == "JK"


@pytest.mark.parametrize(
    "text", ["", "X", "11H", "0S", "AX", "10", "H", "KK", "J*", "AH S"]
)
def test_parse_refuses_non_cards(text):
    with pytest.raises(RuleError) as caught:
        Card.parse(text)
    assert caught.value.code == "bad_card"


@pytest.mark.parametrize("text", ["JK=7H", "jk=10s", "7H=7H"])
def test_a_joker_in_meld_form_is_pointed_to_the_meld_reader(text):
    with pytest.raises(RuleError) as caught:
        parse_cards(f"4S {text}")
    assert caught.value.code == "card_in_meld_form"
    assert "Meld.parse" in caught.value.message("it")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("AH 10S QD JK", "AH 10S QD JK"),
        ("as ts", "AS 10S"),
        ("7H, 8H 9h", "7H 8H 9H"),
        ("", ""),
    ],
)
def test_format_is_the_notation(text, shown):
    assert format_cards(parse_cards(text)) == shown


def test_symbols_for_people():
    symbols = [card.symbol for card in parse_cards("7H AS 10D QC JK")]
    assert symbols == ["7♥", "A♠", "10♦", "Q♣", "JK"]


def test_repr_rebuilds_the_card():
    assert repr(Card.parse("10S")) == "Card('10S')"


def test_two_decks_are_identical():
    """§1: two cards of the same rank and suit are interchangeable (equal, same hash)."""
    first, second = parse_cards("7H 7H")
    assert first == second and hash(first) == hash(second)
    assert len({first, second}) == 1


def test_the_deck_has_108_cards():
    """§1: two French decks of 52 cards + 2 jokers each."""
    deck = full_deck()
    counts = Counter(deck)
    assert len(deck) == 108
    assert counts[JOKER] == 4
    assert all(counts[Card(rank, suit)] == 2 for rank in range(1, 14) for suit in SUITS)
    assert len(counts) == 53


def test_the_deck_without_jokers_has_104_cards():
    """§9 option jokers = 0."""
    deck = full_deck(0)
    assert len(deck) == 104 and JOKER not in deck


def test_every_card_round_trips():
    for card in set(full_deck()):
        assert Card.parse(str(card)) == card
        assert parse_cards(format_cards([card, card])) == [card, card]


def test_cards_sort_jokers_first_then_by_rank():
    assert format_cards(sorted(parse_cards("KS 2H JK AH 10D"))) == "JK AH 2H 10D KS"


@pytest.mark.parametrize(
    ("text", "cards", "declared"),
    [
        ("4S 5S JK=6S", "4S 5S JK", "6S"),
        ("4S 5S JK", "4S 5S JK", None),
        ("jk=ah 2h 3h", "JK 2H 3H", "AH"),
    ],
)
def test_meld_notation_declares_the_joker(text, cards, declared):
    """§1: in a meld, the card a joker stands for may follow: JK=7H."""
    read, stands = parse_meld_cards(text)
    assert read == parse_cards(cards)
    assert stands == (Card.parse(declared) if declared else None)


@pytest.mark.parametrize("text", ["7H=8H 9H 10H", "JK=JK 2H 3H", "JK=ZZ 2H 3H"])
def test_meld_notation_refuses_bad_declarations(text):
    with pytest.raises(RuleError) as caught:
        parse_meld_cards(text)
    assert caught.value.code == "bad_card"
