"""The exact meld solver (scala40/solver.py) against RULES.md and a brute-force reference."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import JOKER, Card, RuleError, Rules, make_meld, parse_cards
from scala40.scoring import card_penalty
from scala40.solver import best_melds, cheapest_opening, meld_options

# -- brute force ------------------------------------------------------------------

DECLARATIONS = [None, *(Card(rank, suit) for rank in range(1, 14) for suit in "HDCS")]


def validated_readings(members):
    """The melds the validator (``make_meld``, not the solver's enumerator) reads in
    ``members``, under every joker declaration."""
    readings = []
    for declared in DECLARATIONS if JOKER in members else [None]:
        try:
            readings.append(make_meld(members, joker_as=declared))
        except RuleError:
            continue
    return readings



def brute_force(cards, rules=None, *, keep=0, minimum=0, must_use=(), most_cards=False):
    """(removed, cards melded) of the best packing, by listing every subset that
    the engine's own validator accepts and every set of disjoint such subsets
    (``most_cards``: the packing melding the most cards, then removing the most)."""
    rules = rules or Rules()
    cards = sorted(cards)
    n = len(cards)
    valid = {}
    for mask in range(1, 1 << n):
        members = [cards[i] for i in range(n) if mask >> i & 1]
        if len(members) < 3:
            continue
        readings = validated_readings(members)
        if readings:
            counted = [
                0 if (rules.clean_opening and m.has_joker) else m.points for m in readings
            ]
            valid[mask] = (max(counted), sum(card_penalty(c) for c in members), len(members))
    masks = sorted(valid)
    required = Counter(must_use)
    best = None

    def acceptable(used):
        left = [cards[i] for i in range(n) if not used >> i & 1]
        if len(left) < keep:
            return False
        melded = Counter(cards) - Counter(left)
        return all(melded[c] >= k for c, k in required.items())

    def walk(start, used, removed, size, points):
        nonlocal best
        if points >= minimum and acceptable(used):
            value = (size, removed) if most_cards else (removed, size)
            if best is None or value > best:
                best = value
        for k in range(start, len(masks)):  # each set of disjoint melds once, in list order
            mask = masks[k]
            if not mask & used:
                points_k, removed_k, size_k = valid[mask]
                walk(k + 1, used | mask, removed + removed_k, size + size_k, points + points_k)

    walk(0, 0, 0, 0, 0)
    return best[::-1] if most_cards and best else best


def check_solution(cards, solution, rules=None, *, keep=0, minimum=0, must_use=()):
    """The solution is made of valid, disjoint melds of these cards, as claimed."""
    rules = rules or Rules()
    used = Counter()
    points = 0
    for meld_cards, joker_as in solution.melds:
        meld = make_meld(meld_cards, joker_as=joker_as)
        used.update(meld_cards)
        points += 0 if (rules.clean_opening and meld.has_joker) else meld.points
    assert used + Counter(solution.left) == Counter(cards)
    assert solution.points == points >= minimum
    assert solution.removed == sum(card_penalty(c) for c in used.elements())
    assert len(solution.left) >= keep
    assert not Counter(must_use) - used


# -- tables in notation -------------------------------------------------------------

BEST = [
    # (hand, keep, expected melds, expected left)
    # §3: a sequence, a combination of different suits
    ("7H 8H 9H KS KC KD 2C 5D", 0, ["7H 8H 9H", "KD KC KS"], "2C 5D"),
    # §3: 9♥ 9♣ 9♣ is not a combination
    ("9H 9C 9C", 0, [], "9C 9C 9H"),
    # §3: K-A-2 does not wrap
    ("KS AS 2S", 0, [], "AS 2S KS"),
    # §3: the same sequence twice (two decks)
    ("7H 8H 9H 7H 8H 9H", 0, ["7H 8H 9H", "7H 8H 9H"], ""),
    # §3: the joker stands for a card the hand holds, freeing it for a combination
    ("5S 6S 7S 6H 6D JK", 0, ["5S 6S 7S", "6H 6D JK"], ""),
    # §5.3: a card must stay for the discard; keeping 6D 6H (12) beats keeping the joker (25)
    ("5S 6S 7S 6H 6D JK", 1, ["5S 6S 7S JK"], "6D 6H"),
    # not capped at three melds: four melds and a card to discard
    ("AC AD AH 2S 3S 4S 7D 7C 7S JH QH KH 9C", 1,
     ["AH AD AC", "2S 3S 4S", "7D 7C 7S", "JH QH KH"], "9C"),
    # §3: at most one joker in a meld: two jokers need two melds
    ("JK JK 5C 5D 9H 10H", 0, ["5D 5C JK", "9H 10H JK"], ""),
    # §3: a meld of jokers only is never valid
    ("JK JK JK 2C", 0, [], "JK JK JK 2C"),
]


@pytest.mark.parametrize("hand, keep, melds, left", BEST)
def test_best_melds_table(hand, keep, melds, left):
    cards = parse_cards(hand)
    solution = best_melds(cards, Rules(), keep=keep)
    check_solution(cards, solution, keep=keep)
    assert sorted(" ".join(map(str, c)) for c, _ in solution.melds) == sorted(melds)
    assert " ".join(map(str, solution.left)) == left
    assert (solution.removed, solution.cards_melded) == brute_force(cards, keep=keep)


OPENINGS = [
    # (hand, rules, points or None, left)
    # §5.2: 9♠ 10♠ J♠ Q♠ = 39 cannot open
    ("9S 10S JS QS 2H", Rules(), None, None),
    # §5.2: A♦ 2♦ 3♦ 4♦ + K♥ K♣ K♠ = 40 can
    ("AD 2D 3D 4D KH KC KS 9C", Rules(), 40, "9C"),
    # §4: the joker is worth the card it stands for: 4S 5S JK 7S = 22, + 3 queens 30
    ("4S 5S JK 7S QH QD QC 2D", Rules(), 52, "2D"),
    # §9 clean opening: the jokered meld may be laid beside but does not count
    ("4S 5S JK 7S QH QD QC 2D", Rules(clean_opening=True), None, None),
    ("4S 5S JK 7S QH QD QC KH KD KC 2D", Rules(clean_opening=True), 60, "2D"),
    # §9 opening minimum 41: 40 is not enough
    ("AD 2D 3D 4D KH KC KS 9C", Rules(opening_minimum=41), None, None),
    # §4: ace high in Q K A (31) and in a combination (33)
    ("QS KS AS AH AD AC 3C", Rules(), 64, "3C"),
    # the opening keeps the low cards: lay the kings, keep 2C 3C
    ("KH KC KS QH QD QC 2C 3C", Rules(), 60, "2C 3C"),
]


@pytest.mark.parametrize("hand, rules, points, left", OPENINGS)
def test_cheapest_opening_table(hand, rules, points, left):
    cards = parse_cards(hand)
    opening = cheapest_opening(cards, rules)
    if points is None:
        assert opening is None
        assert brute_force(cards, rules, keep=1, minimum=rules.opening_minimum) is None
        return
    check_solution(cards, opening, rules, keep=1, minimum=rules.opening_minimum)
    assert opening.points == points
    assert " ".join(map(str, opening.left)) == left


def test_opening_already_counted_this_turn():
    # §5.2: melds laid earlier this turn count; 9S 10S JS = 29 reaches 40 with 11 more
    cards = parse_cards("2H 3H 4H 8C")
    assert cheapest_opening(cards, Rules()) is None
    assert cheapest_opening(cards, Rules(), already=31).points == 9


def test_must_use_card_is_melded():
    # §5.1: the pile card must be used this turn
    cards = parse_cards("7H 8H 9H 9H 9C 9D")
    solution = best_melds(cards, keep=1, must_use=parse_cards("9H"))
    check_solution(cards, solution, keep=1, must_use=parse_cards("9H"))
    assert best_melds(parse_cards("7H 8H 2C"), must_use=parse_cards("2C")) is None
    assert best_melds(parse_cards("7H 8H 2C"), must_use=parse_cards("3C")) is None


def test_joker_won_by_a_swap_must_be_used():
    cards = parse_cards("JK 5C 5D 2H")
    solution = best_melds(cards, keep=1, must_use=[JOKER])
    assert [str(c) for c in solution.left] == ["2H"]
    assert best_melds(parse_cards("JK 2H 9S"), keep=1, must_use=[JOKER]) is None


def test_longest_sequence_is_an_option():
    # §3: the longest sequence, 13 naturals and the joker as the high or the low ace
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    shown = {str(make_meld(o.cards, joker_as=o.joker_as)) for o in meld_options(hand)}
    longest = {m for m in shown if len(m.split()) == 14}
    assert longest <= {
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK=AH",
        "JK=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    }
    assert len(longest) == 1
    assert best_melds(hand).left == ()


def test_every_option_is_a_valid_meld_worth_its_points():
    hand = parse_cards("AH 2H 3H QH KH 5C 5D 5S 5H JK 10S JS QS KS AS")
    for option in meld_options(hand):
        meld = make_meld(option.cards, joker_as=option.joker_as)
        assert meld.points == option.points
        assert set(c for c in option.cards if not c.is_joker) == option.naturals


# -- properties against the brute force ----------------------------------------------

POOL = [Card(rank, suit) for rank in (1, 2, 3, 4, 5, 12, 13) for suit in "HDCS"]


@st.composite
def small_hands(draw, max_size=9):
    cards = draw(st.lists(st.sampled_from(POOL), min_size=3, max_size=max_size))
    jokers = draw(st.integers(0, 2))
    counts = Counter(cards)
    cards = [c for c in counts for _ in range(min(2, counts[c]))][: max_size - jokers]
    return cards + [JOKER] * jokers


@settings(max_examples=150, deadline=None)
@given(small_hands(), st.integers(0, 2))
def test_best_melds_matches_brute_force(cards, keep):
    solution = best_melds(cards, keep=keep)
    expected = brute_force(cards, keep=keep)
    if expected is None:
        assert solution is None
        return
    check_solution(cards, solution, keep=keep)
    assert (solution.removed, solution.cards_melded) == expected


@settings(max_examples=150, deadline=None)
@given(small_hands(), st.integers(0, 2))
def test_most_cards_matches_brute_force(cards, keep):
    # the look-ahead's question (scala40/bots/discard.py, reaches): how many cards melded
    solution = best_melds(cards, keep=keep, most_cards=True)
    expected = brute_force(cards, keep=keep, most_cards=True)
    if expected is None:
        assert solution is None
        return
    check_solution(cards, solution, keep=keep)
    assert (solution.removed, solution.cards_melded) == expected
    assert solution.cards_melded >= best_melds(cards, keep=keep).cards_melded


@settings(max_examples=150, deadline=None)
@given(small_hands(), st.sampled_from([10, 25, 40]), st.booleans())
def test_cheapest_opening_matches_brute_force(cards, minimum, clean):
    rules = Rules(opening_minimum=minimum, clean_opening=clean)
    opening = cheapest_opening(cards, rules)
    expected = brute_force(cards, rules, keep=1, minimum=minimum)
    if expected is None:
        assert opening is None
        return
    check_solution(cards, opening, rules, keep=1, minimum=minimum)
    assert (opening.removed, opening.cards_melded) == expected


@settings(max_examples=60, deadline=None)
@given(small_hands(max_size=8), st.data())
def test_must_use_matches_brute_force(cards, data):
    required = [data.draw(st.sampled_from(cards))]
    solution = best_melds(cards, keep=1, must_use=required)
    expected = brute_force(cards, keep=1, must_use=required)
    if expected is None:
        assert solution is None
        return
    check_solution(cards, solution, keep=1, must_use=required)
    assert (solution.removed, solution.cards_melded) == expected
