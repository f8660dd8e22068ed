"""Everything the table reads from or writes to storage, in one place.

The controller never touches ``localStorage`` or :mod:`web.storage` itself:
it asks :class:`Saves` to load the saved match, to save it after a move, to
save the table's arrangement (seats, hand order, whose hand is shown), the
settings and the statistics. A save that fails or a key that cannot be read
is this module's to handle, so hardening storage changes this file only.

``store`` is anything with ``getItem`` / ``setItem`` / ``removeItem``
(``window.localStorage`` in the page, :class:`web.storage.MemoryStore` in
tests):

>>> from web.storage import MemoryStore
>>> saves = Saves(MemoryStore())
>>> saves.load_game() is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scala40 import RuleError, Rules
from scala40.record import Game, load_save
from scala40.state import State

from .. import storage
from ..session import Session


@dataclass(frozen=True)
class Unreadable:
    """A saved match that could not be read: kept aside under ``key``, refused with ``error``."""

    key: str
    error: RuleError


class Saves:
    """The match, its table, the settings and the statistics in ``store``."""

    def __init__(self, store: Any) -> None:
        self.store = store

    # -- the match -------------------------------------------------------------

    def load_game(self, stamp: str = "0") -> tuple[Game, dict] | Unreadable | None:
        """The saved match and its table data, ``None`` if there is none, or
        :class:`Unreadable` (the save moved aside under a key ending in ``stamp``)."""
        text = self.store.getItem(storage.GAME_KEY)
        if text is None:
            return None
        try:
            game = load_save(text)
        except RuleError as error:
            return Unreadable(storage.keep_aside(self.store, text, stamp), error)
        return game, storage.read_json(self.store, storage.TABLE_KEY, {})

    def save_game(self, session: Session) -> None:
        """After a move: the match (``Game.to_save()``) and the table around it."""
        self.store.setItem(storage.GAME_KEY, session.game.to_save())
        self.save_table(session)

    def save_table(self, session: Session) -> None:
        """The seats, the hand order, whose hand is shown (no move was made)."""
        self.store.setItem(storage.TABLE_KEY, session.meta_json())

    def clear_game(self) -> None:
        """The match is over or left: forget it."""
        self.store.removeItem(storage.GAME_KEY)
        self.store.removeItem(storage.TABLE_KEY)

    # -- settings and statistics -------------------------------------------------

    def load_settings(self) -> dict:
        settings: dict = storage.read_json(self.store, storage.SETTINGS_KEY, {})
        return settings

    def save_settings(self, settings: dict) -> None:
        storage.write_json(self.store, storage.SETTINGS_KEY, settings)

    def load_stats(self) -> dict:
        stats: dict = storage.load_stats(self.store)
        return stats

    def count_match(self, session: Session, outcome: str) -> None:
        """Count a match of one human against bots ("won", "lost" or "abandoned")."""
        levels = [seat.level for seat in session.seats if seat.is_bot]
        storage.record_result(self.store, mode=mode_key(session.state.rules), levels=levels,
                              outcome=outcome, tally=match_tally(session.state,
                                                                 session.humans[0]))

    def reset_stats(self) -> None:
        storage.reset_stats(self.store)


def mode_key(rules: Rules) -> str:
    """How statistics name a match's mode: single, 101, 201 or custom.

    >>> mode_key(Rules()), mode_key(Rules(mode="single")), mode_key(Rules(elimination_score=151))
    ('101', 'single', 'custom')
    """
    if rules.mode == "single":
        return "single"
    return str(rules.elimination_score) if rules.elimination_score in (101, 201) else "custom"


def match_tally(state: State, seat: int) -> dict[str, int]:
    """What the statistics add up for ``seat`` from a match's finished hands: the hands
    it was dealt in, closed, closed in mano, and the penalties it paid.

    >>> from scala40.state import HandResult
    >>> from dataclasses import replace
    >>> state = Game.new(["Anna", "Bruno"], seed=1).state
    >>> won = HandResult(closer=0, in_mano=True, penalties=(0, 60), eliminated=(), reentered=())
    >>> lost = HandResult(closer=1, in_mano=False, penalties=(25, 0), eliminated=(), reentered=())
    >>> match_tally(replace(state, results=(won, lost)), 0)
    {'hands': 2, 'closed': 1, 'in_mano': 1, 'penalty': 25}
    """
    tally = {"hands": 0, "closed": 0, "in_mano": 0, "penalty": 0}
    out = False
    for result in state.results:
        if not out:
            tally["hands"] += 1
            tally["penalty"] += result.penalties[seat]
            if result.closer == seat:
                tally["closed"] += 1
                tally["in_mano"] += int(result.in_mano)
        out = (out or seat in result.eliminated) and seat not in result.reentered
    return tally
