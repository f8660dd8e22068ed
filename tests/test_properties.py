"""Properties of random legal play (hypothesis), kept small so the suite stays fast.

Every position here is reached from a real deal by actions the engine listed
as legal; a seeded ``random.Random`` picks among them. What must hold:
cards are never made or lost, every reached state is valid, saves and
records give back the very same state, observations hide what is hidden,
notation round-trips, and ``legal_actions`` is exactly what ``apply`` accepts.

The examples are derandomized, so the suite is the same on every run. To
explore, set ``SCALA40_EXPLORE=N``: N times the examples, freshly random.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40 import (
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    Meld,
    NextHand,
    RuleError,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    apply,
    determinize,
    format_cards,
    full_deck,
    is_legal,
    legal_actions,
    make_meld,
    new_match,
    observe,
    parse_action,
    parse_cards,
    parse_position,
    possible_melds,
    write_position,
)
from scala40.engine import opening_refusal
from scala40.record import Game, Record, load_save
from scala40.state import Phase, State

EXPLORE = int(os.environ.get("SCALA40_EXPLORE", "0"))


def examples(count: int) -> settings:
    return settings(
        max_examples=count * max(1, EXPLORE),
        deadline=None,
        derandomize=not EXPLORE,
        suppress_health_check=[HealthCheck.too_slow],
    )


FAST = examples(25)

rules_strategy = st.builds(
    Rules,
    mode=st.sampled_from(["points", "single"]),
    opening_minimum=st.sampled_from([40, 41]),
    elimination_score=st.sampled_from([101, 201, 25]),
    short_deal_for_five_or_six=st.booleans(),
    jokers=st.sampled_from([4, 0]),
    pile_before_opening=st.booleans(),
    clean_opening=st.booleans(),
    mano_doubles=st.booleans(),
    mano_needs_minimum=st.booleans(),
    unopened_pays_100=st.sampled_from(["never", "after_mano", "always"]),
    lone_ace_counts_one=st.booleans(),
    attachable_discard=st.sampled_from(["before_opening", "except_closing", "never", "allowed"]),
    first_round_closing=st.booleans(),
    reentry=st.booleans(),
)
players_strategy = st.integers(2, 6)
seeds = st.integers(0, 10**9)


def random_play(seed: int, players: int, rules: Rules, steps: int):
    """Yield (state, legal actions, action chosen) for up to ``steps`` random legal actions."""
    state = new_match([f"P{n}" for n in range(players)], seed, rules)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        assert legal, "a state where nothing is legal:\n" + write_position(state)
        action = chooser.choice(legal)
        yield state, legal, action
        state = apply(state, action)
    yield state, legal_actions(state), None


def final_state(seed, players, rules, steps) -> State:
    """The state after ``steps`` random legal actions (or the end of the match)."""
    *_, (state, _, _) = random_play(seed, players, rules, steps)
    return state


# -- the invariants of every reachable state --------------------------------------


def check_invariants(state: State) -> None:
    hand, rules = state.hand, state.rules
    # §1: 108 cards (104 without jokers), always all of them
    assert Counter(hand.all_cards()) == Counter(full_deck(rules.jokers))
    size = rules.hand_size(len(hand.seats))
    for seat in range(len(state.players)):
        cards = hand.hands[seat]
        assert list(cards) == sorted(cards)
        if seat not in hand.seats:
            assert cards == () and state.out[seat]
            continue
        if hand.phase != Phase.OVER:
            assert cards, f"seat {seat} has an empty hand during play"
        if (seat != hand.turn or hand.phase == Phase.DRAW) and not hand.opened[seat]:
            assert len(cards) == size  # who never opened only draws and discards
    # §3: every meld on the table is a valid meld, as written
    for index, table_meld in enumerate(hand.melds):
        meld = table_meld.meld
        assert make_meld(meld.cards, joker_as=meld.joker_as) == meld
        assert Meld.parse(str(meld)) == meld
        owner = table_meld.owner
        provisional = owner == hand.turn and index in hand.turn_melds and hand.phase != Phase.DRAW
        assert hand.opened[owner] or provisional
    # opened flags: an opened seat has melds; the seat to move is opened once it reached the minimum
    owners = {table_meld.owner for table_meld in hand.melds}
    assert all(seat in owners for seat in hand.seats if hand.opened[seat])
    if hand.phase == Phase.PLAY and not hand.opened[hand.turn]:
        assert opening_refusal(hand, rules) is not None
    assert all(hand.melds[i].owner == hand.turn for i in hand.turn_melds)
    # the turn's obligations are cards in the hand of the seat to move
    held = Counter(hand.hands[hand.turn])
    held.subtract(hand.must_use)
    assert min(held.values(), default=0) >= 0
    if hand.phase == Phase.DRAW:
        assert hand.must_use == () and hand.turn_melds == ()
    # the match
    assert (hand.phase == Phase.OVER) == (hand.result is not None)
    assert state.is_over == (state.winner is not None)
    if state.is_over:
        assert not state.out[state.winner] and hand.phase == Phase.OVER
        if rules.mode == "points":
            left = [seat for seat in hand.seats if state.scores[seat] < rules.elimination_score]
            assert left == [state.winner]
    assert hand.turn in hand.seats
    assert all(score >= 0 for score in state.scores)


@FAST
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(30, 300))
def test_random_legal_play_keeps_every_invariant(seed, players, rules, steps):
    for state, _, _ in random_play(seed, players, rules, steps):
        check_invariants(state)


@examples(4)
@given(seed=seeds, players=st.integers(2, 4), rules=rules_strategy)
def test_seeded_single_hands_always_end(seed, players, rules):
    rules = rules.with_options(mode="single")
    last = final_state(seed, players, rules, 20_000)
    assert last.is_over and last.hand.phase == Phase.OVER
    assert last.winner == last.hand.result.closer
    assert last.hand.hands[last.winner] == ()


# -- records and saves -------------------------------------------------------------


@FAST
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 300))
def test_save_load_and_replay_are_identity(seed, players, rules, steps):
    game = Game.new([f"P{n}" for n in range(players)], seed, rules)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        game.play(chooser.choice(legal_actions(game.state)))
    loaded = load_save(game.to_save())
    assert loaded.state == game.state
    assert loaded.record == game.record
    assert loaded.can_undo == game.can_undo
    text = game.record.text()
    assert Record.parse(text) == game.record
    assert Record.parse(text).replay() == game.state
    assert Record.parse(text).text() == text


# -- observations hide what is hidden ---------------------------------------------


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same state with every card ``seat`` cannot see dealt again at random.

    The cards everyone saw come into the mover's hand this turn (the pile card,
    a joker taken back) stay there, and the turn's start is dealt the same way:
    the other hands and the stock as now, the mover's hand as now less what came
    in, plus what went to the table.
    """
    hand, start, mover = state.hand, state.hand.turn_start, state.hand.turn
    came_in: Counter = Counter()
    went_out: Counter = Counter()
    if start is not None and mover != seat:
        came_in = Counter(hand.hands[mover]) - Counter(start.hands[mover])
        went_out = Counter(start.hands[mover]) - Counter(hand.hands[mover])
    hidden = Counter(hand.stock)
    for other in hand.seats:
        if other != seat:
            hidden.update(hand.hands[other])
    pool = sorted((hidden - came_in).elements())
    rng.shuffle(pool)
    hands = list(hand.hands)
    for other in hand.seats:
        if other != seat:
            kept = list(came_in.elements()) if other == mover else []
            count = len(hands[other]) - len(kept)
            hands[other], pool = tuple(sorted(pool[:count] + kept)), pool[count:]
    shuffled = replace(hand, hands=tuple(hands), stock=tuple(pool))
    if start is not None:
        start_hands = list(hands)
        mover_then = Counter(hands[mover]) - came_in + went_out
        start_hands[mover] = tuple(sorted(mover_then.elements()))
        if mover == seat:
            start_hands[mover] = start.hands[mover]
        shuffled = replace(
            shuffled, turn_start=replace(start, hands=tuple(start_hands), stock=tuple(pool))
        )
    return replace(state, hand=shuffled)


