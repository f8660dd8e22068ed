"""Texts with grammar: the one way every message of the game, the engine's and the
page's, is put into words, in each language of the catalog (:mod:`scala40.lang`).

A message is its text in each language (a mapping of language code to text), looked up
by key in a part of the catalog (:class:`Catalog`). Each text is a plain template, or its
forms: by **person** (``{"you": ..., "they": ...}``: the player at this device is
spoken to, "Hai pescato", "You drew"; anyone else is named, "Bruno pesca", "Bruno
draws") and by **number** (``{"one": ..., "many": ...}``: "1 carta", "2 carte"),
nested when a message has both. :func:`say` picks the form from the facts the
caller must give (``you=`` for person, ``n=`` for number), so a message that has
forms cannot be said without them, and "You draws" or "1 cards" cannot be written.
A language may also have forms the others lack: by the **gender** of a named subject
(``{"feminine": ..., "masculine": ..., "neutral": ...}``), picked by ``gender=`` where
the caller knows it and ``neutral`` where not (a player's gender is not known).

gettext (stdlib, in Pyodide too) would serve the lookup and the plurals, but needs
compiled ``.mo`` catalogs made by a tool the site's build does not have (``msgfmt``
is not installed with Python), keys messages by their English text, and has no
person: it would be contexts written by hand around every subject. Italian and
English share gettext's plural rule for them (``n != 1``: "0 carte", "0 cards"),
which :func:`number_form` is.

>>> DRAW = {"it": {"you": "Hai pescato dal tallone", "they": "{name} pesca dal tallone"},
...         "en": {"you": "You drew from the stock", "they": "{name} draws from the stock"}}
>>> say(DRAW, "en", you=False, name="Bruno"), say(DRAW, "it", you=True, name="Anna")
('Bruno draws from the stock', 'Hai pescato dal tallone')
>>> CARDS = {"it": {"one": "{n} carta", "many": "{n} carte"},
...          "en": {"one": "{n} card", "many": "{n} cards"}}
>>> [say(CARDS, "en", n=n) for n in (0, 1, 2)]
['0 cards', '1 card', '2 cards']
>>> say(CARDS, "de", n=2)  # a language without the message says it in English
'2 cards'
"""

from __future__ import annotations

import importlib
import os
import string
import sys
from collections.abc import Iterator, Mapping

import scala40.lang as lang

PERSON = frozenset({"you", "they"})
NUMBER = frozenset({"one", "many"})
GENDER = frozenset({"feminine", "masculine", "neutral"})
#: The language a message is said in where the language asked for lacks it.
FALLBACK = "en"

#: A template, or its forms by person, number or gender (nested when it has several).
Text = str | Mapping[str, "Text"]
#: A message: its text in each language that has it, by language code.
Message = Mapping[str, Text]


def number_form(n: int) -> str:
    """The form of a count in Italian and English: "one" for 1 only."""
    return "one" if n == 1 else "many"


def form(text: Text, *, you: bool | None = None, n: int | None = None,
         gender: str | None = None) -> str:
    """The template of ``text`` for this person, number and gender; a message with forms
    by person or number said without the fact that picks one is a programming error
    (``TypeError``); one by gender said without it takes its ``neutral`` form."""
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
        elif keys == GENDER:
            text = text[gender if gender in GENDER else "neutral"]
        else:
            raise ValueError(f"forms are by person {sorted(PERSON)}, number {sorted(NUMBER)} "
                             f"or gender {sorted(GENDER)}, not {sorted(keys)}")
    return text


def say(message: Message, language: str, *, you: bool | None = None, n: int | None = None,
        **facts: object) -> str:
    """``message`` in ``language`` (or :data:`FALLBACK` where it lacks it), in the form
    for ``you``, ``n`` and a ``gender`` fact, with ``facts`` (and ``n``) filled in."""
    if n is not None:
        facts.setdefault("n", n)
    return say_with(message, language, {**facts, "you": you} if you is not None else facts)


