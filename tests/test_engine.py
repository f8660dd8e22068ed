"""Turns, the deal and the match, on positions built card by card (RULES.md §2, §5, §6, §8).

Positions come from the ``build`` fixture (tests/conftest.py): hands, stock
and pile in notation, the stock's and pile's top card written last. Seat 0
is to move and draws first unless a test says otherwise.
"""

import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from scala40 import (
    JOKER,
    Discard,
    DrawStock,
    NextHand,
    RuleError,
    Rules,
    TakeBack,
    TakeDiscard,
    apply,
    discard_refusal,
    format_cards,
    full_deck,
    legal_actions,
    new_match,
    observe,
    opening_progress,
    parse_cards,
    write_position,
)
from scala40.engine import MAX_RESHUFFLES
from scala40.state import Phase


def cards(text):
    return tuple(sorted(parse_cards(text)))


def held(state, seat=0):
    return format_cards(state.hand.hands[seat])


def table(state):
    return [str(m.meld) for m in state.hand.melds]


def error_of(state, *actions, play):
    with pytest.raises(RuleError) as caught:
        play(state, *actions)
    return caught.value


# -- §2 the deal ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_13_cards_each_one_pile_card_the_rest_stock(players):
    state = new_match([f"P{n}" for n in range(players)], seed=players)
    hand = state.hand
    assert all(len(cards) == 13 for cards in hand.hands)
    assert len(hand.pile) == 1 and not hand.pile[0].is_joker
    assert len(hand.stock) == 108 - 13 * players - 1
    assert Counter(hand.all_cards()) == Counter(full_deck())
    assert hand.turn == (hand.dealer + 1) % players  # §2: left of the dealer
    assert hand.phase == Phase.DRAW and not any(hand.opened)


@pytest.mark.parametrize(
    ("players", "short", "size"),
    [(4, True, 13), (5, True, 10), (6, True, 10), (5, False, 13), (6, False, 13)],
)
def test_ten_card_deal_with_five_or_six(players, short, size):
    """§2 / §9 option [004]: 10 cards each when 5-6 play."""
    rules = Rules(short_deal_for_five_or_six=short)
    state = new_match([f"P{n}" for n in range(players)], seed=1, rules=rules)
    assert {len(cards) for cards in state.hand.hands} == {size}
    assert len(state.hand.stock) == 108 - size * players - 1


def test_no_jokers_option_deals_from_104():
    state = new_match(["A", "B"], seed=5, rules=Rules(jokers=0))
    assert Counter(state.hand.all_cards()) == Counter(full_deck(0))
    assert JOKER not in state.hand.all_cards()


def test_same_seed_same_deal_different_seed_different_deal():
    assert new_match(["A", "B", "C"], seed=42) == new_match(["A", "B", "C"], seed="42")
    assert new_match(["A", "B", "C"], seed=42).hand != new_match(["A", "B", "C"], seed=43).hand


def test_dealing_never_touches_the_global_random():
    random.seed(1)
    expected = random.random()
    random.seed(1)
    new_match(["A", "B"], seed=9)
    assert random.random() == expected


def test_first_dealer_is_drawn_from_the_seed():
    dealers = {new_match(["A", "B", "C", "D"], seed=seed).hand.dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def _raw_deck(seed):
    """The shuffled deck of the first hand, top card last (mirrors the deal's shuffle)."""
    deck = full_deck()
    random.Random(f"{seed}/deal/1").shuffle(deck)
    return deck


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (14, 3), (87, 4)])
def test_a_joker_turned_for_the_pile_goes_back_into_the_stock(seed, players):
    """§2 (decision): a joker turned up goes back into the stock, the next card is turned."""
    deck = _raw_deck(seed)
    dealt = 13 * players
    assert deck[-(dealt + 1)].is_joker  # the position this test is about
    state = new_match([f"P{n}" for n in range(players)], seed=seed)
    hand = state.hand
    assert hand.pile == (deck[-(dealt + 2)],) and not hand.pile[0].is_joker
    assert hand.stock[-1] == deck[-(dealt + 3)]  # the joker was not put back on top
    assert Counter(hand.all_cards()) == Counter(full_deck())
    assert len(hand.stock) == 108 - dealt - 1


@pytest.mark.parametrize("bad", [["Solo"], [f"P{n}" for n in range(7)], ["A", "A"], []])
def test_two_to_six_players_with_different_names(bad):
    with pytest.raises(RuleError) as caught:
        new_match(bad)
    assert caught.value.code == "bad_players"


# -- §5.1 drawing ------------------------------------------------------------------


def test_draw_takes_the_top_of_the_stock(build, play):
    state = play(build(["5H", "6H"], stock="2C 3D 4H"), "draw")
    assert held(state) == "4H 5H"
    assert format_cards(state.hand.stock) == "2C 3D"
    assert state.hand.phase == Phase.PLAY


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        (["draw", "draw"], "already_drew"),
        (["draw", "take"], "already_drew"),
        (["discard 5H"], "must_draw_first"),
        (["meld 5H 6H 7H"], "must_draw_first"),
        (["takeback"], "must_draw_first"),
        (["next"], "hand_not_over"),
        (["take"], "pile_before_opening"),  # §5.1: only after opening
    ],
)
def test_turn_phases(build, refusal, actions, code):
    state = build(["5H 6H 7H 9C", "KD"])
    assert refusal(state, *actions) == code


