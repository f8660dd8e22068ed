"""The page's catalog (web/i18n): every message said in both languages, at 0, 1 and 2,
to the player at this device and about another (#41).

A count is said with its number ("1 carta", "1 card") and a move with its person ("Hai
pescato", "You drew"; "Bruno pesca", "Bruno draws"): a message that counts or names a
player has the forms, so "1 cards", "You draws" or "Tu pesca" cannot be written.
"""

from __future__ import annotations

import itertools

import pytest

from scala40.words import PERSON, WORDS, fields, say, shape, templates
from web.i18n import (
    ABOUT_OTHERS,
    LABELS,
    LANGS,
    STRINGS,
    friends,
    lesson,
    rules,
    screens,
    speech,
    stored,
    table,
)

#: Facts to say every message with (a name that is not "you" in either language).
FACTS = {"name": "Zeno", "names": "Zeno e Ugo", "card": "7♥", "cards": "7♥ 8♥ 9♥",
         "amount": "12", "target": "101", "hand": "3"}


def facts_for(message) -> dict[str, object]:
    named = set().union(*(fields(text) for side in message for text in templates(side)))
    return {name: FACTS.get(name, f"<{name}>") for name in named - {"n"}}


def has_form(text, keys) -> bool:
    """Whether ``text`` (one language's side) has forms by ``keys`` at its top or inside."""
    return not isinstance(text, str) and (frozenset(text) == keys or any(
        has_form(part, keys) for part in text.values()))


def test_the_parts_of_the_catalog_name_each_message_once():
    parts = [screens.STRINGS, stored.STRINGS, table.STRINGS, friends.STRINGS, speech.STRINGS,
             rules.STRINGS, lesson.STRINGS, WORDS]
    for one, other in itertools.combinations(parts, 2):
        assert not set(one) & set(other)
    assert len(STRINGS) == sum(len(part) for part in parts)


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_both_languages_have_the_same_forms_and_facts(key):
    italian, english = STRINGS[key]
    assert shape(italian) == shape(english), key
    named = [set().union(*(fields(text) for text in templates(side)))
             for side in (italian, english)]
    assert named[0] == named[1], key


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_message_is_said_at_0_1_and_2_to_you_and_about_another(key):
    message = STRINGS[key]
    for lang, n, you in itertools.product(LANGS, (0, 1, 2), (True, False)):
        text = say(message, lang, you=you, n=n, **facts_for(message))
        assert "{" not in text and "}" not in text, (key, text)
        person = has_form(message[0], PERSON)
        if person and you:
            assert "Zeno" not in text.split(":")[0] or "name" not in facts_for(message), \
                (key, text)  # spoken to, not named (a list names the others)
        if person and not you and "name" in facts_for(message):
            assert "Zeno" in text, (key, text)


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_a_message_that_counts_has_its_singular(key):
    """``{n}`` is a count unless the message is a label with a number (:data:`LABELS`:
    "Mano 3", "Giocatore 2"); a count needs its number's forms."""
    message = STRINGS[key]
    if key in LABELS or not any("{n}" in text for text in templates(message[1])):
        return
    assert has_form(message[0], frozenset({"one", "many"})), key


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_a_message_about_a_player_speaks_to_the_player_at_this_device(key):
    """A message that names a player (``{name}``) has the person's forms, unless it is
    one that never speaks of the player at this device (:data:`ABOUT_OTHERS`)."""
    message = STRINGS[key]
    if key in ABOUT_OTHERS or not any("{name}" in text for text in templates(message[1])):
        return
    assert has_form(message[0], PERSON), key


def test_the_exceptions_are_messages_of_the_catalog():
    assert set(LABELS) <= set(STRINGS) and set(ABOUT_OTHERS) <= set(STRINGS)


@pytest.mark.parametrize("lang, you, expected", [
    ("en", True, "You drew from the stock"), ("en", False, "Zeno draws from the stock"),
    ("it", True, "Hai pescato dal tallone"), ("it", False, "Zeno pesca dal tallone"),
])
def test_a_draw_is_told_in_its_person(lang, you, expected):
    assert say(STRINGS["move_draw"], lang, you=you, name="Zeno") == expected
