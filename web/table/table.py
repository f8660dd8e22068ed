"""The table: what the page shows around the session, and the one move path.

:class:`Table` holds what the page shows around the session (which screen,
which dialog, a notice, whether a bot is thinking) and the one path every
seat's move takes (:meth:`Table.move`, :meth:`Table.take_back`: the save, the
score sheet, the match counted and kept, the cues, the redraw, the friends'
devices told). What each action does is a handler of its feature's module,
bound by name in :data:`web.table.registry.ACTIONS` (the ``data-act`` of
the element clicked, the action a key is bound to in :mod:`web.page.keys`).
A handler changes the session or the table and says what the page must do
next by adding an :class:`~web.table.shown.Effect`: redraw, start the bots,
ask for a hint. The page (:mod:`web.page.app`) carries the effects out.
Every rule question goes to the engine through the session; a refusal is
shown as the engine's ``RuleError.message(lang)``.

>>> from web.store.stores import MemoryStore
>>> from web.table.session import Session
>>> from web.store.seat import Seat
>>> table = Table(Saves(MemoryStore()), {"lang": "en"}, clock=lambda: 0.0)
>>> table.start_session(Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=1))
>>> table.screen, sorted(table.effects)
(<Screen.TABLE: 'table'>, [<Effect.BOTS: 'bots'>, <Effect.REDRAW: 'redraw'>])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from scala40 import (
    Action,
    Attach,
    Discard,
    LayMeld,
    NextHand,
    RuleError,
    SwapJoker,
)
from scala40.bots import Reason
from web.daily import play as daily
from web.daily.deal import DailyStats
from web.i18n import t
from web.learn import lesson
from web.replay.about import about
from web.replay.replay import Replay
from web.store.saves import Saves
from web.store.tabs import Tab
from web.table.cues import cue_for
from web.table.dialogs import replace_text
from web.table.explain import explain, marks
from web.table.registry import ACTIONS, ANY_TAB
from web.table.session import Session
from web.table.shown import ESCAPABLE, Effect, Overlay, Screen
from web.table.speech import Speech
from web.table.stake import Replacement, abandons, at_stake


class Table:
    """The UI around a session: screens, dialogs, notices, and the one move path."""

    def __init__(self, saves: Saves, settings: dict, *, clock: Callable[[], float]) -> None:
        self.saves = saves
        self.settings = settings
        self.clock = clock  # milliseconds
        self.session: Session | None = None
        self.screen = Screen.NEWGAME
        self.overlay: Overlay | None = None
        self.notices: list[tuple[str, str]] = []  # (title, text), the first one shown
        self.tab = Tab()  # whether this tab owns the saved match (web/store/tabs.py)
        self.stats_shown: dict = {}  # the statistics the stats dialog shows
        self.daily_shown: DailyStats | None = None  # and the deals of the day
        self.replays_shown: list[dict] = []  # the kept matches the replays dialog lists
        self.thinking = False  # a bot is choosing its move
        self.last_tap = ("", 0.0)  # (card key, time): the first half of a double-tap
        self.last_draw: tuple[tuple[int, int] | None, float] = (None, 0.0)  # (turn, time)
        self.effects: set[Effect] = set()
        self.cues: list[str] = []  # sound and touch cues to play at the next redraw
        self.replay: Replay | None = None  # the game being replayed (web.replay.actions)
        self.import_error: str | None = None  # why the last import was refused
        self.challenge_link: str = ""  # the link the challenge dialog shows
        self.replacing: Replacement | None = None  # the match the question would start
        #: The new-game form as filled in when its start met the question: drawn instead
        #: of the settings' ``last`` (which a cancel leaves as it was) for this visit.
        self.form: dict | None = None
        #: Called after every change of the match made here (a move, an undo): the
        #: host's remote seats (web/friends/seats.py) send the table on.
        self.watchers: list[Callable[[], None]] = []
        self.speech = Speech()  # what a screen reader is told (web/table/speech.py)

    @property
    def lang(self) -> str:
        lang: str = self.settings["lang"]
        return lang

    @property
    def notice(self) -> tuple[str, str] | None:
        """The notice shown now (title, text), if any: the match being another tab's
        comes first."""
        if self.overlay is Overlay.TAB and self.tab.notice is not None:
            return t("tab_title", self.lang), t(self.tab.notice, self.lang)
        return self.notices[0] if self.notices else None

    def redraw(self) -> None:
        """Ask for the page to be drawn again; whatever changed is also said (every
        change that shows asks for a redraw, so none is left unsaid)."""
        self.effects.add(Effect.REDRAW)
        if self.session is not None:
            self.speech.hear(self.session, self.lang)

    def save_settings(self) -> bool:
        """Keep the settings; if the browser refuses, they hold for this visit and the
        player is told (False)."""
        written = self.saves.save_settings(self.settings)
        self.report()
        return written

    def tell(self, title: str, text: str) -> None:
        """Show a notice (see :meth:`_show_notices`)."""
        self.notices.append((title, text))
        self._show_notices()
        self.redraw()

    def _show_notices(self) -> None:
        """Show the notices waiting: at once over the score sheet of a hand that is over,
        which comes back when they are closed (a friend dropping at the end of a hand is
        told before the next deal, not after it); after any other dialog open now (a
        form, a menu)."""
        if self.notices and (self.overlay is None or self._at_hand_end()):
            self.overlay = Overlay.NOTICE

    def _at_hand_end(self) -> bool:
        """Whether the score sheet of a hand that is over is what the table shows."""
        return self.overlay is Overlay.SHEET and self.sheet_behind() is not None

    def sheet_behind(self) -> Overlay | None:
        """What a dialog closed over the table goes back to: the score sheet while the
        hand is over (it is where the next hand is dealt), else the table itself."""
        session = self.session
        over = self.screen is Screen.TABLE and session is not None and session.state.hand_over
        return Overlay.SHEET if over else None

    def report(self) -> None:
        """Tell what storage has to say (a value refused, saving failing or working
        again) and stop playing here if another tab saved the match meanwhile."""
        self.notices.extend(self.saves.take_notices(self.lang))
        if self.saves.overtaken and self.tab.may_play:
            self.lose_tab()
        self._show_notices()

    def cue(self, name: str | None) -> None:
        """Ask for a sound and touch cue (web/table/cues.py), played when the table is redrawn
        if the player switched them on."""
        if name is not None:
            self.cues.append(name)

    def take_cues(self) -> list[str]:
        """The cues asked for since the last call, the switches applied."""
        cues, self.cues = self.cues, []
        if not (self.settings.get("sound") or self.settings.get("haptics")):
            return []
        return cues

    def take_effects(self) -> set[Effect]:
        """The effects asked for since the last call (the page carries them out)."""
        effects, self.effects = self.effects, set()
        return effects

    # -- dispatch ----------------------------------------------------------------

    def handler(self, act: str) -> Callable[[str], None] | None:
        """The handler of the action named ``act`` (an element's ``data-act``), ready for
        its argument; None if there is none, or while another tab has the match (then
        only "play here" and the actions of :data:`~web.table.registry.ANY_TAB` do
        anything). The page calls it itself, so a tap's move is one call from the click
        (docs/web.md)."""
        bound = ACTIONS.get(act)
        if bound is None or (self.tab.notice is not None and act not in ANY_TAB):
            return None
        return partial(bound, self)

    def click(self, act: str, arg: str = "") -> None:
        """Run the action named ``act`` with ``arg`` (see :meth:`handler`)."""
        handler = self.handler(act)
        if handler is not None:
            handler(arg)

    @property
    def keys_live(self) -> bool:
        """Keys play on the table only: no dialog, choice or hand-over screen is open."""
        session = self.session
        return (
            session is not None
            and self.screen is Screen.TABLE
            and self.overlay is None
            and session.choice is None
            and not session.needs_pass()
        )

    def press(self, name: str) -> bool:
        """Run the action a key is bound to; True if the key was used."""
        if self.session is None or self.screen is not Screen.TABLE or self.tab.notice:
            return False
        if name == "escape":
            self.escape()
            return False
        if not self.keys_live or name not in ACTIONS:
            return False
        self.click(name)
        return True

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
            if lesson.is_lesson(self.session):
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
        self.overlay = None
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
        rival = None if self.replacing is None else \
            daily.rival_of(self.replacing.session.match_id)
        return replace_text(session, self.lang, abandons=abandons(session),
                            deal_of_the_day=daily.day_of(session) is not None,
                            challenger=None if rival is None else rival[0])

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

    def move(self, action: Action) -> RuleError | None:
        """Play ``action`` for the seat to move (a human's or a bot's) and do what follows
        every move: the score sheet at the end of a hand, the result counted at the end
        of the match, the match saved. Return the engine's refusal, if any."""
        session = self.session
        assert session is not None
        was_mine = session.my_turn()
        try:
            session.play(action)
        except RuleError as error:
            return error
        if not session.kept_here:  # sent: the host's answer is the move (its cues too)
            self.redraw()
            return None
        state = session.state
        self.cue(cue_for(action, hand_over=state.hand_over))
        if not was_mine and session.my_turn() and not state.hand_over:
            self.cue("turn")
        if state.hand_over:
            if self.replacing is not None:  # the question stays; the sheet waits behind it
                self.replacing.overlay = Overlay.SHEET
            else:
                self.overlay = Overlay.SHEET
            if state.is_over:
                self.count_result()
                if not lesson.is_lesson(session):
                    self.saves.keep_match(session.match_id, session.game.record,
                                          self.clock(), about(session))
                line = daily.finish(self.saves, session, self.lang)
                if line:
                    session.message = ("info", line)
        elif isinstance(action, NextHand) and self.overlay is Overlay.SHEET:
            self.overlay = None  # the next deal; a sheet opened mid-hand stays through moves
        self.saves.save_game(session)
        self.report()
        if lesson.is_lesson(session):
            self.coach()
        self.redraw()
        self.changed()
        return None

    def coach(self) -> None:
        """The guided hand: the coach's words for the next step, the progress kept."""
        session = self.session
        assert session is not None
        session.coach = lesson.coach_line(session, self.lang)
        session.spotlight = lesson.named_meld(session)
        self.saves.save_lesson(lesson.played(session))

    def changed(self) -> None:
        for watcher in self.watchers:
            watcher()

    def play(self, action: Action) -> bool:
        """The player's move; the engine's refusal is shown. True if it was played."""
        session = self.session
        assert session is not None
        if lesson.is_lesson(session):
            why = lesson.refusal(session, action, self.lang)
            if why is not None:  # the cards go back; the instruction stays
                session.tell("error", lambda lang: lesson.refusal(session, action, lang) or why,
                             self.lang)
                session.clear_selection()
                self.cue("refused")
                self.redraw()
                return False
        error = self.move(action)
        if error is not None:
            session.tell("error", error.message, self.lang)
            self.cue("refused")
            self.redraw()
            return False
        self.effects.add(Effect.BOTS)
        return True

    def count_result(self) -> None:
        """Statistics count a finished match of one human against bots, once."""
        session = self.session
        if session is None or session.counted or len(session.humans) != 1:
            return
        outcome = "won" if session.state.winner == session.humans[0] else "lost"
        self.saves.count_match(session, outcome)
        session.counted = True

    def guard_turn(self) -> bool:
        """The shown hand's player is to move; if not, say so (when a hand is shown)."""
        session = self.session
        if session is None or self.screen is not Screen.TABLE:
            return False
        if not session.my_turn():
            if session.viewer is not None and not session.state.is_over:
                self.say("error", "not_your_turn")
            return False
        return True

    def say(self, kind: str, key: str) -> None:
        """Show the catalog's message ``key`` (said again if the language is switched)."""
        if self.session is not None:
            self.session.tell(kind, partial(t, key), self.lang)
        self.redraw()

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
        player, or a friend's through :mod:`web.friends.seats`) and do what follows:
        the match saved, the table redrawn, the friends' devices told. Return the
        engine's refusal, if any."""
        session = self.session
        assert session is not None
        try:
            session.undo()
        except RuleError as error:
            return error
        self.saves.save_game(session)
        self.redraw()
        self.changed()
        self.effects.add(Effect.BOTS)
        return None

    def escape(self) -> None:
        """Escape closes the open choice or dialog, else clears the selection."""
        session = self.session
        if session is not None and session.choice is not None:
            session.choice = None
        elif self.overlay is Overlay.NOTICE:
            self.click("close")
        elif self.overlay is Overlay.REPLACE:
            self.click("replace-no")
        elif self.overlay in ESCAPABLE:
            self.overlay = None
        elif session is not None:
            session.clear_selection()
        self.redraw()

    def open(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.redraw()

    # -- the match in another tab --------------------------------------------------------

    def lose_tab(self) -> None:
        """Another tab took the match: stop saving and moving here, and say so."""
        self.tab.lost()
        self._stand_aside()

    def tab_busy(self) -> None:
        """Another tab had the match when this one opened."""
        self.tab.busy()
        self._stand_aside()

    def _stand_aside(self) -> None:
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
