"""The hint names the whole plan of an opening (#41): every meld it lays to reach the
minimum, in Italian and English, and its action is the meld laid first, so the text and
the cards the table selects agree."""

from __future__ import annotations

import pytest

from scala40 import LayMeld, Phase, Rules, apply, observe, parse_cards, position
from scala40.bots import REASONS, hint
from scala40.words import templates

#: Bruno's thirteen cards: nothing in them matters to Anna's hint.
THEIRS = "2C 3C 5C 7C 9D 10D JS QD KD 4H 6H 8H 9H"
#: Anna's fourteen cards, drawn: a 10-point run and a 30-point set make 40 only together.
TWO_MELDS = "AD 2D 3D 4D QC QH QS 5S 7H 9C JD KS 6C 3H"
#: Anna's fourteen cards, drawn: one 40-point run, nothing else that melds.
ONE_MELD = "10H JH QH KH 5S 7D 9C 2D 4S 6C 3H 8D 8S JC"


def said_hint(view):
    """The hint's move and its reason said in Italian and English."""
    action, reason = hint(view)
    return action, reason.said("it"), reason.said("en")


def drawn(held: str, mode: str):
    """Anna (seat 0, not opened) has drawn and holds ``held``."""
    return position([held, THEIRS], turn=0, phase=Phase.PLAY, rules=Rules(mode=mode))


@pytest.mark.parametrize("mode", ["points", "single"])
def test_an_opening_of_two_melds_names_both_and_lays_the_first(mode):
    state = drawn(TWO_MELDS, mode)
    action, italian, english = said_hint(observe(state, 0))
    assert action == LayMeld(tuple(parse_cards("AD 2D 3D 4D")))
    assert italian == "Apri con A♦ 2♦ 3♦ 4♦ e Q♥ Q♣ Q♠: l'apertura arriva a 40 punti."
    assert english == "Open with A♦ 2♦ 3♦ 4♦ and Q♥ Q♣ Q♠: the opening reaches 40 points."
    # the run laid, the next hint is the rest of the plan, the opening still counted whole
    action, italian, english = said_hint(observe(apply(state, action), 0))
    assert action == LayMeld(tuple(parse_cards("QH QC QS")))
    assert italian == "Apri con Q♥ Q♣ Q♠: l'apertura arriva a 40 punti."
    assert english == "Open with Q♥ Q♣ Q♠: the opening reaches 40 points."


@pytest.mark.parametrize("mode", ["points", "single"])
def test_an_opening_of_one_meld_names_that_meld(mode):
    action, italian, english = said_hint(observe(drawn(ONE_MELD, mode), 0))
    assert action == LayMeld(tuple(parse_cards("10H JH QH KH")))
    assert italian == "Apri con 10♥ J♥ Q♥ K♥: l'apertura arriva a 40 punti."
    assert english == "Open with 10♥ J♥ Q♥ K♥: the opening reaches 40 points."


def test_the_english_reasons_say_going_rummy_as_the_page_does():
    """"In mano" is Italian: the page's English says "going rummy" (web/i18n)."""
    english = [line for message in REASONS.values() for line in templates(message["en"])]
    assert not any("mano" in line for line in english)
    assert REASONS["close_mano"]["en"].startswith("Go rummy: ")
    assert "to go rummy" in REASONS["hold"]["en"]
