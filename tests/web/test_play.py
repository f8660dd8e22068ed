"""The table in play, without a browser: prompts from the engine's legal actions, the
live opening counter, the drawn card marked and named only for its seat, a
selection kept across a bot's move, messages that go with the state, deliberate
drops, the meld arrangement, the joker's face."""

from __future__ import annotations

import pytest
from test_render import Elements, table_page

from scala40 import Card, Discard, DrawStock, LayMeld, Rules, TakeDiscard, is_legal, make_meld
from scala40.solver import best_melds
from web.i18n import card_in_sentence
from web.store.seat import Seat
from web.table import hand
from web.table.cards import card_face, mini_card
from web.table.log import log_line
from web.table.session import Session
from web.table.shown import Screen
from web.table.view import status_line, table


def first_to_move(seats: list[Seat], rules: Rules | None = None) -> Session:
    """A new session (seeds 0, 1, ...) where seat 0 moves first."""
    for seed in range(200):
        session = Session.new(seats, seed, rules)
        if session.state.to_move == 0:
            return session
    raise AssertionError("no seed lets seat 0 move first")


def bot_to_move_after_anna(rules: Rules | None = None) -> Session:
    """Anna (seat 0, human) has drawn and discarded: the bot Bruno is to move."""
    session = first_to_move([Seat("Anna"), Seat("Bruno", "bot", "easy")], rules)
    session.play(DrawStock())
    held = session.state.hand.hands[0]
    session.play(next(Discard(c) for c in held if is_legal(session.state, Discard(c))))
    assert session.state.to_move == 1
    return session


# -- prompts say what is possible now ----------------------------------------------------


def prompt(session: Session, lang: str = "en") -> str:
    return "".join(Elements(status_line(session, lang, thinking=False)).text)


def test_the_draw_prompt_names_the_pile_only_when_the_engine_allows_it():
    for rules, pile in ((Rules(pile_before_opening=False), False),
                        (Rules(pile_before_opening=True), True)):
        session = first_to_move([Seat("Anna"), Seat("Bruno", "bot")], rules)
        assert is_legal(session.state, TakeDiscard()) is pile
        text = prompt(session)
        assert text.startswith("Your turn: draw from the stock")
        assert ("pile" in text) is pile, text


def test_before_opening_the_play_prompt_speaks_of_opening(solo):
    session = solo(drawn=True)
    assert "open" in prompt(session)
    assert "poi scarta" not in prompt(session, "it") and "aprire" in prompt(session, "it")


# -- the live opening counter --------------------------------------------------------------


def test_the_opening_counter_counts_the_selected_melds_with_the_solver(solo):
    session = solo(drawn=True)
    keyed = session.hand_keys(0)
    solution = best_melds([card for _, card in keyed], session.state.rules)
    assert solution is not None and solution.melds  # the fixture's hand holds melds
    cards, _ = solution.melds[0]
    for card in cards:
        session.toggle(next(k for k, c in keyed if c == card and k not in session.selected))
    have, needed = session.opening_with_selection()  # type: ignore[misc]
    assert have == make_meld(cards).points and needed == 40
    text = prompt(session)
    assert (f"{have} points: 40 needed" in text) or (f"{have} points: enough to open" in text)
    assert "punti: ne servono 40" in prompt(session, "it") or have >= 40


def test_no_counter_without_a_selection_or_after_opening(solo):
    session = solo(drawn=True)
    assert session.opening_with_selection() is None
    assert session.opening_with_selection() is None  # reading never changes it


# -- the drawn card --------------------------------------------------------------------------


