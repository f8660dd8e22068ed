"""The log of the hand's moves as HTML: the panel (newest first); on phones, the latest
move in a line that opens the whole hand's moves, a turn a line, in a dialog; each move
said in the player's language, the device holder's own in the second person. Reading
the session only."""

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
from web.i18n import card_in_sentence, card_name, shown_names, t
from web.page.markup import EMPTY, Markup, html, join
from web.table.cards import mini_card, sym
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
    """The moves of this hand, newest first; on phones, where the panel has no room, the
    latest move, a button that opens the whole hand's moves (:func:`moves_dialog`): a line
    as the moves come, one at a time, where a bot's whole turn ran to five lines."""
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
    ticker = EMPTY
    if log:
        last = log_line(names, log[-1], lang, you,
                        session.drawn_card(len(log) - 1, session.viewer))
        ticker = html(
            '<button type="button" class="ticker" data-act="moves" aria-haspopup="dialog" '
            'aria-label="{label}"><span class="last">{last}</span>'
            '<span class="more" aria-hidden="true">{more}</span></button>',
            label=t("moves_open", lang, last=last), last=last, more=t("moves_all", lang))
    return html(
        '<aside class="log" id="zone-log" data-zone="log" tabindex="-1" aria-keyshortcuts="6" '
        'aria-label="{log}"><h2>{log}</h2>{listing}{ticker}</aside>',
        log=t("log", lang), listing=listing, ticker=ticker,
    )


def moves_dialog(session: Session, lang: str) -> Markup:
    """The whole hand's moves, a turn a line, newest first, under each player's last
    discard: what a phone's one-line ticker cannot show (who threw what, at six players)."""
    state = session.state
    names = session.names
    you = session.viewer if len(session.humans) == 1 else None
    played = turns(state, names, lang, you,
                   lambda index: session.drawn_card(index, session.viewer))
    title = t("moves_title", lang, n=state.hand.number)
    shown = shown_names(names, lang)  # "Tu" / "You" in the language read now
    discards = join(
        html('<li class="{cls}"><span class="nm">{name}</span>{card}</li>',
             cls="mine" if seat == session.viewer else "", name=shown[seat],
             card=mini_card(card, lang))
        for seat, card in last_discards(state)
    )
    if discards:
        discards = html('<section class="last-discards" aria-labelledby="last-discards">'
                        '<h3 id="last-discards">{}</h3><ul>{}</ul></section>',
                        t("last_discards", lang), discards)
    if played:
        listing = html('<ol class="turns" reversed>{}</ol>', join(
            html('<li class="{}">{}</li>', "mine" if seat == session.viewer else "", line)
            for seat, line in reversed(played)))
    else:
        listing = html('<p class="none">{}</p>', t("log_empty", lang))
    # the body scrolls: a keyboard reaches it (tabindex), named by the heading
    inner = html('<h2 id="moves-title">{title}</h2><div class="moves-body" role="region" '
                 'aria-labelledby="moves-title" tabindex="0">{discards}{listing}</div>'
                 '<div class="row-buttons"><button class="btn primary" data-act="close" '
                 'data-esc data-autofocus>{close}</button></div>',
                 title=title, discards=discards, listing=listing, close=t("close", lang))
    return html('<div class="overlay moves"><div class="dialog" role="dialog" '
                'aria-modal="true" aria-label="{}">{}</div></div>', title, inner)


def last_discards(state: State) -> list[tuple[int, Card]]:
    """Each seat's latest discard of this hand, in seat order (seats yet to discard left
    out): on a phone the pile shows only its top card."""
    latest: dict[int, Card] = {}
    for seat, action, _card in state.hand.log:
        if isinstance(action, Discard):
            latest[seat] = action.card
    return sorted(latest.items())


def turns(state: State, names: Sequence[str], lang: str, you: int | None = None,
          drawn_card: Callable[[int], Card | None] | None = None) -> list[tuple[int, str]]:
    """The hand's turns in order, each ``(seat, line)``: "Bruno pesca dal tallone · cala
    5♥ 5♣ 5♠ · scarta 10♣", the player's name said once a turn.

    The moves' dialog lists them: a bot's whole turn stays readable after it has ended.
    """
    entries = list(state.hand.log)
    grouped: list[tuple[int, list[int]]] = []
    for index, entry in enumerate(entries):
        if grouped and grouped[-1][0] == entry[0]:
            grouped[-1][1].append(index)
        else:
            grouped.append((entry[0], [index]))

    def line(index: int) -> str:
        drawn = drawn_card(index) if drawn_card is not None else None
        return log_line(names, entries[index], lang, you, drawn)

    said = []
    for seat, indices in grouped:
        name = names[seat]
        parts = [line(indices[0])]
        for index in indices[1:]:
            text = line(index)
            parts.append(text[len(name):].strip() if text.startswith(name) else text)
        said.append((seat, " · ".join(parts)))
    return said
