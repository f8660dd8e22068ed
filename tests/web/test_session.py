"""The UI session: selection, hand order, undo, the hot-seat hand-over, loading, names."""

from __future__ import annotations

import copy
import json
from itertools import combinations

import pytest

from scala40 import (
    Discard,
    DrawStock,
    LayMeld,
    RuleError,
    Rules,
    TakeDiscard,
    is_legal,
    possible_melds,
)
from scala40.record import Game
from web.page import view as render
from web.page.view import whole_page
from web.store.saves import Saves
from web.store.seat import NAME_LIMIT, Seat
from web.store.settings import Settings
from web.store.storage import TABLE_KEY
from web.table.log import log_panel
from web.table.order import sort_codes
from web.table.session import Session
from web.table.table import Table


def keys_of(session: Session, seat: int = 0) -> list[str]:
    return [key for key, _ in session.hand_keys(seat)]


def test_selection_keeps_the_order_cards_were_picked_in(solo):
    session = solo(drawn=True)
    first, second, third = keys_of(session)[5], keys_of(session)[0], keys_of(session)[9]
    for key in (first, second, third):
        session.toggle(key)
    assert session.selected == [first, second, third]
    hand = dict(session.hand_keys(0))
    assert session.selected_cards() == [hand[first], hand[second], hand[third]]
    session.toggle(second)  # a second tap unselects
    assert session.selected == [first, third]
    session.clear_selection()
    assert session.selected_cards() == []


def test_a_key_not_in_the_shown_hand_selects_nothing(solo):
    session = solo()
    session.toggle("KH#7")
    assert session.selected_cards() == []


def test_nobody_shown_nothing_selected(hot_seat):
    session = hot_seat()
    assert session.viewer is None and session.needs_pass()
    session.toggle("AH#0")
    assert session.selected_cards() == []


def test_reading_the_session_never_changes_it(solo):
    """The renderer only reads: drawing every screen leaves the session as it was."""
    session = solo(drawn=True)
    session.orders[0] = list(reversed(session.orders[0]))  # a stale, hand-made order
    session.sort_modes[0] = "manual"
    session.selected = [keys_of(session)[0], "XX#9"]
    before = {k: copy.deepcopy(v) for k, v in vars(session).items() if k != "game"}
    for overlay in (None, "sheet", "menu"):
        render.page(session, "en", on_table=True, overlay=overlay)
    session.hand_keys(0)
    session.selected_cards()
    session.meld_targets()
    session.draw_options()
    after = {k: v for k, v in vars(session).items() if k != "game"}
    assert after == before


def test_a_drawn_card_goes_at_the_right_end_of_an_arranged_hand(solo):
    session = solo()
    keys = keys_of(session)
    session.move_card(0, keys[0], None)  # arranged by hand: no more sorting
    arranged = keys_of(session)
    assert arranged == [*keys[1:], keys[0]]
    drawn = session.state.hand.stock[-1]
    session.play(DrawStock())
    now = keys_of(session)
    assert now[:-1] == arranged and now[-1].startswith(f"{drawn}#")


def test_a_sorted_hand_takes_the_drawn_card_into_place(solo):
    session = solo()
    session.sort_hand(0, "rank")
    session.play(DrawStock())
    codes = [key.split("#")[0] for key in keys_of(session)]
    assert codes == sort_codes(codes, "rank")


def test_drag_to_rearrange_puts_a_card_before_another(solo):
    session = solo()
    keys = keys_of(session)
    session.move_card(0, keys[3], keys[0])
    assert keys_of(session)[:2] == [keys[3], keys[0]]
    assert session.sort_modes[0] == "manual"


def _meld_to_lay(session: Session) -> LayMeld | None:
    hand = session.state.hand.hands[0]
    for size in (3, 4):
        for cards in combinations(hand, size):
            for meld in possible_melds(list(cards)):
                return LayMeld(meld.cards, meld.joker_as)
    return None


