"""Kinds of match a feature adds to the table (the lesson, the deal of the day, a
friend's challenge), and the hooks of a match's end.

The table's one move path, its question before replacing a match and its drawing
are the same for every match; where a kind of match differs (the lesson refuses
any move but its step and scripts its bot; a deal of the day is at stake untouched
and says its result at the end), the table asks the match's :class:`Kind`, which
the feature registered (:func:`register`) from the module that makes its matches.
The table names no feature: a match of no registered kind is :data:`PLAIN`.

What every finished match gets, whatever its kind (kept among the replays,
web/replay), is a hook of :data:`ENDED`.

>>> from web.store.seat import Seat
>>> session = Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=1)
>>> kind_of(session) is PLAIN
True
>>> example = register(Kind("example", owns=lambda s: s.match_id == "1", stake="always"))
>>> kind_of(session).stake
'always'
>>> KINDS.remove(example)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from scala40 import Action
from web.store.saves import Saves
from web.table.session import Session


def _nothing(*_facts: object) -> None:
    return None


@dataclass(frozen=True)
class Kind:
    """What a kind of match changes on the table; every default is a plain match's."""

    name: str
    #: Whether a session is of this kind (read from its match id).
    owns: Callable[[Session], bool]
    #: The kind's own refusal of the player's move, before the engine's, in a language
    #: (the lesson's: any move but the step it teaches); None lets the move through.
    refusal: Callable[[Session, Action, str], str | None] = _nothing
    #: The bots' move when the kind scripts them (the lesson's), instead of a bot's thinking.
    bot_move: Callable[[Session], Action] | None = None
    #: After each move played here and when resumed: the kind's own words for the next
    #: step, kept (the lesson's coach and its progress).
    after_move: Callable[[Session, Saves, str], None] = _nothing
    #: At the match's end: a line to show (a deal of the day's result, a challenge's
    #: verdict), kept where the kind keeps it; None for none.
    at_end: Callable[[Session, Saves, str], str | None] = _nothing
    #: What a new match replacing it would lose: "touched" once a move is played,
    #: "always" (the deal of the day: its one try is spent), "never" (the lesson, whose
    #: progress is kept apart).
    stake: Literal["touched", "always", "never"] = "touched"
    #: The catalog's phrase of what is lost with a single hand of this kind (its
    #: ``lead`` filled in), for the question before replacing it.
    lost: str = "lost_single"
    #: Who dares the player when this match would replace another: a friend's name,
    #: "" for a link without one, None when nobody dares.
    challenger: Callable[[Session], str | None] = _nothing
    #: The top bar's line saying what is played (the day's deal, the result to beat).
    label: Callable[[Session, str], str | None] = _nothing
    #: The catalog's word of the score sheet's button that sends the deal to a friend.
    dare: str = "challenge"
    #: Whether the finished match is kept among the replays.
    kept: bool = True


PLAIN = Kind("plain", owns=lambda _session: True)

#: The kinds the features registered, asked in order; :data:`PLAIN` when none owns a match.
KINDS: list[Kind] = []

#: Called once when a match played here ends, whatever its kind, with the session, the
#: saves and the time (ms): a finished match is kept among the replays (web/replay).
ENDED: list[Callable[[Session, Saves, float], None]] = []


def register(kind: Kind) -> Kind:
    KINDS.append(kind)
    return kind


def kind_of(session: Session | None) -> Kind:
    """The kind of ``session`` (:data:`PLAIN` for none, or one no feature owns)."""
    if session is not None:
        for kind in KINDS:
            if kind.owns(session):
                return kind
    return PLAIN