def test_legal_draws_before_and_after_opening(build):
    assert legal_actions(build(["5H 6H", "KD"])) == [DrawStock()]
    assert legal_actions(build(["5H 6H", "KD"], opened=[0])) == [DrawStock(), TakeDiscard()]
    assert legal_actions(build(["5H 6H", "KD"], opened=[0], pile="")) == [DrawStock()]


def test_take_the_pile_after_opening(build, play):
    state = play(build(["5H 9C", "KD"], pile="2S 8H", opened=[0]), "take")
    assert held(state) == "5H 8H 9C"
    assert format_cards(state.hand.pile) == "2S"
    assert state.hand.must_use == cards("8H")


def test_take_from_an_empty_pile(build, refusal):
    assert refusal(build(["5H 9C", "KD"], pile="", opened=[0]), "take") == "pile_empty"


def test_the_pile_card_must_be_used_and_never_discarded(build, play, refusal):
    """§5.1: the pile card is used this turn, in a new meld or attached; never discarded."""
    state = build(["5H 9C", "KD"], pile="8H", opened=[0], melds=[(1, "5S 6S 7S")])
    state_after_take = play(state, "take")
    assert refusal(state_after_take, "discard 8H") == "pile_card_unused"
    assert refusal(state_after_take, "discard 9C") == "pile_card_unused"
    with_8s = build(["5H 9C", "KD"], pile="8S", opened=[0], melds=[(1, "5S 6S 7S")])
    done = play(with_8s, "take", "attach 8S to 0", "discard 9C")
    assert table(done) == ["5S 6S 7S 8S"] and held(done) == "5H"
    assert done.hand.turn == 1


def test_the_pile_card_can_be_used_in_a_new_meld(build, play):
    state = build(["8C 8D 9C", "KD"], pile="8H", opened=[0])
    done = play(state, "take", "meld 8C 8D 8H", "discard 9C")
    assert table(done) == ["8C 8D 8H"]


def test_a_twin_of_the_pile_card_is_the_same_card(build, play):
    """§1: the two decks are identical; using one 8H uses 'the' pile card."""
    state = build(["8C 8D 8H 9C", "KD"], pile="8H", opened=[0])
    done = play(state, "take", "meld 8C 8D 8H", "discard 8H")
    assert held(done) == "9C"


# -- §9 option: the pile before opening --------------------------------------------

POZZO = Rules(pile_before_opening=True)


def test_pile_before_opening_when_used_in_the_opening(build, play):
    state = build(["KH KC 5D 6D 7D 8D 2C", "AS"], pile="KS", rules=POZZO)
    done = play(state, "take", "meld KH KC KS", "meld 5D 6D 7D 8D", "discard 2C")
    assert done.hand.opened[0]
    assert table(done) == ["KH KC KS", "5D 6D 7D 8D"]


def test_pile_before_opening_the_card_must_be_in_the_opening_melds(build, play, refusal):
    # opened without the pile card: attaching it afterwards is not enough
    state = build(["QH QC QS 5D 6D 7D 8D 2C", "AS"], pile="9D", rules=POZZO)
    opened = play(state, "take", "meld QH QC QS", "meld 5D 6D 7D 8D")
    assert opened.hand.opened[0]
    assert refusal(opened, "attach 9D to 1") == "pile_card_not_in_opening"
    assert refusal(opened, "discard 2C") == "pile_card_unused"


def test_pile_before_opening_the_card_cannot_be_swapped_in(build, play, refusal):
    """The pile card is used in an opening meld, not put in a joker's place."""
    state = build(
        ["QH QC QS 5D 6D 7D 8D 2C", "AS"], pile="9S", rules=POZZO,
        melds=[(1, "7S 8S JK=9S")],
    )
    opened = play(state, "take", "meld QH QC QS", "meld 5D 6D 7D 8D")
    assert refusal(opened, "swap 9S in 0") == "pile_card_not_in_opening"


def test_pile_before_opening_below_the_minimum(build, play):
    state = build(["KH KC 5D 2C 3C", "AS"], pile="KS", rules=POZZO)
    laid = play(state, "take", "meld KH KC KS")
    error = error_of(laid, "discard 2C", play=play)
    assert error.code == "opening_below_minimum" and error.facts == {"needed": 40, "have": 30}
    back = play(laid, "takeback")
    assert back.hand.phase == Phase.DRAW and back.hand.pile_top == parse_cards("KS")[0]
    assert held(back) == "2C 3C 5D KC KH"
    assert play(back, "draw").hand.phase == Phase.PLAY


# -- §5.2 opening ------------------------------------------------------------------


