"""Computer players: legal, never stuck, blind to hidden cards; the hint and the tournament."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import (
    PRESETS,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    Observation,
    RuleError,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    apply,
    determinize,
    full_deck,
    is_legal,
    legal_actions,
    new_match,
    observe,
    parse_cards,
    write_position,
)
from scala40.bots import LEVELS, Bot, finish, hint, make_bot, think_hint
from scala40.bots.discard import DECISION_BUDGETS, MIN_SAMPLES, DiscardJudge, reaches
from scala40.bots.features import attaching, completes_meld, completing_after_discard
from scala40.bots.reasons import because
from scala40.bots.style import STYLES
from scala40.bots.tournament import format_report, run_tournament, wilson
from scala40.melds import makeable_melds
from scala40.state import Phase
from scala40.words import templates

MAX_STEPS = 3000

#: Hard as the tests that play whole hands to check every move play it: every switch
#: and weight of hard, on a sixth of its Monte-Carlo samples and a tenth of its
#: look-ahead's draw sequences. The same code runs (the samples, the look-ahead four
#: draws deep, the endgame choice), six times faster; how many samples a loop takes
#: changes which move is chosen, not which moves are legal (balanced's hands at the hard
#: level too). Hard with all its samples is played by the tests of single decisions
#: below, by tests/test_gifts.py, by tests/test_tournament_paired.py and in
#: tests/test_cross_runtime.py.
QUICK_HARD = replace(STYLES["hard"], samples=4, lookahead=8)


def seat_bot(level, rng, budget_ms=None):
    """The bot of ``level`` for a test that plays whole hands (hard is QUICK_HARD)."""
    if level == "hard":
        return Bot(QUICK_HARD, rng, budget_ms=budget_ms)
    return make_bot(level, rng, budget_ms=budget_ms)


def play(levels, seed, rules=None, *, hands=1, budget_ms=None):
    """Play ``hands`` hands (or to the end of the match) with one bot per seat.

    Every proposed action must be legal on the true state; a hand running
    over ``MAX_STEPS`` actions fails with its seed."""
    rules = rules or Rules(mode="single")
    players = [f"p{i}" for i in range(len(levels))]
    state = new_match(players, seed=seed, rules=rules)
    bots = [seat_bot(level, random.Random(f"{seed}/{seat}"), budget_ms)
            for seat, level in enumerate(levels)]
    played = 0
    steps = 0
    while not state.is_over:
        if state.hand.phase == Phase.OVER:
            played += 1
            if played >= hands:
                break
        seat = state.to_move
        view = observe(state, seat)
        action = bots[seat].choose(view)
        assert is_legal(state, action), f"seed {seed}: illegal {action} by {levels[seat]}"
        state = apply(state, action)
        steps += 1
        assert steps < MAX_STEPS * hands, f"seed {seed}: stuck ({levels}):\n{write_position(state)}"
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_hands_to_the_end(level, monkeypatch):
    monkeypatch.setitem(STYLES, "hard", QUICK_HARD)  # balanced's hands at the hard level too
    for seed in range(12):
        state = play([level, "medium" if level != "medium" else "easy"], f"lv{seed}")
        assert state.hand.phase == Phase.OVER


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_self_play_three_and_four_players(level):
    for seed in range(4):
        play([level] * 3, f"t{seed}")
        play([level, "easy", "medium", "hard"], f"q{seed}")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_presets(preset):
    rules = PRESETS[preset].with_options(mode="single")
    for seed in range(4):
        play(["hard", "medium"], f"{preset}{seed}", rules)


def test_points_match_with_next_hand():
    rules = Rules(elimination_score=40)
    state = play(["hard", "easy", "medium"], "points", rules, hands=50)
    assert state.is_over or len(state.results) == 50


@settings(max_examples=8, deadline=None)
@given(
    st.integers(0, 10**6),
    st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4),
    st.booleans(),
)
def test_no_illegal_proposal_property(seed, levels, clean):
    rules = Rules(mode="single", clean_opening=clean, pile_before_opening=not clean)
    play(levels, seed, rules)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(LEVELS), st.integers(2, 4), st.data())
def test_a_bot_plays_legally_against_any_legal_play(seed, level, players, data):
    """Other programs and people do not play like our bots: here every other seat takes
    any legal action (hypothesis picks it; after four steps a turn is ended by a draw or
    a discard, and a pile card taken back is not taken again that turn). That builds
    positions bot-against-bot play never does: the pile taken and held, odd melds,
    jokers attached and swapped back. The bot's every move is legal and the hand ends."""
    state = new_match([f"p{i}" for i in range(players)], seed=seed, rules=Rules(mode="single"))
    bot = seat_bot(level, random.Random(seed))
    steps, took_back = 0, False
    for _ in range(MAX_STEPS):
        if state.hand.phase == Phase.OVER:
            return
        seat = state.to_move
        if seat == 0:
            action = bot.choose(observe(state, 0))
            assert is_legal(state, action), f"illegal {action} by {level}:\n{write_position(state)}"
        else:
            legal = legal_actions(state)
            if took_back:
                legal = [a for a in legal if not isinstance(a, TakeDiscard)]
            if steps >= 4:
                legal = [a for a in legal if isinstance(a, (DrawStock, Discard))] or legal
            action = data.draw(st.sampled_from(legal), label=f"seat {seat}")
            took_back = took_back or isinstance(action, TakeBack)
        state = apply(state, action)
        turn_ended = state.to_move != seat
        steps, took_back = (0, False) if turn_ended else (steps + 1, took_back)
    pytest.fail(f"{level} did not end the hand in {MAX_STEPS} actions:\n{write_position(state)}")


