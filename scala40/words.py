"""Texts with grammar: the one way every message of the game, the engine's and the
page's, is put into words, in Italian and English.

A message is a pair ``(italian, english)``. Each side is a plain template, or its
forms: by **person** (``{"you": ..., "they": ...}``: the player at this device is
spoken to, "Hai pescato", "You drew"; anyone else is named, "Bruno pesca", "Bruno
draws") and by **number** (``{"one": ..., "many": ...}``: "1 carta", "2 carte"),
nested when a message has both. :func:`say` picks the form from the facts the
caller must give (``you=`` for person, ``n=`` for number), so a message that has
forms cannot be said without them, and "You draws" or "1 cards" cannot be written.

gettext (stdlib, in Pyodide too) would serve the lookup and the plurals, but needs
compiled ``.mo`` catalogs made by a tool the site's build does not have (``msgfmt``
is not installed with Python), keys messages by their English text, and has no
person: it would be contexts written by hand around every subject. Italian and
English share gettext's plural rule for them (``n != 1``: "0 carte", "0 cards"),
which :func:`number_form` is.

>>> DRAW = ({"you": "Hai pescato dal tallone", "they": "{name} pesca dal tallone"},
...         {"you": "You drew from the stock", "they": "{name} draws from the stock"})
>>> say(DRAW, "en", you=False, name="Bruno"), say(DRAW, "it", you=True, name="Anna")
('Bruno draws from the stock', 'Hai pescato dal tallone')
>>> CARDS = ({"one": "{n} carta", "many": "{n} carte"}, {"one": "{n} card", "many": "{n} cards"})
>>> [say(CARDS, "en", n=n) for n in (0, 1, 2)]
['0 cards', '1 card', '2 cards']
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping

LANGUAGES = ("it", "en")
PERSON = frozenset({"you", "they"})
NUMBER = frozenset({"one", "many"})

#: A template, or its forms by person or by number (nested when it has both).
Text = str | Mapping[str, "Text"]
#: A message: its Italian and its English.
Message = tuple[Text, Text]


def number_form(n: int) -> str:
    """The form of a count in Italian and English: "one" for 1 only."""
    return "one" if n == 1 else "many"


def form(text: Text, *, you: bool | None = None, n: int | None = None) -> str:
    """The template of ``text`` for this person and number; a message with forms said
    without the fact that picks one is a programming error (``TypeError``)."""
    while not isinstance(text, str):
        keys = frozenset(text)
        if keys == PERSON:
            if you is None:
                raise TypeError(f"say whose message this is (you=): {dict(text)}")
            text = text["you" if you else "they"]
        elif keys == NUMBER:
            if n is None:
                raise TypeError(f"say how many (n=): {dict(text)}")
            text = text[number_form(n)]
        else:
            raise ValueError(f"forms are by person {sorted(PERSON)} or number "
                             f"{sorted(NUMBER)}, not {sorted(keys)}")
    return text


def say(message: Message, language: str, *, you: bool | None = None, n: int | None = None,
        **facts: object) -> str:
    """``message`` in ``language`` ("it", or English for any other), in the form for
    ``you`` and ``n``, with ``facts`` (and ``n``) filled in."""
    if n is not None:
        facts.setdefault("n", n)
    return say_with(message, language, {**facts, "you": you} if you is not None else facts)


def say_with(message: Message, language: str, facts: Mapping[str, object]) -> str:
    """:func:`say` with the facts in a mapping (a refusal's): ``you`` (a bool) picks
    the person, ``n`` (a whole number) the number, and every fact but ``you`` fills in."""
    you, n = facts.get("you"), facts.get("n")
    count = n if isinstance(n, int) and not isinstance(n, bool) else None
    template = form(message[0] if language == "it" else message[1],
                    you=you if isinstance(you, bool) else None, n=count)
    shown = {key: value for key, value in facts.items() if key != "you"}
    return template.format(**shown) if shown else template


#: The words the engine's messages share with the page's (the page's catalog holds them
#: too): a card named in a sentence with its article, the joker's name, a list's "and".
WORDS: dict[str, Message] = {
    "the_card": ("il {card}", "the {card}"),
    # before a rank whose word begins with a vowel ("asso", "otto") or is feminine ("donna")
    "the_card_vowel": ("l'{card}", "the {card}"),
    "the_card_feminine": ("la {card}", "the {card}"),
    "joker": ("jolly", "joker"),
    "and": ("e", "and"),
}
#: The article each rank's word takes where a language tells them apart (Italian: "l'asso",
#: "l'8", "la donna"; "il" before any other: "il 7", "il re", "il jolly").
_ARTICLE_OF_RANK = {"A": "the_card_vowel", "8": "the_card_vowel", "Q": "the_card_feminine"}


def the_card(rank: str, said: str, language: str) -> str:
    """A card named in a sentence, with its definite article: ``said`` is how the card is
    written there ("7♥", "asso di cuori", "jolly") and ``rank`` its rank ("7", "A", "JK"
    for the joker). "Bruno attacca il jolly", "You discarded the 7♥": a rank's article
    is its word's ("asso", "otto", "donna"), whether it is written in full or by symbol.

    >>> the_card("JK", "jolly", "it"), the_card("8", "8♥", "it"), the_card("A", "asso", "it")
    ('il jolly', "l'8♥", "l'asso")
    >>> the_card("Q", "Q♠", "it"), the_card("JK", "joker", "en")
    ('la Q♠', 'the joker')
    """
    return say(WORDS[_ARTICLE_OF_RANK.get(rank, "the_card")], language, card=said)


def templates(text: Text) -> Iterator[str]:
    """Every template of ``text``, each form's."""
    if isinstance(text, str):
        yield text
    else:
        for part in text.values():
            yield from templates(part)


def shape(text: Text) -> object:
    """The forms of ``text`` without their words: two languages of one message must
    have the same (a check the catalogs' tests make)."""
    if isinstance(text, str):
        return None
    return {key: shape(part) for key, part in sorted(text.items())}


def fields(template: str) -> set[str]:
    """The facts a template names ("{name} pesca" -> {"name"})."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}