def test_opening_across_several_melds_in_one_turn(build, play):
    """§5.2 / [000]: A♦2♦3♦4♦ + K♥K♣K♠ = 40 opens."""
    state = build(["AD 2D 3D 4D KH KC KS 9C", "5S"], stock="7H")
    first = play(state, "draw", "meld AD 2D 3D 4D")
    progress = opening_progress(first)
    assert (progress.points, progress.needed, progress.reached, progress.opened) == (
        10, 40, False, False,
    )
    assert not first.hand.opened[0]
    second = play(first, "meld KH KC KS")
    assert second.hand.opened[0] and opening_progress(second).points == 40
    done = play(second, "discard 9C")
    assert done.hand.turn == 1 and done.hand.opened[0]


@pytest.mark.parametrize(
    ("melds", "have"),
    [
        (["9S 10S JS QS"], 39),  # [000]
        (["4H 4D 4C 4S", "3S 4S 5S 6S"], 34),  # [003]
        (["4S 5S JK 7S"], 22),
    ],
)
def test_opening_below_40_is_refused_in_italian(build, play, melds, have):
    hand = " ".join(melds) + " 2C"
    laid = play(build([hand, "5S"], stock="8D"), "draw", *(f"meld {m}" for m in melds))
    error = error_of(laid, "discard 2C", play=play)
    assert error.code == "opening_below_minimum"
    assert error.message("it") == f"Per aprire servono 40 punti: ne hai {have}."
    assert discard_refusal(laid, parse_cards("2C")[0]).code == "opening_below_minimum"


def test_opening_with_57(build, play):
    """[003]: 9♥9♦9♣ (27) + 10♠J♠Q♠ (30) = 57 opens."""
    done = play(build(["9H 9D 9C 10S JS QS 2C", "5S"], stock="8D"), "draw",
                "meld 9H 9D 9C", "meld 10S JS QS", "discard 2C")
    assert done.hand.opened[0]


def test_opening_minimum_41(build, play):
    """§9 option [001]: 41 to open."""
    rules = Rules(opening_minimum=41)
    laid = play(build(["AD 2D 3D 4D KH KC KS 9C", "5S"], rules=rules), "draw",
                "meld AD 2D 3D 4D", "meld KH KC KS")
    error = error_of(laid, "discard 9C", play=play)
    assert error.message("it") == "Per aprire servono 41 punti: ne hai 40."


def test_provisional_opening_taken_back(build, play):
    """§5.2: the player takes the cards back (undo) instead of ending below the minimum."""
    state = play(build(["9S 10S JS QS 2C", "5S"], stock="8D"), "draw")
    back = play(state, "meld 9S 10S JS QS", "takeback")
    assert held(back) == held(state) and table(back) == []
    assert back.hand.phase == Phase.PLAY
    assert play(back, "discard 2C").hand.turn == 1


def test_clean_opening(build, play):
    """§9 option [000]: jokers do not count; a meld with a joker may be laid beside."""
    rules = Rules(clean_opening=True)
    hand = "4S 5S JK 7S KH KC KS 2C"
    laid = play(build([hand, "5D"], rules=rules), "draw", "meld 4S 5S JK 7S", "meld KH KC KS")
    error = error_of(laid, "discard 2C", play=play)
    assert error.code == "clean_opening_below_minimum"
    assert error.facts == {"needed": 40, "have": 30}
    progress = opening_progress(laid)
    assert (progress.points, progress.counted) == (52, 30)
    clean = "QH QC QS KH KC KS 4S 5S JK 7S 2C"
    done = play(build([clean, "5D"], rules=rules), "draw", "meld 4S 5S JK 7S",
                "meld QH QC QS", "meld KH KC KS", "discard 2C")
    assert done.hand.opened[0] and len(done.hand.melds) == 3


def test_without_clean_opening_the_joker_counts(build, play):
    done = play(build(["4S 5S JK 7S KH KC KS 2C", "5D"]), "draw", "meld 4S 5S JK 7S",
                "meld KH KC KS", "discard 2C")
    assert done.hand.opened[0]


# -- §5.2 and §10 attaching and swapping -------------------------------------------


@pytest.mark.parametrize("action", ["attach 8S to 0", "swap 9H in 1"])
def test_attach_and_swap_need_an_opening(build, refusal, action):
    state = build(["8S 9H 2C", "5D"], melds=[(1, "5S 6S 7S"), (1, "7H 8H JK=9H")])
    assert refusal(state, "draw", action) == "not_opened"


def test_attach_in_the_opening_turn_after_reaching_40(build, play, refusal):
    """§10: attach and swap in the opening turn, once the opening melds are down."""
    state = build(["KH KC KS QH QC QS 8S 9H 2C", "5D"],
                  melds=[(1, "5S 6S 7S"), (1, "7H 8H JK=9H")])
    drawn = play(state, "draw")
    assert refusal(drawn, "attach 8S to 0") == "not_opened"
    half = play(drawn, "meld KH KC KS")
    assert refusal(half, "attach 8S to 0") == "not_opened"  # 30: not yet opened
    opened = play(half, "meld QH QC QS")
    done = play(opened, "attach 8S to 0", "swap 9H in 1", "attach JK to 2", "discard 2C")
    assert table(done) == ["5S 6S 7S 8S", "7H 8H 9H", "KH KC KS JK=KD", "QH QC QS"]


