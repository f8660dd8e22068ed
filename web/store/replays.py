"""The finished matches kept for replay: their stored list (records only, newest first,
at most :data:`KEEP`). ``saves`` is :class:`web.store.saves.Saves`, whose door reads the
list (and tells one that cannot be read); not imported here, as Saves keeps a finished
match through :func:`kept_with`. Stepping through one is :mod:`web.replay`."""

from __future__ import annotations

from scala40.record import Record
from web.store import storage

REPLAYS_KEY = storage.REPLAYS_KEY
KEEP = 20  # finished matches kept for replay

def kept(saves) -> list[dict]:
    """The kept matches, newest first (the order they were kept in):
    ``{"id", "when", "players", "record"}`` and, for those kept since it is noted,
    ``"about"`` (web/replay/about.py); entries of another shape are left out (they
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


__all__ = ["KEEP", "REPLAYS_KEY", "find", "forget", "kept", "kept_with"]
