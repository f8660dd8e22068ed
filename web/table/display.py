"""What the page shows around a match: the screen, the dialog over it, the notices,
the cues and effects asked of the page, and the dispatch of a tap or a key to its
action.

:class:`Display` is the half of the :class:`~web.table.table.Table` that knows
nothing of how a match is played, started or kept (the other half, in
web/table/table.py). What each action does is a handler of its feature's module,
bound by name in :data:`web.table.registry.ACTIONS` (the ``data-act`` of the
element clicked, the action a key is bound to in :mod:`web.page.keys`). A
handler changes the session or the table and says what the page must do next by
adding an :class:`~web.table.shown.Effect`: redraw, start the bots, ask for a
hint. The page (:mod:`web.page.app`) carries the effects out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from web.i18n import t
from web.store.settings import Settings
from web.store.tabs import Tab
from web.table.registry import ACTIONS, ANY_TAB
from web.table.session import Session
from web.table.shown import ESCAPABLE, Effect, Overlay, Screen
from web.table.speech import Speech
from web.ui.markup import Markup

Part = TypeVar("Part")


class Display:
    """The screens, dialogs, notices and cues around a session, and the dispatch."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.session: Session | None = None
        self.screen = Screen.NEWGAME
        self.overlay: Overlay | None = None
        self.notices: list[tuple[str, str]] = []  # (title, text), the first one shown
        self.tab = Tab()  # whether this tab owns the saved match (web/store/tabs.py)
        self.stats_shown: dict = {}  # the statistics the stats dialog shows
        #: and each feature's part of it (web.table.registry.STATS), drawn in a language
        self.stats_parts: list[Callable[[str], Markup]] = []
        self.replays_shown: list[dict] = []  # the kept matches the replays dialog lists
        #: What a feature's screen shows, by the feature's class (a replay open:
        #: web/replay/actions.py); read with :meth:`part`.
        self.parts: dict[type, object] = {}
        self.thinking = False  # a bot is choosing its move
        self.last_tap = ("", 0.0)  # (card key, time): the first half of a double-tap
        self.last_draw: tuple[tuple[int, int] | None, float] = (None, 0.0)  # (turn, time)
        self.effects: set[Effect] = set()
        self.cues: list[str] = []  # sound and touch cues to play at the next redraw
        self.import_error: str | None = None  # why the last import was refused
        self.challenge_link: str = ""  # the link the challenge dialog shows
        self.speech = Speech()  # what a screen reader is told (web/table/speech.py)

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def notice(self) -> tuple[str, str] | None:
        """The notice shown now (title, text), if any: the match being another tab's
        comes first."""
        if self.overlay is Overlay.TAB and self.tab.notice is not None:
            return t("tab_title", self.lang), t(self.tab.notice, self.lang)
        return self.notices[0] if self.notices else None

    def part(self, kind: type[Part]) -> Part | None:
        """What the feature whose class is ``kind`` shows now, if anything."""
        found = self.parts.get(kind)
        return found if isinstance(found, kind) else None

    def redraw(self) -> None:
        """Ask for the page to be drawn again; whatever changed is also said (every
        change that shows asks for a redraw, so none is left unsaid)."""
        self.effects.add(Effect.REDRAW)
        if self.session is not None:
            self.speech.hear(self.session, self.lang)

    def tell(self, title: str, text: str) -> None:
        """Show a notice (see :meth:`show_notices`)."""
        self.notices.append((title, text))
        self.show_notices()
        self.redraw()

    def show_notices(self) -> None:
        """Show the notices waiting: at once over the score sheet of a hand that is over,
        which comes back when they are closed (a friend dropping at the end of a hand is
        told before the next deal, not after it); after any other dialog open now (a
        form, a menu)."""
        at_hand_end = self.overlay is Overlay.SHEET and self.sheet_behind() is not None
        if self.notices and (self.overlay is None or at_hand_end):
            self.overlay = Overlay.NOTICE

    def sheet_behind(self) -> Overlay | None:
        """What a dialog closed over the table goes back to: the score sheet while the
        hand is over (it is where the next hand is dealt), else the table itself."""
        session = self.session
        over = self.screen is Screen.TABLE and session is not None and session.state.hand_over
        return Overlay.SHEET if over else None

    def cue(self, name: str | None) -> None:
        """Ask for a sound and touch cue (web/table/cues.py), played when the table is redrawn
        if the player switched them on."""
        if name is not None:
            self.cues.append(name)

    def take_cues(self) -> list[str]:
        """The cues asked for since the last call, the switches applied."""
        cues, self.cues = self.cues, []
        if not (self.settings.sound or self.settings.haptics):
            return []
        return cues

    def take_effects(self) -> set[Effect]:
        """The effects asked for since the last call (the page carries them out)."""
        effects, self.effects = self.effects, set()
        return effects

    def open(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.redraw()

    def close_dialog(self) -> None:
        """Close the dialog open: back to what it covered (:meth:`sheet_behind`)."""
        self.overlay = self.sheet_behind()
        self.redraw()

    def show_table(self) -> None:
        """The table's screen, with the score sheet over it while the hand is over."""
        self.screen = Screen.TABLE
        self.close_dialog()

    def say(self, kind: str, key: str) -> None:
        """Show the catalog's message ``key`` (said again if the language is switched)."""
        if self.session is not None:
            self.session.tell(kind, partial(t, key), self.lang)
        self.redraw()

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