def test_attach_to_anyones_melds(build, play):
    state = build(["8S 2C", "5D"], opened=[0], melds=[(1, "5S 6S 7S")])
    done = play(state, "draw", "attach 8S to 0", "discard 2C")
    assert done.hand.melds[0].owner == 1 and table(done) == ["5S 6S 7S 8S"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("attach 9S to 0", "attach_does_not_fit"),
        ("attach 8S to 0 low", "attach_does_not_fit"),
        ("attach 8S to 3", "no_such_meld"),
        ("attach 8S to -1", "no_such_meld"),
        ("attach 4S to 0", "card_not_in_hand"),
        ("attach 6H to 1", "attach_does_not_fit"),  # §10: the joker never moves
        ("attach JK to 1", "card_not_in_hand"),
        ("swap 8S in 1", "swap_wrong_card"),
        ("swap 7S in 0", "no_joker_in_meld"),
        ("swap 6D in 1", "card_not_in_hand"),
        ("swap 6H in 2", "no_such_meld"),
    ],
)
def test_attach_and_swap_refusals(build, refusal, action, code):
    state = build(["8S 9S 6H 2C", "5D"], opened=[0],
                  melds=[(1, "5S 6S 7S"), (1, "5H JK=6H 7H")], stock="7S")
    assert refusal(state, "draw", action) == code


def test_swapped_joker_must_be_used(build, play, refusal):
    """§5.2: the joker taken by a swap must be used again this same turn."""
    state = build(["6H 8D 8C 2C", "5D"], opened=[0], melds=[(1, "5H JK=6H 7H")], stock="3S")
    swapped = play(state, "draw", "swap 6H in 0")
    assert held(swapped) == "JK 2C 3S 8C 8D"
    assert swapped.hand.must_use == (JOKER,)
    assert refusal(swapped, "discard 2C") == "joker_unused"
    assert refusal(swapped, "discard JK") == "joker_unused"
    used = play(swapped, "meld 8D 8C JK", "discard 2C")
    assert table(used) == ["5H 6H 7H", "8D 8C JK=8H"]
    attached = play(swapped, "attach JK to 0", "discard 2C")
    assert table(attached) == ["5H 6H 7H JK=8H"]


def test_a_joker_freed_with_nowhere_to_go_is_taken_back(build, play):
    state = build(["7C 2C", "5D"], opened=[0], melds=[(1, "7H 7D JK=7C 7S")], stock="3S")
    swapped = play(state, "draw", "swap 7C in 0")
    assert legal_actions(swapped) == [TakeBack()]
    back = play(swapped, "takeback")
    assert table(back) == table(state) and held(back) == "2C 3S 7C"


# -- §5.3 discarding ---------------------------------------------------------------

TABLE = [(1, "5H 6H 7H")]


@pytest.mark.parametrize(
    ("option", "opened", "hand", "discard", "code"),
    [
        # default: before opening an attachable natural card may not be discarded [000, 002, 003]
        ("before_opening", False, "8H KC", "8H", "discard_attachable"),
        ("before_opening", False, "8H KC", "KC", None),
        ("before_opening", False, "4H KC", "4H", "discard_attachable"),
        ("before_opening", True, "8H KC", "8H", None),
        ("before_opening", False, "JK KC", "JK", None),  # a joker may always be discarded
        ("before_opening", False, "8H 4H", "8H", None),  # every card attaches: the rule yields
        # [001]: forbidden for everyone except the closing discard
        ("except_closing", True, "8H KC", "8H", "discard_attachable"),
        ("except_closing", False, "8H KC", "8H", "discard_attachable"),
        ("except_closing", True, "8H KC", "KC", None),
        ("except_closing", True, "8H", "8H", None),  # closing
        # [001]: forbidden for everyone, closing included
        ("never", True, "8H KC", "8H", "discard_attachable"),
        ("never", False, "8H KC", "8H", "discard_attachable"),
        ("never", True, "8H", "8H", "discard_attachable"),  # closing included
        ("never", True, "KC", "KC", None),
        # allowed
        ("allowed", False, "8H KC", "8H", None),
        ("allowed", True, "8H", "8H", None),
    ],
)
def test_discard_options(build, option, opened, hand, discard, code):
    """§5.3 and §9 'discarding an attachable card'. The hand is after the draw."""
    rules = Rules(attachable_discard=option)
    state = build([hand, "5D"], melds=TABLE, opened=[0] if opened else [], phase=Phase.PLAY,
                  rules=rules)
    refusal = discard_refusal(state, parse_cards(discard)[0])
    assert (refusal.code if refusal else None) == code
    if code is None:
        after = apply(state, Discard(parse_cards(discard)[0]))
        assert after.hand.pile_top == parse_cards(discard)[0]


