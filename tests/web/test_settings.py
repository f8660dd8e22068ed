"""web/store/settings.py: the settings as one typed :class:`Settings`, read through the
settings' door and written back in the JSON shape every version reads; a member this
version does not know (a newer version's setting) survives it."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.i18n import LANGS
from web.store.saves import Saves
from web.store.settings import (
    FRIENDS_WAYS,
    MEMBERS,
    ON_OFF,
    SPEEDS,
    Settings,
    load_settings,
)
from web.store.storage import MAX_SMALL_CHARS, SETTINGS_KEY
from web.store.stores import MemoryStore
from web.table.menu import set_lang, set_speed, set_switch
from web.table.table import Table

#: The settings as the page before typed settings wrote them, every member set.
TODAYS = (
    '{"lang": "it", "speed": "slow", "last": {"count": 3, "seats": [{"name": "Nonna Pina", '
    '"kind": "human", "level": "balanced", "strength": 0.5}, {"name": "Bruno", "kind": "bot", '
    '"level": "hard:0.8", "strength": 1.0}, {"name": "Amico 1", "kind": "remote", "level": '
    '"easy", "strength": 0.5}], "mode": "custom", "custom": 151, "preset": "classica", '
    '"rules": {"jokers": 4, "reentry": false, "mode": "points"}}, "sound": true, '
    '"haptics": false, "large_cards": true, "four_colours": false, "left_handed": true, '
    '"friends": {"friends": 2, "bots": 1, "level": "hard", "way": "room"}, '
    '"name": "Nonna Pina", "stun": ["stun:stun.example.org:3478"], '
    '"relays": ["wss://relay.example.org"], "turn": {"urls": "turn:turn.example.org:3478", '
    '"username": "pina", "credential": "s3cret"}}'
)


def test_the_settings_stored_today_load_into_their_fields_and_are_written_back():
    store = MemoryStore({SETTINGS_KEY: TODAYS})
    loaded, refusal = load_settings(store)
    assert refusal is None
    assert (loaded.lang, loaded.speed, loaded.sound, loaded.haptics) == ("it", "slow", True, False)
    assert [loaded.is_on(look) for look in ("large_cards", "four_colours", "left_handed")] \
        == [True, False, True]
    assert loaded.name == "Nonna Pina" and loaded.friends["way"] == "room"
    assert loaded.stun == ["stun:stun.example.org:3478"]
    assert loaded.relays == ["wss://relay.example.org"]
    assert loaded.turn == {"urls": "turn:turn.example.org:3478", "username": "pina",
                           "credential": "s3cret"}
    assert loaded.last["custom"] == 151 and len(loaded.last["seats"]) == 3
    assert Saves(store).save_settings(loaded)  # written back, it is what was stored
    assert json.loads(store.getItem(SETTINGS_KEY)) == json.loads(TODAYS)
    assert load_settings(store) == (loaded, None)


def test_a_newer_versions_settings_survive_this_page_switching_its_own():
    """A player tries a newer version, then this one again: what only the newer one
    knows is kept as it was while the menu here changes the language, a look, the speed."""
    newer = {"lang": "en", "speed": "fast", "theme": "dark",
             "future": {"deep": [1, 2.5, None, {"x": "ü"}]}}
    store = MemoryStore({SETTINGS_KEY: json.dumps(newer)})
    saves = Saves(store, "3")
    table = Table(saves, saves.load_settings("en-GB"), clock=lambda: 0.0)
    set_lang(table, "it")
    set_switch(table, "left_handed", True)
    set_speed(table, "slow")
    written = json.loads(store.getItem(SETTINGS_KEY))
    assert (written["lang"], written["speed"], written["left_handed"]) == ("it", "slow", True)
    assert (written["theme"], written["future"]) == ("dark", newer["future"])
    assert not [key for key in store.stored_keys() if "broken" in key]


def test_a_member_unknown_here_that_cannot_be_written_is_dropped_not_refused():
    store = MemoryStore({SETTINGS_KEY: '{"lang": "en", "bad": "T\\ud800", "good": 1}'})
    loaded, refusal = load_settings(store)
    assert refusal is None and loaded.unknown == {"good": 1}


def test_only_an_on_off_setting_is_switched_by_name():
    mine = Settings(lang="en")
    with pytest.raises(ValueError, match="lang"):
        mine.switch("lang", True)
    assert not mine.is_on("lang") and not mine.is_on("unknown")
    for name in ON_OFF:
        mine.switch(name, True)
        assert mine.is_on(name) and getattr(mine, name) is True
    assert {field.name for field in fields(Settings)} >= set(ON_OFF)


def test_a_speed_the_menu_does_not_offer_is_not_kept(table_for):
    """A speed other than the menu's (a page's stray event) would have the stored settings
    refused at the next visit, every other setting with them."""
    table = table_for()
    set_switch(table, "sound", True)
    set_speed(table, "warp")
    assert table.settings.speed == "fast"
    again, refusal = load_settings(table.saves.store)
    assert refusal is None and again.sound and again.speed == "fast"


# -- whatever is stored under the key ------------------------------------------------------

TEXT = st.text(max_size=12)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | TEXT,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children,
                                                                      max_size=3),
    max_leaves=8,
)
LEVEL = st.sampled_from(["easy", "balanced", "hard:0.8"])
SEAT = st.fixed_dictionaries({}, optional={
    "name": TEXT, "kind": st.sampled_from(["human", "bot", "remote"]), "level": LEVEL,
    "strength": st.floats(0, 1)})
#: A value each member's schema allows.
VALID = {
    "lang": st.sampled_from(sorted(LANGS)), "speed": st.sampled_from(SPEEDS),
    **dict.fromkeys(ON_OFF, st.booleans()),
    "stun": st.lists(TEXT, max_size=8), "relays": st.lists(TEXT, max_size=8),
    "turn": st.fixed_dictionaries({}, optional=dict.fromkeys(("urls", "username",
                                                                "credential"), TEXT)),
    "name": TEXT,
    "friends": st.fixed_dictionaries({}, optional={
        "friends": st.integers(1, 5), "bots": st.integers(0, 4), "level": LEVEL,
        "way": st.sampled_from(FRIENDS_WAYS)}),
    "last": st.fixed_dictionaries({}, optional={
        "count": st.integers(2, 6), "seats": st.lists(SEAT, max_size=6),
        "mode": st.sampled_from(["single", "101", "201", "custom"]),
        "custom": st.integers(0, 100_000), "preset": st.sampled_from(["", "classica"]),
        "rules": st.dictionaries(st.sampled_from(["jokers", "reentry", "x_1"]),
                                 st.booleans() | st.integers() | TEXT, max_size=3)}),
}
assert set(VALID) == set(MEMBERS)
UNKNOWN = st.dictionaries(TEXT.filter(lambda name: name not in MEMBERS), JSON, max_size=3)
STORED = st.one_of(
    # every member valid, beside members unknown here
    st.builds(lambda known, unknown: {**unknown, **known},
              st.fixed_dictionaries({}, optional=VALID), UNKNOWN),
    # any member perhaps not (the settings are then refused as a whole)
    st.builds(lambda known, unknown: {**unknown, **known}, st.fixed_dictionaries(
        {}, optional={name: value | JSON for name, value in VALID.items()}), UNKNOWN),
    JSON,
)


@settings(max_examples=300, deadline=None)
@given(STORED)
def test_any_json_stored_loads_and_is_written_back_with_every_member_it_kept(stored):
    text = json.dumps(stored)
    store = MemoryStore({SETTINGS_KEY: text})
    loaded, refusal = load_settings(store, "4")
    assert isinstance(loaded, Settings)
    if refusal is not None:  # refused as a whole: kept aside as it was, the defaults used
        assert loaded == Settings(lang="en")
        assert store.getItem("scala40.broken.4.settings") == text
        return
    assert Saves(store).save_settings(loaded)
    written = json.loads(store.getItem(SETTINGS_KEY))
    for name, value in stored.items():
        if name in MEMBERS:  # a valid member: kept as its schema reads it
            assert written[name] == MEMBERS[name](value, name)
        else:  # a member unknown here: written back as it came
            assert json.dumps(written[name]) == json.dumps(value)
    assert set(written) <= set(stored) | set(MEMBERS)
    assert load_settings(store) == (loaded, None)


def test_members_unknown_here_that_would_not_fit_the_door_once_written_are_dropped():
    """Written back (with a space after each comma) they would have the settings refused
    at the next visit, this version's own with them."""
    text = json.dumps({"lang": "it", "future": list(range(11_000))}, separators=(",", ":"))
    assert len(text) < MAX_SMALL_CHARS < len(json.dumps(json.loads(text)))
    store = MemoryStore({SETTINGS_KEY: text})
    loaded, refusal = load_settings(store)
    assert refusal is None and loaded.lang == "it" and loaded.unknown == {}
    assert Saves(store).save_settings(loaded)
    assert load_settings(store) == (loaded, None)