def test_the_drawn_card_is_marked_until_the_next_move_and_named_for_its_seat_only(solo):
    session = solo()
    drawn = session.state.hand.stock[-1]
    session.play(DrawStock())
    (key,) = session.marked_keys()
    assert key.startswith(f"{drawn}#")
    page = table_page(session)
    marked = [a for a in page.having("button", data_act="card") if "drawn" in (a["class"] or "")]
    assert [a["data-card"] for a in marked] == [str(drawn)]
    session.drawn()  # the page drew it once: the animation is over, the mark is not
    assert session.marked_keys() == {key}
    names = session.names
    entry = session.state.hand.log[-1]
    index = len(session.state.hand.log) - 1
    mine = log_line(names, entry, "en", 0, session.drawn_card(index, 0))
    assert mine == f"You drew {card_in_sentence(drawn, 'en')}"
    assert log_line(names, entry, "it", 0, session.drawn_card(index, 0)) == \
        f"Hai pescato {card_in_sentence(drawn, 'it')}"
    # any other seat's view never names it
    assert session.drawn_card(index, 1) is None
    assert log_line(names, entry, "en", 1, session.drawn_card(index, 1)) == \
        "Anna draws from the stock"
    held = session.state.hand.hands[0]
    session.play(next(Discard(c) for c in held if is_legal(session.state, Discard(c))))
    assert session.marked_keys() == set()


def test_a_bots_draw_is_never_named_on_the_humans_table():
    session = bot_to_move_after_anna()
    drawn = session.state.hand.stock[-1]
    session.play(DrawStock())  # Bruno draws
    text = " ".join(Elements(table(session, "en", thinking=False)).text)
    assert "Bruno draws from the stock" in text
    assert f"Bruno draws {card_in_sentence(drawn, 'en')}" not in text


# -- selections and messages --------------------------------------------------------------------


def test_a_selection_made_while_a_bot_plays_survives_its_move():
    session = bot_to_move_after_anna()
    keys = [key for key, _ in session.hand_keys(0)][:2]
    for key in keys:
        session.toggle(key)
    session.play(DrawStock())  # Bruno's moves
    held = session.state.hand.hands[1]
    session.play(next(Discard(c) for c in held if is_legal(session.state, Discard(c))))
    assert session.selected == keys


def test_the_players_own_move_still_clears_a_played_selection(solo):
    session = solo(drawn=True)
    key, card = next((k, c) for k, c in session.hand_keys(0)
                     if is_legal(session.state, Discard(c)))
    session.toggle(key)
    session.play(Discard(card))
    assert session.selected == []


def test_a_refusal_goes_when_undo_changes_the_state(table_for, solo):
    session = solo(drawn=True)
    table = table_for(session)
    keys = [key for key, _ in session.hand_keys(0)]
    cards = dict(session.hand_keys(0))
    solution = best_melds(list(cards.values()), session.state.rules)
    assert solution is not None and solution.melds  # the fixture's hand holds melds
    melds = solution.melds[0][0]
    for card in melds:
        session.toggle(next(k for k in keys if cards[k] == card and k not in session.selected))
    table.click("lay")
    if session.choice is not None:
        table.click("choose", "0")
    assert session.state.hand.turn_melds  # laid, provisionally
    table.click("discard")  # nothing selected: the table says so
    assert session.message is not None
    table.click("undo")
    assert session.message is None
    assert not session.state.hand.turn_melds


def test_a_drop_on_a_meld_with_other_cards_selected_lays_them_and_keeps_the_selection(
        table_for, solo):
    session = solo(drawn=True)
    table = table_for(session)
    keys = [key for key, _ in session.hand_keys(0)]
    session.toggle(keys[0])
    session.toggle(keys[1])
    hand.drop(table, f"card:{keys[2]}", "meld:0")  # no meld there: it was meant for the table
    assert session.selected[:2] == keys[:2]
    assert keys[2] in session.selected or session.state.hand.turn_melds


def test_a_single_card_dropped_on_a_meld_is_a_deliberate_attach(table_for, solo):
    session = solo(drawn=True)
    table = table_for(session)
    key = session.hand_keys(0)[0][0]
    hand.drop(table, f"card:{key}", "meld:0")
    assert session.selected == [key]
    assert session.message is not None and session.message[0] == "error"  # the engine's why


# -- the buttons -------------------------------------------------------------------------------


def main_buttons(session) -> list[str]:
    page = table_page(session)
    return [act for act in ("lay", "discard")
            if "primary" in page.classes("button", data_act=act)[0]]