def test_never_option_a_last_card_that_attaches_cannot_close(build, play):
    """Under 'never' [001] the closing discard may not attach either; the turn still ends."""
    rules = Rules(attachable_discard="never")
    state = build(["5C 9H", "5D"], opened=[0], melds=[(1, "5H 6H 7H 8H"), (1, "6C 7C 8C")],
                  stock="4C", rules=rules)
    last = play(state, "draw", "attach 5C to 1", "attach 4C to 1")
    assert held(last) == "9H"
    assert discard_refusal(last, parse_cards("9H")[0]).code == "discard_attachable"
    assert legal_actions(last) == [TakeBack()]
    done = play(last, "takeback", "attach 5C to 1", "discard 4C")
    assert done.hand.turn == 1 and held(done) == "9H"


def test_a_discard_of_a_card_not_in_hand(build, refusal):
    assert refusal(build(["5C 9H", "5D"]), "draw", "discard KD") == "card_not_in_hand"


def test_a_hand_is_never_emptied_by_melding(build, refusal):
    """§5.3 / [000, 003]: a card must be kept for the final discard."""
    state = build(["5C 6C", "5D"], stock="7C", opened=[0], melds=[(1, "8C 9C 10C")])
    assert refusal(state, "draw", "meld 5C 6C 7C") == "hand_would_empty"
    two = build(["7C", "5D"], stock="JC", opened=[0], melds=[(1, "8C 9C 10C")])
    assert refusal(two, "draw", "attach 7C to 0", "attach JC to 0") == "hand_would_empty"
    unopened = build(["5C 6C", "5D"], stock="7C")
    assert refusal(unopened, "draw", "meld 5C 6C 7C") == "hand_would_empty"


def test_closing_leaves_one_card_to_discard(build, play):
    two = build(["7C", "5D"], stock="JC", opened=[0], melds=[(1, "8C 9C 10C")])
    done = play(two, "draw", "attach 7C to 0", "discard JC")
    assert done.hand.phase == Phase.OVER and done.hand.result.closer == 0


# -- §6 closing --------------------------------------------------------------------


def closing(build, *, turns_taken=None, rules=None, seat1="KC QD 5H", opened=(0, 1), seat2=None):
    """Seat 0 (opened) will close: draw 5C, attach it, discard 9D."""
    hands = ["9D", seat1] + ([seat2] if seat2 is not None else [])
    return build(hands, stock="5C", opened=list(opened), melds=[(1, "6C 7C 8C")],
                 turns_taken=turns_taken, rules=rules)


CLOSE = ("draw", "attach 5C to 0", "discard 9D")


def test_closing_ends_the_hand(build, play):
    done = play(closing(build), *CLOSE)
    result = done.hand.result
    assert done.hand.phase == Phase.OVER
    assert (result.closer, result.in_mano, result.penalties) == (0, False, (0, 25))
    assert done.scores == (0, 25)
    assert legal_actions(done) == [NextHand()]
    assert done.results == (result,)


@pytest.mark.parametrize(("turns_taken", "code"), [(0, "first_round_closing"),
                                                   (1, "first_round_closing"), (2, None)])
def test_no_closing_in_the_first_round(build, refusal, turns_taken, code):
    """§6 [001, 002, 003]: every player must have completed one turn."""
    assert refusal(closing(build, turns_taken=turns_taken), *CLOSE) == code


def test_first_round_closing_option(build, play):
    done = play(closing(build, turns_taken=0, rules=Rules(first_round_closing=True)), *CLOSE)
    assert done.hand.result.closer == 0


def test_three_players_first_round_is_three_turns(build, refusal):
    for turns, code in [(2, "first_round_closing"), (3, None)]:
        state = closing(build, turns_taken=turns, seat2="2D")
        assert refusal(state, *CLOSE) == code


IN_MANO_HAND = "AH 2H 3H AC 2C 3C AD 2D 3D 3S 4S 5S 9D"
IN_MANO = ("draw", "meld AH 2H 3H", "meld AC 2C 3C", "meld AD 2D 3D", "meld 3S 4S 5S 6S",
           "discard 9D")


def in_mano(build, rules=None, others=("KC QD 5H",), opened=()):
    """Seat 0 lays everything in one turn, 36 points in all, and closes in mano."""
    return build([IN_MANO_HAND, *others], stock="6S", rules=rules, opened=list(opened))


def test_closing_in_mano_doubles_and_needs_no_40(build, play):
    """§6 [001, 002, 003]: opening and closing in one turn; 36 < 40 is enough [001]."""
    done = play(in_mano(build), *IN_MANO)
    result = done.hand.result
    assert (result.closer, result.in_mano, result.penalties) == (0, True, (0, 50))
    assert done.scores == (0, 50)


def test_closing_in_mano_without_doubling(build, play):
    done = play(in_mano(build, Rules(mano_doubles=False)), *IN_MANO)
    assert done.hand.result.in_mano and done.hand.result.penalties == (0, 25)


def test_closing_in_mano_needing_the_minimum(build, play):
    error = error_of(in_mano(build, Rules(mano_needs_minimum=True)), *IN_MANO, play=play)
    assert error.code == "opening_below_minimum" and error.facts["have"] == 36


