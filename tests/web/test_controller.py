"""What a click, a key or a drop does on the table, decided by web.table.table.Table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scala40 import Discard, DrawStock, NextHand, Phase, TakeDiscard
from web.newgame.form import match_from_setup
from web.newgame.start import start
from web.page import handlers, keys
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.storage import GAME_KEY, TABLE_KEY
from web.table import hand
from web.table.hand import DOUBLE_TAP_MS, DRAW_GUARD_MS
from web.table.registry import ACTIONS
from web.table.shown import Effect, Overlay, Screen


def hand_keys(table) -> list[str]:
    return [key for key, _ in table.session.hand_keys(table.session.viewer)]


def test_every_key_names_a_bound_action():
    """(A button's action: tests/web/test_one_dispatcher.py.)"""
    bound = set(keys.KEYS.values()) - set(keys.FOCUS_STEPS) - set(keys.ZONES) - {"escape"}
    assert bound <= set(ACTIONS)


# -- a double-tap discards ---------------------------------------------------------------


def test_a_double_tap_on_a_card_discards_it(table_for, solo, clock):
    table = table_for(solo(drawn=True))
    key = hand_keys(table)[4]
    card = dict(table.session.hand_keys(0))[key]
    table.click("card", key)
    assert table.session.selected == [key]
    clock.advance(DOUBLE_TAP_MS - 100)
    table.click("card", key)
    state = table.session.state
    assert state.hand.pile_top == card and state.to_move == 1
    assert Effect.BOTS in table.take_effects()
    assert table.session.last == (0, Discard(card))


def test_two_slow_taps_select_then_unselect(table_for, solo, clock):
    table = table_for(solo(drawn=True))
    key = hand_keys(table)[4]
    table.click("card", key)
    clock.advance(DOUBLE_TAP_MS + 1)
    table.click("card", key)
    assert table.session.selected == [] and table.session.state.to_move == 0


def test_a_double_tap_before_drawing_is_refused_by_the_engine(table_for, solo, clock):
    table = table_for(solo())
    key = hand_keys(table)[0]
    table.click("card", key)
    clock.advance(50)
    table.click("card", key)
    session = table.session
    assert session.state.hand.phase is Phase.DRAW and session.state.to_move == 0
    assert session.message is not None and session.message[0] == "error"


def test_tapping_two_different_cards_selects_both(table_for, solo, clock):
    table = table_for(solo(drawn=True))
    first, second = hand_keys(table)[:2]
    table.click("card", first)
    clock.advance(50)
    table.click("card", second)
    assert table.session.selected == [first, second]


# -- drawing ----------------------------------------------------------------------------------


def test_a_click_on_the_stock_draws_and_a_quick_second_tap_is_ignored(table_for, solo, clock):
    table = table_for(solo())
    table.click("draw")
    assert table.session.last == (0, DrawStock())
    clock.advance(DRAW_GUARD_MS - 1)
    table.click("take")  # the second tap of a double-tap on the deck
    assert table.session.state.hand.phase is Phase.PLAY
    assert len(table.session.game.record.actions) == 1


def test_the_next_turns_first_tap_draws_however_soon_it_comes(table_for, solo, clock):
    """The guard is for a double tap within one turn: when the bot's turn was quick, the
    player's next tap on the stock still draws (it used to be ignored for 600 ms)."""
    table = table_for(solo())
    table.click("draw")
    session = table.session
    session.play(Discard(session.state.hand.hands[0][0]))
    bot = session.state.hand.hands[1]
    session.play(DrawStock())
    session.play(Discard(bot[0]))
    assert session.state.to_move == 0
    clock.advance(DRAW_GUARD_MS // 3)
    table.click("draw")
    assert session.state.hand.phase is Phase.PLAY and session.last == (0, DrawStock())
    clock.advance(DRAW_GUARD_MS // 3)
    table.click("take")  # and this second tap of the same turn is ignored again
    assert session.state.hand.phase is Phase.PLAY and session.message is None


def test_with_one_card_selected_a_click_on_the_pile_discards_it(table_for, solo, clock):
    table = table_for(solo(drawn=True))
    key = hand_keys(table)[2]
    card = dict(table.session.hand_keys(0))[key]
    table.click("card", key)
    clock.advance(DRAW_GUARD_MS + 1)
    table.click("take")
    assert table.session.state.hand.pile_top == card


def test_not_your_turn_says_so(table_for, solo):
    session = solo(drawn=True)
    session.play(Discard(session.state.hand.hands[0][0]))
    table = table_for(session)
    table.click("draw")
    assert table.session.message == ("error", "It is not your turn.")
    assert table.session.state.to_move == 1


def test_discard_needs_exactly_one_card(table_for, solo):
    table = table_for(solo(drawn=True))
    table.click("discard")
    assert table.session.message == ("error", "Select one card.")
    table.click("lay")
    assert table.session.message == ("error", "Select the cards to meld.")


# -- keys ---------------------------------------------------------------------------------------


def test_keys_play_through_the_bindings(table_for, solo):
    table = table_for(solo())
    assert table.press(keys.binding("d", ctrl=False))
    assert table.session.state.hand.phase is Phase.PLAY
    viewer_sort = table.session.sort_modes.get(0, "suit")
    table.press(keys.binding("s", ctrl=False))
    assert table.session.sort_modes[0] == ("rank" if viewer_sort == "suit" else "suit")


def test_no_key_plays_while_a_dialog_is_open_and_escape_closes_it(table_for, solo):
    table = table_for(solo())
    table.click("menu")
    assert table.overlay is Overlay.MENU and not table.keys_live
    assert not table.press("draw")
    assert table.session.state.hand.phase is Phase.DRAW
    table.press("escape")
    assert table.overlay is None and table.keys_live


def test_escape_clears_the_selection(table_for, solo):
    table = table_for(solo(drawn=True))
    table.click("card", hand_keys(table)[0])
    table.press("escape")
    assert table.session.selected == []


def test_keys_do_nothing_on_the_new_game_screen(table_for):
    table = table_for()
    assert table.screen is Screen.NEWGAME and not table.press("draw")


# -- drops --------------------------------------------------------------------------------------


def test_dropping_the_stock_on_the_hand_draws(table_for, solo):
    table = table_for(solo())
    hand.drop(table, "stock", "hand-end")
    assert table.session.last == (0, DrawStock())


def test_dropping_the_pile_on_the_hand_takes_it_or_the_engine_says_why(table_for, solo):
    table = table_for(solo())
    legal = table.session.draw_options()["pile"]
    hand.drop(table, "pile", "hand:AH#0")
    session = table.session
    assert (session.last == (0, TakeDiscard())) == legal
    assert (session.message is not None and session.message[0] == "error") == (not legal)


def test_dropping_a_card_on_the_pile_discards_it(table_for, solo):
    table = table_for(solo(drawn=True))
    key = hand_keys(table)[-1]
    card = dict(table.session.hand_keys(0))[key]
    hand.drop(table, f"card:{key}", "pile")
    assert table.session.state.hand.pile_top == card


def test_dropping_a_card_on_another_rearranges_and_saves_the_table(table_for, solo):
    table = table_for(solo())
    first, fourth = hand_keys(table)[0], hand_keys(table)[3]
    hand.drop(table, f"card:{fourth}", f"hand:{first}")
    assert hand_keys(table)[:2] == [fourth, first]
    meta = json.loads(table.saves.store.getItem(TABLE_KEY))
    assert meta["sort"]["0"] == "manual" and meta["orders"]["0"][0] == fourth.split("#")[0]


def test_no_drop_acts_while_the_device_is_being_passed(table_for, hot_seat):
    table = table_for(hot_seat())
    hand.drop(table, "stock", "hand-end")
    assert table.session.state.hand.phase is Phase.DRAW


# -- the match, saves, the sheet ----------------------------------------------------------------


def test_every_move_is_saved_and_a_reload_resumes_it(table_for, solo):
    table = table_for(solo())
    table.click("draw")
    saved = table.saves.store.getItem(GAME_KEY)
    assert saved is not None
    again = type(table)(table.saves, Settings(lang="en"), clock=table.clock)
    again.resume_saved("1")
    assert again.session.state == table.session.state and again.screen is Screen.TABLE
    assert Effect.BOTS in again.take_effects()


def test_an_unreadable_save_is_kept_aside_and_explained(table_for):
    table = table_for()
    table.saves.store.setItem(GAME_KEY, "{not json")
    table.resume_saved("77")
    assert table.session is None and table.overlay is Overlay.NOTICE
    assert table.saves.store.getItem("scala40.broken.77.game") == "{not json"
    assert "scala40.broken.77.game" in table.notice[1]


def test_the_hot_seat_player_takes_the_device(table_for, hot_seat):
    table = table_for(hot_seat())
    assert table.session.needs_pass()
    table.click("pass-ready")
    assert table.session.viewer == 0 and table.keys_live
    assert json.loads(table.saves.store.getItem(TABLE_KEY))["viewer"] == 0


def test_the_end_of_a_hand_opens_the_sheet_and_next_hand_deals(table_for, closing_hand):
    session, closing = closing_hand([Seat("Anna", "bot"), Seat("Bruno", "bot")])
    table = table_for()
    table.session, table.screen = session, Screen.TABLE
    assert table.move(closing) is None
    assert table.overlay is Overlay.SHEET and session.state.between_hands
    assert session.bot_to_move()  # no human to press the button: the table deals
    assert table.move(NextHand()) is None
    assert table.overlay is None and session.state.hand.number == 2


def test_a_notice_at_the_end_of_a_hand_shows_at_once_and_the_sheet_comes_back(
        table_for, closing_hand):
    """A friend dropping while the score sheet is open is told before the next deal: the
    notice goes over the sheet, and the sheet, where the next hand is dealt, comes back."""
    session, closing = closing_hand([Seat("Anna"), Seat("Bruno", "bot")])
    table = table_for()
    table.session, table.screen = session, Screen.TABLE
    assert table.move(closing) is None and table.overlay is Overlay.SHEET
    table.tell("Bruno si è scollegato", "…")
    table.tell("Carla si è scollegato", "…")
    assert table.overlay is Overlay.NOTICE and table.notice[0] == "Bruno si è scollegato"
    table.click("close")
    assert table.overlay is Overlay.NOTICE and table.notice[0] == "Carla si è scollegato"
    table.click("close")
    assert table.overlay is Overlay.SHEET and table.notices == []
    assert table.move(NextHand()) is None and table.overlay is None


def test_a_notice_waits_behind_a_dialog_and_mid_hand_closes_to_the_table(table_for, solo):
    table = table_for(solo(drawn=True))
    table.click("menu")
    table.tell("Bruno si è scollegato", "…")
    assert table.overlay is Overlay.MENU  # not over what the player is doing
    table.click("close")
    assert table.overlay is Overlay.NOTICE
    table.click("close")
    assert table.overlay is None  # the hand goes on: no sheet to go back to
    table.click("sheet")
    table.tell("Carla si è scollegato", "…")
    assert table.overlay is Overlay.SHEET  # a sheet opened mid-hand is the player's look


def test_the_score_sheet_opened_mid_hand_stays_open_through_the_bots_moves(table_for, solo):
    table = table_for(solo(drawn=True))
    session = table.session
    discard = Discard(session.state.hand.hands[0][0])
    assert table.move(discard) is None and session.bot_to_move()
    table.click("sheet")
    assert table.overlay is Overlay.SHEET
    assert table.move(DrawStock()) is None  # the bot's move behind the sheet
    assert table.overlay is Overlay.SHEET


def test_leaving_a_match_against_bots_counts_as_abandoned(table_for, solo):
    table = table_for(solo())
    table.click("leave")
    assert table.overlay is Overlay.LEAVE
    table.click("leave-yes")
    assert table.session is None and table.screen is Screen.NEWGAME
    assert table.saves.store.getItem(GAME_KEY) is None
    stats = table.saves.load_stats()
    assert stats["table"]["101"]["easy"]["abandoned"] == 1 and stats["points"] == -200


def test_new_game_keeps_a_live_match_to_resume(table_for, solo):
    table = table_for(solo())
    table.click("new-game")
    assert table.screen is Screen.NEWGAME and table.session is not None
    table.click("resume-game")
    assert table.screen is Screen.TABLE and Effect.BOTS in table.take_effects()


# -- the new-game form ----------------------------------------------------------------------------


def setup(**changes) -> dict:
    base = {
        "count": 2, "mode": "101", "custom": 151, "preset": "classica", "rules": {},
        "seats": [{"name": "Anna", "kind": "human", "level": "medium", "strength": 0.5},
                  {"name": "Bruno", "kind": "bot", "level": "hard", "strength": 0.5}],
    }
    return {**base, **changes}


def test_start_begins_the_match_the_form_describes(table_for):
    table = table_for()
    assert start(table, setup(mode="single"), seed="s1") is None
    session = table.session
    assert table.screen is Screen.TABLE and session.state.rules.mode == "single"
    assert [s.level for s in session.seats] == ["medium", "hard"]
    assert table.settings.last["mode"] == "single"
    assert table.saves.store.getItem(GAME_KEY) is not None


@pytest.mark.parametrize("names", [("", "Bruno"), ("Anna", "Anna")])
def test_start_refuses_missing_or_repeated_names(table_for, names):
    table = table_for()
    seats = [{"name": n, "kind": "human", "level": "medium"} for n in names]
    assert start(table, setup(seats=seats), seed="s") == (
        "Every player needs a name, and the names must differ.")
    assert table.session is None


def test_a_custom_limit_the_engine_refuses_is_explained(table_for):
    table = table_for()
    error = start(table, setup(mode="custom", custom=0), seed="s")
    assert error and table.session is None


def test_balanced_bots_carry_their_strength():
    seats, _rules = match_from_setup(setup(seats=[
        {"name": "Anna", "kind": "human", "level": "medium"},
        {"name": "Bot", "kind": "bot", "level": "balanced", "strength": 0.7}]), "en")
    assert seats[1].level == "balanced:0.7"


def test_every_module_that_binds_actions_is_imported_with_the_page():
    web = Path(__file__).resolve().parents[2] / "web"
    binding = {path.relative_to(web.parent).with_suffix("").as_posix().replace("/", ".")
               for path in web.rglob("*.py")
               if re.search(r"^@(action|field)\(", path.read_text(), re.M)}
    assert binding == {module.__name__ for module in handlers.BOUND}
