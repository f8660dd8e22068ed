"""A finished game stepped through move by move: the record, a position, a point of view.

:class:`Replay` holds a :class:`~scala40.record.Record` and the index of the
move shown (0 = the deal). The states are replayed from the record once, when
the replay opens (the engine's replay is linear), and kept while it is open;
what is stored for later is the record's text only (:func:`kept_with`). The point
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
from web.store import storage

REPLAYS_KEY = storage.REPLAYS_KEY
KEEP = 20  # finished matches kept for replay


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


# -- the kept matches (records only) ----------------------------------------------
# ``saves`` is web/store/saves.py's Saves, whose door reads them (and tells a list that
# cannot be read); not imported here, as Saves keeps a finished match through kept_with.


def kept(saves) -> list[dict]:
    """The kept matches, newest first (the order they were kept in):
    ``{"id", "when", "players", "record"}`` and, for those kept since it is noted,
    ``"about"`` (:mod:`web.replay.about`); entries of another shape are left out (they
    come from storage)."""
    entries = saves.load_replays()
    return [entry for entry in entries if isinstance(entry, dict)
            and isinstance(entry.get("id"), str) and isinstance(entry.get("record"), str)
            and isinstance(entry.get("when"), int | float)
            and isinstance(entry.get("players"), list)]


def kept_with(saves, match_id: str, record: Record, when: float,
              about: dict | None = None) -> list[dict]:
    """The kept matches with a finished one first (the same id once), the oldest beyond
    :data:`KEEP` left out: what to store next (web/store/saves.py writes it)."""
    entries = [entry for entry in kept(saves) if entry["id"] != match_id]
    entry = {"id": match_id, "when": when, "players": list(record.players),
             "record": record.text()}
    if about is not None:
        entry["about"] = about
    entries.insert(0, entry)
    return entries[:KEEP]


def forget(saves, match_id: str) -> None:
    storage.write_json(saves.store, REPLAYS_KEY,
                       [entry for entry in kept(saves) if entry["id"] != match_id])


def find(saves, match_id: str) -> Record | None:
    """The kept record ``match_id``, ``None`` if missing; the engine's ``RuleError`` (which
    names why) if it is unreadable or does not replay to its end (stored text: a record
    that parses may still hold a move the engine refuses). The entry stays as it is."""
    for entry in kept(saves):
        if entry["id"] == match_id:
            record = Record.parse(entry["record"])
            record.replay()
            return record
    return None


__all__ = ["KEEP", "REPLAYS_KEY", "Replay", "find", "forget", "kept", "kept_with"]