def test_decision_closing_in_mano_with_the_pile_card_needs_the_minimum(build, play):
    """Decision (RULES.md silent): with the pile taken before opening (§9 option), the
    turn must reach the opening minimum even when it closes in mano ([000, 003]: the
    pile card is used "nei giochi che cala in apertura", and the player "apre")."""
    state = build([IN_MANO_HAND, "KC QD 5H"], pile="6S", rules=POZZO)
    actions = ("take", *IN_MANO[1:])
    error = error_of(state, *actions, play=play)
    assert error.code == "opening_below_minimum" and error.facts["have"] == 36


def test_a_closing_after_opening_earlier_is_not_in_mano(build, play):
    # the same cards, but seat 0 opened in an earlier turn
    done = play(in_mano(build, opened=[0]), *IN_MANO)
    assert not done.hand.result.in_mano and done.hand.result.penalties == (0, 25)


@pytest.mark.parametrize(
    ("option", "mano", "penalties"),
    [
        # seat 1 never opened and holds 25; seat 2 opened and holds 12
        ("never", True, (0, 50, 24)),
        ("never", False, (0, 25, 12)),
        ("after_mano", True, (0, 100, 24)),  # [000, 003]: 100, not doubled
        ("after_mano", False, (0, 25, 12)),
        ("always", True, (0, 100, 24)),  # [001]: after any closing
        ("always", False, (0, 100, 12)),
    ],
)
def test_unopened_pay_100(build, play, option, mano, penalties):
    rules = Rules(unopened_pays_100=option)
    if mano:
        state = in_mano(build, rules, others=("KC QD 5H", "10S 2S"), opened=[2])
        done = play(state, *IN_MANO)
    else:
        state = closing(build, rules=rules, opened=(0, 2), seat2="10S 2S")
        done = play(state, *CLOSE)
    assert done.hand.result.penalties == penalties
    assert done.scores == penalties


def test_lone_ace_counts_one(build, play):
    """§9 option [001, 002]: an ace left alone costs 1."""
    for rules, penalty in [(Rules(), 11), (Rules(lone_ace_counts_one=True), 1)]:
        done = play(closing(build, rules=rules, seat1="AS"), *CLOSE)
        assert done.hand.result.penalties == (0, penalty)


# -- §6 the stock runs out ---------------------------------------------------------


def test_empty_stock_reshuffles_the_pile_but_its_top(build, play):
    state = build(["9D", "5D"], stock="", pile="2C 3C 4C 5C 6C")
    drawn = play(state, "draw")
    hand = drawn.hand
    assert format_cards(hand.pile) == "6C"
    assert Counter((*hand.stock, *hand.hands[0])) == Counter(parse_cards("2C 3C 4C 5C 9D"))
    assert len(hand.stock) == 3 and hand.reshuffles == 1
    assert drawn == play(state, "draw")  # seeded: the same every time


def test_reshuffles_are_seeded_by_the_match(build, play):
    pile = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    stocks = {
        play(build(["9D", "5D"], stock="", pile=pile, seed=seed), "draw").hand.stock
        for seed in ("a", "b", "c", "d")
    }
    assert len(stocks) > 1


def test_nothing_left_to_draw_ends_the_hand_without_winner(build, play):
    """§6: no winner, no penalties."""
    state = build(["9D KS", "5D QH"], stock="", pile="6C", scores=(10, 20))
    done = play(state, "draw")
    result = done.hand.result
    assert done.hand.phase == Phase.OVER and result.closer is None
    assert result.penalties == (0, 0) and done.scores == (10, 20)
    assert done.winner is None
    assert legal_actions(done) == [NextHand()]
    assert play(done, "next").hand.number == 2


def test_a_hand_that_cannot_end_stops_after_the_last_allowed_reshuffle(build, play):
    """Decision (docs/engine.md): the stock is rebuilt at most MAX_RESHUFFLES times;
    a hand needing one more ends with no winner and no penalties."""
    state = build(["9D KS", "5D QH"], stock="", pile="2C 3C 4C", scores=(10, 20))
    last = replace(state, hand=replace(state.hand, reshuffles=MAX_RESHUFFLES - 1))
    assert play(last, "draw").hand.phase == Phase.PLAY
    beyond = replace(state, hand=replace(state.hand, reshuffles=MAX_RESHUFFLES))
    done = play(beyond, "draw")
    assert done.hand.phase == Phase.OVER and done.hand.result.closer is None
    assert done.scores == (10, 20)
    assert Counter(done.hand.all_cards()) == Counter(beyond.hand.all_cards())


def test_nothing_left_to_draw_in_single_mode_deals_again(build, play):
    done = play(build(["9D", "5D"], stock="", pile="6C", rules=Rules(mode="single")), "draw")
    assert done.winner is None and not done.is_over
    assert play(done, "next").hand.phase == Phase.DRAW


# -- §2, §8 the match --------------------------------------------------------------