def public_values(value):
    """Every value inside an observation, its nested dataclasses opened."""
    yield value
    if hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from public_values(getattr(value, name))
    elif isinstance(value, tuple):
        for item in value:
            if isinstance(item, tuple) or hasattr(item, "__dataclass_fields__"):
                yield from public_values(item)


@FAST
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 300))
def test_observations_never_contain_hidden_cards(seed, players, rules, steps):
    state = final_state(seed, players, rules, steps)
    rng = random.Random(seed)
    for seat in state.hand.seats:
        view = observe(state, seat)
        assert view.hand == state.hand.hands[seat]
        assert view.hand_counts == tuple(len(cards) for cards in state.hand.hands)
        assert view.stock_count == len(state.hand.stock)
        # no value, however deep (the turn's start included), holds another hand,
        # the stock or the seed that shuffles them
        for inner in (view.public.hand, view.public.hand.turn_start):
            if inner is not None:
                assert inner.stock == ()
                assert all(not inner.hands[o] for o in inner.seats if o != seat)
        assert view.public.seed != state.seed
        secrets = [state.hand.hands[o] for o in state.hand.seats if o != seat]
        secrets.append(state.hand.stock)
        for value in public_values(view):
            assert not any(value == secret for secret in secrets if len(secret) > 2)
        # nothing in the view depends on the other hands' cards or the stock's order
        assert observe(shuffle_hidden(state, seat, rng), seat) == view
        # the unseen cards are exactly the other hands and the stock, as a multiset
        unseen = Counter(state.hand.stock)
        for other in state.hand.seats:
            if other != seat:
                unseen.update(state.hand.hands[other])
        assert Counter(view.unseen()) == unseen
        # a sampled full state shows this seat exactly the same view
        sample = determinize(view, random.Random(seat))
        assert observe(sample, seat) == view
        assert Counter(sample.hand.all_cards()) == Counter(full_deck(rules.jokers))