def test_bot_decisions_depend_only_on_the_observation():
    """Two true states that look the same to the seat get the same move from
    identically seeded bots: the hidden cards play no part (the bot only gets
    an Observation, and its samples come from its own generator)."""
    state = new_match(["a", "b"], seed=11, rules=Rules(mode="single"))
    other_rng = random.Random(99)
    for _ in range(120):
        if state.hand.phase == Phase.OVER:
            break
        seat = state.to_move
        view = observe(state, seat)
        twin = determinize(view, other_rng)
        assert observe(twin, seat) == view
        assert twin.hand.hands != state.hand.hands or twin.hand.stock != state.hand.stock
        # budget_ms=None: the Monte-Carlo runs all its samples, whatever the load
        first = make_bot("hard", random.Random(len(state.hand.log)), budget_ms=None).choose(view)
        second = make_bot("hard", random.Random(len(state.hand.log)), budget_ms=None).choose(
            observe(twin, seat)
        )
        assert first == second
        state = apply(state, first)


def test_observation_holds_no_hidden_cards():
    state = new_match(["a", "b"], seed=4)
    view = observe(state, 0)
    assert isinstance(view, Observation)
    assert not hasattr(view, "stock") and not hasattr(view, "hands")
    assert view.hand == state.hand.hands[0]


def test_choose_refuses_when_not_its_turn():
    state = new_match(["a", "b"], seed=4)
    bot = make_bot("medium", random.Random(1))
    with pytest.raises(ValueError):
        bot.choose(observe(state, 1 - state.to_move))


def _play_turn(state, level):
    seat = state.to_move
    # budget_ms=None: the sampling runs all its samples, so a busy machine cannot change
    # the decision (with the page's 30 ms cap, a slow run saw fewer samples and chose else)
    bot = make_bot(level, random.Random(1), budget_ms=None)
    actions = []
    while state.hand.phase != Phase.OVER and state.to_move == seat:
        action = bot.choose(observe(state, seat))
        actions.append(action)
        state = apply(state, action)
    return state, actions


HAND = "2H 3H 4H 5H 7C 7D 7S 9S 10S JS QS KS 4D"


@pytest.mark.parametrize("level", LEVELS)
def test_closes_in_mano_when_it_can(level):
    # RULES.md §6: every card but one melds after the draw: lay all and discard the last
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(state, state.to_move, parse_cards(HAND), turns_taken=2, top="6H")
    seat = state.to_move
    state, actions = _play_turn(state, level)
    assert isinstance(actions[0], DrawStock)
    assert state.hand.phase == Phase.OVER and state.hand.result.closer == seat
    assert state.hand.result.in_mano


def test_hard_holds_an_opening_to_close_in_mano_medium_opens():
    # points match, one card short of closing in mano (the others pay double, §6),
    # opponents far from closing: hard waits; in a single hand it would just open
    state = new_match(["a", "b"], seed=1, rules=Rules())
    state = _with_hand(state, state.to_move, parse_cards(HAND), turns_taken=2, top="8D")
    seat = state.to_move
    held, actions = _play_turn(state, "hard")
    assert not any(isinstance(a, LayMeld) for a in actions)
    assert not held.hand.opened[seat]
    opened, actions = _play_turn(state, "medium")
    assert opened.hand.opened[seat]


def test_never_takes_back_into_a_loop():
    """A pile card that cannot be used is taken back, then the stock is drawn."""
    state = new_match(["a", "b"], seed=3, rules=Rules(mode="single"))
    bot = make_bot("easy", random.Random(3))
    for _ in range(200):
        if state.hand.phase == Phase.OVER:
            break
        state = apply(state, bot.choose(observe(state, state.to_move)))


def said_hint(view):
    """The hint's move and its reason said in Italian and English."""
    action, reason = hint(view)
    return action, reason.said("it"), reason.said("en")


def test_hint_gives_a_legal_move_and_two_reasons():
    state = new_match(["a", "b"], seed=8, rules=Rules(mode="single"))
    bots = [make_bot("medium", random.Random(i)) for i in range(2)]
    for _ in range(60):
        if state.hand.phase == Phase.OVER:
            break
        view = observe(state, state.to_move)
        action, italian, english = said_hint(view)
        assert is_legal(state, action)
        assert italian and english and italian != english
        assert said_hint(view) == (action, italian, english)
        state = apply(state, bots[state.to_move].choose(view))


def test_balanced_draws_a_level_per_hand():
    bot = make_bot("balanced:1", random.Random(2))
    state = new_match(["a", "b"], seed=2)
    bot.choose(observe(state, state.to_move))
    assert bot.level == "balanced(hard)"
    with pytest.raises(ValueError):
        make_bot("balanced:2", random.Random(2))


