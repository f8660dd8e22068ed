"""Writing the match: never an exception into the game, never an older save over a newer one.

The table calls :meth:`Saver.save` after every action. A browser may refuse
the write (``QuotaExceededError`` when the site's storage is full, a
``SecurityError`` when it gives the page no storage): the game goes on in
memory, the write is retried on the next save and whenever space was freed
(:meth:`Saver.retry`), and the player is told once when saving starts to
fail and once when it works again (:meth:`Saver.take_notice`).

The live match comes first: its save is written before the seats and long
before any statistics, and when the storage is full the values kept aside
under ``scala40.broken.`` are deleted to make room for it, then the save is
written deflated (``record_z``: a quarter of the size; web/store/match.py).

The page as drawn is kept too (:meth:`Saver.save_snapshot`, for web/page/snapshot.js
to paint on the next visit before Python is up), but never at the save's
expense: it is written after the save, in one attempt, and dropped when it
does not fit, when the save failed (it would show a table the save does not
hold), and first of all when the save needs its room.

Each save carries its match id and a revision (see web/store/match.py). The
saver writes only over the save it last read or wrote itself (compare and
swap): when the stored save moved on without it, another tab has played, and
:meth:`Saver.save` answers :attr:`Outcome.CONFLICT` instead of writing.

>>> from web.store.stores import MemoryStore
>>> store = MemoryStore()
>>> saver = Saver(store)
>>> game = '{"format": "scala40-save", "version": 1, "record": "", "digest": ""}'
>>> saver.save("m1", game, "{}"), saver.save("m1", game, "{}"), saver.known
(<Outcome.SAVED: 'saved'>, <Outcome.SAVED: 'saved'>, ('m1', 2))
>>> other = Saver(store, known=("m1", 1))   # a tab that loaded revision 1
>>> other.save("m1", game, "{}")
<Outcome.CONFLICT: 'conflict'>
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from enum import StrEnum

from web.i18n import t
from web.store import storage
from web.store.match import save_text, snapshot_text, stored_version
from web.store.stores import Store


class Outcome(StrEnum):
    SAVED = "saved"
    FAILED = "failed"  # kept in memory; retried on the next save
    CONFLICT = "conflict"  # another tab saved this match (or another) since: not written


def failure_reason(error: BaseException) -> str:
    """"quota", "denied" or the error's name, from a browser's storage exception.

    >>> failure_reason(Exception("QuotaExceededError: Setting the value exceeded the quota"))
    'quota'
    """
    name = str(getattr(error, "name", "") or type(error).__name__)
    text = f"{name} {error}".lower()
    if "quota" in text:
        return "quota"
    if "security" in text or "denied" in text:
        return "denied"
    return name


@dataclass
class Pending:
    """The newest save of the match not yet in storage, kept to write again."""

    match: str
    save: str
    meta: str


class Saver:
    """The one writer of ``scala40.game``, ``scala40.table`` and ``scala40.snapshot``."""

    def __init__(self, store: Store, known: tuple[str | None, int] | None = None) -> None:
        self.store = store
        self.known = known  # (match, revision) of the stored save as this tab last saw it
        self.failure: str | None = None  # why the last write failed
        self.pending: Pending | None = None  # the newest save not yet written
        self.compact = False  # the storage was full once: saves are written deflated
        self._notice: tuple[str, str] | None = None  # (kind, reason) not yet shown
        self._told: set[str] = set()  # the kinds of notice already shown
        self._snapshot: str | None = None  # the snapshot this tab wrote last, if still there
        self._meta: str | None = None  # the seats this tab wrote last, if still there

    # -- writing -----------------------------------------------------------------------

    def save(self, match: str, save: str, meta: str, *, replace: bool = False) -> Outcome:
        """Write a match's save and seats; ``replace``: the player started a new match."""
        if not replace and not self.owns_stored():
            return Outcome.CONFLICT
        same = self.known is not None and self.known[0] == match
        revision = self.known[1] + 1 if same and self.known is not None else 1
        self.pending = Pending(match, save, meta)
        try:
            reason = self._write_game(match, save, revision)
        except ValueError:  # not Game.to_save()'s JSON: a bug, not a full disk
            reason = "error"
        if reason is None:
            self.known = (match, revision)  # written: from now on this is the save to build on
            reason = self._write_meta(meta)
        if reason is not None:
            return self._failed(reason)
        self.pending = None
        if self.failure is not None:
            self.failure = None
            self._tell("ok", "")
        return Outcome.SAVED

    def save_meta(self, meta: str) -> Outcome:
        """Write the seats only (a hand rearranged, the device passed on)."""
        if not self.owns_stored():
            return Outcome.CONFLICT
        if self.pending is not None:
            self.pending.meta = meta
            return self.retry()
        if meta == self._meta:
            return Outcome.SAVED
        reason = self._write_meta(meta)
        return Outcome.SAVED if reason is None else self._failed(reason)

    def _write_meta(self, meta: str) -> str | None:
        """Write the seats (:meth:`write`), noting them: the page asks again after every
        redraw (web/store/saves.py), and the same seats are not written twice."""
        self._meta = None
        reason = self.write(storage.TABLE_KEY, meta)
        if reason is None:
            self._meta = meta
        return reason

    def retry(self) -> Outcome:
        """Write the save that failed, if any (space may have been freed)."""
        pending = self.pending
        if pending is None:
            return Outcome.SAVED
        return self.save(pending.match, pending.save, pending.meta)

    def clear(self) -> bool:
        """Remove the match's save and seats, if the stored save is this tab's."""
        self.pending = None
        self._snapshot = None
        self._meta = None
        if not self.owns_stored():
            self.known = None
            return False
        for key in (storage.GAME_KEY, storage.TABLE_KEY, storage.SNAPSHOT_KEY):
            with contextlib.suppress(Exception):  # a store that cannot remove holds nothing
                self.store.removeItem(key)
        self.known = None
        return True

    def save_snapshot(self, markup: str, lang: str, looks: tuple[str, ...] = ()) -> bool:
        """Keep the page as drawn, tied to the save it shows; True if it was written.

        Only the save's leftovers are used: nothing is pruned to make room, and a
        snapshot that does not fit (or follows a failed save) is removed, not kept."""
        text = snapshot_text(markup, self.known, lang, looks)
        if text == self._snapshot:
            return True
        self._snapshot = None
        if self.pending is None and len(text) <= storage.MAX_SNAPSHOT_CHARS:
            try:
                self.store.setItem(storage.SNAPSHOT_KEY, text)
                self._snapshot = text
                return True
            except Exception:  # full or refused: the snapshot is the first thing to go
                pass
        self.drop_snapshot()
        return False

    def drop_snapshot(self) -> bool:
        """Remove the snapshot; True if there was one (its room is free now)."""
        try:
            self._snapshot = None
            if self.store.getItem(storage.SNAPSHOT_KEY) is None:
                return False
            self.store.removeItem(storage.SNAPSHOT_KEY)
        except Exception:  # a store that cannot be read or written holds no snapshot to free
            return False
        return True

    def owns_stored(self) -> bool:
        """True if the stored save is the one this tab last read or wrote (or there is none)."""
        stored = stored_version(self.store)
        return stored is None or stored == self.known

    def _write_game(self, match: str, save: str, revision: int) -> str | None:
        """Write the save; when it does not fit, deflate it (from now on); why it failed."""
        reason = self.write(storage.GAME_KEY,
                            save_text(save, match, revision, compact=self.compact))
        if reason == "quota" and not self.compact:
            self.compact = True
            reason = self.write(storage.GAME_KEY,
                                save_text(save, match, revision, compact=True))
        return reason

    def write(self, key: str, text: str) -> str | None:
        """One write; when the storage is full, make room (kept-aside values) and try
        again (the snapshot goes first, then the kept-aside values). ``None`` when
        written, else why not (:func:`failure_reason`). The match's keys and the
        others (web/store/saves.py) are written through here alike."""
        for attempt in range(2):
            try:
                self.store.setItem(key, text)
                return None
            except Exception as error:  # every browser refusal is handled here
                reason = failure_reason(error)
                if reason != "quota" or attempt or not self._make_room():
                    return reason
        return "quota"

    def _make_room(self) -> bool:
        """Free what the save may take: the snapshot and the kept-aside values."""
        dropped = self.drop_snapshot()
        return storage.prune_kept_aside(self.store, 0) > 0 or dropped

    def _failed(self, reason: str) -> Outcome:
        if self.failure is None:
            self._tell("failed", reason)
        self.failure = reason
        return Outcome.FAILED

    def _tell(self, kind: str, reason: str) -> None:
        """Each of "failed" and "ok" is told once a visit: near the quota a deflated save
        may fit one move and not the next, and the player is not told so at every move."""
        if kind not in self._told:
            self._told.add(kind)
            self._notice = (kind, reason)

    # -- telling the player ----------------------------------------------------------

    def take_notice(self, lang: str) -> str | None:
        """What to tell the player about saving, once: it fails (and why), or works again."""
        notice, self._notice = self._notice, None
        if notice is None:
            return None
        kind, reason = notice
        if kind == "ok":
            return t("save_ok_again", lang)
        return t("save_failed", lang, why=reason_text(reason, lang))


def reason_text(reason: str, lang: str) -> str:
    """Why a write failed, for the player."""
    if reason in ("quota", "denied"):
        return t("save_why_" + reason, lang)
    return t("save_why_error", lang, error=reason)
