"""The page: boot, DOM events in, the rendering loop.

One delegated listener per event type sits on ``#app`` (clicks, form
changes) and on ``document`` (keys, the ``s40drop`` gestures of
gestures.js), so the elements can be redrawn freely: the App is the page's
only listener. A click runs the handler its element names (``data-act``), and a
field's change the handler of its name (``data-set``), each looked up in the one
registry, :mod:`web.table.registry`, where every feature binds its own: the table's
and most features' at import, the page's own and the friends' part's (whose handlers
need their object, which the table does not know) when the App makes them. A handler
decides what it does on the :class:`~web.table.table.Table`. After every action (a click,
a key, a drop) the friends' part follows the match (:meth:`App.after_action`)
and the effects the table asked for are carried out here: redraw the page,
start the bot loop, think out a hint.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from web.friends.actions import friends_part
from web.i18n import t
from web.newgame import form as newgame
from web.newgame.actions import open_challenge
from web.newgame.start import start
from web.page import handlers  # noqa: F401 - every feature binds its actions
from web.page import view as render
from web.page.keys import FOCUS_STEPS, ZONES, binding
from web.page.zones import focus_zone
from web.replay import files
from web.store.saves import Saves
from web.store.settings import look_classes
from web.store.storage import GAME_KEY
from web.store.stores import LocalStore
from web.table import hand
from web.table.bots import Bots
from web.table.menu import set_lang
from web.table.registry import FIELDS, Change, bind
from web.table.shown import Effect, Overlay, Screen
from web.table.table import Table
from web.ui.dom import Page, data, el, event_time, now
from web.ui.markup import Markup


def new_seed() -> str:
    """A new match's seed: the time and a random number."""
    return f"{int(now())}-{random.SystemRandom().randrange(10**6)}"


