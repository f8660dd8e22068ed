"""The table's looks (large cards, the four-colour deck, left-handed): kept with the
settings through their door, a bad stored value refused and kept aside; switched in the
menu, in both languages; each card marked with its suit, whose symbol is on its face."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.cards import SUIT_SYMBOLS, Card
from web.i18n import t
from web.store.saves import Saves
from web.store.settings import LOOKS, Settings, look_classes
from web.store.storage import SETTINGS_KEY
from web.store.stores import MemoryStore
from web.table.cards import card_face, mini_card, suit_class
from web.table.dialogs import menu_dialog
from web.table.menu import ON_OFF, set_switch

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                               max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(look=st.sampled_from(LOOKS), value=JSON)
def test_any_stored_value_of_a_look_is_read_or_refused_and_kept_aside(look, value):
    store = MemoryStore({SETTINGS_KEY: json.dumps({"lang": "en", look: value})})
    loaded = Saves(store, stamp="7").load_settings()
    kept = store.getItem("scala40.broken.7.settings")
    if type(value) is bool:
        assert loaded.is_on(look) is value and kept is None
        assert look_classes(loaded)[look.replace("_", "-")] is value
    else:
        assert loaded == Settings(lang="en") and json.loads(kept) == {"lang": "en", look: value}
        assert not any(look_classes(loaded).values())
    for lang in ("it", "en"):  # the menu draws whatever was read
        menu_dialog(None, lang, loaded, "1")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_menu_shows_each_look_as_a_switch_in_the_players_language(lang):
    menu = menu_dialog(None, lang, Settings(lang=lang, four_colours=True), "1")
    for look in LOOKS:
        label = t(look, lang)
        assert label and label != look
        on = "checked" if look == "four_colours" else ""
        assert (f'<label class="row switch">{label} <input type="checkbox" role="switch" '
                f'data-set="{look}" name="{look}" {on}></label>') in menu
    assert t("looks", lang) in menu
    assert t("large_cards", "it") != t("large_cards", "en")


def test_a_look_switched_in_the_menu_is_kept_and_marks_the_page(table_for):
    table = table_for()
    assert set(LOOKS) <= set(ON_OFF)
    for look in LOOKS:
        set_switch(table, look, True)
    assert table.take_cues() == []  # no sound sample: it is not a cue's switch
    set_switch(table, "left_handed", False)
    stored = json.loads(table.saves.store.getItem(SETTINGS_KEY))
    assert {look: stored[look] for look in LOOKS} == {
        "large_cards": True, "four_colours": True, "left_handed": False}
    assert look_classes(table.settings) == {
        "large-cards": True, "four-colours": True, "left-handed": False}


def test_each_suit_is_marked_apart_and_its_symbol_is_on_every_face():
    """The four-colour deck colours ♦ and ♣ by these classes; the symbol stays, so a suit
    is never told by its colour alone (the face, the small card, the joker's badge)."""
    classes = {suit: suit_class(Card.parse("7" + suit)) for suit in "SHDC"}
    assert len({cls.split()[-1] for cls in classes.values()}) == 4
    assert classes["H"].startswith("red") and classes["S"].startswith("black")
    joker = Card.parse("JK")
    for suit, symbol in SUIT_SYMBOLS.items():
        card = Card.parse("7" + suit)
        assert card_face(card, "it").count(symbol) == 3
        assert symbol in mini_card(card, "en")
        assert f'class="as {suit_class(card)}">7{symbol}<' in card_face(joker, "en", card)
