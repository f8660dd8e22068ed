"""scala40.words: every message is said in the form its facts call for (#41)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import RuleError
from scala40.errors import MESSAGES
from scala40.words import form, say, shape, templates

DRAW = {"it": {"you": "Hai pescato dal tallone", "they": "{name} pesca dal tallone"},
        "en": {"you": "You drew from the stock", "they": "{name} draws from the stock"}}
CARDS = {"it": {"one": "{n} carta", "many": "{n} carte"},
         "en": {"one": "{n} card", "many": "{n} cards"}}
LEFT = {"it": {"you": {"one": "Ti resta {n} carta", "many": "Ti restano {n} carte"},
               "they": {"one": "A {name} resta {n} carta", "many": "A {name} restano {n} carte"}},
        "en": {"you": {"one": "You have {n} card left", "many": "You have {n} cards left"},
               "they": {"one": "{name} has {n} card left", "many": "{name} has {n} cards left"}}}


def test_the_person_picks_the_form():
    assert say(DRAW, "en", you=True) == "You drew from the stock"
    assert say(DRAW, "en", you=False, name="Bruno") == "Bruno draws from the stock"
    assert say(DRAW, "it", you=False, name="Bruno") == "Bruno pesca dal tallone"


@given(st.integers(min_value=0, max_value=10_000))
def test_one_is_singular_and_every_other_count_plural(n):
    english, italian = say(CARDS, "en", n=n), say(CARDS, "it", n=n)
    assert english == (f"{n} card" if n == 1 else f"{n} cards")
    assert italian == (f"{n} carta" if n == 1 else f"{n} carte")


def test_person_and_number_together():
    assert say(LEFT, "it", you=True, n=1) == "Ti resta 1 carta"
    assert say(LEFT, "en", you=False, n=2, name="Carla") == "Carla has 2 cards left"


@pytest.mark.parametrize("message, facts", [(DRAW, {"n": 1}), (CARDS, {"you": True}),
                                            (LEFT, {"you": True}), (LEFT, {"n": 2})])
def test_a_message_with_forms_cannot_be_said_without_the_fact_that_picks_one(message, facts):
    with pytest.raises(TypeError):
        say(message, "en", **facts)


def test_forms_are_by_person_or_by_number_only():
    with pytest.raises(ValueError):
        form({"one": "a", "other": "b"}, n=1)


#: A message with forms by the gender of its named subject in one language only (a
#: made-up code, "fr"), as a language may have where the others have not.
LEFT_THE_TABLE = {"en": "{name} left the table",
                  "fr": {"feminine": "{name} est partie", "masculine": "{name} est parti",
                         "neutral": "{name} a quitté la table"}}


@pytest.mark.parametrize("gender, said", [("feminine", "Anna est partie"),
                                          ("masculine", "Anna est parti"),
                                          (None, "Anna a quitté la table")])
def test_a_language_may_have_forms_by_gender_that_the_others_lack(gender, said):
    facts = {"gender": gender} if gender else {}
    assert say(LEFT_THE_TABLE, "fr", name="Anna", **facts) == said
    assert say(LEFT_THE_TABLE, "en", name="Anna", **facts) == "Anna left the table"
    assert shape(LEFT_THE_TABLE["fr"]) == shape(LEFT_THE_TABLE["en"])


def test_forms_by_gender_must_have_the_same_forms_inside():
    uneven = {"feminine": {"one": "{n} amie", "many": "{n} amies"}, "masculine": "{n} amis",
              "neutral": "{n} amis"}
    assert shape(uneven) != shape({"one": "{n} friend", "many": "{n} friends"})


def test_a_refusal_with_a_count_is_said_in_its_number():
    """The engine's refusals go through the same forms (a count ``n`` in the facts)."""
    for code, message in MESSAGES.items():
        for side in message.values():
            if "{n}" in "".join(templates(side)):
                assert shape(side) is not None, code


def test_a_refusal_renders_in_both_languages():
    error = RuleError("opening_below_minimum", needed=40, have=34)
    assert error.message("it") == "Per aprire servono 40 punti: ne hai 34."
    assert str(error) == "To open you need 40 points: you have 34."