def test_next_hand_passes_the_deal_to_the_left(build, play):
    done = play(closing(build, seat2="2D"), *CLOSE)
    assert done.hand.dealer == 2
    nxt = play(done, "next")
    assert (nxt.hand.number, nxt.hand.dealer, nxt.hand.turn) == (2, 0, 1)
    assert all(len(cards) == 13 for cards in nxt.hand.hands)
    assert Counter(nxt.hand.all_cards()) == Counter(full_deck())
    assert nxt.scores == done.scores and not any(nxt.hand.opened)


def test_deal_rotation_over_many_hands():
    state = new_match(["A", "B", "C"], seed=1)
    dealers = [state.hand.dealer]
    for _ in range(5):
        hand = state.hand
        state = replace(state, hand=replace(hand, phase=Phase.OVER))
        state = apply(state, NextHand())
        dealers.append(state.hand.dealer)
        assert state.hand.turn == (state.hand.dealer + 1) % 3
    assert all((b - a) % 3 == 1 for a, b in pairwise(dealers))


@pytest.mark.parametrize(("before", "after", "out"), [(89, 114, True), (76, 101, True),
                                                     (75, 100, False)])
def test_elimination_at_101(build, play, before, after, out):
    """§8: out when the total reaches or passes the elimination score."""
    state = closing(build, seat2="2D")
    state = replace(state, scores=(0, before, 0))
    done = play(state, *CLOSE)
    assert done.scores[1] == after
    assert done.out[1] is out
    assert done.hand.result.eliminated == ((1,) if out else ())
    assert done.winner is None
    nxt = play(done, "next")
    assert nxt.hand.seats == ((0, 2) if out else (0, 1, 2))
    assert len(nxt.hand.hands[1]) == (0 if out else 13)


def test_elimination_score_201(build, play):
    state = closing(build, seat2="2D", rules=Rules(elimination_score=201))
    done = play(replace(state, scores=(0, 175, 0)), *CLOSE)
    assert done.scores[1] == 200 and not done.out[1]
    done = play(replace(state, scores=(0, 176, 0)), *CLOSE)
    assert done.out[1]


def test_the_last_player_left_wins(build, play):
    done = play(replace(closing(build), scores=(50, 80)), *CLOSE)
    assert done.winner == 0 and done.is_over
    assert done.hand.result.eliminated == (1,)
    assert legal_actions(done) == []
    assert error_of(done, "next", play=play).code == "match_over"
    assert "winner: 0" in write_position(done).splitlines()


def test_exactly_one_winner_when_all_others_go_out_together(build, play):
    """§10: the closer scores 0, so the closer is always left."""
    state = replace(closing(build, seat2="9S KD"), scores=(100, 90, 90))
    done = play(state, *CLOSE)
    assert done.winner == 0
    assert done.scores == (100, 115, 109)
    assert done.hand.result.eliminated == (1, 2)


def test_turns_skip_eliminated_seats(build, play):
    state = build(["9D 2C", "", "5D"], out=(False, True, False), stock="3H")
    done = play(state, "draw", "discard 9D")
    assert done.hand.turn == 2
    done = play(done, "draw", "discard 5D")
    assert done.hand.turn == 0


def test_reentry(build, play):
    """§9 option [001, 003]: the eliminated re-enter at the highest score still in."""
    rules = Rules(reentry=True)
    state = replace(closing(build, seat2="2D", rules=rules), scores=(30, 90, 60))
    done = play(state, *CLOSE)
    assert done.hand.result.reentered == (1,) and done.hand.result.eliminated == ()
    assert done.scores == (30, 62, 62)
    assert not any(done.out) and done.winner is None
    assert play(done, "next").hand.seats == (0, 1, 2)


def test_reentry_match_won_when_all_others_are_out_after_the_same_hand(build, play):
    rules = Rules(reentry=True)
    state = replace(closing(build, seat2="9S KD", rules=rules), scores=(30, 90, 90))
    done = play(state, *CLOSE)
    assert done.winner == 0 and done.hand.result.eliminated == (1, 2)


def test_single_hand_the_closer_wins(build, play):
    """§8 [003]: partita singola."""
    done = play(closing(build, rules=Rules(mode="single")), *CLOSE)
    assert done.winner == 0 and done.is_over
    assert done.scores == (0, 0)
    assert done.hand.result.penalties == (0, 25)
    assert legal_actions(done) == []
    assert error_of(done, "draw", play=play).code == "match_over"


def test_actions_after_the_hand_is_over(build, play):
    done = play(closing(build), *CLOSE)
    for action in ("draw", "take", "discard 9D", "takeback"):
        assert error_of(done, action, play=play).code == "hand_over"


# -- take back ---------------------------------------------------------------------


def test_takeback_after_a_stock_draw(build, play):
    state = build(["KH KC KS QH QC QS 8S 2C", "5D"], melds=[(1, "5S 6S 7S")], stock="9S")
    drawn = play(state, "draw")
    busy = play(drawn, "meld KH KC KS", "meld QH QC QS", "attach 8S to 0", "attach 9S to 0")
    assert busy.hand.opened[0]
    back = play(busy, "takeback")
    assert back.hand.hands == drawn.hand.hands
    assert back.hand.melds == drawn.hand.melds
    assert not back.hand.opened[0] and back.hand.phase == Phase.PLAY
    assert back.hand.stock == drawn.hand.stock  # the draw stays: it revealed a card
    assert error_of(back, "takeback", play=play).code == "nothing_to_take_back"
    assert play(back, "discard 2C").hand.turn == 1


