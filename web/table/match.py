"""The match at the table from the door in to its end: the session, the question before
a new match replaces it (docs/lifecycle.md), a saved match resumed, the tab's hold on it.

:class:`MatchTable` is the half of the :class:`~web.table.table.Table` between what
is shown (:class:`~web.table.display.Display`) and the one move path
(web/table/table.py). Every way into a match (the new-game form, the deal of the
day, an import, a challenge link, the lesson, a rematch, a friend's table) comes
through :meth:`MatchTable.start_session`.
"""

from __future__ import annotations

from collections.abc import Callable

from web.store.saves import Saves
from web.store.settings import Settings
from web.table.dialogs import replace_text
from web.table.display import Display
from web.table.kinds import kind_of
from web.table.session import Session
from web.table.shown import Effect, Overlay, Screen
from web.table.stake import Replacement, abandons, at_stake


class MatchTable(Display):
    """The session at the table: started, replaced, left, resumed, kept in the browser."""

    def __init__(self, saves: Saves, settings: Settings, *, clock: Callable[[], float]) -> None:
        super().__init__(settings)
        self.saves = saves
        self.clock = clock  # milliseconds
        self.replacing: Replacement | None = None  # the match the question would start
        #: The new-game form as filled in when its start met the question: drawn instead
        #: of the settings' ``last`` (which a cancel leaves as it was) for this visit.
        self.form: dict | None = None
        #: Called after every change of the match made here (a move, an undo): the
        #: host's remote seats (web/friends/seats.py) send the table on.
        self.watchers: list[Callable[[], None]] = []

    def save_settings(self) -> bool:
        """Keep the settings; if the browser refuses, they hold for this visit and the
        player is told (False)."""
        written = self.saves.save_settings(self.settings)
        self.report()
        return written

    def report(self) -> None:
        """Tell what storage has to say (a value refused, saving failing or working
        again) and stop playing here if another tab saved the match meanwhile."""
        self.notices.extend(self.saves.take_notices(self.lang))
        if self.saves.overtaken and self.tab.may_play:
            self.lose_tab()
        self.show_notices()

    # -- the match -------------------------------------------------------------------

    def resume_saved(self, stamp: str) -> None:
        """At start-up (and when this tab takes the match back): resume the saved match;
        a value that cannot be read is reported (see :meth:`report`)."""
        loaded = self.saves.load_game(stamp)
        self.session = None
        self.screen = Screen.NEWGAME
        if loaded is not None:
            game, meta = loaded
            self.session = Session.restore(game, meta)
            self.screen = Screen.TABLE
            if game.state.hand_over:
                self.overlay = Overlay.SHEET
            self.coach()  # a lesson resumed by a reload: its instruction again
            self.effects.add(Effect.BOTS)
        self.report()
        self.redraw()

    def start_session(self, session: Session, then: Callable[[], None] | None = None) -> None:
        """The one door into a new match, whatever the way in (the new-game form, the
        deal of the day, an import, a challenge link, the lesson, a rematch, a friend's
        table). A match in progress that it would lose (:func:`~web.table.stake.at_stake`)
        is not replaced at once: the question (:data:`Overlay.REPLACE`) names it, and only
        "leave it and start" (:func:`web.table.lifecycle.replace_yes`) starts ``session``.
        ``then`` is what that way in does once its match has started (the day's try
        marked, the form's choices kept, the coach's first words), so a cancel leaves no
        trace of it."""
        if at_stake(self.session, session):
            self.replacing = Replacement(session, then, self.overlay)
            self.open(Overlay.REPLACE)
            return
        self.begin(session, then)

    def begin(self, session: Session, then: Callable[[], None] | None = None) -> None:
        """Start ``session`` now: the door's way in once nothing is at stake."""
        self.session = session
        self.replacing = None
        self.form = None
        self.thinking = False
        self.screen = Screen.TABLE
        self.overlay = self.sheet_behind()  # a match joined at a hand's end: its sheet
        self.saves.save_game(session, new=True)
        if then is not None:
            then()
        self.report()
        self.redraw()
        self.effects.add(Effect.BOTS)

    def question(self) -> str:
        """What the question says is lost (:func:`web.table.dialogs.replace_text`), and
        whose challenge would start, if a challenge link's deal would."""
        session = self.session
        if session is None:
            return ""
        new = None if self.replacing is None else self.replacing.session
        return replace_text(session, self.lang, abandons=abandons(session),
                            lost=kind_of(session).lost,
                            challenger=None if new is None else kind_of(new).challenger(new))

    def leave_match(self) -> None:
        """Leave the match at the table, counted as abandoned where
        :func:`~web.table.stake.abandons` says (both "Leave the match" and "leave it and
        start" come here)."""
        session = self.session
        if session is not None and abandons(session):
            self.saves.count_match(session, "abandoned")
            session.counted = True

    def end_session(self) -> None:
        """The match leaves the table for the new-game screen. A friend's match shown on a
        guest's device hands the table back to the match saved here before it (joining
        left it stored): the screen offers to resume it, and a new match asks before
        replacing it (:meth:`start_session`), as if the friend's table had not been."""
        session = self.session
        if session is not None:
            self.saves.clear_game(session)
        self.session = None
        if session is not None and not session.kept_here:
            loaded = self.saves.load_game()
            if loaded is not None:
                self.session = Session.restore(*loaded)
        self.thinking = False
        self.overlay = None
        self.screen = Screen.NEWGAME
        self.report()
        self.redraw()

    def coach(self) -> None:
        """The match's kind's words for the next step (the lesson's coach), kept."""
        session = self.session
        if session is not None:
            kind_of(session).after_move(session, self.saves, self.lang)

    # -- the match in another tab --------------------------------------------------------

    def lose_tab(self) -> None:
        """Another tab took the match: stop saving and moving here, and say so."""
        self.tab.lost()
        self.stand_aside()

    def tab_busy(self) -> None:
        """Another tab had the match when this one opened."""
        self.tab.busy()
        self.stand_aside()

    def stand_aside(self) -> None:
        self.replacing = None  # no match starts here now: the question goes
        self.saves.writable = False
        self.thinking = False
        self.overlay = Overlay.TAB
        self.redraw()

    def tab_granted(self) -> None:
        """This tab owns the match (at start, or after "play here": resume the saved one).

        At start the table is drawn already, and a tab claiming the match shows what its
        owner shows: only "play here" redraws (a second draw at start was a long task of
        the page's first seconds, 50-65 ms in 3 first visits of 8)."""
        reclaimed = self.overlay is Overlay.TAB
        self.tab.granted()
        self.saves.writable = True
        if reclaimed:
            self.overlay = None
            self.resume_saved(self.saves.stamp)
            self.redraw()
        self.effects.add(Effect.BOTS)
