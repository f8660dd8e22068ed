"""Melds: validity, value, attaching and joker swaps, in notation (RULES.md §3, §4, §10).

Each table row is (cards as laid, how the meld reads on the table or the
refusal code, and where it matters its opening value).
"""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import (
    JOKER,
    Card,
    Meld,
    RuleError,
    make_meld,
    meld_candidates,
    parse_cards,
    possible_melds,
)
from scala40.melds import makeable_melds

SPADES_A_TO_K = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
SPADES_2_TO_K = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


def meld(text: str) -> Meld:
    """A table meld in notation; ``JK=7H`` fixes what the joker stands for."""
    return Meld.parse(text)


def code_of(call) -> str:
    with pytest.raises(RuleError) as caught:
        call()
    return caught.value.code


# -- §3 sequences and combinations ---------------------------------------------

VALID = [
    # (laid, on the table, opening value)                           RULES.md
    ("AH 2H 3H", "AH 2H 3H", 6),  # §3 ace low, §4 ace 1
    ("QS KS AS", "QS KS AS", 31),  # §3 ace high, §4 ace 11
    ("3S 2S AS", "AS 2S 3S", 6),  # without a joker any order is read
    ("AS KS QS", "QS KS AS", 31),
    ("5H 3H 4H", "3H 4H 5H", 12),
    ("9S 10S JS QS", "9S 10S JS QS", 39),  # §4 / [000]: 39
    ("AD 2D 3D 4D", "AD 2D 3D 4D", 10),  # §4 / [000]: with KKK makes 40
    ("KH KC KS", "KH KC KS", 30),
    ("9H 9D 9C", "9H 9D 9C", 27),  # §3 / [003]: valid combination
    ("10S JS QS", "10S JS QS", 30),
    ("4H 4D 4C 4S", "4H 4D 4C 4S", 16),
    ("3S 4S 5S 6S", "3S 4S 5S 6S", 18),
    ("AC AH AS", "AC AH AS", 33),  # §4 ace 11 in a combination
    ("AC AH AS AD", "AC AH AS AD", 44),
    ("4S 5S JK 7S", "4S 5S JK=6S 7S", 22),  # §4 / [003]: the joker's value
    ("7S JK 5S 4S", "4S 5S JK=6S 7S", 22),  # laid high to low
    ("JK 5S 6S", "JK=4S 5S 6S", 15),  # the order places the joker
    ("5S 6S JK", "5S 6S JK=7S", 18),
    ("JK 2H 3H", "JK=AH 2H 3H", 6),  # a joker as the low ace is worth 1
    ("QH KH JK", "QH KH JK=AH", 31),  # ... and as the high ace 11
    ("AH JK 3H", "AH JK=2H 3H", 6),
    ("QH JK AH", "QH JK=KH AH", 31),
    ("JH JC JS JK", "JH JC JS JK=JD", 40),  # §3: three Js + joker
    ("JH JC JK", "JH JC JK=JD", 30),  # §3: two Js + joker (first missing suit)
    ("AH AS JK", "AH AS JK=AD", 33),
    (SPADES_A_TO_K, SPADES_A_TO_K, 85),  # 13 cards of a suit
    # the order laid decides where an ace that fits at both ends goes
    (SPADES_2_TO_K + " AS", SPADES_2_TO_K + " AS", 95),
    ("AS " + " ".join(reversed(SPADES_2_TO_K.split())), SPADES_2_TO_K + " AS", 95),
    (" ".join(reversed(SPADES_2_TO_K.split())) + " AS", SPADES_A_TO_K, 85),
    ("KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", SPADES_A_TO_K, 85),  # not in order: ace low
    # §3: the longest, 14 cards: A..K + joker as the high ace, joker as the low ace + 2..K + A
    (SPADES_A_TO_K + " JK", SPADES_A_TO_K + " JK=AS", 96),
    ("JK " + SPADES_2_TO_K + " AS", "JK=AS " + SPADES_2_TO_K + " AS", 96),
]


@pytest.mark.parametrize(("laid", "table", "points"), VALID)
def test_valid_melds(laid, table, points):
    made = make_meld(parse_cards(laid))
    assert str(made) == table
    assert made.points == points
    assert Meld.parse(str(made)) == made  # the table notation reads back the same meld


