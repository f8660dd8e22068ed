"""Everything the table reads from or writes to storage, in one place.

The table never touches ``localStorage`` or the doors of :mod:`web.store` itself:
it asks :class:`Saves` to load the saved match, to save it after a move, to
save the table's arrangement (seats, hand order, whose hand is shown), the
settings and the statistics.

Nothing here raises into the game. Every stored key is read through its
door (:mod:`web.store.storage`): a value that fails is kept aside, the table gets
that key's defaults, and the refusal waits in :meth:`Saves.take_notices` to
be told to the player. Every write of the match goes through one
:class:`~web.store.saver.Saver`: a full or refused storage is told once and the
game goes on in memory; a save of this match newer than this tab's (another
tab played) is never overwritten, and :attr:`Saves.overtaken` says so. The
other keys (the settings, the statistics, the matches kept for replay, a
shared table's secrets, the guided hand's progress, the deals of the day
tried) go through the same :meth:`~web.store.saver.Saver.write`,
which makes room the same way; what the browser still refuses is told once a
visit, all of it in one notice, and the page goes on with it in memory.

``store`` is :class:`web.store.stores.LocalStore` around ``window.localStorage``
in the page, :class:`web.store.stores.MemoryStore` in tests:

>>> from web.store.stores import MemoryStore
>>> saves = Saves(MemoryStore({"scala40.settings": '{"speed": []}'}))
>>> saves.load_game("1") is None, saves.load_settings("it-IT").lang
(True, 'it')
>>> [title for title, _text in saves.take_notices("en")]
['Unreadable saved data']
"""

from __future__ import annotations

from typing import Protocol

from scala40 import State
from scala40.record import Game, Record
from web.i18n import default_lang, t
from web.store import replays, storage
from web.store.match import load_game, load_table
from web.store.saver import Outcome, Saver, reason_text
from web.store.seat import Seat
from web.store.settings import Settings, load_settings
from web.store.stats import count_result, match_tally, mode_key, read_stats, reset_stats
from web.store.storage import Refusal
from web.store.stores import Store


class Session(Protocol):
    """What the saves read of the match at the table (web/table/session.py's Session,
    which this layer, under the table, does not import)."""

    game: Game
    seats: list[Seat]
    match_id: str

    @property
    def kept_here(self) -> bool: ...

    @property
    def state(self) -> State: ...

    @property
    def humans(self) -> list[int]: ...

    def meta_json(self) -> str: ...