def say_with(message: Message, language: str, facts: Mapping[str, object]) -> str:
    """:func:`say` with the facts in a mapping (a refusal's): ``you`` (a bool) picks
    the person, ``n`` (a whole number) the number, ``gender`` the gender, and every
    other fact fills in."""
    you, n, gender = facts.get("you"), facts.get("n"), facts.get("gender")
    count = n if isinstance(n, int) and not isinstance(n, bool) else None
    text = message.get(language)
    template = form(message[FALLBACK] if text is None else text,
                    you=you if isinstance(you, bool) else None, n=count,
                    gender=gender if isinstance(gender, str) else None)
    shown = {key: value for key, value in facts.items() if key not in ("you", "gender")}
    return template.format(**shown) if shown else template


def texts(language: str, part: str) -> Mapping[str, Text]:
    """The messages of one part of the catalog (``"PAGE"``, ``"REFUSALS"``...) that
    ``language`` has: none for a language the catalog does not have. A language is a
    module of :mod:`scala40.lang`, imported when first said."""
    module = sys.modules.get(f"{lang.__name__}.{language}")
    if module is None:
        if not (language.isascii() and language.isalpha() and language.islower()):
            return {}
        try:
            module = importlib.import_module(f"{lang.__name__}.{language}")
        except ModuleNotFoundError:
            return {}
    found: Mapping[str, Text] = getattr(module, part, {})
    return found


def languages() -> tuple[str, ...]:
    """The codes of the catalog's languages, its modules' names, where the catalog is
    files (the command line's and the tests' list; in the page's archive, none: the
    page's list is ``web.i18n.LANG_NAMES``)."""
    return tuple(sorted(name.removesuffix(".py") for folder in lang.__path__
                        if os.path.isdir(folder) for name in os.listdir(folder)
                        if name.endswith(".py") and name != "__init__.py"))


class Entry(Mapping[str, Text]):
    """One message of the catalog: its text in each language that has it."""

    __slots__ = ("key", "part")

    def __init__(self, part: str, key: str) -> None:
        self.part, self.key = part, key

    def __getitem__(self, language: str) -> Text:
        return texts(language, self.part)[self.key]

    def __iter__(self) -> Iterator[str]:
        return (code for code in languages() if self.key in texts(code, self.part))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"Entry({self.part!r}, {self.key!r})"


class Catalog(Mapping[str, Message]):
    """Parts of the catalog (``Catalog("PAGE", "WORDS")``), each message by its key: the
    keys are :data:`FALLBACK`'s, the reference every language is checked against.

    >>> REFUSALS = Catalog("REFUSALS")
    >>> "pile_empty" in REFUSALS, say(REFUSALS["pile_empty"], "it")
    (True, 'Il pozzo è vuoto.')
    """

    __slots__ = ("parts",)

    def __init__(self, *parts: str) -> None:
        self.parts = parts

    def __getitem__(self, key: str) -> Message:
        for part in self.parts:
            if key in texts(FALLBACK, part):
                return Entry(part, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return any(key in texts(FALLBACK, part) for part in self.parts)

    def __iter__(self) -> Iterator[str]:
        return (key for part in self.parts for key in texts(FALLBACK, part))

    def __len__(self) -> int:
        return sum(len(texts(FALLBACK, part)) for part in self.parts)


#: The words the engine's messages share with the page's (the page's catalog holds them
#: too): a card named in a sentence with its article, the joker's name, a list's "and".
WORDS = Catalog("WORDS")
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
    """The forms of ``text`` without their words, but those by gender (a language may
    have them where another has not, each with the same forms inside): every language
    of a message must have the same (a check the catalogs' tests make)."""
    if isinstance(text, str):
        return None
    if frozenset(text) == GENDER:
        shapes = [shape(part) for part in text.values()]
        return shapes[0] if all(one == shapes[0] for one in shapes) else {"gender": shapes}
    return {key: shape(part) for key, part in sorted(text.items())}


def fields(template: str) -> set[str]:
    """The facts a template names ("{name} pesca" -> {"name"})."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}
