"""The hint on the table (#41): an opening of two melds is named whole in the message,
and the cards selected are those of the meld laid first, the one its Lay button lays."""

from __future__ import annotations

import pytest

from scala40 import Phase, Rules, parse_cards, position
from scala40.record import Game
from web.store.seat import Seat
from web.table.bots import Bots
from web.table.session import Session
from web.table.shown import Effect

THEIRS = "2C 3C 5C 7C 9D 10D JS QD KD 4H 6H 8H 9H"


async def _nothing() -> None:
    pass


def hint_table(table_for, run_alone, held: str, lang: str):
    """Anna (seat 0, not opened, drawn) holding ``held`` presses Hint and it is thought
    out: her table."""
    state = position([held, THEIRS], turn=0, phase=Phase.PLAY, players=["Anna", "Bruno"],
                     rules=Rules(mode="single"))
    session = Session(Game(state), [Seat("Anna"), Seat("Bruno", "bot", "easy")], "m1")
    session.viewer = 0
    table = table_for(session, lang)
    table.click("hint")
    assert Effect.HINT in table.take_effects()
    run_alone(Bots(table, object(), redraw=_nothing, spawn=lambda _: None).hint())
    return table


def hinted(table_for, run_alone, held: str, lang: str) -> Session:
    """The session of :func:`hint_table`."""
    return hint_table(table_for, run_alone, held, lang).session


@pytest.mark.parametrize("lang, text", [
    ("it", "Apri con A♦ 2♦ 3♦ 4♦ e Q♥ Q♣ Q♠: l'apertura arriva a 40 punti."),
    ("en", "Open with A♦ 2♦ 3♦ 4♦ and Q♥ Q♣ Q♠: the opening reaches 40 points."),
])
def test_a_two_meld_opening_is_named_whole_and_its_first_meld_selected(
        table_for, run_alone, lang, text):
    session = hinted(table_for, run_alone, "AD 2D 3D 4D QC QH QS 5S 7H 9C JD KS 6C 3H", lang)
    assert session.message == ("hint", text)
    held = dict(session.hand_keys(0))
    assert [held[key] for key in session.selected] == parse_cards("AD 2D 3D 4D")
    assert session.hint_keys == session.selected and session.hint_target is None


def test_a_one_meld_opening_selects_that_meld(table_for, run_alone):
    session = hinted(table_for, run_alone, "10H JH QH KH 5S 7D 9C 2D 4S 6C 3H 8D 8S JC", "en")
    assert session.message == ("hint", "Open with 10♥ J♥ Q♥ K♥: the opening reaches 40 points.")
    held = dict(session.hand_keys(0))
    assert [held[key] for key in session.selected] == parse_cards("10H JH QH KH")


@pytest.mark.parametrize("lang, said", [
    ("it", "Apri con asso di quadri, 2 di quadri, 3 di quadri, 4 di quadri e donna di cuori, "
           "donna di fiori, donna di picche: l'apertura arriva a 40 punti."),
    ("en", "Open with ace of diamonds, 2 of diamonds, 3 of diamonds, 4 of diamonds and queen "
           "of hearts, queen of clubs, queen of spades: the opening reaches 40 points."),
])
def test_the_hint_is_announced_with_its_cards_by_name(table_for, run_alone, lang, said):
    table = hint_table(table_for, run_alone, "AD 2D 3D 4D QC QH QS 5S 7H 9C JD KS 6C 3H", lang)
    table.redraw()
    assert said in table.speech.items[-1][1]