class App:
    """The page: one instance, created by web/main.py."""

    def __init__(self) -> None:
        saves = Saves(LocalStore(window.localStorage), stamp=str(int(now())))
        settings = saves.load_settings(str(window.navigator.language))
        self.tapped_at: float | None = None  # the click being handled: when it happened
        self.table = Table(saves, settings, clock=self.clock)
        self.page = Page(document.getElementById("app"))
        self.bots = Bots(self.table, self.page, self.render_in_steps, self.spawn)
        self.bots.at_rest = self.offline
        self.offline_asked = False
        self.renders = 0  # markups made: one made before a newer one is not drawn
        self._proxies: list[Any] = []
        self._tasks: set[asyncio.Future[None]] = set()
        self.friends = friends_part(self)
        self.challenge = ""  # a challenge link this tab opened on, not yet opened at its table
        self.bots.covered = lambda: self.friends.covers_table
        # the page's own actions and field: what they need is the DOM's (the form, a text box)
        bind({"lang": self.set_lang, "share": self.share, "import-go": self.import_text,
              "start": self.start},
             {"lang": lambda change: self.set_lang(change.value)})

    def boot(self) -> None:
        self.table.resume_saved(self.table.saves.stamp)
        link = str(window.location.hash or "")
        if link.startswith("#challenge="):  # opened once this tab has the match (see claim)
            window.history.replaceState(None, "", str(window.location.href).split("#")[0])
            self.challenge = link
        self.listen(self.page.root, "click", self.on_click)
        self.listen(self.page.root, "change", self.on_change)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "s40drop", self.on_drop)
        self.listen(window, "storage", self.on_storage)
        self.listen(window, "hashchange", lambda _event: self.friends.joining.open_hash())
        self.friends.joining.open_hash()
        self.take_over_first_screen()
        document.body.classList.remove("loading")
        self.spawn(self.claim(steal=False))

    def take_over_first_screen(self) -> None:
        """Draw the page. Over a first visit's screen (web/page/first.py, painted by
        web/page/snapshot.js before Python was up: nothing was stored) the visitor's
        language and the form, if they changed it, are kept, and the button pressed
        meanwhile is pressed now."""
        if document.body.classList.contains("first-screen"):
            touched = bool(getattr(window, "scala40FormTouched", False))
            setup = self.form_setup() if touched else None
            lang = str(document.documentElement.lang)
            if lang != self.table.lang:
                set_lang(self.table, lang, setup)
            elif setup is not None:
                self.table.form = setup
            self.render()
            pending = el(getattr(window, "scala40Pending", None))
            if pending is not None:
                window.scala40Pending = None
                self.act(str(pending.act), str(pending.arg))
                self.after_action()
            return
        self.render()

    # -- which tab owns the match (web/store/tabs.py decides, tabs.js holds the lock) -------

    async def claim(self, *, steal: bool) -> None:
        """Ask for the match; the answer is the table's to act on. A page without
        shared storage (an embedded frame, see web/page/guard.js) owns its match."""
        if str(getattr(window, "scala40Storage", "local")) == "memory":
            owned = True
        else:
            owned = bool(await window.scala40Tabs.claim(steal, self.proxy(self.on_tab_lost)))
        if owned:
            self.table.tab_granted()
            if self.challenge:
                # a challenge link is the deal of this tab's next match: opened over the
                # match saved here, once this tab has it (another tab had it: after "play
                # here"), so its question names the match it would replace
                open_challenge(self.table, self.challenge)
                self.challenge = ""
        else:
            self.table.tab_busy()
        self.friends.follow_tab()
        self.carry_out()

    def on_tab_lost(self) -> None:
        self.table.lose_tab()
        self.bots.stop()
        self.friends.follow_tab()
        self.carry_out()

    def on_storage(self, event: Any) -> None:
        """Another tab wrote the save: if it moved on without this tab, this tab stops."""
        if str(event.key) == GAME_KEY and self.table.tab.may_play and self.table.saves.is_stale():
            self.on_tab_lost()

    def proxy(self, handler: Any) -> Any:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        return proxy

    def download_record(self) -> None:
        """The game record as a file (Record.text(): replays in `python3 -m scala40 replay`,
        and the menu's import reads it back)."""
        session = self.table.session
        if session is not None:
            self.download(files.file_name(session), session.game.record.text())

    def listen(self, target: Any, name: str, handler: Any) -> None:
        target.addEventListener(name, self.proxy(handler))

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Future[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            js.console.error(f"scala40 table: {task.exception()!r}")

    # -- the rendering loop ----------------------------------------------------------

    def render(self) -> None:
        """Draw the table as it is now, at once (an event's answer)."""
        self.show(self.markup())

    async def render_in_steps(self) -> None:
        """Draw the table as it is now in two tasks, the page's markup made in one and
        drawn in the next (a bot's move: on a slow phone, or in the page's first seconds
        while the browser still compiles Pyodide, the two together are a long task that
        a tap would wait behind). A tap handled in between draws the table itself, so
        this markup is then out of date and is dropped."""
        markup = self.markup()
        count = self.renders
        await asyncio.sleep(0)
        if self.renders == count:
            self.show(markup)

    def markup(self) -> Markup:
        self.renders += 1
        self.keep_form()
        self.table.effects.discard(Effect.REDRAW)
        markup = self.friends.screen(render.whole_page(self.table))
        self.table.speech.seal()  # what is heard from now on is the next announcement
        return markup

    def show(self, markup: Markup) -> None:
        table = self.table
        session = table.session
        looks = look_classes(table.settings)
        self.page.draw(markup, lang=table.lang, looks=looks)
        cues = table.take_cues()
        player = el(getattr(window, "s40cues", None))  # web/table/cues.js
        if cues and player is not None:
            player.play(to_js(cues), table.settings.sound, table.settings.haptics)
        if session is not None:
            session.drawn()
        if table.screen is Screen.NEWGAME and not self.friends.covers_table:
            newgame.sync(self.page, table.lang)  # the form is drawn: its seats shown
        # what the next visit resumes: the table or a hand's sheet, no dialog, no finished match
        if table.overlay in (None, Overlay.SHEET) and not (session and session.state.is_over):
            table.saves.save_snapshot(str(markup), table.lang, session,
                                      tuple(name for name, on in looks.items() if on))

    def carry_out(self) -> None:
        """Do what the table asked for since the last event."""
        effects = self.table.take_effects()
        if Effect.REDRAW in effects:
            self.render()
        if Effect.BOTS in effects:
            self.bots.kick()
        if Effect.HINT in effects:
            self.spawn(self.bots.hint())
        if Effect.CLAIM in effects:
            self.spawn(self.claim(steal=True))
        if Effect.DOWNLOAD in effects:
            self.download_record()
        if not self.bots.playing:
            self.offline()

    def offline(self) -> None:
        """The table waits for a person: the offline copy may install now (web/page/offline.js).
        Not before: on a first visit its install starved the bots' first round."""
        if not self.offline_asked:
            self.offline_asked = True
            keeper = el(getattr(window, "s40offline", None))
            if keeper is not None:
                keeper.register()

    # -- events ------------------------------------------------------------------------

    def clock(self) -> float:
        """The table's clock: a click's own time while it is handled, so two taps that
        waited behind a slow redraw (an old phone) are still as close as the finger made
        them, and a double tap stays one."""
        return now() if self.tapped_at is None else self.tapped_at

    def on_click(self, event: Any) -> None:
        """A click on an element with ``data-act``: its handler runs (a table's action is
        one call from here: docs/web.md), then what follows every action. While it runs,
        the table's clock reads the click's own time."""
        element = el(event.target.closest("[data-act]"))
        if element is None or element.hasAttribute("disabled"):
            return
        self.tapped_at = event_time(event)
        run = self.bound(data(element, "act") or "", data(element, "arg") or data(element, "key")
                         or "")
        try:
            if run is not None:
                run()  # called from here, so a tap's move is one call from the click
        finally:
            self.tapped_at = None
        self.after_action()

    def bound(self, act: str, arg: str) -> Callable[[], object] | None:
        """The handler of ``act``, bound in the one registry (:meth:`Table.handler`),
        ready to run with its argument (or the one the page gives it, :data:`PAGE_ARGS`);
        None if there is none."""
        handler = self.table.handler(act)
        if handler is None:
            return None
        return partial(handler, PAGE_ARGS[act]() if act in PAGE_ARGS else arg)

    def act(self, act: str, arg: str) -> None:
        """Run the handler of ``act`` (:meth:`bound`)."""
        run = self.bound(act, arg)
        if run is not None:
            run()

    def after_action(self) -> None:
        """What follows every action: the friends' links follow the match at the table
        (one left or replaced closes them, one with friends' seats invites), then the
        table's effects are carried out."""
        self.friends.after_act()
        self.carry_out()

    def set_lang(self, lang: str) -> None:
        """The language chosen (a button or the menu's list): the new-game form as filled
        in is kept, drawn again in it."""
        set_lang(self.table, lang, self.form_setup())

    def start(self, _arg: str) -> None:
        """The new-game form's "Play": its match, or why it cannot start."""
        error = start(self.table, newgame.read_setup(self.page), new_seed())
        if error is not None:
            self.page.show_form_error(error)

    def import_text(self, then: str) -> None:
        """The import box's text, replayed or played on (``then``)."""
        files.import_text(self.table, str(document.getElementById("import-text").value), then)

    def share(self, element_id: str) -> None:
        """Share a link box's link: through the device's share sheet where there is one (a
        phone), else to the clipboard, said on the box's status line; a refused clipboard
        leaves the link selected, for the player's own copy. The browser's call is made
        here, in the click, which both need; its answer is awaited after. The status line
        is the one the box names as its description."""
        box = self.page.find(f"#{element_id}")
        if box is None:
            return
        link = str(box.value)
        navigator = window.navigator
        if getattr(navigator, "share", None) is not None:
            text = str(box.getAttribute("data-text") or "")
            shared = {"title": t("title", self.table.lang), "text": text, "url": link}
            self.spawn(self.shared(navigator.share(to_js(shared)), None))
            return
        box.select()
        clipboard = getattr(navigator, "clipboard", None)
        status = self.page.find(f"#{box.getAttribute('aria-describedby')}")
        if clipboard is None:
            self.shared_as(status, copied=False)
            return
        self.spawn(self.shared(clipboard.writeText(link), status))

    async def shared(self, answer: Any, status: Any) -> None:
        """The browser's answer to a share (a closed share sheet is no error) or a copy."""
        try:
            await answer
        except Exception:  # the promise refused: the sheet closed, or copying not allowed
            self.shared_as(status, copied=False)
            return
        self.shared_as(status, copied=True)

    def shared_as(self, status: Any, *, copied: bool) -> None:
        """Say on ``status`` (none after the share sheet, which speaks for itself) whether
        the link is in the clipboard."""
        if status is not None:
            status.textContent = t("link_copied" if copied else "link_select", self.table.lang)
            status.classList.toggle("refused", not copied)

    def download(self, name: str, text: str) -> None:
        """Save ``text`` as the file ``name`` (a link to a Blob, clicked; the Blob's URL is
        let go a moment later, as some browsers still read it after the click)."""
        blob = js.Blob.new([text], js.Object.fromEntries([["type", "text/plain;charset=utf-8"]]))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(self.proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def read_file(self, element: Any) -> None:
        """A record file chosen: its text goes into the import box."""
        if element.files.length:
            text = await element.files.item(0).text()
            document.getElementById("import-text").value = str(text)

    def form_setup(self) -> dict | None:
        """The new-game form as filled in, if it is on the page."""
        if self.table.screen is Screen.NEWGAME and self.page.has_form():
            return newgame.read_setup(self.page)
        return None

    def keep_form(self) -> None:
        """The new-game form as the player left it, its options unfolded or not, is the
        one drawn next: a screen drawn instead of it (the friends', a code's) gives it back
        as it was, not as the settings last kept it."""
        setup = self.form_setup()
        if setup is not None:
            fold = self.page.find("#ng-setup")
            self.table.form = {**setup, "unfolded": fold is not None and bool(fold.open)}

    def on_change(self, event: Any) -> None:
        """A field changed: the handler of its ``data-set`` name runs, looked up in
        :data:`~web.table.registry.FIELDS`, then the table's effects are carried out.

        The record file's input is the one field outside the registry: what it holds
        is a file, not a value, and its text is read from the element itself, awaited
        (``File.text()``), before the import box shows it; a handler is given the field's
        value at once."""
        element = event.target
        if str(element.id) == "import-file":
            self.spawn(self.read_file(element))
            return
        name = data(element, "set") or ""
        handler = FIELDS.get(name)
        if handler is not None:
            handler(self.table, Change(name, str(element.value),
                                       bool(getattr(element, "checked", False)), self.page))
        self.carry_out()

    def on_key(self, event: Any) -> None:
        name = binding(str(event.key), ctrl=bool(event.ctrlKey or event.metaKey))
        if self.friends.covers_table:
            if name == "escape":
                self.act(self.friends.way_back, "")
                event.preventDefault()
                self.after_action()
            return
        tag = str(event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        if el(event.target.closest("[popover]")) is not None:
            return  # a popover's keys are its own (the browser's Escape closes it), not moves
        if name is None:
            return
        if name in FOCUS_STEPS or name in ZONES:
            if self.table.keys_live:
                if name in ZONES:
                    focus_zone(self.page.root, ZONES[name])
                else:
                    self.page.move_focus(FOCUS_STEPS[name])
                event.preventDefault()
        elif self.table.press(name):
            event.preventDefault()
        self.after_action()

    def on_drop(self, event: Any) -> None:
        hand.drop(self.table, str(event.detail.src), str(event.detail.dst))
        self.after_action()


def page_url() -> str:
    return str(window.location.href)


def local_date() -> str:
    """Today in the browser's time zone, ``YYYY-MM-DD`` (the deal of the day's date)."""
    today = js.Date.new()
    return (f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-"
            f"{int(today.getDate()):02d}")


#: What the page adds to a table's action: today's date (the deal of the day, the
#: statistics' streak), the page's address (a challenge link), a new seed (a rematch).
PAGE_ARGS: dict[str, Callable[[], str]] = {
    "daily": local_date, "stats": local_date, "challenge": page_url, "rematch": new_seed,
}