INVALID = [
    # (laid, refusal code)                                          RULES.md
    ("KS AS 2S", "sequence_not_consecutive"),  # §3: no wrapping K-A-2
    ("KS JK 2S", "sequence_not_consecutive"),
    ("QS KS AS 2S", "sequence_not_consecutive"),
    ("KS AS JK", "sequence_not_consecutive"),  # the joker cannot be 2 after a high ace
    ("5H 6H 8H", "sequence_not_consecutive"),  # a gap
    ("5S JK 7S 9S", "sequence_not_consecutive"),  # one joker fills one gap only
    ("5S JK 6S", "sequence_not_consecutive"),  # the joker placed out of order
    ("5H 5H 6H", "sequence_not_consecutive"),
    ("AH 2H 3H AH", "sequence_not_consecutive"),
    (SPADES_A_TO_K + " AS", "sequence_not_consecutive"),  # §3: two natural aces
    ("AS JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "sequence_not_consecutive"),
    ("9H 9C 9C", "combination_same_suit"),  # §3 / [003]
    ("9H 9C 9C JK", "combination_same_suit"),
    ("9H 9C 9D 9S JK", "combination_too_long"),
    ("9H 9C 9D 9S 9H", "combination_same_suit"),
    ("5H 6D 7H", "not_a_meld"),
    ("5H 5D 6H", "not_a_meld"),
    ("5H 6H", "meld_too_short"),
    ("5H JK", "meld_too_short"),
    ("", "meld_too_short"),
    ("JK JK JK", "meld_only_jokers"),  # §3 / [003]
    ("5H JK JK", "meld_two_jokers"),  # §3: at most one joker
    ("4H 5H JK 7H JK", "meld_two_jokers"),
    ("9H 9C JK JK", "meld_two_jokers"),
    ("7H 7D JK=7H", "bad_joker_declaration"),  # the joker stands for a missing suit
    ("7H 7D JK=8S", "bad_joker_declaration"),
    ("5S 6S JK=8S", "bad_joker_declaration"),
    ("5S 6S JK=7H", "bad_joker_declaration"),
    ("AS 2S JK=AS", "bad_joker_declaration"),
]


@pytest.mark.parametrize(("laid", "code"), INVALID)
def test_invalid_melds(laid, code):
    assert code_of(lambda: Meld.parse(laid)) == code


def test_a_declaration_needs_a_joker():
    assert code_of(lambda: make_meld(parse_cards("5S 6S 7S"), joker_as=Card.parse("8S"))) == (
        "bad_joker_declaration"
    )


@pytest.mark.parametrize(
    ("laid", "declared", "table"),
    [
        ("7H 7D JK", "7S", "7H 7D JK=7S"),  # §3 / [001]: the suit is declared
        ("7H 7D JK", "7C", "7H 7D JK=7C"),
        ("5S 6S JK", "4S", "JK=4S 5S 6S"),  # a declaration places the joker
        ("AS 2S JK", "3S", "AS 2S JK=3S"),
        ("AS KS JK", "QS", "JK=QS KS AS"),
    ],
)
def test_declared_joker(laid, declared, table):
    assert str(make_meld(parse_cards(laid), joker_as=Card.parse(declared))) == table


@pytest.mark.parametrize(
    ("cards", "readings"),
    [
        ("5S JK 6S", ["JK=4S 5S 6S", "5S 6S JK=7S"]),
        ("8H 8D JK", ["8H 8D JK=8C", "8H 8D JK=8S"]),
        ("QS KS JK", ["JK=JS QS KS", "QS KS JK=AS"]),
        ("AS 2S JK", ["AS 2S JK=3S"]),
        ("5S 7S JK", ["5S JK=6S 7S"]),
        ("9H 9C 9D", ["9H 9C 9D"]),
        ("5S 8S JK", []),
        # an ace beside both the 2 and the K: low (A..K, 85) or high (2..K A, 95)
        (SPADES_A_TO_K, [SPADES_A_TO_K, SPADES_2_TO_K + " AS"]),
        (SPADES_A_TO_K + " JK", [SPADES_A_TO_K + " JK=AS", "JK=AS " + SPADES_2_TO_K + " AS"]),
        ("JK JK 5S", []),
    ],
)
def test_possible_melds_lists_every_reading(cards, readings):
    assert sorted(str(m) for m in possible_melds(parse_cards(cards))) == sorted(readings)


def test_the_same_sequence_may_be_laid_twice():
    """§3 / [003]: two decks, so the same meld can be on the table twice; melds are values."""
    assert meld("5H 6H 7H") == make_meld(parse_cards("7H 6H 5H"))


# -- §4 values of opening melds -------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "total", "opens"),
    [
        (["9S 10S JS QS"], 39, False),  # §5.2 / [000]
        (["AD 2D 3D 4D", "KH KC KS"], 40, True),  # §5.2 / [000]
        (["9H 9D 9C", "10S JS QS"], 57, True),  # [003]
        (["4H 4D 4C 4S", "3S 4S 5S 6S"], 34, False),  # [003]
        (["4S 5S JK 7S"], 22, False),  # [003]
        (["JK KD KC", "QH KH JK"], 61, True),
    ],
)
def test_opening_values(melds, total, opens):
    points = sum(make_meld(parse_cards(text)).points for text in melds)
    assert points == total
    assert (points >= 40) is opens