def test_tournament_is_deterministic_and_reports():
    first = run_tournament(["medium", "easy"], hands=4, seed=3)
    second = run_tournament(["medium", "easy"], hands=4, seed=3)
    strip = [{k: v for k, v in p.items()} for p in first["pairs"]]
    assert strip == second["pairs"]
    pair = first["pairs"][0]
    assert pair["hands"] == 4 and pair["stuck"] == 0
    assert set(first["timing"]) == {"medium", "easy"}
    assert "medium vs easy" in format_report(first)
    # each deal twice, the seats swapped: a level that won both, or the seat that did
    deals = pair["deals"]
    assert pair["no_winner"] == 0 and sum(deals.values()) == 2
    assert pair["wins"][0] == 2 * deals["first"] + deals["seat"]
    assert len(pair["second_deals"]) == deals["second"]
    assert "the same seat both of" in format_report(first)
    low, high = wilson(5, 10)
    assert low < 0.5 < high


def test_tournament_in_two_processes_gives_the_same_result():
    """The deals and the bots' randomness are the hands' own, wherever a hand is played
    (medium: the same seeding as hard's, at a tenth of its time)."""
    one = run_tournament(["medium", "easy"], hands=4, seed=4)
    two = run_tournament(["medium", "easy"], hands=4, seed=4, jobs=2)
    assert one["pairs"] == two["pairs"]
    assert {k: t["decisions"] for k, t in one["timing"].items()} == {
        k: t["decisions"] for k, t in two["timing"].items()
    }


def _with_hand(state, seat, cards, *, turns_taken, top, melds=(), pile=None):
    """``state`` with ``seat`` holding ``cards`` (the rest of the deck rearranged) and
    ``top`` next in the stock. ``melds`` are table melds, ``(owner, cards, joker_as)``
    in text; their owners count as opened. ``pile`` is the pile's card (else random)."""
    from collections import Counter
    from dataclasses import replace

    from scala40.melds import make_meld
    from scala40.state import TableMeld

    hand = state.hand
    table = tuple(
        TableMeld(owner, make_meld(parse_cards(text), Card.parse(joker) if joker else None))
        for owner, text, joker in melds
    )
    pool = Counter(hand.all_cards())
    pool.subtract(cards)
    pool.subtract([Card.parse(top)])
    if pile is not None:
        pool.subtract([Card.parse(pile)])
    for table_meld in table:
        pool.subtract(table_meld.meld.cards)
    rest = list(pool.elements())
    random.Random(0).shuffle(rest)
    hands = []
    for s, held in enumerate(hand.hands):
        if s == seat:
            hands.append(tuple(sorted(cards)))
        else:
            hands.append(tuple(sorted(rest[: len(held)])))
            rest = rest[len(held):]
    pile = (Card.parse(pile),) if pile is not None else (rest.pop(),)
    while pile[0].is_joker:
        rest.insert(0, pile[0])
        pile = (rest.pop(),)
    opened = tuple(any(m.owner == s for m in table) for s in range(len(hand.hands)))
    new_hand = replace(
        hand, hands=tuple(hands), pile=pile, stock=(*rest, Card.parse(top)), turn=seat,
        turns_taken=turns_taken, melds=table, opened=opened,
    )
    return replace(state, hand=new_hand)


def test_every_style_switch_plays_legally():
    """The tuning knobs (margins, penalty weights) keep every move legal."""
    style = replace(
        STYLES["hard"], name="probe", take_margin=5.0, penalty_unopened=0.5
    )
    for seed in range(3):
        state = new_match(["a", "b"], seed=f"probe{seed}", rules=Rules(mode="single"))
        bots = [Bot(style, random.Random(seed)), make_bot("medium", random.Random(seed))]
        for _ in range(MAX_STEPS):
            if state.hand.phase == Phase.OVER:
                break
            action = bots[state.to_move].choose(observe(state, state.to_move))
            assert is_legal(state, action)
            state = apply(state, action)
        else:
            pytest.fail(f"probe{seed}: stuck")


def test_hard_holds_melds_in_a_single_hand():
    # a single hand is won by closing first: hard opens with the fewest cards that reach
    # 40 and keeps its other melds in hand (the opponent cannot attach to them)
    hand = "KH KD KC QH QD QS 2C 3C 4C 7S 9D JC 5H"
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(state, state.to_move, parse_cards(hand), turns_taken=2, top="8H")
    seat = state.to_move
    held, actions = _play_turn(state, "hard")
    laid = [a for a in actions if isinstance(a, LayMeld)]
    assert held.hand.opened[seat] and len(laid) == 2
    assert {"2C", "3C", "4C"} <= {str(c) for c in held.hand.hands[seat]}
    _, actions = _play_turn(state, "medium")
    assert len([a for a in actions if isinstance(a, LayMeld)]) == 3


