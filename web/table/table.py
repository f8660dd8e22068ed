"""The table's actions: what a click, a key or a drop does, decided without a browser.

:class:`Table` holds what the page shows around the session (which screen,
which dialog, a notice, whether a bot is thinking) and one handler per
action, bound by name in :data:`ACTIONS` (the ``data-act`` of the element
clicked, the action a key is bound to in :mod:`web.page.keys`). A
handler changes the session or the table and says what the page must do
next by adding an :class:`Effect`: redraw, start the bots, ask for a hint.
The page (:mod:`web.page.app`) carries the effects out. Every rule
question goes to the engine through the session; a refusal is shown as the
engine's ``RuleError.message(lang)``.

>>> from web.store.stores import MemoryStore
>>> from web.table.session import Seat, Session
>>> table = Table(Saves(MemoryStore()), {"lang": "en"}, clock=lambda: 0.0)
>>> table.start_session(Session.new([Seat("Anna"), Seat("Bruno", "bot")], seed=1))
>>> table.screen, sorted(table.effects)
(<Screen.TABLE: 'table'>, [<Effect.BOTS: 'bots'>, <Effect.REDRAW: 'redraw'>])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from scala40 import (
    Action,
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    Phase,
    RuleError,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from web.daily import play as daily
from web.daily.deal import DailyStats
from web.i18n import LANGS, t
from web.learn import lesson
from web.newgame.challenge import Challenge, fragment, parse
from web.newgame.form import match_from_setup
from web.newgame.form import rematch as rematch_of
from web.page.tabs import Tab
from web.replay.replay import Replay
from web.store import storage
from web.store.saves import Saves
from web.table.cues import cue_for
from web.table.dialogs import replace_text
from web.table.explain import explain
from web.table.session import Choice, Seat, Session

DOUBLE_TAP_MS = 420  # two taps on one card this close: discard it
DRAW_GUARD_MS = 600  # a second tap on the stock or the pile this soon after drawing, in the
# same turn, is ignored (the next turn's first tap always counts, however soon it comes)


#: The menu's on/off settings: the cues' sound, and their vibration on a phone.
SWITCHES = ("sound", "haptics")


class Screen(StrEnum):
    NEWGAME = "newgame"
    TABLE = "table"


class Overlay(StrEnum):
    """The dialog drawn over the table, if any."""

    SHEET = "sheet"
    MENU = "menu"
    STATS = "stats"
    LEAVE = "leave"
    RESET_STATS = "reset-stats"
    NOTICE = "notice"
    TAB = "tab"  # the match is another tab's: "play here"
    RULES = "rules"
    REPLAY = "replay"
    REPLAYS = "replays"
    IMPORT = "import"
    CHALLENGE = "challenge"
    REPLACE = "replace"  # a match in progress would be lost: leave it and start?


#: The dialogs Escape closes (the score sheet stays: it has its own buttons).
ESCAPABLE = frozenset({Overlay.MENU, Overlay.STATS, Overlay.LEAVE, Overlay.NOTICE,
                       Overlay.RESET_STATS, Overlay.RULES, Overlay.REPLAYS,
                       Overlay.IMPORT})


class Effect(StrEnum):
    """What the page does after a handler ran."""

    REDRAW = "redraw"
    BOTS = "bots"  # a bot may be to move: (re)start the bot loop
    HINT = "hint"  # think out a hint
    CLAIM = "claim"  # take the match from the tab that has it (web/page/tabs.js)
    DOWNLOAD = "download"  # hand the game record to the player as a file


Handler = Callable[["Table", str], None]


@dataclass
class Replacement:
    """A new match waiting on the player's answer to :data:`Overlay.REPLACE` (held for
    this visit, never saved: a reload forgets the question and keeps the old match)."""

    session: Session
    then: Callable[[], None] | None  # what its way in does once it has started
    overlay: Overlay | None  # what the question covers, shown again on "cancel"


#: Every action by name: ``data-act`` values and key bindings.
ACTIONS: dict[str, Handler] = {}


def action(name: str) -> Callable[[Handler], Handler]:
    """Bind a :class:`Table` method to the action ``name``."""

    def bind(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        return handler

    return bind


class Table:
    """The UI around a session: screens, dialogs, and what each action does."""

    def __init__(self, saves: Saves, settings: dict, *, clock: Callable[[], float]) -> None:
        self.saves = saves
        self.settings = settings
        self.clock = clock  # milliseconds
        self.session: Session | None = None
        self.screen = Screen.NEWGAME
        self.overlay: Overlay | None = None
        self.notices: list[tuple[str, str]] = []  # (title, text), the first one shown
        self.tab = Tab()  # whether this tab owns the saved match (web/page/tabs.py)
        self.stats_shown: dict = {}  # the statistics the stats dialog shows
        self.daily_shown: DailyStats | None = None  # and the deals of the day
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
        self.effects.add(Effect.REDRAW)

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

    def click(self, act: str, arg: str = "") -> None:
        """Run the action named ``act`` (an element's ``data-act``) with ``arg``.

        While another tab has the match, only "play here" does anything."""
        handler = ACTIONS.get(act)
        if handler is not None and (self.tab.notice is None or act == "play-here"):
            handler(self, arg)

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

    def drop(self, src: str, dst: str) -> None:
        """A drag from ``src`` released on ``dst`` (the ``data-drag`` / ``data-drop`` names)."""
        session = self.session
        if session is None or self.screen is not Screen.TABLE or session.needs_pass() \
                or self.tab.notice:
            return
        if src in ("stock", "pile"):
            if dst.startswith("hand"):
                self.click("draw" if src == "stock" else "take")
            return
        if not src.startswith("card:") or session.viewer is None:
            return
        key = src.removeprefix("card:")
        if dst.startswith("hand:") or dst == "hand-end":
            before = dst.removeprefix("hand:") if dst != "hand-end" else None
            if before != key:
                session.move_card(session.viewer, key, before)
                self.saves.save_table(session)
                self.redraw()
        elif dst == "pile":
            self.discard_key(key)
        elif dst.startswith("meld:") and session.selected in ([], [key]):
            # a deliberate attach: one card dragged onto a meld
            session.select_only(key)
            self.click("attach", dst.removeprefix("meld:"))
        elif dst == "table" or dst.startswith("meld:"):
            # with other cards selected, a drop on a crowded table that happens to land
            # on a meld means the selection: lay it (a refusal keeps the selection)
            session.add_to_selection(key)
            self.click("lay")

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
            self.effects.add(Effect.BOTS)
        self.report()
        self.redraw()

    def start_session(self, session: Session, then: Callable[[], None] | None = None) -> None:
        """The one door into a new match, whatever the way in (the new-game form, the
        deal of the day, an import, a challenge link, the lesson, a rematch, a friend's
        table). A match in progress that it would lose (:meth:`at_stake`) is not
        replaced at once: the question (:data:`Overlay.REPLACE`) names it, and only
        "leave it and start" (:meth:`replace_yes`) starts ``session``. ``then`` is what
        that way in does once its match has started (the day's try marked, the form's
        choices kept, the coach's first words), so a cancel leaves no trace of it."""
        if self.at_stake(session):
            self.replacing = Replacement(session, then, self.overlay)
            self.open(Overlay.REPLACE)
            return
        self._begin(session, then)

    def _begin(self, session: Session, then: Callable[[], None] | None = None) -> None:
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

    def at_stake(self, new: Session) -> bool:
        """Whether starting ``new`` would lose the match at the table (docs/lifecycle.md):
        one going on and touched (a move played: an untouched deal costs nothing), or a
        deal of the day even untouched (its one try of the day is spent). Not a finished
        match, not the lesson (its progress is kept apart), and nothing when ``new`` is
        not kept here (a friend's table joined: the saved match stays stored)."""
        old = self.session
        if old is None or old is new or not new.kept_here or old.state.is_over \
                or lesson.is_lesson(old):
            return False
        state = old.state
        return daily.day_of(old) is not None or bool(state.results or state.hand.log)

    @action("replace-yes")
    def replace_yes(self, _arg: str = "") -> None:
        """Leave the match (as "Leave the match" does) and start the one that waited."""
        waiting, self.replacing = self.replacing, None
        if waiting is None:
            return
        self.leave_match()
        self._begin(waiting.session, waiting.then)

    @action("replace-no")
    def replace_no(self, _arg: str = "") -> None:
        """Keep the match: the table (or the screen) as it was, nothing stored."""
        waiting, self.replacing = self.replacing, None
        if waiting is not None and self.overlay is Overlay.REPLACE:
            self.overlay = waiting.overlay
        self.redraw()

    def question(self) -> str:
        """What the question says is lost (:func:`web.table.dialogs.replace_text`)."""
        session = self.session
        if session is None:
            return ""
        return replace_text(session, self.lang, abandons=self.abandons(session),
                            deal_of_the_day=daily.day_of(session) is not None)

    def abandons(self, session: Session) -> bool:
        """Whether leaving ``session`` counts as an abandoned match: one person on this
        device against bots, the match going on and not counted yet (a friend's match
        on a guest's device is the host's to count)."""
        return len(session.humans) == 1 and not session.state.is_over \
            and not session.counted and session.kept_here

    def leave_match(self) -> None:
        """Leave the match at the table, counted as abandoned where :meth:`abandons` says
        (both "Leave the match" and "leave it and start" come here)."""
        session = self.session
        if session is not None and self.abandons(session):
            self.saves.count_match(session, "abandoned")
            session.counted = True

    def start(self, setup: dict, seed: str) -> str | None:
        """Start the match the new-game form describes; the reason if it cannot start.
        The form is kept as the next one's start (``last``) once the match starts."""
        match = match_from_setup(setup, self.lang)
        if isinstance(match, str):
            self.settings["last"] = setup
            self.save_settings()
            return match
        seats, rules = match

        def keep_setup() -> None:
            self.settings["last"] = setup
            self.save_settings()

        self.start_session(Session.new(seats, seed, rules), keep_setup)
        if self.replacing is not None:
            self.form = setup  # the form stays as filled in behind the question
        return None

    @action("rematch")
    def rematch(self, seed: str) -> None:
        """After the match: the same seats and rules, dealt anew from ``seed``."""
        if self.session is not None:
            self.start_session(rematch_of(self.session, seed))

    def end_session(self) -> None:
        if self.session is not None:
            self.saves.clear_game(self.session)
        self.session = None
        self.thinking = False
        self.overlay = None
        self.screen = Screen.NEWGAME
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
                                          self.clock())
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
        line = lesson.coach_line(session, self.lang)
        session.message = ("info", line) if line else None
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
            if why is not None:
                session.message = ("error", why)
                self.redraw()
                return False
        error = self.move(action)
        if error is not None:
            session.message = ("error", error.message(self.lang))
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
                self.say("error", t("not_your_turn", self.lang))
            return False
        return True

    def say(self, kind: str, text: str) -> None:
        if self.session is not None:
            self.session.message = (kind, text)
        self.redraw()

    def discard_key(self, key: str) -> None:
        """Discard the card ``key`` of the shown hand (double-tap, drop on the pile)."""
        session = self.session
        if session is None or session.viewer is None:
            return
        keyed = dict(session.hand_keys(session.viewer))
        if key not in keyed or not self.guard_turn():
            return
        session.select_only(key)
        self.play(Discard(keyed[key]))

    def show_hint(self, action: Action, reason: str) -> None:
        """Mark the cards and the place of the hinted move; select the cards it plays."""
        session = self.session
        assert session is not None and session.viewer is not None
        keyed = session.hand_keys(session.viewer)
        keys: list[str] = []

        def find(card: Card) -> None:
            for key, held in keyed:
                if held == card and key not in keys:
                    keys.append(key)
                    return

        target = None
        if isinstance(action, DrawStock):
            target = "stock"
        elif isinstance(action, TakeDiscard):
            target = "pile"
        elif isinstance(action, LayMeld):
            for card in action.cards:
                find(card)
        elif isinstance(action, Attach | SwapJoker):
            find(action.card)
            target = f"meld:{action.target}"
        elif isinstance(action, Discard):
            find(action.card)
            target = "pile"
        elif isinstance(action, TakeBack):
            target = None
        session.hint_keys, session.hint_target = keys, target
        if isinstance(action, LayMeld | Attach | SwapJoker | Discard):
            session.selected = list(keys)
        session.message = ("hint", explain(session.state, action, reason, self.lang))
        self.redraw()

    # -- the table's actions (data-act) ----------------------------------------------

    @action("card")
    def tap_card(self, key: str) -> None:
        """A tap selects or unselects a card; a second tap on it soon after discards it."""
        session = self.session
        if session is None:
            return
        last_key, last_time = self.last_tap
        now = self.clock()
        self.last_tap = (key, now)
        if last_key == key and now - last_time < DOUBLE_TAP_MS and session.my_turn():
            self.last_tap = ("", 0.0)
            self.discard_key(key)
            return
        session.toggle(key)
        session.message = None
        self.redraw()

    def second_draw_tap(self, session: Session) -> bool:
        """Whether a tap on the stock or the pile is the second half of a double tap on it:
        this turn's draw came just before (a bot's quick turn in between starts a new one)."""
        turn, when = self.last_draw
        return turn == session.state.hand.turn_id and self.clock() - when < DRAW_GUARD_MS

    def note_draw(self, session: Session) -> None:
        self.last_draw = (session.state.hand.turn_id, self.clock())

    @action("draw")
    def draw(self, _arg: str = "") -> None:
        session = self.session
        if session is None or self.second_draw_tap(session):
            return
        if self.guard_turn():
            self.note_draw(session)
            self.play(DrawStock())

    @action("take")
    def take(self, _arg: str = "") -> None:
        """Take the pile card; in the play phase, with one card selected, discard it."""
        session = self.session
        if session is None or self.screen is not Screen.TABLE:
            return
        if self.second_draw_tap(session):
            return
        if session.my_turn() and session.state.hand.phase is Phase.PLAY:
            if len(session.selected) == 1:
                self.discard_key(session.selected[0])
            return
        if self.guard_turn():
            self.note_draw(session)
            self.play(TakeDiscard())

    @action("discard")
    def discard(self, _arg: str = "") -> None:
        session = self.session
        if session is None or not self.guard_turn():
            return
        cards = session.selected_cards()
        if len(cards) != 1:
            self.say("error", t("select_one", self.lang))
            return
        self.play(Discard(cards[0]))

    @action("lay")
    def lay(self, _arg: str = "") -> None:
        """Lay the selected cards; several readings (where a joker goes) ask which."""
        session = self.session
        if session is None or not self.guard_turn():
            return
        if not session.selected_cards():
            self.say("error", t("select_cards", self.lang))
            return
        choices = session.meld_choices()
        if len(choices) == 1:
            self.play(choices[0])
            return
        options = []
        for meld in choices:
            parts: list = [(c, meld.joker_as if c.is_joker else None) for c in meld.cards]
            if meld.joker_as is not None:
                parts.append(("joker_as", {"card": meld.joker_as}))
            options.append((parts, meld))
        session.choice = Choice("choose_meld", {}, options)
        self.redraw()

    @action("attach")
    def attach(self, arg: str) -> None:
        """Attach the selected card to meld ``arg``; several ways (ends, swap) ask which."""
        session = self.session
        if session is None or not session.selected or not self.guard_turn():
            return
        index = int(arg)
        cards = session.selected_cards()
        if len(cards) != 1:
            self.say("error", t("select_one", self.lang))
            return
        card = cards[0]
        options = session.meld_targets().get(index)
        if not options:
            self.play(Attach(card, index))  # not a legal target: the engine says why
            return
        if len(options) == 1:
            self.play(options[0])
            return
        meld = session.state.hand.melds[index].meld
        labelled = []
        for option in options:
            parts: list = []
            if isinstance(option, SwapJoker):
                parts.append(("swap_joker_opt", {}))
                preview = meld.swap_joker(card)
            else:
                preview = meld.attach(card, end=option.end, joker_as=option.joker_as)
                stands = option.joker_as or (preview.joker_as if card.is_joker else None)
                if stands is not None:
                    parts.append(("joker_as", {"card": stands}))
                if option.end:
                    parts.append(("attach_" + option.end, {}))
            faces = [(c, preview.joker_as if c.is_joker else None) for c in preview.cards]
            labelled.append((faces + parts, option))
        session.choice = Choice("choose_attach", {"card": card}, labelled)
        self.redraw()

    @action("choose")
    def choose(self, arg: str) -> None:
        session = self.session
        if session is None or session.choice is None:
            return
        _parts, chosen = session.choice.options[int(arg)]
        session.choice = None
        self.play(chosen)

    @action("cancel")
    def cancel(self, _arg: str = "") -> None:
        if self.session is not None:
            self.session.choice = None
        self.redraw()

    @action("undo")
    def undo(self, _arg: str = "") -> None:
        session = self.session
        if session is None or not session.my_turn():
            return
        error = self.take_back()
        if error is not None:
            session.message = ("error", error.message(self.lang))
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

    @action("sort")
    def sort(self, arg: str) -> None:
        """Sort the shown hand by ``arg`` ("suit" or "rank"); no ``arg`` (a key) switches."""
        session = self.session
        if session is None or session.viewer is None:
            return
        if not arg:
            arg = "rank" if session.sort_modes.get(session.viewer, "suit") == "suit" else "suit"
        session.sort_hand(session.viewer, arg)
        self.saves.save_table(session)
        self.redraw()

    @action("arrange")
    def arrange(self, _arg: str = "") -> None:
        """Order the shown hand into the best melds it holds (the solver's), the rest after."""
        session = self.session
        if session is None or session.viewer is None:
            return
        session.arrange_melds(session.viewer)
        self.saves.save_table(session)
        self.redraw()

    @action("hint")
    def hint(self, _arg: str = "") -> None:
        session = self.session
        if session is None or not session.my_turn():
            return
        session.message = ("info", t("hint_thinking", self.lang))
        self.redraw()
        self.effects.add(Effect.HINT)

    @action("learn")
    def learn(self, _arg: str = "") -> None:
        """The guided first hand, from where it was left (from the start once done)."""
        moves = storage.load_lesson(self.saves.store)
        session = lesson.new_lesson(self.lang, 0 if moves >= len(lesson.LESSON) else moves)
        self.start_session(session, self.coach)

    @action("daily")
    def daily(self, today: str) -> None:
        """The deal of ``today`` (the page's local date): once a day."""
        try:
            daily.daily_seed(today)
        except ValueError:
            return
        tried = daily.tried_today(self.saves.store, today)
        if tried is not None:
            line = tried or t("daily_unfinished", self.lang)
            streak = daily.current_streak(self.saves.store, today)
            self.tell(t("daily", self.lang), f"{line}\n{t('daily_streak', self.lang, n=streak)}")
            return
        self.start_session(daily.daily_session(today, self.lang),
                           lambda: daily.start_try(self.saves, today))

    @action("challenge")
    def challenge(self, page_url: str) -> None:
        """After a single hand: the link that deals it again against the same bots."""
        session = self.session
        if session is None or session.state.rules.mode != "single" or \
                len(session.humans) != 1:
            return
        bots = [seat.level.split(":")[0] for seat in session.seats if seat.is_bot]
        self.challenge_link = page_url.split("#")[0] + fragment(session.state.seed,
                                                                session.state.rules, bots)
        self.open(Overlay.CHALLENGE)

    @action("challenge-close")
    def challenge_close(self, _arg: str = "") -> None:
        """Back to the score sheet the challenge was made from."""
        self.overlay = self.sheet_behind()
        self.redraw()

    def open_challenge(self, text: str) -> None:
        """A challenge link opened: its deal against its bots, or why it cannot be."""
        read = parse(text, self.lang)
        if not isinstance(read, Challenge):
            self.tell(t("challenge", self.lang), read)
            return
        seats = [Seat(t("you", self.lang))] + [Seat(f"Bot {n}", "bot", level)
                                               for n, level in enumerate(read.bots, 1)]
        self.start_session(Session.new(seats, read.seed, read.rules))

    @action("next-hand")
    def next_hand(self, _arg: str = "") -> None:
        if self.session is None:
            return
        self.overlay = None
        self.play(NextHand())

    @action("sheet")
    def sheet(self, _arg: str = "") -> None:
        self.open(Overlay.SHEET)

    @action("pass-ready")
    def pass_ready(self, _arg: str = "") -> None:
        """Hot-seat: the player to move holds the device; show their cards."""
        session = self.session
        if session is None:
            return
        session.viewer = session.state.to_move
        self.saves.save_table(session)
        self.redraw()

    def escape(self) -> None:
        """Escape closes the open choice or dialog, else clears the selection."""
        session = self.session
        if session is not None and session.choice is not None:
            session.choice = None
        elif self.overlay is Overlay.NOTICE:
            self.close("")
        elif self.overlay is Overlay.REPLACE:
            self.replace_no("")
        elif self.overlay in ESCAPABLE:
            self.overlay = None
        elif session is not None:
            session.clear_selection()
        self.redraw()

    # -- menu, statistics, settings -----------------------------------------------------

    def open(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.redraw()

    @action("menu")
    def menu(self, _arg: str = "") -> None:
        self.open(Overlay.MENU)

    @action("stats")
    def stats(self, today: str = "") -> None:
        """The statistics; the deals of the day's streak as seen from ``today`` (the
        page's local date), left out if the page gave none."""
        self.open(Overlay.STATS)
        self.stats_shown = self.saves.load_stats()
        try:
            self.daily_shown = daily.daily_stats(self.saves.store, today)
        except ValueError:
            self.daily_shown = None
        self.report()

    @action("rules")
    def rules(self, _arg: str = "") -> None:
        self.open(Overlay.RULES)

    @action("reset-stats")
    def reset_stats(self, _arg: str = "") -> None:
        self.open(Overlay.RESET_STATS)

    @action("reset-yes")
    def reset_yes(self, _arg: str = "") -> None:
        self.saves.reset_stats()
        self.stats("")

    @action("leave")
    def leave(self, _arg: str = "") -> None:
        self.open(Overlay.LEAVE)

    @action("close")
    def close(self, _arg: str = "") -> None:
        closing_a_notice = self.overlay is Overlay.NOTICE
        if closing_a_notice and self.notices:
            self.notices.pop(0)
        if self.notices:
            self.overlay = Overlay.NOTICE
        else:
            self.overlay = self.sheet_behind() if closing_a_notice else None
        self.redraw()

    # -- the match in another tab, the record as a file ----------------------------------

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

    @action("play-here")
    def play_here(self, _arg: str = "") -> None:
        if self.tab.play_here():
            self.effects.add(Effect.CLAIM)

    @action("download")
    def download(self, _arg: str = "") -> None:
        if self.session is not None:
            self.effects.add(Effect.DOWNLOAD)

    @action("leave-yes")
    def leave_yes(self, _arg: str = "") -> None:
        """Leave the match (counted as :meth:`leave_match` says) for the new-game screen."""
        self.leave_match()
        self.end_session()

    @action("new-game")
    def new_game(self, _arg: str = "") -> None:
        """The new-game screen; a finished match is forgotten, a live one can be resumed."""
        if self.session is not None and self.session.state.is_over:
            self.end_session()
            return
        self.overlay = None
        self.screen = Screen.NEWGAME
        self.redraw()

    @action("resume-game")
    def resume_game(self, _arg: str = "") -> None:
        if self.session is not None:
            self.screen = Screen.TABLE
            self.overlay = None
            self.redraw()
            self.effects.add(Effect.BOTS)

    def set_lang(self, lang: str, setup: dict | None = None) -> None:
        """Switch the language; ``setup`` is the new-game form as filled in so far."""
        if lang not in LANGS:
            return
        if setup is not None:
            self.settings["last"] = setup
            self.form = None
        self.settings["lang"] = lang
        self.save_settings()
        self.redraw()

    def set_switch(self, name: str, on: bool) -> None:
        """Turn sound or haptics on or off (the menu's switches)."""
        if name in SWITCHES:
            self.settings[name] = on
            self.save_settings()
            if on:
                self.cue("turn")  # a sample of what was switched on
            self.redraw()

    def set_speed(self, speed: str) -> None:
        self.settings["speed"] = speed
        self.save_settings()