def test_undo_takes_back_a_move_of_this_turn_and_clears_the_selection():
    for seed in range(200):
        session = Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed)
        if session.state.to_move != 0:
            continue
        session.play(DrawStock())
        drawn_state = session.state
        meld = _meld_to_lay(session)
        if meld is None:
            continue
        try:
            session.play(meld)
        except RuleError:
            continue  # e.g. below the opening: not laid, try another seed
        break
    else:
        pytest.fail("no seed lays a meld")
    session.toggle(keys_of(session)[0])
    session.undo()
    assert session.state == drawn_state
    assert session.selected == [] and session.last is None
    with pytest.raises(RuleError) as refused:
        session.undo()  # the draw cannot be taken back
    assert refused.value.code == "nothing_to_take_back"


def test_a_refused_move_changes_nothing(solo):
    session = solo()
    state, keys = session.state, keys_of(session)
    session.toggle(keys[0])
    with pytest.raises(RuleError):
        session.play(Discard(session.state.hand.hands[0][0]))  # before drawing
    assert session.state is state and session.selected == [keys[0]]


def test_hot_seat_hides_the_hand_until_the_next_player_takes_the_device(hot_seat):
    session = hot_seat()
    assert session.needs_pass() and not session.my_turn()
    session.viewer = 0  # "show my cards"
    assert session.my_turn() and not session.needs_pass()
    session.play(DrawStock())
    assert session.viewer == 0  # a draw does not end the turn
    session.play(Discard(session.state.hand.hands[0][-1]))
    assert session.viewer is None and session.state.to_move == 1 and session.needs_pass()


def test_hot_seat_hides_the_hands_when_a_hand_ends(closing_hand):
    session, closing = closing_hand([Seat("Anna"), Seat("Carla")])
    assert session.viewer == session.state.to_move
    session.play(closing)
    assert session.state.hand_over and session.viewer is None
    assert not session.needs_pass()  # the score sheet is for everyone


def test_one_human_always_sees_their_own_hand(solo):
    session = solo(drawn=True)
    session.play(Discard(session.state.hand.hands[0][0]))
    assert session.viewer == 0 and not session.needs_pass()
    assert session.bot_to_move()


def test_restore_reads_the_seats_and_asks_again_who_holds_the_device():
    game = Game.new(["Anna", "Carla", "Bot"], seed=4)
    meta = {
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "hard"}],
        "id": "m1", "viewer": game.state.to_move, "orders": {"0": ["AH"]}, "sort": {"0": "rank"},
    }
    session = Session.restore(game, meta)
    assert [seat.kind for seat in session.seats] == ["human", "human", "bot"]
    assert session.seats[2].level == "hard" and session.match_id == "m1"
    assert session.viewer is None  # a reload in hot-seat asks again who holds the device
    assert session.orders[0] == keys_of_codes(session, 0)


def keys_of_codes(session: Session, seat: int) -> list[str]:
    return [key.split("#")[0] for key, _ in session.hand_keys(seat)]


@pytest.mark.parametrize("meta", [None, {}, [], "x", {"seats": 5}, {"seats": {"0": {}}},
                                  {"seats": [None, "x"]}, {"orders": [], "sort": 3},
                                  {"orders": {"0": 7}}, {"orders": {"x": []}}])
def test_restore_without_usable_table_data_makes_seat_0_human_and_the_others_bots(meta):
    game = Game.new(["Anna", "Bruno", "Carla"], seed=1)
    session = Session.restore(game, meta)
    assert [seat.kind for seat in session.seats] == ["human", "bot", "bot"]


def test_a_huge_name_from_a_save_is_clamped_on_load():
    game = Game.new(["A" * 10_000, "Bruno"], seed=2)
    session = Session.restore(game, None)
    assert len(session.name(0)) == NAME_LIMIT and session.name(0).endswith("…")
    assert session.names[1] == "Bruno"


def test_a_huge_name_is_clamped_for_a_new_match():
    session = Session.new([Seat("B" * 500), Seat("Bruno", "bot")], seed=2)
    assert len(session.state.players[0]) == NAME_LIMIT
    assert session.name(0) == session.state.players[0]


