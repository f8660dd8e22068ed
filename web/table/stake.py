"""What leaving a match costs (docs/lifecycle.md): whether starting another would lose
it, whether leaving it counts as abandoned, and the new match waiting on the question.

>>> from web.table.session import Session

>>> from web.store.seat import Seat
>>> going = Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=1)
>>> at_stake(going, Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=2)), abandons(going)
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from web.table.kinds import kind_of
from web.table.session import Session
from web.table.shown import Overlay


@dataclass
class Replacement:
    """A new match waiting on the player's answer to :data:`Overlay.REPLACE` (held for
    this visit, never saved: a reload forgets the question and keeps the old match)."""

    session: Session
    then: Callable[[], None] | None  # what its way in does once it has started
    overlay: Overlay | None  # what the question covers, shown again on "cancel"


def at_stake(old: Session | None, new: Session) -> bool:
    """Whether starting ``new`` would lose the match ``old`` at the table: one going on
    and touched (a move played: an untouched deal costs nothing), or a deal of the day
    even untouched (its one try of the day is spent). Not a finished match, not the
    lesson (its progress is kept apart), and nothing when ``new`` is not kept here (a
    friend's table joined: the saved match stays stored)."""
    if old is None or old is new or not new.kept_here or old.state.is_over:
        return False
    stake = kind_of(old).stake
    return stake == "always" or (stake == "touched"
                                 and bool(old.state.results or old.state.hand.log))


def abandons(session: Session) -> bool:
    """Whether leaving ``session`` counts as an abandoned match: one person on this
    device against bots, the match going on and not counted yet (a friend's match
    on a guest's device is the host's to count)."""
    return len(session.humans) == 1 and not session.state.is_over \
        and not session.counted and session.kept_here
