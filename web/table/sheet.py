"""The score sheet: the end of a hand (hands revealed, penalties) and the totals across hands.

The sheet is data first: :func:`sheet_rows` (one row a hand, one cell a
player) and :func:`reveal_rows` (what each player was left holding and pays)
are plain values a test can read; :func:`score_sheet` turns them into markup.

>>> from scala40 import Rules
>>> from scala40.record import Game
>>> from scala40.state import HandResult
>>> game = Game.new(["Anna", "Bruno"], seed=1)
>>> result = HandResult(closer=0, in_mano=True, penalties=(0, 60), eliminated=(), reentered=())
>>> from dataclasses import replace
>>> state = replace(game.state, results=(result,))
>>> [[cell.text for cell in row.cells] for row in sheet_rows(state)]
[['0 ★ ×2', '60']]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scala40 import Card, next_dealer
from scala40.scoring import penalty_for
from scala40.state import State
from web.i18n import shown_names, t
from web.table.cards import mini_card
from web.table.dialogs import dialog
from web.table.kinds import kind_of
from web.table.registry import MATCH_BUTTONS, drawn
from web.table.session import Session
from web.table.speech import closer_line, players, winner_line
from web.ui.markup import EMPTY, Markup, html, join

#: The ids the sheet is named by: its heading (the winner's, once the match is over), the
#: hand's heading under the winner's, and who closed the hand.
TITLE, HAND, CLOSER = "sheet-title", "sheet-hand", "sheet-closer"


@dataclass(frozen=True)
class Cell:
    """One player's line for one hand: the penalty and what happened to them."""

    penalty: int
    closed: bool = False
    doubled: bool = False  # closed in mano, with the rule that doubles the others' penalties
    eliminated: bool = False
    reentered: bool = False
    out: bool = False  # eliminated in an earlier hand: not dealt in, pays nothing

    @property
    def text(self) -> str:
        """The cell as the sheet shows it; an out player's cell is drawn as "out"."""
        if self.out:
            return "out"
        marks = ""
        if self.closed:
            marks += " ★" + (" ×2" if self.doubled else "")
        if self.eliminated:
            marks += " ✖"
        if self.reentered:
            marks += " ↺"
        return f"{self.penalty}{marks}"


@dataclass(frozen=True)
class SheetRow:
    """One hand's line of the score sheet."""

    hand: int  # the hand's number, from 1
    cells: tuple[Cell, ...]  # one per player, in seat order


@dataclass(frozen=True)
class Total:
    """A player's line at the foot of the sheet."""

    score: int
    out: bool = False


@dataclass(frozen=True)
class Reveal:
    """A player at the end of a hand: the cards left, the penalty, the plain value if
    a rule changed it (100 for the unopened, doubled in mano)."""

    seat: int
    cards: tuple[Card, ...] | None  # None: not known on this device (a guest's sheet)
    pays: int
    plain: int | None = None
    count: int = 0  # how many cards


def sheet_rows(state: State) -> list[SheetRow]:
    """One row per finished hand of the match; a player eliminated in an earlier hand
    (and not back in) is out of the later ones (RULES.md §8)."""
    rows = []
    out: set[int] = set()
    for number, result in enumerate(state.results, 1):
        cells = tuple(
            Cell(penalty=0, out=True) if seat in out else Cell(
                penalty=result.penalties[seat],
                closed=result.closer == seat,
                doubled=result.in_mano and state.rules.mano_doubles,
                eliminated=seat in result.eliminated,
                reentered=seat in result.reentered,
            )
            for seat in range(len(state.players))
        )
        rows.append(SheetRow(number, cells))
        out = (out | set(result.eliminated)) - set(result.reentered)
    return rows


def sheet_totals(state: State) -> tuple[Total, ...]:
    """The foot of the sheet: the engine's scores in a points match; in a single hand,
    which keeps no running score, what each player pays for it."""
    if state.rules.mode == "single":
        return tuple(Total(sum(result.penalties[seat] for result in state.results))
                     for seat in range(len(state.players)))
    return tuple(Total(score, out) for score, out in zip(state.scores, state.out, strict=True))


def reveal_rows(state: State, shown: Callable[[int], bool] = lambda _seat: True
                ) -> list[Reveal]:
    """At the end of a hand: what each player in it was left holding and pays (the
    cards of a seat not ``shown`` stay hidden: ``cards`` is ``None``)."""
    hand = state.hand
    result = hand.result
    if result is None:
        return []
    rows = []
    for seat in hand.seats:
        left = hand.hands[seat]
        pays = result.penalties[seat]
        if not shown(seat):
            rows.append(Reveal(seat, None, pays, count=len(left)))
            continue
        plain = None
        if result.closer is not None and seat != result.closer:
            value = penalty_for(left, state.rules, opened=True, in_mano=False)
            plain = value if value != pays else None
        rows.append(Reveal(seat, tuple(left), pays, plain, len(left)))
    return rows


