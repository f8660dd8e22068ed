"""Why a bot made a move: a reason code and the facts it names, said in any language.

Each reason is a message of the catalog (:mod:`scala40.lang`), with its number's forms where it
counts (points, an opponent's cards): "1 punto", "una carta sola". A bot keeps its
reason as a code and facts (:class:`Reason`), said when shown, in the language read
then: the table shows the hint's reason so, and says it again when the language is
switched. Cards in the facts read as the refusals show them (``il 7♥``, the joker by
its name), a meld's cards one after another without their articles (``A♦ 2♦ 3♦``).

>>> because("close", card=Card(7, "H")).said("it")
'Chiudi scartando il 7♥.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..cards import JOKER, Card  # noqa: F401 (doctests)
from ..errors import show_fact
from ..words import WORDS, Catalog, say, say_with


class Reason(NamedTuple):
    """Why a bot made a move: its reason ``code`` and the ``facts`` it names."""

    code: str
    facts: Mapping[str, object]

    def said(self, language: str) -> str:
        """The reason in ``language``, its facts as :func:`_fact_text` shows them."""
        return say_with(REASONS[self.code], language,
                        {key: _fact_text(value, language) for key, value in self.facts.items()})


#: The reasons, by code: said in each language of the catalog (:mod:`scala40.lang`).
REASONS = Catalog("REASONS")


def because(code: str, *, n: int | None = None, **facts: object) -> Reason:
    """The reason ``code`` with its facts, ``n`` the count of a reason that has a number's
    forms (points, cards). A fact may be a card, a sequence of cards (a meld) or a
    sequence of melds (a plan of several, named in a list: the player sees the whole plan,
    not only its first step); the joker is named in each language.

    >>> because("attach", card=JOKER).said("it")
    'Attacca il jolly a un gioco sul tavolo.'
    >>> because("meld", meld=(Card(5, "S"), Card(6, "S"), JOKER), n=36).said("en")
    'Lay 5♠ 6♠ joker: it takes 36 points out of your hand.'
    >>> from scala40 import parse_cards
    >>> run, queens, kings = map(parse_cards, ["AD 2D 3D 4D", "QC QH QS", "KC JK KS"])
    >>> because("open", melds=[run, queens], n=40).said("it")
    "Apri con A♦ 2♦ 3♦ 4♦ e Q♣ Q♥ Q♠: l'apertura arriva a 40 punti."
    >>> because("open", melds=[run, queens, kings], n=70).said("en")
    'Open with A♦ 2♦ 3♦ 4♦, Q♣ Q♥ Q♠ and K♣ joker K♠: the opening reaches 70 points.'
    >>> because("open", melds=[parse_cards("10H JH QH KH")], n=40).said("en")
    'Open with 10♥ J♥ Q♥ K♥: the opening reaches 40 points.'
    >>> because("discard_threat", card=Card(9, "C"), player="Bruno", n=1).said("it")
    'Scarta il 9♣: Bruno ha una carta sola e può chiudere.'
    """
    return Reason(code, facts if n is None else {**facts, "n": n})


def _fact_text(value: object, language: str) -> object:
    """A fact as a reason shows it: a card as the refusals show it (its symbol, the joker
    by its name, with its article), a sequence of cards one after another without
    articles, a sequence of melds as a list ("A, B and C")."""
    if isinstance(value, tuple | list):
        if value and all(isinstance(item, tuple | list) for item in value):
            *first, last = (str(_fact_text(item, language)) for item in value)
            return f"{', '.join(first)} {say(WORDS['and'], language)} {last}" if first else last
        return " ".join(str(show_fact(card, language, article=False)) for card in value)
    return show_fact(value, language)


__all__ = ["REASONS", "Reason", "because"]
