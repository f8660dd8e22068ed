"""After a match: play it again (a rematch) or challenge someone to its deal; a
challenge link opened.

Handlers bound by name in :data:`~web.table.registry.ACTIONS`.
"""

from __future__ import annotations

from web.i18n import t
from web.newgame.challenge import Challenge, fragment, parse
from web.newgame.form import rematch as rematch_of
from web.table.registry import action
from web.table.session import Seat, Session
from web.table.shown import Overlay
from web.table.table import Table


@action("rematch")
def rematch(table: Table, seed: str) -> None:
    """After the match: the same seats and rules, dealt anew from ``seed``."""
    if table.session is not None:
        table.start_session(rematch_of(table.session, seed))


@action("challenge")
def challenge(table: Table, page_url: str) -> None:
    """After a single hand: the link that deals it again against the same bots."""
    session = table.session
    if session is None or session.state.rules.mode != "single" or \
            len(session.humans) != 1:
        return
    bots = [seat.level.split(":")[0] for seat in session.seats if seat.is_bot]
    table.challenge_link = page_url.split("#")[0] + fragment(session.state.seed,
                                                             session.state.rules, bots)
    table.open(Overlay.CHALLENGE)


@action("challenge-close")
def challenge_close(table: Table, _arg: str = "") -> None:
    """Back to the score sheet the challenge was made from."""
    table.overlay = table.sheet_behind()
    table.redraw()


def open_challenge(table: Table, text: str) -> None:
    """A challenge link opened: its deal against its bots, or why it cannot be."""
    read = parse(text, table.lang)
    if not isinstance(read, Challenge):
        table.tell(t("challenge", table.lang), read)
        return
    seats = [Seat(t("you", table.lang))] + [Seat(f"Bot {n}", "bot", level)
                                            for n, level in enumerate(read.bots, 1)]
    table.start_session(Session.new(seats, read.seed, read.rules))
