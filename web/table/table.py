"""The table: a match's session, the door into a new match, and the one move path.

:class:`Table` is what the page holds: the match at the table (its session, the
door every way into a new match takes, :meth:`Table.start_session`, and the one path
every seat's move takes, :meth:`Table.move`, :meth:`Table.take_back`: the save, the
score sheet, the match counted and kept, the cues, the redraw, the friends' devices
told) on top of what is shown around it (:class:`~web.table.display.Display`).
Every rule question goes to the engine through the session; a refusal is shown as
the engine's ``RuleError.message(lang)``. Where a kind of match differs (the
lesson, the deal of the day), the table asks its :class:`~web.table.kinds.Kind`;
it names no feature.

>>> from web.store.saves import Saves
>>> from web.store.settings import Settings
>>> from web.store.stores import MemoryStore
>>> from web.table.session import Session
>>> from web.store.seat import Seat
>>> table = Table(Saves(MemoryStore()), Settings(lang="en"), clock=lambda: 0.0)
>>> table.start_session(Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=1))
>>> table.screen, sorted(table.effects)
(<Screen.TABLE: 'table'>, [<Effect.BOTS: 'bots'>, <Effect.REDRAW: 'redraw'>])
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40 import (
    Action,
    Attach,
    Discard,
    LayMeld,
    RuleError,
    SwapJoker,
    TakeBack,
)
from scala40.bots import Reason
from web.table.cues import cue_for
from web.table.explain import explain, marks
from web.table.kinds import ENDED, kind_of
from web.table.match import MatchTable
from web.table.session import Session
from web.table.shown import Effect, Overlay


@dataclass(frozen=True)
class Before:
    """The match as it stood before a move: what the move path compares it with."""

    my_turn: bool
    hand_over: bool
    match_over: bool
    log: tuple

    @staticmethod
    def of(session: Session) -> Before:
        state = session.state
        return Before(session.my_turn(), state.hand_over, state.is_over, tuple(state.hand.log))


class Table(MatchTable):
    """The match at the table and the one move path, over what the page shows."""

    def move(self, action: Action) -> RuleError | None:
        """Play ``action`` for the seat to move (a human's or a bot's) and do what follows
        every move (:meth:`moved`). Return the engine's refusal, if any. A move made on
        a friend's device is sent to the host: the host's table coming back is the move
        (web/friends/seats.py), and what follows it follows then."""
        session = self.session
        assert session is not None
        before = Before.of(session)
        try:
            session.play(action)
        except RuleError as error:
            return error
        if not session.kept_here:
            self.redraw()
            return None
        self.moved(before, action)
        return None

    def moved(self, before: Before, action: Action | None) -> None:
        """What follows every move at this table, made here or arrived from the host
        (``action``: the move, None for a change that is not one, a name): its cue and
        the turn's; the score sheet when the hand ends, gone with the next deal (one
        opened mid-hand stays through moves); the host's rematch asked when a new match
        follows one over; and, for a match kept here, the end counted and kept, the
        match saved, its kind's next words (the lesson's coach), the friends told."""
        session = self.session
        assert session is not None
        state = session.state
        if action is not None:
            self.cue(cue_for(action, hand_over=state.hand_over and not before.hand_over))
        if not before.my_turn and session.my_turn() and not state.hand_over:
            self.cue("turn")
        if before.match_over and not state.is_over:
            self.overlay = Overlay.REMATCH
        elif state.hand_over and not before.hand_over:
            if self.replacing is not None:  # the question stays; the sheet waits behind it
                self.replacing.overlay = Overlay.SHEET
            else:
                self.overlay = Overlay.SHEET
        elif before.hand_over and not state.hand_over and self.overlay is Overlay.SHEET:
            self.overlay = None
        if session.kept_here:
            if state.is_over and not before.match_over:
                self.ended()
            self.saves.save_game(session)
            self.report()
            self.coach()
        self.redraw()
        if session.kept_here:
            self.changed()

    def arrived(self, before: Before) -> None:
        """The host's table arrived on a friend's device: what follows a move follows,
        for the move it brings (the last of the hand's moves when there are more, a
        take-back when fewer), or for none (a name changed, the same table again)."""
        session = self.session
        assert session is not None
        log = session.state.hand.log
        action: Action | None = None
        if log and tuple(log) != before.log:
            action = log[-1][1] if len(log) >= len(before.log) or before.hand_over \
                else TakeBack()
        self.moved(before, action)

    def ended(self) -> None:
        """The match played here is over: counted, kept (web.table.kinds.ENDED), and its
        kind's last line shown (a deal of the day's result)."""
        session = self.session
        assert session is not None
        self.count_result()
        for hook in ENDED:
            hook(session, self.saves, self.clock())
        line = kind_of(session).at_end(session, self.saves, self.lang)
        if line:
            session.message = ("info", line)

    def changed(self) -> None:
        for watcher in self.watchers:
            watcher()

    def play(self, action: Action) -> bool:
        """The player's move; the kind's refusal (the lesson's) or the engine's is shown.
        True if it was played."""
        session = self.session
        assert session is not None
        refusal = kind_of(session).refusal
        why = refusal(session, action, self.lang)
        if why is not None:  # the cards go back; the instruction stays
            session.tell("error", lambda lang: refusal(session, action, lang) or why, self.lang)
            session.clear_selection()
        else:
            error = self.move(action)
            if error is None:
                self.effects.add(Effect.BOTS)
                return True
            session.tell("error", error.message, self.lang)
        self.cue("refused")
        self.redraw()
        return False

    def count_result(self) -> None:
        """Statistics count a finished match of one human against bots, once."""
        session = self.session
        if session is None or session.counted or len(session.humans) != 1:
            return
        outcome = "won" if session.state.winner == session.humans[0] else "lost"
        self.saves.count_match(session, outcome)
        session.counted = True

    def show_hint(self, action: Action, reason: Reason) -> None:
        """Mark the hinted move's cards and place, select its cards; tell why (``reason``,
        said in the language read, again if it is switched)."""
        session = self.session
        assert session is not None and session.viewer is not None
        keys, target = marks(session.hand_keys(session.viewer), action)
        session.hint_keys, session.hint_target = keys, target
        if isinstance(action, LayMeld | Attach | SwapJoker | Discard):
            session.selected = list(keys)
        state = session.state
        session.tell("hint", lambda lang: explain(state, action, reason.said(lang), lang),
                     self.lang)
        self.redraw()

    def take_back(self) -> RuleError | None:
        """Take back the last action of the turn (whoever's seat asked: this device's
        player, or a friend's through :mod:`web.friends.seats`) and do what follows a
        move (:meth:`moved`: its cue, the save, the redraw, the friends' devices told).
        Return the engine's refusal, if any."""
        session = self.session
        assert session is not None
        before = Before.of(session)
        try:
            session.undo()
        except RuleError as error:
            return error
        if session.kept_here:
            self.moved(before, TakeBack())
        else:  # sent: the host's table coming back is the take-back
            self.redraw()
        self.effects.add(Effect.BOTS)
        return None