def test_the_main_button_is_what_the_selection_leads_to_and_only_when_it_can_be_pressed(solo):
    """One card selected is a discard, more are a meld (#41: Meld was the main button
    with one card selected, and after a hint to discard)."""
    session = solo(drawn=True)
    assert main_buttons(session) == []
    keys = [key for key, _ in session.hand_keys(0)]
    session.toggle(keys[0])
    assert main_buttons(session) == ["discard"]
    session.toggle(keys[1])
    assert main_buttons(session) == ["lay"]


@pytest.mark.parametrize("target, main", [("pile", "discard"), (None, "lay"), ("meld:0", None)])
def test_the_main_button_is_the_hinted_move(solo, target, main):
    session = solo(drawn=True)
    keys = [key for key, _ in session.hand_keys(0)]
    session.selected = keys[:1] if target == "pile" else keys[:3]
    session.hint_keys, session.hint_target = list(session.selected), target
    assert main_buttons(session) == ([main] if main else [])


def test_arrange_melds_puts_each_of_the_solvers_melds_together(table_for, solo):
    session = solo(drawn=True)
    table = table_for(session)
    table.click("arrange")
    order = [card for _, card in session.hand_keys(0)]
    solution = best_melds(session.state.hand.hands[0], session.state.rules)
    assert solution is not None
    start = 0
    for cards, _ in solution.melds:
        assert order[start:start + len(cards)] == list(cards)
        start += len(cards)
    assert sorted(map(str, order)) == sorted(map(str, session.state.hand.hands[0]))


# -- the melds on the table and the joker ---------------------------------------------------------


def test_the_viewers_melds_come_after_the_others():
    session = bot_to_move_after_anna()
    owners = [a["data-owner"] for a in table_page(session).having("div", **{"class": "group"})]
    assert owners == sorted(owners, key=lambda o: (o == "0", o))


def test_the_joker_never_reads_as_a_jack_and_shows_what_it_stands_for():
    face = str(card_face(Card.parse("JK"), "en", Card.parse("10H")))
    assert "J<br>" not in face and "★" in face
    assert "JOKER" in face and "JOLLY" in str(card_face(Card.parse("JK"), "it"))
    badge = Elements(face)
    assert badge.having("span", **{"class": "as red hearts"})
    assert "10♥" in "".join(badge.text)
    meld = make_meld([Card.parse(c) for c in ("9H", "JK", "JH")])
    mini = Elements(mini_card(Card.parse("JK"), "en", meld.joker_as))
    assert mini.having("span")[0]["aria-label"] == "joker = 10 of hearts"


def test_a_laid_meld_travels_from_the_hand_or_the_bots_chip(solo):
    session = solo(drawn=True)
    solution = best_melds(session.state.hand.hands[0], session.state.rules)
    assert solution is not None and solution.melds  # the fixture's hand holds melds
    cards, joker_as = solution.melds[0]
    session.play(LayMeld(cards, joker_as))
    froms = [a.get("data-from") for t, a in table_page(session).tags
             if "mini" in (a.get("class") or "")]
    assert froms == [f"card:{c}" for c in cards]


# -- a closing's moment ----------------------------------------------------------------------------


def test_a_closing_gets_its_moment_before_the_sheet(table_for, closing_hand):
    session, closing = closing_hand([Seat("Anna", "bot"), Seat("Bruno", "bot")])
    table = table_for()
    table.session, table.screen = session, Screen.TABLE
    closer = session.state.to_move
    assert table.move(closing) is None
    page = table_page(session, overlay=table.overlay)
    assert "fx-closing" in next(c for c in page.classes("div") if "table" in c)
    banner = page.having("div", **{"class": "closing-banner"})
    assert banner
    assert f"{session.name(closer)} closes!" in "".join(page.text)
    session.drawn()  # drawn once: the next redraw (inside the sheet) shows no banner again
    assert not table_page(session, overlay=table.overlay).having(
        "div", **{"class": "closing-banner"})
