"""The catalog (scala40/lang, one module a language): every shipped language has every
message, with the forms and facts of English's; every message of the page said in each
language at 0, 1 and 2, to the player at this device and about another (#41).

A count is said with its number ("1 carta", "1 card") and a move with its person ("Hai
pescato", "You drew"; "Bruno pesca", "Bruno draws"): a message that counts or names a
player has the forms, so "1 cards", "You draws" or "Tu pesca" cannot be written.
"""

from __future__ import annotations

import itertools

import pytest

from scala40.words import FALLBACK, PERSON, fields, languages, say, shape, templates, texts
from web.i18n import ABOUT_OTHERS, LABELS, LANG_NAMES, LANGS, STRINGS

#: The parts of each language's module (scala40/lang/__init__.py).
PARTS = ("WORDS", "REFUSALS", "REASONS", "PAGE", "PEER")

#: Facts to say every message with (a name that is not "you" in either language).
FACTS = {"name": "Zeno", "names": "Zeno e Ugo", "card": "7♥", "cards": "7♥ 8♥ 9♥",
         "amount": "12", "target": "101", "hand": "3"}


def facts_for(message) -> dict[str, object]:
    named = set().union(*(fields(text) for side in message.values() for text in templates(side)))
    return {name: FACTS.get(name, f"<{name}>") for name in named - {"n"}}


def has_form(text, keys) -> bool:
    """Whether ``text`` (one language's side) has forms by ``keys`` at its top or inside."""
    return not isinstance(text, str) and (frozenset(text) == keys or any(
        has_form(part, keys) for part in text.values()))


def test_the_languages_offered_are_the_catalogs_modules():
    assert sorted(LANG_NAMES) == sorted(languages())


def test_the_page_and_the_words_it_shares_name_each_message_once():
    assert not set(texts(FALLBACK, "PAGE")) & set(texts(FALLBACK, "WORDS"))
    assert len(STRINGS) == len(texts(FALLBACK, "PAGE")) + len(texts(FALLBACK, "WORDS"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("part", PARTS)
def test_every_language_has_every_message_of_english_and_no_other(part, lang):
    """A message a language lacks would be said in English (:data:`FALLBACK`) on a page
    in that language; one English lacks, nowhere."""
    reference, own = set(texts(FALLBACK, part)), set(texts(lang, part))
    assert reference, part
    assert {"missing": reference - own, "unknown": own - reference} == \
        {"missing": set(), "unknown": set()}


@pytest.mark.parametrize("part, key", [(part, key) for part in PARTS
                                       for key in texts(FALLBACK, part)])
def test_every_language_has_the_same_forms_and_facts(part, key):
    """The same forms by person and number (a language may add its own by gender) and
    the same facts: the caller gives the same ``you=``, ``n=`` and facts in each."""
    english = texts(FALLBACK, part)[key]
    facts = set().union(*(fields(text) for text in templates(english)))
    for lang in LANGS:
        own = texts(lang, part).get(key, english)
        assert shape(own) == shape(english), (lang, key)
        assert set().union(*(fields(text) for text in templates(own))) == facts, (lang, key)


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_message_is_said_at_0_1_and_2_to_you_and_about_another(key):
    message = STRINGS[key]
    for lang, n, you in itertools.product(LANGS, (0, 1, 2), (True, False)):
        text = say(message, lang, you=you, n=n, **facts_for(message))
        assert "{" not in text and "}" not in text, (key, text)
        person = has_form(message["it"], PERSON)
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
    if key in LABELS or not any("{n}" in text for text in templates(message["en"])):
        return
    assert has_form(message["it"], frozenset({"one", "many"})), key


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_a_message_about_a_player_speaks_to_the_player_at_this_device(key):
    """A message that names a player (``{name}``) has the person's forms, unless it is
    one that never speaks of the player at this device (:data:`ABOUT_OTHERS`)."""
    message = STRINGS[key]
    if key in ABOUT_OTHERS or not any("{name}" in text for text in templates(message["en"])):
        return
    assert has_form(message["it"], PERSON), key


def test_the_exceptions_are_messages_of_the_catalog():
    assert set(LABELS) <= set(STRINGS) and set(ABOUT_OTHERS) <= set(STRINGS)


@pytest.mark.parametrize("lang, you, expected", [
    ("en", True, "You drew from the stock"), ("en", False, "Zeno draws from the stock"),
    ("it", True, "Hai pescato dal tallone"), ("it", False, "Zeno pesca dal tallone"),
])
def test_a_draw_is_told_in_its_person(lang, you, expected):
    assert say(STRINGS["move_draw"], lang, you=you, name="Zeno") == expected
