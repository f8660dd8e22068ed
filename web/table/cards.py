"""Cards as HTML: a card's face, a small card on the table, a card's short label.

>>> from scala40 import Card
>>> print(card_face(Card.parse("10H"), "it"))
<span class="idx">10<br>♥</span><span class="pip">♥</span><span class="idx idx2">10<br>♥</span>
>>> sym(Card.parse("QS")), sym(Card.parse("JK"), "it")
('Q♠', 'Jolly')
"""

from __future__ import annotations

from scala40 import Card
from scala40.cards import SUIT_SYMBOLS
from web.i18n import card_name, t
from web.ui.markup import Markup, html

RED = {"H", "D"}
#: A card's suit as a class beside its colour: the four-colour deck (web/page/looks.css)
#: tells ♦ from ♥ and ♣ from ♠ by it; the symbol is on the face either way.
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_face(card: Card, lang: str, stands_for: Card | None = None) -> Markup:
    """The inside of a card: corner index, big pip; the joker a star (never a "J",
    which reads as a jack) over its name in ``lang`` and, on the table, the card it
    stands for in its own badge at the left edge, the part of a card the next one in a
    meld never covers."""
    if card.is_joker:
        extra = Markup("")
        if stands_for is not None:
            extra = html('<span class="as {cls}">{rank}{suit}</span>',
                         cls=suit_class(stands_for), rank=stands_for.rank_text,
                         suit=SUIT_SYMBOLS[stands_for.suit])
        return html('<span class="idx jidx">★</span><span class="pip joker">★</span>'
                    '<span class="jk">{name}</span>{extra}', name=sym(card, lang).upper(),
                    extra=extra)
    return html(
        '<span class="idx">{rank}<br>{suit}</span><span class="pip">{suit}</span>'
        '<span class="idx idx2">{rank}<br>{suit}</span>',
        rank=card.rank_text, suit=SUIT_SYMBOLS[card.suit],
    )


def suit_class(card: Card) -> str:
    """A card's classes: its colour and its suit (``"red diamonds"``), or ``"joker"``."""
    if card.is_joker:
        return "joker"
    return ("red " if card.suit in RED else "black ") + SUITS[card.suit]


def mini_card(card: Card, lang: str, stands_for: Card | None = None,
              came_from: str = "") -> Markup:
    """A small card (a meld on the table, a hand revealed), named for screen readers;
    ``came_from`` names where it travels from when it was just played (web/table/motion.js)."""
    label = card_name(str(card), lang)
    if stands_for is not None:
        label += " = " + card_name(str(stands_for), lang)
    origin = html(' data-from="{}"', came_from) if came_from else Markup("")
    return html('<span class="card mini {cls}" role="img" aria-label="{label}"{origin}>'
                "{face}</span>", cls=suit_class(card), label=label, origin=origin,
                face=card_face(card, lang, stands_for))


def sym(card: Card, lang: str = "it") -> str:
    """A short label: "7♥", and the joker as a word (no emoji font needed)."""
    if card.is_joker:
        return t("joker", lang).capitalize()
    return card.symbol