# -- §5.2 and §10 attaching -----------------------------------------------------

ATTACH = [
    # (meld, card, end, result or refusal code)                      RULES.md
    ("5S 6S 7S", "8S", None, "5S 6S 7S 8S"),  # §5.2: at an end
    ("5S 6S 7S", "4S", None, "4S 5S 6S 7S"),
    ("5S 6S 7S", "8S", "low", "attach_does_not_fit"),
    ("5S 6S 7S", "9S", None, "attach_does_not_fit"),
    ("5S 6S 7S", "6S", None, "attach_does_not_fit"),
    ("5S 6S 7S", "8H", None, "attach_does_not_fit"),
    ("5S 6S 7S", "JK", None, "5S 6S 7S JK=8S"),
    ("5S 6S 7S", "JK", "low", "JK=4S 5S 6S 7S"),
    ("5S 6S JK=7S", "8S", None, "5S 6S JK=7S 8S"),  # §10: past an end joker
    ("5S 6S JK=7S", "7S", None, "attach_does_not_fit"),  # §10: the joker never moves
    ("5S 6S JK=7S", "4S", None, "4S 5S 6S JK=7S"),
    ("5S 6S JK=7S", "JK", None, "meld_two_jokers"),  # §3: one joker a meld
    ("JK=4S 5S 6S", "3S", None, "3S JK=4S 5S 6S"),
    ("JK=4S 5S 6S", "4S", None, "attach_does_not_fit"),
    ("4S JK=5S 6S", "5S", None, "attach_does_not_fit"),
    ("JS QS KS", "AS", None, "JS QS KS AS"),  # the ace after the king
    ("2S 3S 4S", "AS", None, "AS 2S 3S 4S"),  # the ace before the 2
    ("QS KS AS", "AS", None, "attach_does_not_fit"),
    ("QS KS AS", "2S", None, "attach_does_not_fit"),  # no wrapping
    ("AS 2S 3S", "KS", None, "attach_does_not_fit"),
    ("QS KS JK=AS", "2S", None, "attach_does_not_fit"),
    ("QS KS JK=AS", "AS", None, "attach_does_not_fit"),
    (SPADES_2_TO_K, "AS", "high", SPADES_2_TO_K + " AS"),
    (SPADES_2_TO_K, "AS", "low", "AS " + SPADES_2_TO_K),
    (SPADES_2_TO_K, "AS", None, SPADES_2_TO_K + " AS"),
    (SPADES_A_TO_K, "JK", None, SPADES_A_TO_K + " JK=AS"),  # §3: 14 cards
    (SPADES_A_TO_K, "AS", None, "attach_does_not_fit"),  # §3: never two natural aces
    ("JK=AS " + SPADES_2_TO_K, "AS", None, "JK=AS " + SPADES_2_TO_K + " AS"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK=KS", "AS", None, "attach_does_not_fit"),
    (SPADES_A_TO_K + " JK=AS", "AS", None, "attach_does_not_fit"),
    (SPADES_A_TO_K + " JK=AS", "2S", None, "attach_does_not_fit"),
    ("9H 9C 9D", "9S", None, "9H 9C 9D 9S"),  # combinations: a missing suit
    ("9H 9C 9D", "9H", None, "attach_does_not_fit"),
    ("9H 9C 9D", "8S", None, "attach_does_not_fit"),
    ("9H 9C 9D", "JK", None, "9H 9C 9D JK=9S"),
    ("9H 9C 9D 9S", "9H", None, "attach_does_not_fit"),
    ("9H 9C 9D 9S", "JK", None, "attach_does_not_fit"),
    ("7H 7D JK=7C", "7S", None, "7H 7D JK=7C 7S"),
    ("7H 7D JK=7C", "7C", None, "attach_does_not_fit"),  # the joker's own card: swap it
    ("7H 7D JK=7C", "JK", None, "meld_two_jokers"),
]


@pytest.mark.parametrize(("table", "card", "end", "expected"), ATTACH)
def test_attach(table, card, end, expected):
    before = meld(table)
    card = Card.parse(card)
    if expected.islower():
        assert code_of(lambda: before.attach(card, end=end)) == expected
        assert end is not None or not before.can_attach(card)
    else:
        after = before.attach(card, end=end)
        assert str(after) == expected
        assert before.can_attach(card)
        assert after in before.attach_options(card)
        # an attached meld is still a meld: it reads back the same
        assert Meld.parse(str(after)) == after


@pytest.mark.parametrize(
    ("table", "declared", "end", "expected"),
    [
        ("9H 9C 9D", "9S", None, "9H 9C 9D JK=9S"),
        ("9H 9C 9D", "9H", None, "bad_joker_declaration"),
        ("9H 9D 9S", "9C", None, "9H 9D 9S JK=9C"),
        ("5S 6S 7S", "8S", None, "5S 6S 7S JK=8S"),
        ("5S 6S 7S", "4S", None, "JK=4S 5S 6S 7S"),
        ("5S 6S 7S", "4S", "low", "JK=4S 5S 6S 7S"),
        ("5S 6S 7S", "9S", None, "bad_joker_declaration"),
        ("5S 6S 7S", "8H", None, "bad_joker_declaration"),
        ("5S 6S 7S", "8S", "low", "bad_joker_declaration"),  # the end and the card disagree
        ("5S 6S 7S", "4S", "high", "bad_joker_declaration"),
    ],
)
def test_attach_a_declared_joker(table, declared, end, expected):
    before = meld(table)
    call = lambda: before.attach(Card.parse("JK"), end=end, joker_as=Card.parse(declared))  # noqa: E731
    if expected.islower():
        assert code_of(call) == expected
    else:
        assert str(call()) == expected


def test_a_declaration_only_goes_with_a_joker():
    """Attaching a natural card cannot carry a joker declaration (it would be lost)."""
    assert code_of(
        lambda: meld("5S 6S 7S").attach(Card.parse("8S"), joker_as=Card.parse("9S"))
    ) == "bad_joker_declaration"
    assert code_of(
        lambda: meld("9H 9C 9D").attach(Card.parse("9S"), joker_as=Card.parse("9S"))
    ) == "bad_joker_declaration"


@pytest.mark.parametrize(
    ("table", "card", "options"),
    [
        ("5S 6S 7S", "JK", ["5S 6S 7S JK=8S", "JK=4S 5S 6S 7S"]),
        ("9H 9C 9D", "JK", ["9H 9C 9D JK=9S"]),
        ("9H 9C JK=9D", "9S", ["9H 9C JK=9D 9S"]),
        ("7H 8H 9H", "JK", ["7H 8H 9H JK=10H", "JK=6H 7H 8H 9H"]),
        (SPADES_2_TO_K, "AS", [SPADES_2_TO_K + " AS", "AS " + SPADES_2_TO_K]),
        (SPADES_2_TO_K, "JK", [SPADES_2_TO_K + " JK=AS", "JK=AS " + SPADES_2_TO_K]),
        ("QS KS AS", "JS", ["JS QS KS AS"]),
        ("QS KS AS", "5H", []),
    ],
)
def test_attach_options(table, card, options):
    assert sorted(str(m) for m in meld(table).attach_options(Card.parse(card))) == sorted(options)


# -- §5.2 joker swap ------------------------------------------------------------

SWAP = [
    ("4S 5S JK=6S 7S", "6S", "4S 5S 6S 7S"),
    ("4S 5S JK=6S 7S", "6H", "swap_wrong_card"),
    ("4S 5S JK=6S 7S", "7S", "swap_wrong_card"),
    ("JK=AS 2S 3S", "AS", "AS 2S 3S"),
    ("QS KS JK=AS", "AS", "QS KS AS"),
    ("7H 7D JK=7C", "7C", "7H 7D 7C"),
    ("7H 7D JK=7C", "7S", "swap_wrong_card"),  # only the declared card, not any missing suit
    ("7H 7D JK=7C 7S", "7C", "7H 7D 7C 7S"),
    ("7H 7D 7C", "7S", "no_joker_in_meld"),
    (SPADES_A_TO_K + " JK=AS", "AS", "sequence_not_consecutive"),  # §3: never two natural aces
    ("JK=AS " + SPADES_2_TO_K + " AS", "AS", "sequence_not_consecutive"),
]


@pytest.mark.parametrize(("table", "card", "expected"), SWAP)
def test_swap_joker(table, card, expected):
    before = meld(table)
    if expected.islower():
        assert code_of(lambda: before.swap_joker(Card.parse(card))) == expected
        return
    after = before.swap_joker(Card.parse(card))
    assert str(after) == expected
    assert not after.has_joker
    assert after.points == before.points  # the card takes the joker's value and place


def test_swap_keeps_the_sequence_place_and_order():
    after = meld("JK=4S 5S 6S").swap_joker(Card.parse("4S"))
    assert after.start == 4 and after.end == 6
    assert after.attach(Card.parse("3S")).points == 18


# -- the one enumerator of melds ---------------------------------------------------

ENUMERATED = [
    # (held, every meld makeable from some of the cards)
    ("5S 6S 7S 2H", ["5S 6S 7S"]),
    ("7H 7D JK", ["7H 7D JK=7C", "7H 7D JK=7S"]),
    ("5S 6S JK", ["JK=4S 5S 6S", "5S 6S JK=7S"]),
    # the joker in the place of a card held keeps that card for another meld
    ("5S 6S 7S JK", [
        "5S 6S 7S", "JK=4S 5S 6S", "JK=5S 6S 7S", "5S JK=6S 7S", "5S 6S JK=7S",
        "JK=4S 5S 6S 7S", "5S 6S 7S JK=8S", "6S 7S JK=8S",
    ]),
    ("QS KS AS", ["QS KS AS"]),
    ("KS AS 2S", []),  # no wraparound (§3)
    ("9H 9C 9D 9S", ["9H 9D 9C", "9H 9D 9S", "9H 9C 9S", "9D 9C 9S", "9H 9D 9C 9S"]),
]


@pytest.mark.parametrize(("held", "expected"), ENUMERATED)
def test_makeable_melds_lists_every_meld_of_some_cards(held, expected):
    assert sorted(str(m) for m in makeable_melds(parse_cards(held))) == sorted(expected)


def test_meld_candidates_is_the_enumerator_as_lay_arguments():
    cards = parse_cards("5S 6S 7S 7H 7D JK")
    assert meld_candidates(cards) == [(m.cards, m.joker_as) for m in makeable_melds(cards)]


POOL = [Card(rank, suit) for rank in (1, 2, 3, 12, 13) for suit in "HDS"] + [JOKER]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=3, max_size=7, unique=True))
def test_makeable_melds_are_exactly_the_valid_subsets(cards):
    """Every listed meld is valid and made of held cards; every subset that
    ``make_meld`` accepts, under every joker declaration, is listed."""
    found = makeable_melds(cards)
    for m in found:
        assert make_meld(m.cards, joker_as=m.joker_as) == m
        assert set(m.cards) <= set(cards)
    listed = {(frozenset(m.cards), m.joker_as) for m in found}
    declarations = [None, *(Card(rank, suit) for rank in range(1, 14) for suit in "HDCS")]
    for size in range(3, len(cards) + 1):
        for subset in combinations(cards, size):
            for declared in declarations if JOKER in subset else [None]:
                try:
                    made = make_meld(sorted(subset), joker_as=declared)
                except RuleError:
                    continue
                assert (frozenset(subset), made.joker_as) in listed


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=3, max_size=5, unique=True))
def test_possible_melds_are_the_makeable_melds_of_every_card(cards):
    every = Counter(cards)
    expected = {
        (m.kind, frozenset(m.cards), m.joker_as, m.start)
        for m in makeable_melds(cards) if Counter(m.cards) == every
    }
    readings = possible_melds(cards)
    assert {(m.kind, frozenset(m.cards), m.joker_as, m.start) for m in readings} == expected
    assert len(readings) == len(expected)
