"""Game files: export the game record as text (and say under which name), import a
record to replay or continue.

The file is the engine's record format (:meth:`scala40.record.Record.text`),
so ``python -m scala40 replay game.txt`` reads it. An import is parsed and
replayed whole before anything changes (:func:`read_record`); a bad file is
refused with the engine's message and nothing stored is touched. Continuing
an imported game replaces the match at the table, like a new game does.

>>> from scala40 import RuleError
>>> isinstance(read_record("not a record"), RuleError)
True
"""

from __future__ import annotations

from scala40 import RuleError
from scala40.record import Game, Record
from web.i18n import t
from web.replay.actions import open_replay
from web.replay.replay import Replay
from web.table.registry import action
from web.table.session import Session
from web.table.shown import Effect, Overlay
from web.table.table import Table


def file_name(session: Session) -> str:
    """The download's name: the match id, kept to safe characters."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in session.match_id)[:40]
    return f"scala40-{safe or 'game'}.txt"


def read_record(text: str) -> Record | RuleError:
    """The record in ``text``, replayed to its end, or the engine's refusal."""
    try:
        record = Record.parse(text)
        record.replay()
    except RuleError as error:
        return error
    return record


def import_text(table: Table, text: str, then: str) -> None:
    """Open ``text`` as a replay (``then == "replay"``) or continue it at the table."""
    record = read_record(text)
    if isinstance(record, RuleError):
        table.import_error = record.message(table.lang)
        table.open(Overlay.IMPORT)
        return
    table.import_error = None
    if then == "continue":
        session = Session.restore(Game.from_record(record), {})
        table.start_session(session)
    else:
        replay = Replay(record)
        replay.to(replay.last)
        open_replay(table, replay)


@action("download")
def export(table: Table, _arg: str = "") -> None:
    """The match's record as a file (the page saves it: Effect.DOWNLOAD), and the player
    told what was saved under which name, over the score sheet it was asked from or, from
    the menu, over the table."""
    session = table.session
    if session is None:
        return
    table.effects.add(Effect.DOWNLOAD)
    if table.overlay is Overlay.MENU:
        table.overlay = table.sheet_behind()
    table.tell(t("export", table.lang), t("export_done", table.lang, file=file_name(session)))


@action("import")
def open_import(table: Table, _arg: str = "") -> None:
    table.import_error = None
    table.open(Overlay.IMPORT)
