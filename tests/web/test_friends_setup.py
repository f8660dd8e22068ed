"""The friends' screen's choice (web/friends/setup.py): whatever its fields or the stored
settings hold, a choice in range; and the match it starts, through the form's own door
(match_from_setup), with the player, the friends and the bots in their seats."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scala40.bots import LEVELS
from web.friends.setup import SEATS, FriendsChoice, match_setup
from web.newgame.form import match_from_setup
from web.store.settings import FRIENDS_WAYS

ANYTHING = st.one_of(st.text(max_size=6), st.integers(-10, 10), st.none(), st.booleans())


@given(fields=st.dictionaries(st.sampled_from(["friends", "bots", "level", "way", "x"]),
                              ANYTHING), online=st.booleans())
def test_any_fields_read_as_a_choice_in_range(fields, online):
    choice = FriendsChoice.read(fields, online=online)
    assert 1 <= choice.friends <= SEATS - 1 and 0 <= choice.bots <= SEATS - 2
    assert choice.level in LEVELS and choice.way in FRIENDS_WAYS
    if fields.get("way") not in FRIENDS_WAYS:
        assert choice.way == ("internet" if online else "room")


@given(friends=st.integers(1, 5), bots=st.integers(0, 4), level=st.sampled_from(LEVELS),
       lang=st.sampled_from(["it", "en"]), name=st.sampled_from(["", "Marta", "Dario"]))
def test_a_choice_that_fits_starts_its_match(friends, bots, level, lang, name):
    choice = FriendsChoice(friends, bots, level, "room")
    setup = match_setup(choice, {"mode": "single", "rules": {}}, name, lang)
    match = match_from_setup(setup, lang)
    if not choice.fits:
        return
    if name == "Dario" and bots and friends + 1 <= 3 < friends + 1 + bots:
        assert isinstance(match, str)  # a bot of the same name: the form's refusal
        return
    assert not isinstance(match, str), match
    seats, rules = match
    assert rules.mode == "single"
    kinds = [seat.kind for seat in seats]
    assert kinds == ["human"] + ["remote"] * friends + ["bot"] * bots
    assert all(seat.level.split(":")[0] == level for seat in seats if seat.is_bot)


def test_a_stored_choice_is_read_back():
    choice = FriendsChoice(3, 2, "hard", "room")
    assert FriendsChoice.read(choice.stored(), online=True) == choice
