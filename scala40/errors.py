"""Refusals: one exception with a stable code, its facts, and a message per language.

The table shows these messages as they are, so every rule the engine enforces
is explained in one place, in each language of the catalog (:mod:`scala40.lang`),
naming the rule.

>>> error = RuleError("opening_below_minimum", needed=40, have=34)
>>> error.code, error.facts
('opening_below_minimum', {'needed': 40, 'have': 34})
>>> error.message("it")
'Per aprire servono 40 punti: ne hai 34.'
>>> str(error)
'To open you need 40 points: you have 34.'
"""

from __future__ import annotations

from .words import WORDS, Catalog, say, say_with, the_card

#: The refusals, by code: said in each language of the catalog (:mod:`scala40.lang`).
MESSAGES = Catalog("REFUSALS")


class RuleError(ValueError):
    """An action or input the rules refuse.

    ``code`` is stable (tests and the table key on it), ``facts`` holds the
    numbers and cards behind the refusal, :meth:`message` renders it.
    """

    def __init__(self, code: str, **facts: object) -> None:
        if code not in MESSAGES:
            raise KeyError(f"unknown rule error code {code!r}")
        self.code = code
        self.facts = facts
        super().__init__(self.message("en"))

    def message(self, language: str = "en") -> str:
        """The refusal in ``language``; a language without it says it in English."""
        shown = {key: show_fact(value, language) for key, value in self.facts.items()}
        return say_with(MESSAGES[self.code], language, shown)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.facts))


def _rebuild(code: str, facts: dict[str, object]) -> RuleError:
    return RuleError(code, **facts)


FACT_CHARS = 80
"""The most of one fact a message shows: a refused 10 MB line is named by its start."""


def show_fact(value: object, language: str, *, article: bool = True) -> object:
    """Cards read better as symbols (7♥, the joker by its name) with their article ("il
    7♥", "the joker": a refusal names a card as a sentence does; without it, ``article``
    False, for a card among others: "A♦ 2♦ 3♦") in messages, a nested
    refusal (the reason inside another) in the same language; a long fact is cut
    (:data:`FACT_CHARS`); other facts stay as they are.

    >>> from scala40.cards import Card
    >>> RuleError("discard_attachable", card=Card.parse("JK")).message("it")[:26]
    'Non puoi scartare il jolly'

    >>> RuleError("bad_action", text="draw " * 1000).message()[:24]
    'Not a move: “draw draw d'
    >>> len(RuleError("bad_action", text="draw " * 1000).message()) < 100
    True
    """
    if isinstance(value, RuleError):
        return value.message(language)
    symbol, rank = getattr(value, "symbol", None), getattr(value, "rank_text", None)
    if isinstance(symbol, str) and isinstance(rank, str):  # a card (cards.py imports us)
        if getattr(value, "is_joker", False):
            rank, symbol = "JK", say(WORDS["joker"], language)
        return the_card(rank, symbol, language) if article else symbol
    return _Clipped(value) if len(repr(value)) > FACT_CHARS else value


class _Clipped:
    """A long fact in a message: its text and its ``repr`` both cut to the first
    :data:`FACT_CHARS` characters, an ellipsis marking the cut."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return _clip(str(self.value))

    def __repr__(self) -> str:
        return _clip(repr(self.value))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _clip(text: str) -> str:
    return text if len(text) <= FACT_CHARS else text[: FACT_CHARS - 1] + "…"