# -- a reload mid-turn (issue #41) --------------------------------------------------------


def reloaded(table) -> Session:
    """The match as the next visit resumes it: a new table on the same storage."""
    again = Table(Saves(table.saves.store), Settings(lang="en"), clock=lambda: 0.0)
    again.resume_saved("2")
    assert again.session is not None
    return again.session


def taking_allowed() -> Session:
    """Anna to move against a bot where the pile may be taken before opening."""
    rules = Rules(pile_before_opening=True)
    for seed in range(300):
        session = Session.new([Seat("Anna"), Seat("Bruno", "bot", "easy")], seed, rules)
        if session.state.to_move == 0 and is_legal(session.state, TakeDiscard()):
            return session
    raise AssertionError("no seed lets Anna take the pile first")


@pytest.mark.parametrize("take", [False, True])
def test_a_reload_mid_turn_keeps_the_draw_the_mark_and_the_selection(table_for, solo, take):
    """What the snapshot showed before Python came up, the table has after: this turn's
    draw in the log with its card, that card marked, the cards selected."""
    table = table_for(taking_allowed() if take else solo())
    table.click("take" if take else "draw")
    session = table.session
    drawn = log_panel(session, "en")
    assert ("You took" if take else "You drew ") in drawn and "from the stock" not in drawn
    for key in keys_of(session)[2:5]:
        table.click("card", key)
    table.saves.save_snapshot(whole_page(table), "en", session)  # as the page does, drawn
    again = reloaded(table)
    assert log_panel(again, "en") == drawn
    assert again.selected == session.selected and len(again.selected) == 3
    assert again.marked_keys() == session.marked_keys() != set()
    if not take:  # the player's next move: no longer news (a taken card must be used)
        again.play(Discard(again.selected_cards()[0]))
        assert again.marked == []


def test_the_draws_kept_are_this_hands_own_and_older_lines_too(table_for, solo):
    """Every draw of the hand by this device's player keeps its card (not the bot's, which
    is never shown and not stored)."""
    table = table_for(solo())
    session = table.session
    for _turn in range(3):
        table.click("draw")
        table.move(Discard(session.state.hand.hands[0][0]))
        while session.state.to_move != 0:
            table.move(DrawStock() if session.state.hand.phase.name == "DRAW"
                       else Discard(session.state.hand.hands[1][0]))
    stored = json.loads(table.saves.store.getItem(TABLE_KEY))["draws"]
    assert [entry.split(":")[2] for entry in stored] == ["0", "0", "0"]
    assert log_panel(reloaded(table), "en") == log_panel(session, "en")


@pytest.mark.parametrize(("selected", "draws"), [
    (["KH#7", "XX", 5, None, "<b>"], ["1:0:1:8D", "9:0:0:8D", "1:99:0:8D", "1:0:0:ZZ", 3]),
    ("4H#0", {"1:0:0:8D": 1}),
])
def test_a_stale_or_hostile_selection_and_draws_are_left_out(solo, selected, draws):
    """Cards the shown hand does not hold, a draw that is not that seat's stock draw at
    that place of this hand's log: ignored (the door has checked their shape already)."""
    session = solo(drawn=True)
    meta = {**session.table_meta(), "selected": selected, "draws": draws}
    again = Session.restore(session.game, meta)
    assert again.selected == [] and again.draws == {} and again.marked == []
    assert "from the stock" in log_panel(again, "en")


def test_a_selection_named_twice_is_one_and_a_hot_seat_reload_selects_nothing(hot_seat):
    session = hot_seat()
    session.viewer = 0
    session.play(DrawStock())
    first = keys_of(session)[0]
    meta = {**session.table_meta(), "selected": [first, first]}
    assert Session.restore(session.game, {**meta, "seats": [
        {"kind": "human"}, {"kind": "bot"}]}).selected == [first]
    assert Session.restore(session.game, meta).selected == []  # who holds the device? asked