def test_hard_holding_melds_swaps_a_joker_and_lays_only_its_meld():
    # opened, holding 2-3-4 of clubs: the opponent's joker stands for the K of hearts in
    # hand and makes a meld with the two nines; hard swaps it (RULES.md §5.2), lays the
    # nines with the joker and still holds the clubs
    hand = "KH 9D 9S 2C 3C 4C 6H 8S"
    melds = [(0, "7H 8H 9H 10H", None), (1, "KD KC JK", "KH")]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(state, 0, parse_cards(hand), turns_taken=6, top="2D", melds=melds)
    after, actions = _play_turn(state, "hard")
    assert SwapJoker(Card.parse("KH"), 1) in actions
    laid = [a for a in actions if isinstance(a, LayMeld)]
    assert [set(map(str, a.cards)) for a in laid] == [{"9D", "9S", "JK"}]
    assert {"2C", "3C", "4C"} <= {str(c) for c in after.hand.hands[0]}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_card_that_wins_a_joker_is_swapped_before_it_is_attached(level):
    # the drawn 6 of hearts attaches below the own 7-8-J-10 of hearts, and it also stands
    # for the opponent's joker in 6-6-J: swapped, the joker makes 7-J-9 of clubs with two
    # cards of the hand (three cards off the hand, not one). A hand of a tournament where
    # hard attached it and lost, and medium, which swapped, closed five turns later.
    hand = "2S 5D 5S 7C 9C QD KC"
    melds = [
        (1, "6D 6C JK", "6H"), (1, "7D 8D 9D 10D", None),
        (0, "7H 8H JK 10H", "9H"), (0, "JD JC JS", None),
    ]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(
        state, 0, parse_cards(hand), turns_taken=6, top="6H", melds=melds, pile="2H"
    )
    after, actions = _play_turn(state, level)
    assert SwapJoker(Card.parse("6H"), 0) in actions
    laid = [set(map(str, a.cards)) for a in actions if isinstance(a, LayMeld)]
    assert {"7C", "9C", "JK"} in laid
    assert len(after.hand.hands[0]) == len(hand.split()) + 1 - 4  # 6H, 7C, 9C, a discard


def test_hard_takes_a_pile_card_that_wins_a_table_joker():
    # the K of hearts on the pile fits no meld, but it takes the joker standing for it
    # (RULES.md §5: a pile card may be used this way), and the joker makes a meld at once
    hand = "9D 9S 2C 3C 4C 6S 8S"
    melds = [(0, "7H 8H 9H 10H", None), (1, "KD KC JK", "KH")]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(
        state, 0, parse_cards(hand), turns_taken=6, top="2D", melds=melds, pile="KH"
    )
    _, actions = _play_turn(state, "hard")
    assert actions[:2] == [TakeDiscard(), SwapJoker(Card.parse("KH"), 1)]
    assert isinstance(actions[2], LayMeld) and Card.parse("JK") in actions[2].cards
    assert isinstance(actions[-1], Discard)
    _, actions = _play_turn(state, "medium")
    assert actions[0] == DrawStock()


def test_hard_lays_the_pile_cards_meld_without_its_joker():
    # holding melds, the pile's 9 of hearts makes a run with the 10 and J in hand: hard
    # lays the three naturals and keeps its joker off the table (where a swap could take it)
    hand = "10H JH JK 2C 3C 4C 6S 8D"
    melds = [(0, "7C 7D 7S", None), (1, "KD KC KS", None)]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(
        state, 0, parse_cards(hand), turns_taken=6, top="2D", melds=melds, pile="9H"
    )
    after, actions = _play_turn(state, "hard")
    assert actions[0] == TakeDiscard()
    laid = [a for a in actions if isinstance(a, LayMeld)]
    assert [set(map(str, a.cards)) for a in laid] == [{"9H", "10H", "JH"}]
    assert Card.parse("JK") in after.hand.hands[0]


def test_hard_keeps_a_card_that_can_win_a_table_joker():
    # not opened yet, no meld in hand: the K of hearts is the one card in no partial meld,
    # but once hard opens it can take the opponent's joker with it, so hard keeps it;
    # medium throws it away (its highest loose card)
    hand = "KH 5D 7D 9S JS 2C 4C"
    melds = [(1, "KD KC JK", "KH")]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(state, 0, parse_cards(hand), turns_taken=6, top="6C", melds=melds)
    _, actions = _play_turn(state, "hard")
    assert isinstance(actions[-1], Discard) and actions[-1].card != Card.parse("KH")
    _, actions = _play_turn(state, "medium")
    assert actions[-1] == Discard(Card.parse("KH"))


def test_smallest_opening_keeps_the_rest():
    from scala40.bots.planner import smallest_opening

    melds = [(tuple(parse_cards(m)), None) for m in ("KH KD KC", "2S 3S 4S", "QH QD QC")]
    chosen = smallest_opening(melds, Rules(), 40, [])
    assert [m[0] for m in chosen] == [melds[0][0], melds[2][0]]
    forced = smallest_opening(melds, Rules(), 40, parse_cards("3S"))
    assert melds[1] in forced and len(forced) == 3


@pytest.mark.parametrize("code, n, italian, english", [
    ("discard_threat", 1, "Bruno ha una carta sola", "Bruno has one card left"),
    ("discard_threat", 2, "Bruno ha 2 carte", "Bruno has 2 cards"),
    ("meld", 0, "toglie 0 punti", "takes 0 points"),
    ("meld", 1, "toglie 1 punto dalla", "takes 1 point out"),
    ("meld", 2, "toglie 2 punti", "takes 2 points"),
    ("open", 1, "arriva a 1 punto.", "reaches 1 point."),
    ("open", 40, "arriva a 40 punti.", "reaches 40 points."),
])
def test_a_reason_that_counts_says_its_number(code, n, italian, english):
    facts = {"card": Card.parse("9C"), "player": "Bruno", "meld": tuple(parse_cards("4S 5S 6S")),
             "melds": [tuple(parse_cards("4S 5S 6S"))]}
    reason = because(code, n=n, **facts)
    said_it, said_en = reason.said("it"), reason.said("en")
    assert italian in said_it and english in said_en


