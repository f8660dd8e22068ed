"""The lesson's way in: "Learn to play" starts the guided hand where it was left.

Bound by name in :data:`~web.table.registry.ACTIONS`; the coach's gate on
each move and its words after it are the lesson's kind of match
(:data:`web.learn.lesson.LESSON_KIND`), which the table asks.
"""

from __future__ import annotations

from web.learn import lesson
from web.table.registry import action
from web.table.table import Table


@action("learn")
def learn(table: Table, _arg: str = "") -> None:
    """The guided first hand, from where it was left (from the start once done)."""
    moves = table.saves.load_lesson()
    session = lesson.new_lesson(table.lang, 0 if moves >= len(lesson.LESSON) else moves)
    table.start_session(session, table.coach)
