"""A match started from the new-game form: the one way a setup becomes the table's
match (the form's Play, a friends' match set up on its own screen)."""

from __future__ import annotations

from web.newgame.form import match_from_setup
from web.table.session import Session
from web.table.table import Table


def start(table: Table, setup: dict, seed: str, *, keep: bool = True) -> str | None:
    """Start the match ``setup`` describes at ``table``; the reason if it cannot start.
    The form is kept as the next one's start (``last``), even refused, if ``keep``
    (a match with friends, set up on its own screen, leaves it)."""

    def keep_setup() -> None:
        if keep:
            table.settings.last = setup
            table.save_settings()

    match = match_from_setup(setup, table.lang)
    if isinstance(match, str):
        keep_setup()
        return match
    seats, rules = match
    table.start_session(Session.new(seats, seed, rules), keep_setup)
    if table.replacing is not None:
        table.form = setup  # the form stays as filled in behind the question
    return None


__all__ = ["start"]
