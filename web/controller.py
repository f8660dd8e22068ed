"""The table's controller: DOM events in, engine actions out, the page redrawn.

One delegated handler per event type sits on ``#app`` (clicks, form changes)
and on ``document`` (keys, the ``s40drop`` gestures of gestures.js), so the
elements can be redrawn freely. Every move goes through the engine
(``Session.play`` → ``Game.play`` → ``apply``); a refusal shows the
engine's ``RuleError.message(lang)``. After every action the match is saved
(``Game.to_save()``) and, when a bot is to move, the bot loop asks the
"bots" worker for its move with the game record as plain text, so the page
never waits on a bot's thinking.
"""

from __future__ import annotations

import asyncio
import json
import random

import js
from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy, is_none

from scala40 import (
    PRESETS,
    Attach,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    RuleError,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    parse_action,
)
from scala40 import __version__ as ENGINE_VERSION
from scala40.record import load_save

from . import render, storage
from .i18n import LANGS, OPTIONS, default_lang, t
from .session import Choice, Seat, Session

SPEEDS = {"slow": 1500, "normal": 850, "fast": 250}
DOUBLE_TAP_MS = 420


def el(value):
    """A DOM lookup's result, with JS ``null`` / ``undefined`` as ``None``."""
    return None if value is None or is_none(value) else value


def data(element, name: str) -> str | None:
    """An element's ``data-<name>`` attribute, or ``None``."""
    element = el(element)
    if element is None or not hasattr(element, "getAttribute"):
        return None
    return el(element.getAttribute("data-" + name))


def now() -> float:
    return float(js.Date.now())


class LocalStore:
    """window.localStorage with Python values: a missing key is ``None`` (not ``jsnull``)."""

    def __init__(self, storage):
        self.storage = storage

    def getItem(self, key):
        value = self.storage.getItem(key)
        return None if is_none(value) else str(value)

    def setItem(self, key, value):
        self.storage.setItem(key, value)

    def removeItem(self, key):
        self.storage.removeItem(key)


