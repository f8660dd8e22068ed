"""What a screen reader calls the table's things: a card of the hand with its state,
a meld by its kind, cards, points and owner (issue #43).

A sighted player sees a card lifted, glowing or marked "!"; these names say the same
in words, so each control says what it is and what state it is in. A meld's name is
made from the engine's meld (its kind, the cards it stands for, its points), never
worked out here.

>>> from scala40 import make_meld, parse_cards
>>> meld_name(make_meld(parse_cards("5H 6H JK 8H")), "en", owner="Bruno", you=False)
"run of hearts 5 to 8 with the joker as 7, 26 points, Bruno's"
>>> meld_name(make_meld(parse_cards("KH KS JK")), "it", owner="Anna", you=True)
'combinazione di re: cuori, picche, jolly come quadri, 30 punti, tuo'
>>> spoken_cards("Open with A♦ 2♦ 3♦: the opening reaches 40 points.", "en")
'Open with ace of diamonds, 2 of diamonds, 3 of diamonds: the opening reaches 40 points.'
>>> spoken_cards("Attacca J♠ a Q♠ K♠ Jolly=A♠ (il tuo gioco).", "it")
'Attacca fante di picche a donna di picche, re di picche, jolly come asso di picche (il tuo gioco).'
>>> spoken_cards("Apri con 10♥ 10♣ jolly: l'apertura arriva a 51 punti.", "it")
"Apri con 10 di cuori, 10 di fiori, jolly: l'apertura arriva a 51 punti."
"""

from __future__ import annotations

import re

from scala40 import Card, Meld
from scala40.cards import SUIT_SYMBOLS
from web.i18n import card_name, rank_name, t


def hand_card_name(card: Card, lang: str, *, selected: bool = False, drawn: bool = False,
                   must: bool = False, hinted: bool = False) -> str:
    """A card of the hand and its state: "7 of hearts, selected, drawn this turn"."""
    states = [("name_selected", selected), ("name_drawn", drawn), ("name_must", must),
              ("name_hinted", hinted)]
    return ", ".join([card_name(str(card), lang),
                      *(t(key, lang) for key, on in states if on)])


_SUITS = "".join(SUIT_SYMBOLS.values())
_CARD = rf"(?:10|[2-9AJQK])[{_SUITS}]"
_JOKER = r"\b(?i:JK|Joker|Jolly)"
#: A card written in a sentence: "7♥", "10♠", a joker ("JK", "Joker", "jolly": a hint's
#: melds write it lower case), one standing for a card ("Jolly=A♠"); a run of them,
#: space apart, is one group.
_WRITTEN = rf"(?:{_JOKER}={_CARD}|{_CARD}|{_JOKER}\b)"
_WRITTEN_RUN = re.compile(rf"{_WRITTEN}(?: {_WRITTEN})*")
_SUIT_LETTER = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


def spoken_cards(text: str, lang: str) -> str:
    """``text`` with every card written by its symbol said by its name, as the moves are
    announced: a screen reader reads "♦" as "black diamond suit", or not at all. The
    engine's refusals, the hint's reasons and the coach write cards so."""

    def name(written: str) -> str:
        joker, _, stands = written.rpartition("=")
        if stands[-1] not in _SUIT_LETTER:
            return card_name("JK", lang)
        said = card_name(stands[:-1] + _SUIT_LETTER[stands[-1]], lang)
        return t("joker_as", lang, card=said) if joker else said

    return _WRITTEN_RUN.sub(lambda run: ", ".join(name(w) for w in run[0].split(" ")), text)


def hinted(name: str, lang: str, *, on: bool) -> str:
    """A place's name, with "in the hint" when the hint marks it (the stock, a meld)."""
    return f"{name}, {t('name_hinted', lang)}" if on else name


def rank_word(card: Card, lang: str) -> str:
    """A card's rank as said: "7", "king" / "re"."""
    return rank_name(card.rank_text, lang)


def meld_name(meld: Meld, lang: str, *, owner: str, you: bool) -> str:
    """A meld as said: its kind and cards, its points, whose it is."""
    if meld.is_sequence:
        stands = meld.stands_for  # the joker as the card it is
        assert meld.suit is not None
        what = t("meld_run", lang, suit=t("suit_" + meld.suit, lang),
                 low=rank_word(stands[0], lang), high=rank_word(stands[-1], lang))
        if meld.joker_as is not None:
            what += t("meld_run_joker", lang, rank=rank_word(meld.joker_as, lang))
    else:
        rank = meld.naturals[0].rank_text
        ranks = rank_name(rank, lang, n=len(meld.cards))
        suits = [t("meld_set_joker", lang, suit=t("suit_" + meld.joker_as.suit, lang))
                 if card.is_joker and meld.joker_as is not None
                 else t("suit_" + card.suit, lang) for card in meld.cards]
        what = t("meld_set", lang, ranks=ranks, suits=", ".join(suits))
    return t("meld_name", lang, meld=what, points=t("points_n", lang, n=meld.points),
             owner=t("meld_owner", lang, you=you, name=owner))
