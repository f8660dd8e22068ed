"""A finished game stepped through move by move: the record, a position, a point of view.

:class:`Replay` holds a :class:`~scala40.record.Record` and the index of the
move shown (0 = the deal). The states are replayed from the record once, when
the replay opens (the engine's replay is linear), and kept while it is open;
what is stored for later is the record's text only
(:func:`web.store.replays.kept_with`). The point
of view is a seat (what that player saw: :func:`scala40.observe`) or every
hand shown.

>>> from scala40 import Rules, parse_action
>>> from scala40.record import Record
>>> record = Record(Rules(), ("A", "B"), "1", (parse_action("draw"),))
>>> replay = Replay(record)
>>> replay.index, replay.forward(), replay.forward(), replay.back()
(0, 1, 1, 0)
"""

from __future__ import annotations

from scala40 import NextHand, Observation, State, observe
from scala40.record import Record


class Replay:
    """A record being stepped through; ``viewer`` is a seat, or ``None``: every hand shown."""

    def __init__(self, record: Record, viewer: int | None = 0) -> None:
        self.record = record
        self.states: list[State] = list(record.states())
        self.index = 0
        self.viewer = viewer

    @property
    def last(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> State:
        return self.states[self.index]

    def forward(self) -> int:
        self.index = min(self.index + 1, self.last)
        return self.index

    def back(self) -> int:
        self.index = max(self.index - 1, 0)
        return self.index

    def to(self, index: int) -> int:
        self.index = max(0, min(int(index), self.last))
        return self.index

    def hand_starts(self) -> list[int]:
        """The index of each hand's deal (the first, then after every ``next``)."""
        return [0] + [n for n, action in enumerate(self.record.actions, 1)
                      if isinstance(action, NextHand)]

    def to_hand(self, number: int) -> int:
        """Jump to the deal of hand ``number`` (1-based)."""
        starts = self.hand_starts()
        return self.to(starts[max(1, min(number, len(starts))) - 1])

    def view(self) -> Observation | None:
        """What the viewer saw at this move (``None``: every hand is shown)."""
        if self.viewer is None or not 0 <= self.viewer < len(self.state.players):
            return None
        return observe(self.state, self.viewer)


__all__ = ["Replay"]