def test_every_reason_that_counts_has_its_singular():
    from scala40.bots.reasons import REASONS

    for code, message in REASONS.items():
        italian, english = message["it"], message["en"]
        if any("{n}" in text for text in templates(english)):
            assert not isinstance(italian, str) and set(italian) == {"one", "many"}, code


def test_reasons_name_the_joker_in_each_language():
    reason = because("attach", card=Card.parse("JK"))
    italian, english = reason.said("it"), reason.said("en")
    assert italian == "Attacca il jolly a un gioco sul tavolo."
    assert english == "Attach the joker to a meld on the table."
    reason = because("meld", meld=tuple(parse_cards("4S 5S JK")), n=34)
    italian, english = reason.said("it"), reason.said("en")
    assert "4♠ 5♠ jolly" in italian and "4♠ 5♠ joker" in english
    assert "JK" not in italian + english



def test_hard_keeps_a_hand_that_can_close():
    # opened, holding 4-6-7 of clubs, hard draws the K of clubs, which fits the table's
    # kings. Attaching it leaves two cards after the discard, and two cards can never
    # close with a new meld (RULES.md §5.3: a card must remain for the discard), so hard
    # keeps three cards; medium attaches and keeps two
    melds = [(0, "AH AC AS AD", None), (1, "KH KD KS", None)]
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(state, 0, parse_cards("4C 6C 7C"), turns_taken=20, top="KC", melds=melds)
    after, _ = _play_turn(state, "hard")
    assert len(after.hand.hands[0]) == 3
    after, _ = _play_turn(state, "medium")
    assert len(after.hand.hands[0]) == 2


def test_lookahead_values_a_hand_by_how_soon_it_can_close():
    state = new_match(["a", "b"], seed=1, rules=Rules(mode="single"))
    state = _with_hand(
        state, 0, parse_cards("4C 6C 7C 9D"), turns_taken=20, top="2D",
        melds=[(0, "AH AC AS AD", None)],
    )
    state = apply(state, DrawStock())
    bot = Bot(STYLES["hard"], random.Random(1), budget_ms=None)
    view = observe(state, 0)
    draws = bot.judge.future_draws(view)
    depth = STYLES["hard"].look_draws
    assert len(draws) == STYLES["hard"].lookahead and {len(d) for d in draws} == {depth}
    hands = [parse_cards("6C 7C"), parse_cards("4C 6C 7C"), parse_cards("5C 6C 7C 8C")]
    two, three, ready = finish(bot.judge.reach_values(view, hands, view.melds, draws))
    # two cards close only by attaching two; the table's full set takes no card
    assert two == 0 < three
    # a hand whose every card but one melds closes on the first draw of every sequence
    assert ready == depth


def test_the_lookahead_counts_the_cards_a_hand_lays_not_their_penalty():
    # opened, two discards to come: A♠ 2♠ 3♠ 4♠ leaves two cards, all but two laid;
    # the most penalty (three aces, 33) would leave 2♠ 3♠ 4♠, three cards
    pool = parse_cards("AS AH AD 2S 3S 4S")
    assert reaches(pool, 2, True, [], Rules(mode="single"))
    assert not reaches(pool, 1, True, [], Rules(mode="single"))


# -- a rebuilt state with no legal action (issue #10) --------------------------------


def _joker_left_unusable():
    """The position of issue #10: four players; seat 0, opened, took 5♠ from the pile and
    swapped it for the joker of 5♦ 5♣ 5♥ JK, and holds JK A♦ 2♦ with nowhere to use the
    joker (A♦ 2♦ JK would empty the hand): only TakeBack is legal (RULES.md §5.2, §5.3)."""
    state = new_match(["a", "b", "c", "d"], seed=1)
    state = _with_hand(
        state, 0, parse_cards("AD 2D"), turns_taken=20, top="9C",
        melds=[(0, "5D 5C 5H JK", "5S")], pile="5S",
    )
    state = apply(state, TakeDiscard())
    state = apply(state, SwapJoker(Card.parse("5S"), 0))
    assert legal_actions(state) == [TakeBack()]
    return state


def _forgetting_the_turn_start(monkeypatch):
    """Make the bots rebuild states without the turn's start, as ``determinize`` once
    did: in such a state nothing is legal."""
    from dataclasses import replace

    import scala40.bots.player as player

    real = player.determinize

    def forgetful(view, rng):
        state = real(view, rng)
        return replace(state, hand=replace(state.hand, turn_start=None))

    monkeypatch.setattr(player, "determinize", forgetful)
    return forgetful


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "balanced"])
def test_a_bot_takes_back_a_turn_with_no_other_way_out(level):
    state = _joker_left_unusable()
    action = make_bot(level, random.Random(1), budget_ms=None).choose(observe(state, 0))
    assert action == TakeBack()


def test_a_bot_takes_back_when_its_rebuilt_state_has_no_legal_action(monkeypatch):
    state = _joker_left_unusable()
    view = observe(state, 0)
    forgetful = _forgetting_the_turn_start(monkeypatch)
    assert legal_actions(forgetful(view, random.Random(1))) == []
    for level in ("easy", "medium", "hard"):
        bot = make_bot(level, random.Random(1), budget_ms=None)
        assert bot.choose(view) == TakeBack()
        assert bot.last_reason.code == "takeback"
    action, _, english = said_hint(view)
    assert action == TakeBack() and english.startswith("Take back")


