"""The replay screen: the table at one move of a finished game, the log beside it.

Drawn from a :class:`~web.replay.replay.Replay`: each seat's hand (the viewer's
only, as that player saw the game, or every hand), the melds, the pile and
the stock, and the hand's log up to the move shown; buttons step back and
forward, jump to a hand's deal and switch the point of view. The list of
kept matches (:func:`replays_dialog`) opens or deletes each.
"""

from __future__ import annotations

from scala40 import format_cards
from web.i18n import shown_names, t, your_seat
from web.replay.about import described
from web.replay.replay import Replay
from web.table.cards import mini_card
from web.table.dialogs import dialog
from web.table.log import log_line
from web.ui.markup import EMPTY, Markup, html, join


def _cards(cards, lang: str, joker_as=None) -> Markup:
    return join(mini_card(card, lang, joker_as if card.is_joker else None) for card in cards)


def replay_screen(replay: Replay, lang: str) -> Markup:
    state = replay.state
    hand = state.hand
    view = replay.view()
    names = shown_names(state.players, lang)
    you = your_seat(state.players)  # this device's player, spoken to as "you"
    seats = []
    for seat, name in enumerate(names):
        if seat >= len(hand.hands):
            continue
        held = hand.hands[seat]
        if view is None or seat == view.seat:
            shown = html('<span class="replay-cards" data-cards="{}">{}</span>',
                         format_cards(held), _cards(held, lang))
        else:
            shown = html('<span class="replay-count">{}</span>',
                         t("replay_cards", lang, n=len(held)))
        turn = " turn" if seat == hand.turn and not state.hand_over else ""
        seats.append(html('<li class="replay-seat{}" data-seat="{}"><strong>{}</strong> {}</li>',
                          turn, seat, name, shown))
    melds = join(html('<span class="ex-meld" data-meld="{}">{}</span>', index,
                      _cards(table_meld.meld.cards, lang, table_meld.meld.joker_as))
                 for index, table_meld in enumerate(hand.melds))
    pile = mini_card(hand.pile[-1], lang) if hand.pile else EMPTY
    log = join(html('<li value="{}" class="{}">{}</li>', n + 1,
                    "now" if n == len(hand.log) - 1 else "",
                    log_line(names, entry, lang, you))
               for n, entry in reversed(list(enumerate(hand.log))))  # newest first
    starts = replay.hand_starts()
    hand_number = sum(1 for start in starts if start <= replay.index)
    hands = join(html('<button type="button" class="btn small{}" data-act="replay-hand" '
                      'data-arg="{}">{}</button>', " on" if n == hand_number else "", n,
                      t("replay_hand", lang, n=n))
                 for n in range(1, len(starts) + 1))
    inner = html(
        '<header class="replay-head"><h2>{title}</h2>'
        '<span class="replay-pos" data-testid="replay-pos" data-index="{index}">{pos}</span>'
        '</header>'
        '<div class="replay-body"><div class="replay-table">'
        '<ul class="replay-seats">{seats}</ul>'
        '<div class="replay-melds">{melds}</div>'
        '<div class="replay-pile">{pile_label} {pile} · {stock}</div></div>'
        '<ol class="replay-log" reversed>{log}</ol></div>'
        '<div class="replay-hands">{hands}</div>'
        '<div class="dlg-actions">'
        '<button type="button" class="btn" data-act="replay-back" {at_start}>◀ {back}</button>'
        '<button type="button" class="btn primary" data-act="replay-forward" {at_end}>'
        '{forward} ▶</button>'
        '<button type="button" class="btn" data-act="replay-view">{switch}</button>'
        '<button type="button" class="btn" data-act="replay-close" data-esc>{close}</button></div>',
        title=t("replay", lang), index=replay.index,
        pos=t("replay_pos", lang, n=replay.index, total=replay.last, hand=hand_number),
        seats=join(seats), melds=melds, pile_label=t("replay_pile", lang), pile=pile,
        stock=t("replay_stock", lang, n=len(hand.stock)), log=log, hands=hands,
        at_start="disabled" if replay.index == 0 else "",
        at_end="disabled" if replay.index == replay.last else "",
        back=t("replay_back", lang), forward=t("replay_forward", lang),
        switch=t("replay_show_all" if replay.viewer is not None else "replay_show_mine", lang),
        close=t("close", lang),
    )
    return dialog(inner, label=t("replay", lang), cls="replay")


def replays_dialog(entries: list[dict], lang: str) -> Markup:
    """The kept matches, newest first, each with its date, its kind and its result
    (:func:`web.replay.about.described`), to replay or delete."""
    rows = []
    for entry in entries:
        when, mode, result, won = described(entry, lang)
        outcome = EMPTY
        if result:
            tone = "" if won is None else " won" if won else " lost"
            outcome = html('<strong class="kept-result{}">{}</strong>', tone, result)
        rows.append(html(
            '<li data-id="{id}"><div class="kept-about">{outcome}'
            '<span class="kept-mode">{mode}</span>'
            '<span class="kept-when small">{when}</span>'
            '<span class="kept-players small">{players}</span></div>'
            '<div class="kept-actions"><button type="button" class="btn small" '
            'data-act="replay-open" data-arg="{id}">{open}</button>'
            '<button type="button" class="btn small danger" data-act="replay-delete" '
            'data-arg="{id}">{delete}</button></div></li>',
            id=entry["id"], outcome=outcome, mode=mode, when=when,
            players=" · ".join(shown_names(entry["players"], lang)),
            open=t("replay", lang), delete=t("replay_delete", lang)))
    body = html('<ul class="replays">{}</ul>', join(rows)) if entries else \
        html('<p class="small">{}</p>', t("replays_none", lang))
    inner = html('<h2>{}</h2>{}<div class="dlg-actions"><button type="button" class="btn '
                 'primary" data-act="close" data-esc>{}</button></div>', t("replays", lang), body,
                 t("close", lang))
    return dialog(inner, label=t("replays", lang), cls="replays-dlg")