class Saves:
    """The match, its table, the settings and the statistics in ``store``."""

    def __init__(self, store: Store, stamp: str = "0") -> None:
        self.store = store
        self.stamp = stamp  # names what is kept aside: scala40.broken.<stamp>.<key>
        self.saver = Saver(store)
        self.refusals: list[Refusal] = []  # refused values not told yet
        self.overtaken = False  # another tab saved this match since this tab did
        self.writable = True  # False while another tab owns the match
        self.unsaved: dict[str, str] = {}  # what else was not written, and why: not told yet
        self.told_unsaved: set[str] = set()

    # -- the match -------------------------------------------------------------

    def load_game(self, stamp: str | None = None) -> tuple[Game, dict | None] | None:
        """The saved match and its table data (``None``: refused, see the notices),
        or ``None`` if there is no match to resume."""
        stamp = stamp or self.stamp
        game, saved, refusal = load_game(self.store, stamp)
        self._refused(refusal)
        if game is None or saved is None:
            self.saver.known = None
            return None
        self.saver.known = (saved.match, saved.revision)
        self.overtaken = False
        table, refusal = load_table(self.store, len(game.state.players), stamp)
        self._refused(refusal)
        return game, table

    def save_game(self, session: Session, *, new: bool = False) -> None:
        """After a move: the match and the table around it (``new``: a match the player
        just started, which replaces whatever was saved).

        A finished match is not saved but cleared, its snapshot with it: the move that
        ended it had it counted and kept for replay (``Table.move``), so the next visit
        starts on the new-game screen, with the match in the replays (docs/lifecycle.md).
        """
        if not (self.writable and session.kept_here):
            return
        if session.state.is_over:
            self.overtaken = self.overtaken or not self.saver.clear()
            return
        outcome = self.saver.save(session.match_id, session.game.to_save(), session.meta_json(),
                                  replace=new)
        self.overtaken = self.overtaken or outcome is Outcome.CONFLICT

    def save_table(self, session: Session) -> None:
        """The seats, the hand order, whose hand is shown (no move was made); none for
        a finished match, whose save is cleared (:meth:`save_game`)."""
        if self.writable and session.kept_here and not session.state.is_over:
            self.overtaken = self.overtaken or self.saver.save_meta(
                session.meta_json()) is Outcome.CONFLICT

    def save_snapshot(self, markup: str, lang: str, session: Session | None = None,
                      looks: tuple[str, ...] = ()) -> None:
        """The page as drawn (with ``<html>``'s ``looks``), for the next visit to show
        before Python is up; with it ``session``'s table data when it changed without a
        move (cards selected), so the table that comes up after the snapshot keeps what
        the snapshot showed."""
        if not self.writable:
            return
        if session is not None:
            self.save_table(session)
        self.saver.save_snapshot(markup, lang, looks)

    def clear_game(self, session: Session) -> None:
        """``session``'s match is over or left: forget it (if the stored save is this
        tab's: a friend's match shown on a guest's device left the stored one alone)."""
        if self.writable and session.kept_here:
            self.saver.clear()

    def is_stale(self) -> bool:
        """True if the stored save moved on without this tab (the ``storage`` event)."""
        return not self.saver.owns_stored()

    # -- a table shared with other devices (web/friends/page.py) --------------

    def load_friends(self) -> dict | None:
        """The host's shared table: ``{"game", "match", "tokens"}``, or ``None``."""
        friends, refusal = storage.load_friends(self.store, self.stamp)
        self._refused(refusal)
        return friends

    def save_friends(self, friends: dict) -> None:
        self._write("friends", storage.FRIENDS_KEY, friends)

    # -- the guided hand's progress and the deals of the day tried ------------------

    def load_lesson(self) -> int:
        """The guided hand's moves played so far (0 if none or refused)."""
        moves, refusal = storage.load_lesson(self.store, self.stamp)
        self._refused(refusal)
        return moves

    def save_lesson(self, moves: int) -> None:
        self._write("lesson", storage.LESSON_KEY, {"moves": int(moves)})

    def load_daily(self) -> dict[str, str]:
        """The deals of the day tried: date → result line ("" while unfinished)."""
        tried, refusal = storage.load_daily(self.store, self.stamp)
        self._refused(refusal)
        return tried

    def save_daily(self, tried: dict[str, str]) -> None:
        """The deals of the day tried: date → result line ("" while unfinished)."""
        self._write("daily", storage.DAILY_KEY, tried)

    # -- settings and statistics -------------------------------------------------

    def load_settings(self, browser_lang: str | None = None) -> Settings:
        """The settings, in the browser's language unless one was chosen."""
        settings, refusal = load_settings(self.store, self.stamp, default_lang(browser_lang))
        self._refused(refusal)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Keep the settings; False if the browser refused (told, see :meth:`_unsaved`)."""
        return self._write("settings", storage.SETTINGS_KEY, settings.stored())

    def load_stats(self) -> dict:
        stats, refusal = read_stats(self.store, self.stamp)
        self._refused(refusal)
        return stats

    def count_match(self, session: Session, outcome: str) -> None:
        """Count a match of one human against bots ("won", "lost" or "abandoned")."""
        if not session.kept_here:
            return
        levels = [seat.level for seat in session.seats if seat.is_bot]
        stats, refusal = read_stats(self.store, self.stamp)
        self._refused(refusal)
        count_result(stats, mode=mode_key(session.state.rules), levels=levels,
                     outcome=outcome, tally=match_tally(session.state, session.humans[0]))
        self._write("stats", storage.STATS_KEY, stats)

    def keep_match(self, match_id: str, record: Record, when: float,
                   about: dict | None = None) -> None:
        """Keep a finished match for replay, with what the list says of it (``about``:
        :func:`web.replay.about.about`). When it does not fit, the oldest kept matches
        give way to it, one at a time (as they do beyond :data:`web.store.replays.KEEP`)."""
        entries = replays.kept_with(self, match_id, record, when, about)
        while True:
            why = self.saver.write(storage.REPLAYS_KEY, storage.json_text(entries))
            if why != "quota" or len(entries) == 1:
                break
            entries.pop()
        self._unsaved("replay", why)

    def load_replays(self) -> list[dict]:
        """The matches kept for replay, newest first, as stored (none if refused; what
        they hold: :func:`web.store.replays.kept`)."""
        entries, refusal = storage.load_replays(self.store, self.stamp)
        self._refused(refusal)
        return entries

    def reset_stats(self) -> None:
        """Delete the statistics; the space they free may let a failed save through."""
        reset_stats(self.store)
        self.saver.retry()

    # -- telling the player --------------------------------------------------------

    def take_notices(self, lang: str) -> list[tuple[str, str]]:
        """(title, text) of each refused value, of saving failing or working again, and
        of what else the browser did not keep (one notice for all of it)."""
        notices = [refusal.message(lang) for refusal in self.refusals]
        self.refusals = []
        saving = self.saver.take_notice(lang)
        if saving is not None:
            notices.append((t("save_title", lang), saving))
        if self.unsaved:
            why = reason_text(next(iter(self.unsaved.values())), lang)
            what = " ".join(t("unsaved_" + kind, lang) for kind in self.unsaved)
            notices.append((t("unsaved_title", lang), t("unsaved", lang, why=why, what=what)))
            self.told_unsaved.update(self.unsaved)
            self.unsaved = {}
        return notices

    def _refused(self, refusal: Refusal | None) -> None:
        if refusal is not None:
            self.refusals.append(refusal)

    def _write(self, kind: str, key: str, value: object) -> bool:
        """Write one of the keys besides the match's (``kind`` names it to the player);
        True if written."""
        why = self.saver.write(key, storage.json_text(value))
        self._unsaved(kind, why)
        return why is None

    def _unsaved(self, kind: str, why: str | None) -> None:
        """The browser refused to keep ``kind`` (``why``): told once a visit, as saving's
        own failure is, and the page goes on with it in memory."""
        if why is not None and kind not in self.told_unsaved:
            self.unsaved[kind] = why