def test_a_bot_with_no_legal_action_and_nothing_to_take_back_says_so(monkeypatch):
    from dataclasses import replace

    state = _joker_left_unusable()
    # the view's log without this turn's pile take and swap: nothing to take back
    view = observe(replace(state, hand=replace(state.hand, log=state.hand.log[:-2])), 0)
    _forgetting_the_turn_start(monkeypatch)
    with pytest.raises(RuleError) as refused:
        make_bot("hard", random.Random(1), budget_ms=None).choose(view)
    assert refused.value.code == "no_legal_action"
    assert "no legal move" in refused.value.message("en")


def test_tournament_one_seat_rotates_the_lone_level_through_every_seat():
    result = run_tournament(["medium", "easy"], hands=3, seed=1, players_per_table=3, one_seat=True)
    assert "deals" not in result["pairs"][0]  # three players: no two-seat duplicate view
    pair = result["pairs"][0]
    assert pair["hands"] == 3 and sum(pair["wins"]) + pair["no_winner"] == 3
    assert "alone in one seat" in format_report(result)
    # two easy seats to one medium seat at every table
    decisions = {level: t["decisions"] for level, t in result["timing"].items()}
    assert decisions["easy"] > decisions["medium"]


# -- the no-gift rule (issue #15) ------------------------------------------------------


def _next_on_cards(state, cards):
    """``state`` with seat 1 holding only ``cards`` (text); the rest go to the stock."""
    from dataclasses import replace

    hand = state.hand
    pool = [*hand.hands[1], *hand.stock[:-1]]
    kept = []
    for card in parse_cards(cards):
        pool.remove(card)
        kept.append(card)
    stock = (*pool, hand.stock[-1])  # the top of the stock stays the card drawn next
    return replace(state, hand=replace(hand, hands=(hand.hands[0], tuple(kept)), stock=stock))


def _gift_position(held, *, top, theirs="AH", melds=((1, "10S JS QS", None),)):
    """Seat 0 (Anna) to draw ``top`` holding ``held``; Bruno, next, holds ``theirs``.
    Closing in mano needs the 40 points, so 15 points of melds and one card more
    cannot close; an attachable card may be discarded (RULES.md §9, as the program of
    issue #15 plays)."""
    rules = Rules(mode="single", mano_needs_minimum=True, attachable_discard="allowed")
    state = new_match(["Anna", "Bruno"], seed=1, rules=rules)
    state = _with_hand(
        state, 0, parse_cards(held), turns_taken=20, top=top, melds=list(melds), pile="2D"
    )
    return _next_on_cards(state, theirs)


def test_the_issues_position_hard_does_not_hand_over_the_nine():
    # issue #15: hard holds 5♣ 6♣ 6♠ 9♠ 10♣ J♣ Q♣, 10♠ J♠ Q♠ is on the table and the
    # next player holds one card: 9♠ would let them attach it and close
    state = _gift_position("5C 6C 6S 10C JC QC", top="9S")
    _, actions = _play_turn(state, "hard")
    assert actions[-1] != Discard(Card.parse("9S"))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_gift_even_when_every_other_card_is_in_a_meld(level):
    # the 9♠ is the only card outside a meld (15 points: no opening yet), so the
    # discard score wants it gone, but the next player on one card would attach it
    # to 10♠ J♠ Q♠ and close
    state = _gift_position("2C 3C 4C 2H 2D 2S", top="9S")
    _, actions = _play_turn(state, level)
    assert isinstance(actions[-1], Discard) and actions[-1].card != Card.parse("9S")
    _, actions = _play_turn(state, "easy")  # easy has no such rule
    assert actions[-1] == Discard(Card.parse("9S"))


def test_a_gift_is_discarded_when_every_legal_discard_is_one():
    # every card attaches to the table: the rule yields, the turn still ends
    state = _gift_position(
        "KS AS 9S", top="9S", melds=[(1, "10S JS QS", None), (1, "AH AD AC", None)]
    )
    for level in ("medium", "hard"):
        after, actions = _play_turn(state, level)
        assert isinstance(actions[-1], Discard) and len(after.hand.hands[0]) == 3


def test_the_hint_names_the_gift_and_who_would_close():
    state = apply(_gift_position("2C 3C 4C 2H 2D 2S", top="9S"), DrawStock())
    action, italian, english = said_hint(observe(state, 0))
    assert action != Discard(Card.parse("9S"))
    assert italian.startswith("Non scartare il 9♠: Bruno chiude.")
    assert english.startswith("Don't discard the 9♠: Bruno would close with it.")


def test_closing_gifts_count_what_the_next_player_visibly_holds():
    from dataclasses import replace

    from scala40.bots.gifts import CERTAIN, OBVIOUS, closing_gifts, visibly_held

    state = _gift_position(
        "2C 3C 4C 2H 2D 2S", top="9S", theirs="4S 8D",
        melds=[(1, "10S JS QS", None), (1, "5S 6S 7S", None)],
    )
    view = observe(apply(state, DrawStock()), 0)
    nine, four, eight = Card.parse("9S"), Card.parse("4S"), Card.parse("8S")
    # two cards, neither seen: no card is a certain gift
    assert closing_gifts(view, [nine, four, eight]) == set()
    # they took the 4♠ from the pile and kept it: 9♠ then closes (attach 9♠ and 4♠,
    # discard the other card), and so does 8♠ (both attach to 5♠ 6♠ 7♠)
    public = view.public
    log = ((1, TakeDiscard(), four), *view.log)
    seen = replace(view, public=replace(public, hand=replace(public.hand, log=log)))
    assert visibly_held(seen, 1) == {four: 1}
    assert closing_gifts(seen, [nine, eight, Card.parse("2C")], CERTAIN) == {nine, eight}
    assert closing_gifts(seen, [nine, eight], OBVIOUS) == set()  # not on one card


