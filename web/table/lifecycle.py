"""A match replaced, left, put aside and resumed (docs/lifecycle.md): the answers to
the question :meth:`~web.table.table.Table.start_session` asks, "Leave the
match", the new-game screen and back.

Handlers bound by name in :data:`~web.table.registry.ACTIONS`; the door into
a match itself is :meth:`~web.table.table.Table.start_session`.
"""

from __future__ import annotations

from web.table.registry import action
from web.table.shown import Effect, Overlay, Screen
from web.table.table import Table


@action("replace-yes")
def replace_yes(table: Table, _arg: str = "") -> None:
    """Leave the match (as "Leave the match" does) and start the one that waited."""
    waiting, table.replacing = table.replacing, None
    if waiting is None:
        return
    table.leave_match()
    table.begin(waiting.session, waiting.then)


@action("replace-no")
def replace_no(table: Table, _arg: str = "") -> None:
    """Keep the match: the table (or the screen) as it was, nothing stored."""
    waiting, table.replacing = table.replacing, None
    if waiting is not None and table.overlay is Overlay.REPLACE:
        table.overlay = waiting.overlay
    table.redraw()


@action("leave-yes")
def leave_yes(table: Table, _arg: str = "") -> None:
    """Leave the match (counted as :meth:`Table.leave_match` says) for the new-game screen."""
    table.leave_match()
    table.end_session()


@action("new-game")
def new_game(table: Table, _arg: str = "") -> None:
    """The new-game screen; a finished match is forgotten, a live one can be resumed."""
    if table.session is not None and table.session.state.is_over:
        table.end_session()
        return
    table.overlay = None
    table.screen = Screen.NEWGAME
    table.redraw()


@action("resume-game")
def resume_game(table: Table, _arg: str = "") -> None:
    if table.session is not None:
        table.show_table()
        table.effects.add(Effect.BOTS)