@examples(30)
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 400))
def test_the_mover_has_the_same_legal_actions_in_a_determinized_state(seed, players, rules, steps):
    """A bot asks the engine about a sampled state: for the seat to move, every
    action is legal there exactly when it is legal in the true state (mid-turn
    too: a take-back, a pile card to use, a provisional opening)."""
    rng = random.Random(seed)
    for state, legal, _ in random_play(seed, players, rules, steps):
        if state.hand.phase != Phase.PLAY and rng.random() < 0.7:
            continue
        seat = state.to_move
        view = observe(state, seat)
        sample = determinize(view, rng)
        assert observe(sample, seat) == view
        sampled = legal_actions(sample)
        assert sampled == legal
        for action in canonical_pool(state):
            assert is_legal(sample, action) == is_legal(state, action), action
        assert view.can_take_back == is_legal(state, TakeBack())


# -- the position notation ------------------------------------------------------------


@examples(30)
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 400))
def test_every_reachable_state_reads_back_from_its_text(seed, players, rules, steps):
    rng = random.Random(seed)
    for state, _, _ in random_play(seed, players, rules, steps):
        if rng.random() < 0.2 or state.hand.turn_start is not None:
            assert parse_position(write_position(state)) == state


def mutations(text: str, rng: random.Random) -> str:
    """A position text with one random damage: a line lost, doubled or cut, a word
    replaced, two cards swapped between lines."""
    lines = text.splitlines()
    index = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0:
        del lines[index]
    elif kind == 1:
        lines.insert(index, lines[index])
    elif kind == 2:
        lines[index] = lines[index][: rng.randrange(len(lines[index]) + 1)]
    elif kind == 3:
        words = lines[index].split(" ")
        words[rng.randrange(len(words))] = rng.choice(["-", "JK", "7H", "x", "99", "", "=", "|"])
        lines[index] = " ".join(words)
    else:
        other = rng.randrange(len(lines))
        first, second = lines[index].split(" "), lines[other].split(" ")
        i, j = rng.randrange(len(first)), rng.randrange(len(second))
        first[i], second[j] = second[j], first[i]
        lines[index], lines[other] = " ".join(first), " ".join(second)
    return "\n".join(lines)


def read_or_refuse(text: str) -> None:
    """Reading a position gives a state that writes back to itself, or bad_position."""
    try:
        state = parse_position(text)
    except RuleError as error:
        assert error.code == "bad_position"
        assert error.message("it") and error.message("en")
    else:
        assert parse_position(write_position(state)) == state


@examples(40)
@given(seed=seeds, players=players_strategy, steps=st.integers(0, 200), damage=st.randoms())
def test_a_damaged_position_is_refused_or_read(seed, players, steps, damage):
    text = write_position(final_state(seed, players, Rules(), steps))
    for _ in range(5):
        read_or_refuse(mutations(text, damage))


@examples(100)
@given(st.text(max_size=200), st.booleans())
def test_any_text_is_refused_as_a_position(text, with_header):
    read_or_refuse(("scala40 position\n" if with_header else "") + text)


# -- notation round-trips -----------------------------------------------------------

deck_cards = st.sampled_from(sorted(set(full_deck())))


@examples(100)
@given(st.lists(deck_cards, max_size=20))
def test_cards_round_trip(cards):
    assert parse_cards(format_cards(cards)) == cards


@examples(100)
@given(st.lists(deck_cards, min_size=3, max_size=6, unique=True), st.randoms())
def test_melds_round_trip(cards, rng):
    # cards of one suit or one rank, so that many of them are melds
    suit, rank = cards[0].suit, cards[0].rank
    pick = rng.choice(["suit", "rank"])
    if pick == "suit" and not cards[0].is_joker:
        cards = [Card(c.rank, suit) if not c.is_joker else c for c in cards]
    elif not cards[0].is_joker:
        cards = [Card(rank, c.suit) if not c.is_joker else c for c in cards]
    for meld in possible_melds(cards):
        assert Meld.parse(str(meld)) == meld
        assert make_meld(meld.cards, joker_as=meld.joker_as) == meld
        assert Counter(meld.cards) == Counter(cards)
        assert meld.points > 0


