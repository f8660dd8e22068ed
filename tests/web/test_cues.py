"""Sound and touch cues (web/table/cues.py): each move names its cue, the menu's switches
decide whether any is played, and the switches are kept with the settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scala40 import Attach, Discard, DrawStock, LayMeld, NextHand, SwapJoker, TakeBack, TakeDiscard
from scala40.cards import parse_cards
from web.store.saves import Saves
from web.store.settings import Settings
from web.store.storage import SETTINGS_KEY
from web.store.stores import MemoryStore
from web.table.cues import CUES, cue_for
from web.table.menu import SWITCHES, set_switch

JS = Path(__file__).resolve().parents[2] / "web" / "table" / "cues.js"


@pytest.mark.parametrize(("action", "cue"), [
    (DrawStock(), "draw"), (TakeDiscard(), "draw"),
    (LayMeld(tuple(parse_cards("4S 5S 6S"))), "meld"),
    (Attach(parse_cards("7S")[0], 0), "meld"),
    (SwapJoker(parse_cards("7S")[0], 0), "meld"),
    (Discard(parse_cards("9H")[0]), "discard"), (TakeBack(), "undo"), (NextHand(), None),
])
def test_each_move_names_its_cue(action, cue):
    assert cue_for(action, hand_over=False) == cue
    assert cue_for(action, hand_over=True) == "close"  # the closing discard, say


def test_every_cue_is_one_the_page_can_play():
    source = JS.read_text(encoding="utf-8")
    tones = source[source.index("const TONES"):source.index("const BUZZ")]
    buzz = source[source.index("const BUZZ"):source.index("let audio")]
    for cue in CUES:
        assert f"{cue}:" in tones and f"{cue}:" in buzz, cue


def on(table, *names):
    for name in names:
        set_switch(table, name, True)
    table.take_cues()  # the sample each switch plays


def test_with_both_switches_off_no_cue_is_played(table_for, solo):
    table = table_for(solo())
    table.click("draw")
    assert table.session.last == (0, DrawStock())
    assert table.take_cues() == []


def test_a_draw_a_discard_and_the_turn_coming_back(table_for, solo):
    table = table_for(solo())
    on(table, "sound")
    table.click("draw")
    assert table.take_cues() == ["draw"]
    session = table.session
    table.click("discard")  # no card selected: the table's own hint, not a move
    assert table.take_cues() == []
    table.click("card", session.hand_keys(0)[0][0])
    table.click("discard")
    assert table.take_cues() == ["discard"]
    bot = session.state.hand.hands[1]
    assert table.move(DrawStock()) is None and table.move(Discard(bot[0])) is None
    assert table.take_cues() == ["draw", "discard", "turn"]  # the bot played: your turn


def test_an_engine_refusal_buzzes(table_for, solo):
    table = table_for(solo(drawn=True))
    on(table, "haptics")
    assert table.play(DrawStock()) is False  # drawn already
    assert table.take_cues() == ["refused"]


def test_the_switches_are_kept_with_the_settings_and_nothing_else_is_one(table_for, solo):
    table = table_for(solo())
    set_switch(table, "sound", True)
    assert table.take_cues() == ["turn"]  # a sample of what was switched on
    set_switch(table, "haptics", False)
    set_switch(table, "speed", True)  # not a switch: ignored
    stored = json.loads(table.saves.store.getItem(SETTINGS_KEY))
    assert stored["sound"] is True and stored["haptics"] is False and stored["speed"] == "fast"
    assert set(SWITCHES) == {"sound", "haptics"}


@pytest.mark.parametrize("bad", ['"yes"', "1", "null", "[]"])
def test_a_stored_switch_that_is_not_true_or_false_is_refused_and_kept_aside(bad):
    store = MemoryStore({SETTINGS_KEY: '{"lang": "en", "sound": ' + bad + "}"})
    assert Saves(store, stamp="7").load_settings() == Settings(lang="en")
    assert store.getItem("scala40.broken.7.settings") is not None
