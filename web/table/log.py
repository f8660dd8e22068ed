"""The log of the hand's moves as HTML: the panel (newest first) and, on phones, the
latest turn in one line; each move said in the player's language, the device
holder's own in the second person. Reading the session only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scala40 import (
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from scala40.state import State
from web.i18n import card_in_sentence, card_name, t
from web.page.markup import Markup, html, join
from web.table.cards import sym
from web.table.session import Session

LOG_SHOWN = 60  # moves of the hand listed in the log panel


def log_line(names: Sequence[str], entry: tuple, lang: str, you: int | None = None,
             drawn: Card | None = None, *, spoken: bool = False) -> str:
    """One move of the public log; the device holder's own moves in the second person.

    ``drawn`` is the card a stock draw took, given only for the line of the seat
    that drew it ("You drew 7♥"); every other view says "draws from the stock".
    ``spoken``: the cards by their names ("7 of hearts", "joker as 7 of hearts"), as
    the announcements say them (web/table/speech.py), not by their symbols.
    """
    seat, action, card = entry

    def say(verb: str, **facts: object) -> str:
        return t("move_" + verb, lang, you=seat == you, name=names[seat], **facts)

    def said(card: Card) -> str:
        return card_name(str(card), lang) if spoken else sym(card, lang)

    def the(card: Card) -> str:  # one card as the sentence's object: "attacca il jolly"
        return card_in_sentence(card, lang, spoken=spoken)

    if isinstance(action, DrawStock):
        return say("draw_card", card=the(drawn)) if drawn is not None else say("draw")
    if isinstance(action, TakeDiscard):
        return say("take", card=the(card) if card else "")
    if isinstance(action, LayMeld):
        joker = action.joker_as
        shown = [
            said(c) if not c.is_joker or joker is None
            else t("joker_as", lang, card=said(joker)) if spoken
            else f"{sym(c, lang)}={joker.symbol}"
            for c in action.cards
        ]
        return say("meld", cards=(", " if spoken else " ").join(shown))
    if isinstance(action, Attach):
        return say("attach", card=the(action.card))
    if isinstance(action, SwapJoker):
        return say("swap", card=the(action.card))
    if isinstance(action, TakeBack):
        return say("takeback")
    if isinstance(action, Discard):
        return say("discard", card=the(action.card))
    if isinstance(action, NextHand):
        return t("log_next", lang)
    return str(action)


def log_panel(session: Session, lang: str) -> Markup:
    """The moves of this hand, newest first (a one-line ticker on phones)."""
    state = session.state
    names = session.names
    you = session.viewer if len(session.humans) == 1 else None
    log = list(state.hand.log)
    first = max(0, len(log) - LOG_SHOWN)
    items = join(
        html('<li class="{}">{}</li>', "mine" if entry[0] == session.viewer else "",
             log_line(names, entry, lang, you, session.drawn_card(index, session.viewer)))
        for index, entry in reversed(list(enumerate(log))[first:])
    )
    entries = log[first:]
    if entries:
        listing = html('<ol reversed tabindex="0">{}</ol>', items)  # it scrolls: keys reach it
    else:
        listing = html('<p class="none">{}</p>', t("log_empty", lang))
    return html(
        '<aside class="log" id="zone-log" data-zone="log" tabindex="-1" aria-keyshortcuts="6" '
        'aria-label="{log}"><h2>{log}</h2>{listing}'
        '<p class="ticker" aria-hidden="true">{ticker}</p></aside>',
        log=t("log", lang), listing=listing,
        ticker=last_turn(state, names, lang, you,
                         lambda index: session.drawn_card(index, session.viewer)),
    )


def last_turn(state: State, names: Sequence[str], lang: str, you: int | None = None,
              drawn_card: Callable[[int], Card | None] | None = None) -> str:
    """The latest turn in one line: "Bruno pesca dal tallone · cala 5♥ 5♣ 5♠ · scarta 10♣".

    A phone shows only this line of the log, so a bot's whole turn stays readable
    after it has ended (not just its last discard).
    """
    entries = list(state.hand.log)
    if not entries:
        return ""
    seat = entries[-1][0]
    turn = []
    for index in range(len(entries) - 1, -1, -1):
        if entries[index][0] != seat:
            break
        turn.append(index)
    turn.reverse()

    def line(index: int) -> str:
        drawn = drawn_card(index) if drawn_card is not None else None
        return log_line(names, entries[index], lang, you, drawn)

    first = line(turn[0])
    name = names[seat]
    rest = []
    for index in turn[1:]:  # the player's name is said once per turn
        text = line(index)
        rest.append(text[len(name):].strip() if text.startswith(name) else text)
    return " · ".join([first, *rest])