@examples(15)
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 150))
def test_actions_round_trip(seed, players, rules, steps):
    for _, legal, _ in random_play(seed, players, rules, steps):
        for action in legal:
            assert parse_action(str(action)) == action


@examples(100)
@given(
    card=deck_cards,
    target=st.integers(0, 30),
    end=st.sampled_from([None, "low", "high"]),
    declared=st.none() | deck_cards.filter(lambda c: not c.is_joker),
)
def test_attach_and_swap_text_round_trip(card, target, end, declared):
    attach = Attach(card, target, end, declared if card.is_joker else None)
    assert parse_action(str(attach)) == attach
    swap = SwapJoker(card, target)
    assert parse_action(str(swap)) == swap
    assert parse_action(str(Discard(card))) == Discard(card)


@examples(100)
@given(st.text(max_size=30))
def test_action_parser_only_raises_rule_errors(text):
    try:
        action = parse_action(text)
    except RuleError as error:
        assert error.code in ("bad_action", "bad_card", "card_in_meld_form")
    else:
        assert parse_action(str(action)) == action


# -- legal_actions is exactly what apply accepts ------------------------------------


def canonical_pool(state: State) -> list:
    """Actions whose canonical form legal_actions lists whenever they are legal."""
    hand = state.hand
    pool = [DrawStock(), TakeDiscard(), TakeBack(), NextHand()]
    pool.extend(Discard(card) for card in sorted(set(full_deck())))
    for index in range(len(hand.melds) + 1):
        pool.extend(SwapJoker(card, index) for card in sorted(set(hand.hands[hand.turn])))
    return pool


def meld_key(meld: Meld):
    return (meld.kind, tuple(sorted(meld.stands_for)), meld.points, meld.has_joker)


def check_listing(state: State, legal: list, rng: random.Random) -> None:
    for action in legal:
        apply(state, action)  # raises if a listed action is refused
    listed = set(legal)
    for action in canonical_pool(state):
        assert is_legal(state, action) == (action in listed), action
    if state.hand.phase != Phase.PLAY:
        return
    hand = state.hand
    held = list(hand.hands[hand.turn])
    # any accepted attachment is one the list offers (maybe written with another end)
    def outcome(action):
        after = apply(state, action).hand
        return after.hands, after.melds, after.must_use

    listed_attach = {outcome(a) for a in legal if isinstance(a, Attach)}
    for index in range(len(hand.melds)):
        for card in set(held):
            for end in (None, "low", "high"):
                action = Attach(card, index, end)
                if is_legal(state, action):
                    assert outcome(action) in listed_attach, action
    # any accepted meld is listed, up to the order of a combination's cards
    listed_melds = {
        meld_key(apply(state, a).hand.melds[-1].meld) for a in legal if isinstance(a, LayMeld)
    }
    for _ in range(20):
        size = rng.randint(3, min(6, len(held))) if len(held) >= 3 else 0
        if not size:
            break
        anchor = rng.choice(held)
        similar = [c for c in held if c.is_joker or c.suit == anchor.suit or c.rank == anchor.rank]
        cards = rng.sample(similar, min(size, len(similar)))
        action = LayMeld(tuple(cards))
        if is_legal(state, action):
            assert meld_key(apply(state, action).hand.melds[-1].meld) in listed_melds, action


@examples(12)
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(20, 200))
def test_legal_actions_is_what_apply_accepts(seed, players, rules, steps):
    rng = random.Random(seed)
    for state, legal, _ in random_play(seed, players, rules, steps):
        if rng.random() < 0.15 or state.hand.phase != Phase.PLAY:
            check_listing(state, legal, rng)


@examples(15)
@given(seed=seeds, players=players_strategy, rules=rules_strategy, steps=st.integers(0, 250),
       junk=st.lists(st.sampled_from(sorted(set(full_deck()))), min_size=1, max_size=4))
def test_actions_with_cards_not_held_are_refused(seed, players, rules, steps, junk):
    state = final_state(seed, players, rules, steps)
    hand = state.hand
    missing = [card for card in junk if card not in hand.hands[hand.turn]]
    for card in missing:
        for action in (Discard(card), Attach(card, 0), SwapJoker(card, 0),
                       LayMeld((card, card, card))):
            assert not is_legal(state, action)
    assert not is_legal(state, Attach(Card(5, "H"), len(hand.melds)))