def score_sheet(session: Session, lang: str) -> Markup:
    """End of a hand (hands revealed, penalties) and the sheet across hands."""
    state = session.state
    parts = []
    if state.is_over:
        parts.append(match_end(session, lang))
        if session.message and session.message[0] == "info":  # the deal of the day's result
            parts.append(html('<p class="sheet-note" role="status">{}</p>', session.message[1]))
    if state.hand_over:
        parts.append(hand_end(session, lang))
    else:
        parts.append(html('<h2 id="{}">{}</h2>', TITLE, t("score_sheet", lang)))
    parts.append(sheet_table(session, lang))
    if state.hand_over:
        parts.append(after_actions(session, lang))
        actions = end_actions(session, lang)
        # the end of a hand is read first, not "Next hand": the focus lands on the sheet
        # itself, named by its heading and who closed ("End of hand 3 Bruno closes"), as
        # WAI-ARIA's dialog pattern does where the first control would leave the
        # dialog's content unread
        named = f"{TITLE} {HAND} {CLOSER}" if state.is_over else f"{TITLE} {CLOSER}"
        first = Markup(" data-autofocus")
    else:
        actions = html('<div class="sheet-actions"><button class="btn primary" '
                       'data-act="close" data-esc data-autofocus>{}</button></div>',
                       t("close", lang))
        named, first = TITLE, EMPTY
    cls = "sheet-dialog" + (" over" if state.is_over else "")
    # it scrolls (the buttons stay below it), so the keyboard can reach it too
    body = html('<div class="sheet-body" tabindex="0" role="group" aria-labelledby="{}"{}>{}'
                "</div>", named, first, join(parts))
    return dialog(body + actions, labelledby=TITLE, cls=cls)


def end_actions(session: Session, lang: str) -> Markup:
    """After a hand: look at the final table, then the next hand; after the match: the
    rematch first (same seats and rules, new cards), or a new game."""
    peek = html('<button type="button" class="btn quiet" data-peek aria-expanded="true">'
                '<span class="when-open">{}</span><span class="when-folded">{}</span></button>',
                t("show_table", lang), t("show_scores", lang))
    if session.state.is_over and not session.deals:  # a guest: the match was the host's
        main = html('<button class="btn primary big" data-act="new-game">{}</button>',
                    t("new_game", lang))
    elif session.state.is_over:
        main = html('<button class="btn primary big" data-act="rematch" '
                    'aria-describedby="rematch-hint">{}</button>'
                    '<button class="btn" data-act="new-game">{}</button>',
                    t("rematch", lang), t("new_game", lang))
    elif not session.deals:
        main = EMPTY  # a guest of a shared table: the host deals (see after_actions)
    else:
        main = html('<button class="btn primary big" data-act="next-hand">{}</button>',
                    t("next_hand", lang))
    # step through the game again; after a single hand, dare a friend to play the same deal;
    # after the match, keep its record in a file (the menu is behind the sheet)
    review = html('<button class="btn" data-act="replay">{}</button>', t("replay", lang))
    if session.state.rules.mode == "single":  # a deal of the day is shared, not dared
        review += html('<button class="btn" data-act="challenge">{}</button>',
                       t(kind_of(session).dare, lang))
    if session.state.is_over and session.deals:
        review += html('<button class="btn" data-act="download">{}</button>', t("export", lang))
    # a feature's (a friend who dropped is invited again before the deal)
    review += drawn(MATCH_BUTTONS, session, lang)
    return html('<div class="sheet-actions">{}{}{}</div>', peek, main, review)


def after_actions(session: Session, lang: str) -> Markup:
    """What the buttons lead to: the rematch's terms, or who deals next."""
    state = session.state
    if state.is_over:
        if not session.deals:
            return EMPTY
        hint = "rematch_hint_friends" if session.with_friends else "rematch_hint"
        return html('<p class="small" id="rematch-hint">{}</p>', t(hint, lang))
    dealer_seat = next_dealer(state)
    dealer = html('<p class="dealer-next">{}</p>',
                  t("next_dealer", lang, name=shown_names(session.names, lang)[dealer_seat],
                    you=len(session.humans) == 1 and dealer_seat == session.viewer))
    if not session.deals:
        return dealer + html('<p class="small host-deals" role="status">{}</p>',
                             t("host_deals", lang))
    return dealer