def test_the_blunder_scan_finds_the_gifts_easy_makes():
    from scala40.bots.tournament import avoidable_gift

    state = apply(_gift_position("2C 3C 4C 2H 2D 2S", top="9S"), DrawStock())
    view = observe(state, 0)
    found = avoidable_gift(state, view, Card.parse("9S"))
    assert found is not None and found["next_cards"] == 1 and "2C" in found["safe"]
    assert avoidable_gift(state, view, Card.parse("2C")) is None
    result = run_tournament(["medium", "easy"], hands=2, seed=3, blunders=True)
    assert all(gift["level"] in ("medium", "easy") for gift in result["blunders"])
    assert "avoidable gifts" in format_report(result)


def test_the_tournament_plays_the_issues_rules():
    # issue #15's opponents played with attachable cards free to discard: the harness
    # plays any such rule as a single hand, and says so in its report
    result = run_tournament(
        ["medium", "easy"], hands=2, seed=3, blunders=True,
        rules=Rules(attachable_discard="allowed"),
    )
    assert result["house_rules"] == {"attachable_discard": "allowed"}
    assert "attachable_discard allowed" in format_report(result)
    classic = run_tournament(["easy"], hands=2, seed=3)
    assert classic["house_rules"] == {}
    assert "attachable_discard" not in format_report(classic)


@settings(max_examples=6, deadline=None)
@given(
    st.integers(0, 10**6),
    st.lists(st.sampled_from([*LEVELS, "balanced:0.8"]), min_size=2, max_size=4),
    st.data(),
)
def test_a_decision_run_in_slices_is_the_decision_choose_makes(seed, levels, data):
    """The page runs ``bot.think`` a few steps at a time, the browser working between
    the slices (scala40/bots/thinking.py); stopped anywhere and resumed, every decision
    of a hand is the one a twin bot's ``choose`` makes, and so is the hint's (sliced on
    the hand's first steps: each is a hard decision, the costliest there is)."""
    state = new_match([f"p{i}" for i in range(len(levels))], seed=seed,
                      rules=Rules(mode="single"))
    def bots():
        return [seat_bot(level, random.Random(f"{seed}/{seat}"))
                for seat, level in enumerate(levels)]
    pauses = 0

    def in_slices(thinking):
        nonlocal pauses
        while True:
            for _ in range(data.draw(st.integers(1, 40), label="steps in a slice")):
                try:
                    next(thinking)
                except StopIteration as done:
                    return done.value
                pauses += 1

    sliced, whole = bots(), bots()
    for step in range(60):
        if state.hand.phase == Phase.OVER:
            break
        seat = state.to_move
        view = observe(state, seat)
        action = in_slices(sliced[seat].think(view))
        assert action == whole[seat].choose(view)
        assert sliced[seat].last_reason == whole[seat].last_reason
        if step < 3:
            assert in_slices(think_hint(view)) == hint(view)
        state = apply(state, action)
    assert pauses > 0  # the sampling loops (the hint's at least) do pause


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 14), st.integers(1, 6))
def test_completing_after_discard_is_asking_each_kept_hand(rnd, size, discards):
    # the shortcut (ask the whole hand once, again only the cards a discard touches)
    # gives, for every discard, what completes_meld says of the hand kept
    ranks = rnd.sample(range(1, 14), 6)  # few ranks: many cards meld together
    deck = [c for c in full_deck(4) if c.is_joker or c.rank in ranks]
    rnd.shuffle(deck)
    held, unseen = deck[:size], deck[size:]
    chosen = [c for c in dict.fromkeys(held) if not c.is_joker][:discards]
    found = completing_after_discard(unseen, held, chosen)
    for card in chosen:
        kept = list(held)
        kept.remove(card)
        assert found[card] == {u for u in unseen if not u.is_joker and completes_meld(u, kept)}


class _Clock:
    """A stopwatch the test moves by hand."""

    def __init__(self) -> None:
        self.ms = 0.0

    def now(self) -> float:
        return self.ms / 1000


def test_a_decisions_sampling_loops_share_its_budget():
    # each loop stops after budget_ms; past DECISION_BUDGETS budgets since the decision
    # began, a loop stops too, once it has MIN_SAMPLES samples; no budget, no stop
    judge = DiscardJudge(STYLES["hard"], random.Random(1), budget_ms=30)
    clock = _Clock()
    judge.watch = clock  # type: ignore[assignment]
    judge.begin()
    clock.ms = 31
    assert judge._out_of_time(0.0, 0)
    assert not judge._out_of_time(0.020, 0)  # this loop began 11 ms ago
    clock.ms = 30 * DECISION_BUDGETS + 1
    loop = clock.now() - 0.005
    assert not judge._out_of_time(loop, MIN_SAMPLES - 1)
    assert judge._out_of_time(loop, MIN_SAMPLES)
    judge.begin()  # the next decision starts afresh
    assert not judge._out_of_time(loop, MIN_SAMPLES)
    unbounded = DiscardJudge(STYLES["hard"], random.Random(1), budget_ms=None)
    assert not unbounded._out_of_time(-1000.0, 10**6)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6))