def test_takeback_after_taking_the_pile(build, play):
    state = build(["8S 2C", "5D"], melds=[(1, "5S 6S 7S")], pile="4D 9S", opened=[0])
    taken = play(state, "take")
    back = play(taken, "takeback")
    assert back.hand.phase == Phase.DRAW and back.hand.pile == state.hand.pile
    assert back.hand.hands == state.hand.hands and back.hand.must_use == ()
    assert TakeBack() not in legal_actions(back)


def test_nothing_to_take_back_right_after_a_draw(build, play):
    assert error_of(build(["8S 2C", "5D"]), "draw", "takeback", play=play).code == (
        "nothing_to_take_back"
    )


# -- the turn and what others see ---------------------------------------------------


def test_a_turn_passes_clockwise(build, play):
    state = build(["9D 2C", "5D", "6D"], stock="3H 4H")
    done = play(state, "draw", "discard 9D")
    assert done.hand.turn == 1 and done.hand.phase == Phase.DRAW
    assert done.hand.turns_taken == 4
    assert format_cards(done.hand.pile) == "KC 9D"


def test_observation_shows_own_hand_and_counts_only(build, play):
    state = play(build(["9D 2C", "5D 6D 7D"], stock="3H 4H", opened=[0], pile="8H"), "take")
    mine, theirs = observe(state, 0), observe(state, 1)
    assert mine.hand == state.hand.hands[0] and theirs.hand == state.hand.hands[1]
    assert theirs.hand_counts == (3, 3) and theirs.stock_count == 2
    # everyone saw the take: what the mover must still use is public
    assert mine.must_use == theirs.must_use == cards("8H")
    assert not hasattr(theirs, "stock")
    assert theirs.public.hand.stock == () and theirs.public.hand.hands[0] == ()
    assert theirs.start_gained == cards("8H") and theirs.can_take_back


def test_legal_actions_are_all_accepted(build):
    state = build(["5H 6H 7H 8H JK 9C 9D 9S KC", "5D"], opened=[0],
                  melds=[(1, "10H JH QH"), (1, "2C 3C JK=4C")], phase=Phase.PLAY,
                  )
    actions = legal_actions(state)
    assert actions
    for action in actions:
        apply(state, action)
    kinds = {type(a).__name__ for a in actions}
    assert {"LayMeld", "Attach", "Discard"} <= kinds


def test_error_messages_name_the_cards(build, play):
    error = error_of(build(["9D 2C", "5D"]), "draw", "discard KD", play=play)
    assert error.message("it") == "Non hai il K♦ in mano."
    assert error.facts == {"card": parse_cards("KD")[0]}


def test_legal_melds_include_the_joker_in_place_of_a_held_card(build, play):
    """The joker may stand for a card the player holds, keeping it for another meld."""
    state = build(["3H 4H 5H 5C 5D JK 9S", "2D"], phase=Phase.PLAY)
    listed = {str(a) for a in legal_actions(state) if a.__class__.__name__ == "LayMeld"}
    assert {"meld 3H 4H JK=5H", "meld 3H JK=4H 5H", "meld JK=3H 4H 5H", "meld 3H 4H 5H",
            "meld 5H 5D 5C", "meld 5D 5C JK=5H", "meld 3H 4H 5H JK=6H"} <= listed
    done = play(state, "meld 3H 4H JK=5H", "meld 5H 5C 5D")
    assert table(done) == ["3H 4H JK=5H", "5H 5C 5D"]


def test_legal_melds_read_the_ace_both_ways(build):
    state = build(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 9D", "2D"], phase=Phase.PLAY)
    listed = {str(a) for a in legal_actions(state) if a.__class__.__name__ == "LayMeld"}
    assert "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS" in listed  # 85
    assert "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS" in listed  # 95


def test_attach_options_for_the_table():
    from scala40 import attach_options, position

    def table(opened):
        return position(["AS JK 9D 2C", "2D"], opened=opened, phase=Phase.PLAY,
                        melds=[(1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), (1, "9H 9C JK=9S")])

    state = table(opened=[0, 1])
    shown = {(index, str(action)) for index, action in attach_options(state, parse_cards("AS")[0])}
    assert shown == {(0, "attach AS to 0 high"), (0, "attach AS to 0 low")}
    jokers = {str(action) for _, action in attach_options(state, JOKER)}
    assert jokers == {"attach JK to 0 high", "attach JK to 0 low"}
    assert [str(a) for _, a in attach_options(state, parse_cards("9D")[0])] == ["attach 9D to 1"]
    assert attach_options(state, parse_cards("2C")[0]) == []
    assert attach_options(table(opened=[1]), parse_cards("9D")[0]) == []

