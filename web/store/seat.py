"""Who sits at a seat of the table: a person at this device, a bot of this device or a
friend on another device (STYLE.md, "Seats behind one interface": the kind says only
where a seat's actions come from; every action goes through the one move path,
web/table/table.py's ``Table.move``), and the name the table shows for it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scala40.bots import DEFAULT_LEVEL

NAME_LIMIT = 20  # characters of a name shown; a longer one (from a save) ends in "…"


def clamp_name(name: str) -> str:
    """A player's name as the table shows it: at most NAME_LIMIT characters, and
    text that can always be written out (a lone surrogate becomes "?").

    >>> clamp_name("Anna"), clamp_name("x" * 10_000) == "x" * 19 + "…"
    ('Anna', True)
    >>> clamp_name("T" + chr(0xD800))
    'T?'
    """
    name = str(name).encode("utf-8", "replace").decode("utf-8")
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


class SeatKind(StrEnum):
    """Who may sit at a seat: the one list of kinds (the new-game form offers them, the
    stored seats are checked against them)."""

    HUMAN = "human"  # a person at this device
    BOT = "bot"  # a computer player of this device
    REMOTE = "remote"  # a friend playing on another device


@dataclass
class Seat:
    """Who plays a seat: a human on this device, a bot of a level, or a friend."""

    name: str
    kind: str = SeatKind.HUMAN  # one of SeatKind
    level: str = DEFAULT_LEVEL  # one of scala40.bots.LEVELS, balanced with its [:strength]

    @property
    def is_bot(self) -> bool:
        return self.kind == SeatKind.BOT

    @property
    def is_remote(self) -> bool:
        return self.kind == SeatKind.REMOTE

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}


__all__ = ["NAME_LIMIT", "Seat", "SeatKind", "clamp_name"]