def test_attaching_is_asking_every_meld(seed):
    # the melds of a six-player table against the unseen cards: asking each meld only
    # about its suit or rank finds what asking every meld about every card finds
    state = new_match([f"p{s}" for s in range(6)], seed=seed)
    rng = random.Random(seed)
    melds = []
    for hand in state.hand.hands:
        melds += [m for m in makeable_melds(hand) if rng.random() < 0.3]
    cards = full_deck(4)
    assert attaching(cards, melds) == {
        c for c in cards if not c.is_joker and any(m.can_attach(c) for m in melds)
    }


# -- playing the match, not the hand (issue #45) ---------------------------------------

#: Bruno's hand far from closing (not opened), on five cards, on four, on two.
FAR, FIVE, FOUR, TWO = (
    "AH 3D 4D 6C 8C 9S 9C 10D JD QD KD 2C 5S", "AH 3D 4D 6C 8C", "AH 3D 4D 6C", "AH 3D"
)


def _match_position(held, theirs, *, mode="points", scores=(0, 0), top="QH"):
    """Anna (seat 0, opened: 10♠ J♠ Q♠ is hers) to draw ``top`` holding ``held``; Bruno,
    next, holds ``theirs`` and has opened (6♦ 7♦ 8♦) unless he holds thirteen cards."""
    state = new_match(["Anna", "Bruno"], seed=1, rules=Rules(mode=mode))
    melds = [(0, "10S JS QS", None)]
    if len(theirs.split()) < 13:
        melds.append((1, "6D 7D 8D", None))
    state = _with_hand(state, 0, parse_cards(held), turns_taken=20, top=top, melds=melds,
                       pile="4H")
    return replace(_next_on_cards(state, theirs), scores=scores)


def test_in_a_match_hard_dumps_a_king_when_the_next_player_may_close():
    # a single hand is won by closing, whatever is left in hand; a match makes Anna pay
    # for the king if Bruno, on two cards, closes first: hard throws it and the hint says why
    held = "KC 2S 4H 5H 8C 9C"
    _, actions = _play_turn(_match_position(held, TWO, top="3D"), "hard")
    assert actions[-1] == Discard(Card.parse("KC"))
    _, actions = _play_turn(_match_position(held, TWO, mode="single", top="3D"), "hard")
    assert actions[-1] != Discard(Card.parse("KC"))
    drawn = apply(_match_position(held, TWO, top="3D"), DrawStock())
    _, italian, english = said_hint(observe(drawn, 0))
    assert italian == "Scarta il K♣: Bruno ha 2 carte e può chiudere."
    assert english == "Discard the K♣: Bruno has 2 cards and may close."
    drawn = apply(_match_position(held, "AH", top="3D"), DrawStock())
    assert said_hint(observe(drawn, 0))[1] == \
        "Scarta il K♣: Bruno ha una carta sola e può chiudere."
    drawn = apply(_match_position(held, FAR, top="3D"), DrawStock())  # nobody near
    assert "Bruno" not in said_hint(observe(drawn, 0))[1]


def test_in_a_match_hard_holds_its_melds_until_the_opponent_is_near_closing():
    # held melds leave the opponent nothing to attach to; they are paid for only if the
    # opponent closes first: hard holds them while Bruno has not opened or holds five
    # cards, and lays them once he is down to four (a single hand holds them to the end)
    held = "3H 4H 5H KC 9D 2S"
    laid = {
        theirs: any(isinstance(a, LayMeld) for a in _play_turn(
            _match_position(held, theirs), "hard")[1])
        for theirs in (FAR, FIVE, FOUR, TWO)
    }
    assert laid == {FAR: False, FIVE: False, FOUR: True, TWO: True}
    single = _play_turn(_match_position(held, TWO, mode="single"), "hard")[1]
    assert not any(isinstance(a, LayMeld) for a in single)


def test_in_a_match_hard_attaches_a_spare_joker_when_a_close_is_likely():
    held = "JK KC 9D 2S 5C"  # the joker makes no meld in hand; 10♠ J♠ Q♠ takes it
    attached = {
        theirs: any(a.card.is_joker for a in _play_turn(_match_position(held, theirs), "hard")[1]
                    if hasattr(a, "card") and not isinstance(a, Discard))
        for theirs in (FAR, FIVE, TWO)
    }
    assert attached == {FAR: False, FIVE: False, TWO: True}


def test_the_stakes_of_a_match():
    from scala40.bots.stakes import closing_chance, pressure, stakes

    chances = [closing_chance(observe(_match_position("KH 2S", theirs), 0))
               for theirs in (FAR, FIVE, TWO, "AH")]
    assert chances == sorted(chances) and chances[0] < 0.1 and chances[-1] > 0.8
    near = observe(_match_position("KH 2S", TWO, scores=(76, 0)), 0)
    far = observe(_match_position("KH 2S", TWO), 0)
    assert stakes(far) == 1.0 and stakes(near) == 2.0 and pressure(near) == 2 * pressure(far)
    again = replace(near.public, rules=near.rules.with_options(reentry=True))
    assert stakes(observe(again, 0)) == 1.5  # re-entry: an elimination costs less
    single = observe(_match_position("KH 2S", TWO, mode="single", scores=(76, 0)), 0)
    assert stakes(single) == 1.0