class App:
    """The page: one instance, created by web/main.py."""

    def __init__(self):
        self.store = LocalStore(window.localStorage)
        self.settings = storage.read_json(self.store, storage.SETTINGS_KEY, {})
        if self.settings.get("lang") not in LANGS:
            self.settings["lang"] = default_lang(window.navigator.language)
        self.settings.setdefault("speed", "normal")
        self.session: Session | None = None
        self.screen = "newgame"
        self.overlay: str | None = None
        self.notice: tuple[str, str] | None = None
        self.worker = None
        self.worker_state = "starting"
        self.worker_ready = asyncio.get_event_loop().create_future()
        self.thinking = False
        self.generation = 0
        self.last_bot_move = 0.0
        self.last_tap = ("", 0.0)
        self.last_draw = 0.0
        self.root = document.getElementById("app")
        self._proxies = []
        self._tasks: set = set()

    # -- start-up ------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.settings["lang"]

    def boot(self) -> None:
        self.load_saved_game()
        self.listen(self.root, "click", self.on_click)
        self.listen(self.root, "change", self.on_change)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "s40drop", self.on_drop)
        self.render()
        document.body.classList.remove("loading")
        document.documentElement.lang = self.lang
        self.spawn(self.start_worker())
        self.kick_bots()

    def listen(self, target, name, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(name, proxy)

    def spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            js.console.error(f"scala40 table: {task.exception()!r}")

    def load_saved_game(self) -> None:
        text = self.store.getItem(storage.GAME_KEY)
        if text is None:
            return
        try:
            game = load_save(text)
        except RuleError as error:
            key = storage.keep_aside(self.store, text, str(int(now())))
            why = error.message(self.lang)
            self.notice = (
                t("bad_save_title", self.lang),
                t("bad_save_text", self.lang, why=why, key=key),
            )
            self.overlay = "notice"
            return
        meta = storage.read_json(self.store, storage.TABLE_KEY, {})
        self.session = Session.restore(game, meta)
        self.screen = "table"
        if game.state.hand.phase == "over" or game.state.is_over:
            self.overlay = "sheet"

    async def start_worker(self) -> None:
        try:
            worker = await create_named_worker(
                src="./web/worker.py", name="bots", config="./pyscript.toml"
            )
            version = await worker.ping()
            self.worker = worker
            self.worker_state = "ready"
            self.set_worker_status(f"scala40 {version}")
            if not self.worker_ready.done():
                self.worker_ready.set_result(True)
        except Exception as exc:
            self.worker_state = f"failed:{exc}"
            self.set_worker_status(str(exc))
            js.console.error(f"bots worker failed: {exc!r}")

    def set_worker_status(self, detail: str) -> None:
        status = el(document.getElementById("worker-status"))
        if status is not None:
            status.dataset.state = self.worker_state.split(":")[0]
            status.textContent = render.worker_status_text(self.worker_state, self.lang)
        boot = el(document.getElementById("boot-worker"))
        if boot is not None:
            boot.dataset.state = self.worker_state.split(":")[0]
            text = render.worker_status_text(self.worker_state, self.lang)
            boot.textContent = f"{text} ({detail})"

    # -- drawing -------------------------------------------------------------

    def render(self) -> None:
        focused = el(document.activeElement)
        key, act, arg = data(focused, "key"), data(focused, "act"), data(focused, "arg") or ""
        focus_key = ("key", key) if key else (("act", act, arg) if act else None)
        lang = self.lang
        session = self.session
        if self.screen == "newgame" or session is None:
            last = self.settings.get("last", {})
            html = render.new_game_screen(lang, last, can_resume=session is not None
                                          and not session.state.is_over)
        else:
            html = render.table(session, lang, bots_ready=self.worker_state == "ready",
                                thinking=self.thinking)
            if session.needs_pass():
                html += render.pass_screen(session, lang)
            elif session.choice is not None:
                html += render.choice_dialog(session, lang)
            if self.overlay == "sheet":
                html += render.score_sheet(session, lang)
        html += self.overlay_html()
        self.root.innerHTML = html
        if session is not None:
            # the move's animation classes are drawn once; a later redraw must not replay them
            session.last, session.fresh = None, []
        document.documentElement.lang = lang
        if self.screen == "newgame":
            self.sync_setup_form()
        if focus_key is not None:
            if focus_key[0] == "key":
                target = el(self.root.querySelector(f'[data-key="{focus_key[1]}"]'))
            else:
                target = el(self.root.querySelector(
                    f'[data-act="{focus_key[1]}"][data-arg="{focus_key[2]}"]'
                )) or el(self.root.querySelector(f'[data-act="{focus_key[1]}"]'))
            if target is not None and not target.hasAttribute("disabled"):
                target.focus()
        dialog = el(self.root.querySelector(".overlay:last-child .dialog button"))
        if dialog is not None and self.overlay is not None:
            dialog.focus()

    def overlay_html(self) -> str:
        lang = self.lang
        if self.overlay == "menu":
            return render.menu_dialog(self.session, lang, self.settings, ENGINE_VERSION,
                                      self.worker_state)
        if self.overlay == "stats":
            return render.stats_dialog(storage.load_stats(self.store), lang)
        if self.overlay == "leave":
            return render.confirm_dialog(t("leave_confirm", lang), "leave-yes",
                                         t("leave_yes", lang), lang)
        if self.overlay == "reset-stats":
            return render.confirm_dialog(t("stats_reset_confirm", lang), "reset-yes",
                                         t("stats_reset", lang), lang)
        if self.overlay == "notice" and self.notice:
            return render.notice_dialog(*self.notice, lang)
        return ""

    def say(self, kind: str, text: str) -> None:
        if self.session is not None:
            self.session.message = (kind, text)

    # -- saving --------------------------------------------------------------

    def autosave(self) -> None:
        session = self.session
        if session is None:
            return
        self.store.setItem(storage.GAME_KEY, session.game.to_save())
        self.store.setItem(storage.TABLE_KEY, session.meta_json())

    def save_meta(self) -> None:
        if self.session is not None:
            self.store.setItem(storage.TABLE_KEY, self.session.meta_json())

    def save_settings(self) -> None:
        storage.write_json(self.store, storage.SETTINGS_KEY, self.settings)

    # -- playing -------------------------------------------------------------

    def play(self, action) -> bool:
        """Play ``action`` for the player to move; show the engine's refusal if any."""
        session = self.session
        try:
            session.play(action)
        except RuleError as error:
            session.message = ("error", error.message(self.lang))
            self.render()
            return False
        self.after_action()
        return True

    def after_action(self) -> None:
        session = self.session
        state = session.state
        if state.hand.phase == "over" or state.is_over:
            self.overlay = "sheet"
            session.viewer = session.viewer if not session.hot_seat else None
            session.pick_viewer()
            if state.is_over:
                self.count_result()
        elif self.overlay == "sheet":
            self.overlay = None
        self.autosave()
        self.render()
        self.kick_bots()

    def count_result(self) -> None:
        session = self.session
        if session.counted or len(session.humans) != 1:
            return
        human = session.humans[0]
        outcome = "won" if session.state.winner == human else "lost"
        bots = [seat.level for seat in session.seats if seat.is_bot]
        storage.record_result(self.store, mode=mode_key(session.state.rules), levels=bots,
                              outcome=outcome)
        session.counted = True

    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to move (a new generation cancels older loops)."""
        session = self.session
        if session is None or self.screen != "table" or not session.bot_to_move():
            return
        self.generation += 1
        self.spawn(self.bot_loop(self.generation))

    async def bot_loop(self, generation: int) -> None:
        while True:
            session = self.session
            if generation != self.generation or session is None or not session.bot_to_move():
                break
            if self.worker_state != "ready":
                self.thinking = True
                self.render()
                await self.worker_ready
            if generation != self.generation:
                break
            state = session.state
            seat = state.to_move
            self.thinking = True
            if now() - self.last_bot_move > 200:
                self.update_status()
            if state.hand.phase == "over":
                answer = json.dumps({"action": "next"})
            else:
                answer = await self.worker.choose(
                    session.game.record.text(), seat, session.seats[seat].level
                )
            if generation != self.generation or self.session is not session:
                break
            action = parse_action(json.loads(str(answer))["action"])
            delay = SPEEDS.get(self.settings.get("speed"), 850)
            if isinstance(action, NextHand):
                delay *= 3
            wait = delay - (now() - self.last_bot_move)
            if wait > 0:
                await asyncio.sleep(wait / 1000)
            if generation != self.generation or self.session is not session:
                break
            if session.state != state:
                continue  # someone else moved meanwhile (an undo by the human): ask again
            self.thinking = False
            try:
                session.play(action)
            except RuleError as error:
                js.console.error(f"bot move refused: {action} ({error.message('en')})")
                break
            self.last_bot_move = now()
            self.after_action_quiet()
        self.thinking = False

    def after_action_quiet(self) -> None:
        """After a bot move: like after_action, without starting another loop."""
        session = self.session
        state = session.state
        if state.hand.phase == "over" or state.is_over:
            self.overlay = "sheet"
            if state.is_over:
                self.count_result()
        elif self.overlay == "sheet":
            self.overlay = None
        self.autosave()
        self.render()

    def update_status(self) -> None:
        status = el(self.root.querySelector(".status"))
        if status is not None and self.session is not None:
            status.innerHTML = render.status_line(self.session, self.lang, thinking=True)
        chip = el(self.root.querySelector(".chip.turn"))
        if chip is not None:
            chip.classList.add("thinking")

    # -- events --------------------------------------------------------------

    def on_click(self, event) -> None:
        element = el(event.target.closest("[data-act]"))
        if element is None or element.hasAttribute("disabled"):
            return
        act = data(element, "act")
        arg = data(element, "arg") or ""
        handler = getattr(self, "act_" + act.replace("-", "_"), None)
        if handler is not None:
            handler(arg, element)

    def on_change(self, event) -> None:
        element = event.target
        which = data(element, "set")
        if which == "lang":
            self.set_lang(element.value)
        elif which == "speed":
            self.settings["speed"] = element.value
            self.save_settings()
        elif self.screen == "newgame" and which:
            if which == "preset":
                self.apply_preset(element.value)
            elif which == "option":
                self.root.querySelector('[name="preset"]').value = self.matching_preset()
            self.sync_setup_form()

    def on_key(self, event) -> None:
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea") or self.session is None:
            return
        if self.screen != "table":
            return
        key = event.key
        session = self.session
        if key == "Escape":
            if session.choice is not None:
                session.choice = None
            elif self.overlay in ("menu", "stats", "leave", "notice", "reset-stats"):
                self.overlay = None
            else:
                session.clear_selection()
            self.render()
            return
        if self.overlay is not None or session.needs_pass() or session.choice is not None:
            return
        if key in ("ArrowLeft", "ArrowRight"):
            cards = list(self.root.querySelectorAll(".hand .in-hand"))
            if not cards:
                return
            current = el(document.activeElement)
            index = next((i for i, c in enumerate(cards) if c == current), -1)
            step = 1 if key == "ArrowRight" else -1
            cards[(index + step) % len(cards)].focus()
            event.preventDefault()
            return
        if event.ctrlKey or event.metaKey:
            if key.lower() == "z":
                self.act_undo("", None)
                event.preventDefault()
            return
        actions = {"d": "draw", "p": "take", "m": "lay", "x": "discard", "u": "undo",
                   "h": "hint", "s": "sort"}
        act = actions.get(key.lower())
        if act is None:
            return
        if act == "sort":
            mode = session.sort_modes.get(session.viewer, "suit")
            self.act_sort("rank" if mode == "suit" else "suit", None)
        else:
            getattr(self, "act_" + act)("", None)
        event.preventDefault()

    def on_drop(self, event) -> None:
        session = self.session
        if session is None or self.screen != "table" or session.needs_pass():
            return
        src = str(event.detail.src)
        dst = str(event.detail.dst)
        if src in ("stock", "pile"):
            if dst.startswith("hand"):
                self.act_draw("", None) if src == "stock" else self.act_take("", None)
            return
        if not src.startswith("card:") or session.viewer is None:
            return
        key = src[5:]
        if dst.startswith("hand:"):
            before = dst[5:]
            if before != key:
                session.move_card(session.viewer, key, before)
                self.save_meta()
                self.render()
        elif dst == "hand-end":
            session.move_card(session.viewer, key, None)
            self.save_meta()
            self.render()
        elif dst == "pile":
            self.discard_key(key)
        elif dst.startswith("meld:"):
            session.selected = [key]
            self.act_attach(dst[5:], None)
        elif dst == "table":
            if key not in session.selected:
                session.selected.append(key)
            self.act_lay("", None)

    # -- table actions (data-act) ------------------------------------------------

    def guard_turn(self) -> bool:
        session = self.session
        if session is None or self.screen != "table":
            return False
        if not session.my_turn():
            if session.viewer is not None and not session.state.is_over:
                session.message = ("error", t("not_your_turn", self.lang))
                self.render()
            return False
        return True

    def act_draw(self, arg, element) -> None:
        if now() - self.last_draw < 600:  # the second tap of a double-tap
            return
        if self.guard_turn():
            self.last_draw = now()
            self.play(DrawStock())

    def act_take(self, arg, element) -> None:
        session = self.session
        if session is None or self.screen != "table":
            return
        if now() - self.last_draw < 600:
            return
        if session.my_turn() and session.state.hand.phase == "play":
            # a click on the pile with one card selected discards it
            keys = session.selected
            if len(keys) == 1:
                self.discard_key(keys[0])
            return
        if self.guard_turn():
            self.last_draw = now()
            self.play(TakeDiscard())

    def act_card(self, key, element) -> None:
        session = self.session
        key = data(element, "key")
        last_key, last_time = self.last_tap
        self.last_tap = (key, now())
        if last_key == key and now() - last_time < DOUBLE_TAP_MS and session.my_turn():
            self.last_tap = ("", 0.0)
            self.discard_key(key)
            return
        session.toggle(key)
        session.message = None
        self.render()

    def discard_key(self, key: str) -> None:
        session = self.session
        keyed = dict(session.hand_keys(session.viewer)) if session.viewer is not None else {}
        if key not in keyed or not self.guard_turn():
            return
        session.selected = [key]
        self.play(Discard(keyed[key]))

    def act_discard(self, arg, element) -> None:
        if not self.guard_turn():
            return
        cards = self.session.selected_cards()
        if len(cards) != 1:
            self.say("error", t("select_one", self.lang))
            self.render()
            return
        self.play(Discard(cards[0]))

    def act_lay(self, arg, element) -> None:
        if not self.guard_turn():
            return
        session = self.session
        cards = session.selected_cards()
        if not cards:
            self.say("error", t("select_cards", self.lang))
            self.render()
            return
        choices = session.meld_choices()
        if len(choices) == 1:
            self.play(choices[0])
            return
        options = []
        for a in choices:
            parts: list = [(c, a.joker_as if c.is_joker else None) for c in a.cards]
            if a.joker_as is not None:
                parts.append(("joker_as", {"card": render.sym(a.joker_as, self.lang)}))
            options.append((parts, a))
        session.choice = Choice("choose_meld", {}, options)
        self.render()

    def act_attach(self, arg, element) -> None:
        session = self.session
        if session is None or not session.selected or not self.guard_turn():
            return
        index = int(arg)
        cards = session.selected_cards()
        if len(cards) != 1:
            self.say("error", t("select_one", self.lang))
            self.render()
            return
        card = cards[0]
        options = session.meld_targets().get(index)
        if not options:
            # not a legal target: let the engine say why
            self.play(Attach(card, index))
            return
        if len(options) == 1:
            self.play(options[0])
            return
        meld = session.state.hand.melds[index].meld
        labelled = []
        for action in options:
            parts: list = []
            if isinstance(action, SwapJoker):
                parts.append(("swap_joker_opt", {}))
                preview = meld.swap_joker(card)
            else:
                preview = meld.attach(card, end=action.end, joker_as=action.joker_as)
                stands = action.joker_as or (preview.joker_as if card.is_joker else None)
                if stands is not None:
                    parts.append(("joker_as", {"card": render.sym(stands, self.lang)}))
                if action.end:
                    parts.append(("attach_" + action.end, {}))
            faces = [(c, preview.joker_as if c.is_joker else None) for c in preview.cards]
            labelled.append((faces + parts, action))
        session.choice = Choice("choose_attach", {"card": card}, labelled)
        self.render()

    def act_choose(self, arg, element) -> None:
        session = self.session
        if session is None or session.choice is None:
            return
        _parts, action = session.choice.options[int(arg)]
        session.choice = None
        self.play(action)

    def act_cancel(self, arg, element) -> None:
        if self.session is not None:
            self.session.choice = None
        self.render()

    def act_undo(self, arg, element) -> None:
        session = self.session
        if session is None or not session.my_turn():
            return
        try:
            session.undo()
        except RuleError as error:
            session.message = ("error", error.message(self.lang))
        self.autosave()
        self.render()

    def act_sort(self, arg, element) -> None:
        session = self.session
        if session is None or session.viewer is None:
            return
        session.sort_hand(session.viewer, arg or "suit")
        self.save_meta()
        self.render()

    def act_hint(self, arg, element) -> None:
        session = self.session
        if session is None or not session.my_turn():
            return
        self.spawn(self.ask_hint())

    async def ask_hint(self) -> None:
        session = self.session
        session.message = ("info", t("hint_thinking", self.lang))
        self.render()
        if self.worker_state != "ready":
            await self.worker_ready
        state = session.state
        answer = json.loads(str(await self.worker.hint(session.game.record.text(),
                                                       session.viewer)))
        if self.session is not session or session.state != state:
            return
        action = parse_action(answer["action"])
        reason = answer["it"] if self.lang == "it" else answer["en"]
        keyed = session.hand_keys(session.viewer)
        keys: list[str] = []

        def find(card):
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
        session.message = ("hint", reason)
        self.render()

    def act_next_hand(self, arg, element) -> None:
        session = self.session
        if session is None:
            return
        self.overlay = None
        self.play(NextHand())

    def act_sheet(self, arg, element) -> None:
        self.overlay = "sheet"
        self.render()

    def act_pass_ready(self, arg, element) -> None:
        session = self.session
        session.viewer = session.state.to_move
        self.save_meta()
        self.render()

    # -- menu, statistics, settings ------------------------------------------------

    def act_menu(self, arg, element) -> None:
        self.overlay = "menu"
        self.render()

    def act_close(self, arg, element) -> None:
        session = self.session
        if self.overlay == "sheet" and session is not None and (
            session.state.hand.phase == "over" or session.state.is_over
        ):
            self.overlay = None
            self.render()
            return
        self.overlay = None
        self.notice = None
        self.render()

    def act_stats(self, arg, element) -> None:
        self.overlay = "stats"
        self.render()

    def act_reset_stats(self, arg, element) -> None:
        self.overlay = "reset-stats"
        self.render()

    def act_reset_yes(self, arg, element) -> None:
        storage.reset_stats(self.store)
        self.overlay = "stats"
        self.render()

    def act_leave(self, arg, element) -> None:
        self.overlay = "leave"
        self.render()

    def act_leave_yes(self, arg, element) -> None:
        session = self.session
        counts = session is not None and len(session.humans) == 1
        if counts and not session.state.is_over and not session.counted:
            bots = [seat.level for seat in session.seats if seat.is_bot]
            storage.record_result(self.store, mode=mode_key(session.state.rules),
                                  levels=bots, outcome="abandoned")
        self.end_session()

    def end_session(self) -> None:
        self.generation += 1
        self.session = None
        self.thinking = False
        self.store.removeItem(storage.GAME_KEY)
        self.store.removeItem(storage.TABLE_KEY)
        self.overlay = None
        self.screen = "newgame"
        self.render()

    def act_new_game(self, arg, element) -> None:
        session = self.session
        if session is not None and not session.state.is_over:
            self.overlay = None
            self.screen = "newgame"
            self.render()
            return
        if session is not None:
            self.end_session()
            return
        self.overlay = None
        self.screen = "newgame"
        self.render()

    def act_resume_game(self, arg, element) -> None:
        if self.session is not None:
            self.screen = "table"
            self.overlay = None
            self.render()
            self.kick_bots()

    def act_lang(self, arg, element) -> None:
        self.set_lang(arg)

    def set_lang(self, lang: str) -> None:
        if lang not in LANGS:
            return
        if self.screen == "newgame" and el(self.root.querySelector("#setup")) is not None:
            self.settings["last"] = self.read_setup()
        self.settings["lang"] = lang
        self.save_settings()
        self.render()

    # -- the new-game form -----------------------------------------------------------

    def field(self, name: str):
        return el(self.root.querySelector(f'#setup [name="{name}"]'))

    def sync_setup_form(self) -> None:
        """Show the seats in use, the level of bots, the strength of balanced bots."""
        count_field = self.field("count")
        if count_field is None:
            return
        count = int(count_field.value)
        for index in range(6):
            seat = self.root.querySelector(f'fieldset.seat[data-seat="{index}"]')
            seat.classList.toggle("hidden", index >= count)
            seat.dataset.kind = self.field(f"kind{index}").value
            seat.dataset.level = self.field(f"level{index}").value
        mode = el(self.root.querySelector('#setup [name="mode"]:checked'))
        self.root.querySelector("#setup .modes").dataset.mode = mode.value if mode else "101"

    def apply_preset(self, name: str) -> None:
        rules = PRESETS.get(name)
        if rules is None:
            return
        for option in OPTIONS:
            element = self.field("opt_" + option)
            value = getattr(rules, option)
            if isinstance(value, bool):
                element.checked = value
            else:
                element.value = str(value)

    def read_options(self) -> dict:
        options = {}
        for option in OPTIONS:
            element = self.field("opt_" + option)
            default = getattr(Rules(), option)
            if isinstance(default, bool):
                options[option] = bool(element.checked)
            elif isinstance(default, int):
                try:
                    options[option] = int(element.value)
                except ValueError:
                    options[option] = element.value
            else:
                options[option] = str(element.value)
        return options

    def matching_preset(self) -> str:
        options = self.read_options()
        for name, rules in PRESETS.items():
            if all(getattr(rules, k) == v for k, v in options.items()):
                return name
        return "custom"

    def read_setup(self) -> dict:
        count = int(self.field("count").value)
        seats = []
        for index in range(6):
            try:
                strength = float(self.field(f"strength{index}").value)
            except ValueError:
                strength = 0.5
            seats.append({
                "name": str(self.field(f"name{index}").value).strip(),
                "kind": self.field(f"kind{index}").value,
                "level": self.field(f"level{index}").value,
                "strength": max(0.0, min(1.0, strength)),
            })
        mode = el(self.root.querySelector('#setup [name="mode"]:checked'))
        try:
            custom = int(self.field("custom").value)
        except ValueError:
            custom = 0
        return {
            "count": count,
            "seats": seats,
            "mode": mode.value if mode else "101",
            "custom": custom,
            "preset": self.field("preset").value,
            "rules": self.read_options(),
        }

    def act_start(self, arg, element) -> None:
        setup = self.read_setup()
        self.settings["last"] = setup
        self.save_settings()
        error_box = self.root.querySelector(".ng-error")
        count = setup["count"]
        seats = []
        for data in setup["seats"][:count]:
            level = data["level"]
            if level == "balanced":
                level = f"balanced:{data['strength']:.1f}"
            seats.append(Seat(data["name"], data["kind"], level))
        names = [seat.name for seat in seats]
        if any(not n for n in names) or len(set(names)) != len(names):
            error_box.textContent = t("bad_names", self.lang)
            return
        options = dict(setup["rules"])
        mode = setup["mode"]
        if mode == "single":
            options["mode"] = "single"
        else:
            options["elimination_score"] = {"101": 101, "201": 201}.get(mode, setup["custom"])
        try:
            rules = Rules.from_dict(options)
        except RuleError as error:
            error_box.textContent = error.message(self.lang)
            return
        seed = f"{int(now())}-{random.SystemRandom().randrange(10**6)}"
        self.generation += 1
        self.session = Session.new(seats, seed, rules)
        self.thinking = False
        self.screen = "table"
        self.overlay = None
        self.autosave()
        self.render()
        self.kick_bots()


def mode_key(rules: Rules) -> str:
    """How statistics name a match's mode: single, 101, 201 or custom."""
    if rules.mode == "single":
        return "single"
    return str(rules.elimination_score) if rules.elimination_score in (101, 201) else "custom"