def match_end(session: Session, lang: str) -> Markup:
    """The match's result, first and big: that is what the player wants to know."""
    state = session.state
    solo = len(session.humans) == 1
    happy = not solo or session.viewer == state.winner
    headline = winner_line(session, lang)
    confetti = EMPTY
    if happy:
        confetti = html('<div class="confetti" aria-hidden="true">{}</div>', join(
            html('<span class="{}" style="--i: {}">{}</span>',
                 "red" if suit in "♥♦" else "", index, suit)
            for index, suit in enumerate("♥♠♦♣" * 4)))
    return html(
        '<div class="match-end {cls}">{confetti}'
        '<span class="trophy" aria-hidden="true">{icon}</span>'
        '<h2 class="winner" id="{title}">{headline}</h2>'
        '<p class="small">{over} · {hand}</p></div>',
        cls="won" if happy else "lost", confetti=confetti, icon="★" if happy else "♠",
        headline=headline, over=t("match_over", lang), title=TITLE,
        hand=t("hand_n", lang, n=state.hand.number),
    )


def hand_end(session: Session, lang: str) -> Markup:
    """Who closed, the hands revealed with their penalties, who is out or back in."""
    state = session.state
    result = state.hand.result
    assert result is not None
    names = shown_names(session.names, lang)
    heading = "h3" if state.is_over else "h2"
    parts = [html('<{h} id="{id}">{}</{h}>', t("hand_over", lang, n=state.hand.number),
                  h=heading, id=HAND if state.is_over else TITLE)]
    star = EMPTY if result.closer is None else Markup('<span aria-hidden="true">★</span> ')
    parts.append(html('<p class="closer" id="{}">{}{}</p>', CLOSER, star,
                      closer_line(session, lang)))
    rows = []
    for row in reveal_rows(state, session.hand_shown):
        faces: Markup | str
        if row.cards is None and row.count:
            faces = html('<span class="small">{}</span>', t("cards_n", lang, n=row.count))
        elif row.cards is None:
            faces = "—"
        else:
            faces = join(mini_card(card, lang) for card in row.cards) or "—"
        plain = EMPTY
        if row.plain is not None:
            plain = html(' <span class="calc">({} → {})</span>', row.plain, row.pays)
        rows.append(html(
            '<div class="reveal-row"><span class="nm">{}</span><span class="reveal">{}</span>'
            '<span class="pay">{}{}</span></div>',
            names[row.seat], faces, f"+{row.pays}" if row.pays else "0", plain,
        ))
    parts.append(html('<div class="reveals">{}</div>', join(rows)))
    if result.eliminated:
        parts.append(html('<p class="elim">✖ {}</p>',
                          t("eliminated", lang, **players(session, result.eliminated, lang))))
    if result.reentered:
        parts.append(html('<p class="reent">↺ {}</p>',
                          t("reentered", lang, **players(session, result.reentered, lang))))
    return join(parts)


def sheet_cell(cell: Cell, lang: str) -> Markup:
    if cell.out:
        return html('<td class="out"><span class="out-tag">{}</span></td>', t("sheet_out", lang))
    return html("<td>{}</td>", cell.text)


def sheet_table(session: Session, lang: str) -> Markup:
    """The hands of the match, a row each, and the totals."""
    state = session.state
    head = join(html('<th scope="col"><span class="nm">{}</span></th>', name)
                for name in shown_names(session.names, lang))
    body = join(
        html('<tr><th scope="row">{}</th>{}</tr>', row.hand, join(sheet_cell(cell, lang)
                                                                 for cell in row.cells))
        for row in sheet_rows(state)
    )
    totals = join(
        html('<td class="out">{} <span class="out-tag">{}</span></td>', total.score,
             t("sheet_out", lang)) if total.out else html("<td>{}</td>", total.score)
        for total in sheet_totals(state)
    )
    limit = EMPTY
    if state.rules.mode != "single":
        limit = html('<p class="limit">{} {}</p>', t("elimination_at", lang),
                     state.rules.elimination_score)
    return html(
        '<table class="sheet" aria-label="{label}"><thead><tr><th scope="col">{hand}</th>'
        "{head}</tr></thead><tbody>{body}</tbody>"
        '<tfoot><tr><th scope="row">{total}</th>{totals}</tr></tfoot></table>{limit}',
        label=t("score_sheet", lang), hand=t("hand_col", lang), head=head, body=body,
        total=t("total", lang), totals=totals, limit=limit,
    )
