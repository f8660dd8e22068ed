"""After a match: play it again (a rematch) or challenge someone to its deal; a
challenge link opened.

Handlers bound by name in :data:`~web.table.registry.ACTIONS`.
"""

from __future__ import annotations

from web.daily import play as daily
from web.daily.challenge import Challenge, fragment, parse
from web.i18n import t
from web.newgame.form import rematch as rematch_of
from web.table.registry import action
from web.table.shown import Overlay
from web.table.table import Table


@action("rematch")
def rematch(table: Table, seed: str) -> None:
    """After the match: the same seats and rules, dealt anew from ``seed``."""
    if table.session is not None:
        table.start_session(rematch_of(table.session, seed))


@action("challenge")
def challenge(table: Table, page_url: str) -> None:
    """After a single hand: the link that deals it again against the same bots, with the
    player's result to beat once the hand is over (a deal of the day's, a challenge's
    answered: the same link)."""
    session = table.session
    made = None if session is None else \
        daily.challenge_from(session, daily.challenger_name(session, table.settings))
    if made is None:
        return
    table.challenge_link = page_url.split("#")[0] + fragment(made)
    table.open(Overlay.CHALLENGE)


@action("challenge-close")
def challenge_close(table: Table, _arg: str = "") -> None:
    """Back to the score sheet the challenge was made from."""
    table.close_dialog()


def open_challenge(table: Table, text: str) -> None:
    """A challenge link opened: its deal against its bots, or why it cannot be."""
    read = parse(text, table.lang)
    if not isinstance(read, Challenge):
        table.tell(t("challenge", table.lang), read)
        return
    table.start_session(daily.challenge_session(read, table.lang))
