"""Replays at the table: open the game just played or a kept one, step, switch, delete.

Handlers bound by name in :data:`~web.table.registry.ACTIONS` like the
table's own (imported by :mod:`web.page.handlers`, so they are bound before
the first click). The open replay is the table's part :class:`Replay`; the screen is the
``replay`` overlay, drawn over the table or the start screen. A finished match is kept
for them by :func:`keep`, a hook of every match's end (web/table/kinds.py).
"""

from __future__ import annotations

from scala40 import RuleError
from web.i18n import t
from web.replay.about import about
from web.replay.replay import Replay
from web.store import replays as kept
from web.store.saves import Saves
from web.table.kinds import ENDED, kind_of
from web.table.registry import action
from web.table.session import Session
from web.table.shown import Overlay
from web.table.table import Table


def keep(session: Session, saves: Saves, now: float) -> None:
    """Keep a match that ended here among the replays, with what the list says of it
    (not the lesson: its kind keeps none)."""
    if kind_of(session).kept:
        saves.keep_match(session.match_id, session.game.record, now, about(session))


ENDED.append(keep)


def open_replay(table: Table, replay: Replay) -> None:
    table.parts[Replay] = replay
    table.open(Overlay.REPLAY)


@action("replay")
def replay_current(table: Table, _arg: str = "") -> None:
    """Replay the game at the table up to now, from the shown hand's seat."""
    session = table.session
    if session is None:
        return
    viewer = session.viewer if session.viewer is not None else 0
    replay = Replay(session.game.record, viewer)
    replay.to(replay.last)
    open_replay(table, replay)


@action("replays")
def replays(table: Table, _arg: str = "") -> None:
    """The kept matches (a list that cannot be read is told, as the statistics are)."""
    table.open(Overlay.REPLAYS)
    table.replays_shown = kept.kept(table.saves)
    table.report()


@action("replay-open")
def replay_open(table: Table, match_id: str) -> None:
    """Open a kept match; one that cannot be replayed says why and stays in the list."""
    try:
        record = kept.find(table.saves, match_id)
    except RuleError as error:
        table.overlay = None  # the notice in the list's place (it would wait behind it)
        table.tell(t("replays", table.lang),
                   t("replay_unreadable", table.lang, why=error.message(table.lang)))
        return
    if record is not None:
        open_replay(table, Replay(record))


@action("replay-delete")
def replay_delete(table: Table, match_id: str) -> None:
    kept.forget(table.saves, match_id)
    replays(table, "")


@action("replay-forward")
def replay_forward(table: Table, _arg: str = "") -> None:
    replay = table.part(Replay)
    if replay is not None:
        replay.forward()
        table.redraw()


@action("replay-back")
def replay_back(table: Table, _arg: str = "") -> None:
    replay = table.part(Replay)
    if replay is not None:
        replay.back()
        table.redraw()


@action("replay-hand")
def replay_hand(table: Table, arg: str) -> None:
    replay = table.part(Replay)
    if replay is not None and arg.isdigit():
        replay.to_hand(int(arg))
        table.redraw()


@action("replay-view")
def replay_view(table: Table, _arg: str = "") -> None:
    """Switch between the player's view and every hand shown."""
    replay = table.part(Replay)
    if replay is not None:
        replay.viewer = None if replay.viewer is not None else 0
        table.redraw()


@action("replay-close")
def replay_close(table: Table, _arg: str = "") -> None:
    table.parts.pop(Replay, None)
    table.close_dialog()
