"""The page's DOM, reached only from here: the root element, its form, its focus.

PyScript hands JS objects to Python; a missing value is JS ``null`` or
``undefined``, which :func:`el` turns into ``None``. :class:`Page` draws the
markup the renderer made (keeping the focus where it was) and is the
new-game form's :class:`~web.newgame.form.Form`.
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import is_none, to_js

from web.ui.markup import Markup


def el(value: Any) -> Any:
    """A DOM lookup's result, with JS ``null`` / ``undefined`` as ``None``."""
    return None if value is None or is_none(value) else value


def data(element: Any, name: str) -> str | None:
    """An element's ``data-<name>`` attribute, or ``None``."""
    element = el(element)
    if element is None or not hasattr(element, "getAttribute"):
        return None
    value = el(element.getAttribute("data-" + name))
    return None if value is None else str(value)


def css_string(value: object) -> str:
    r"""``value`` as a quoted CSS string, for an attribute selector (``[data-arg=...]``).

    Values from outside reach selectors (a match id from a challenge link or an
    imported record, a stored name), and one holding a quote, a backslash or a
    newline made ``querySelector`` raise. Written as CSSOM serializes a string: ``"``
    and ``\`` escaped by a backslash, a control character as its code point in hex
    and a space, U+0000 (which CSS cannot name) as U+FFFD; every other character as
    it is, so the selector names exactly ``value``.

    >>> print(css_string('a"b]\\c'), css_string("x\ny"), css_string(3))
    "a\"b]\\c" "x\a y" "3"
    """
    out = []
    for char in str(value):
        code = ord(char)
        if code == 0:
            out.append("\ufffd")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\{code:x} ")
        elif char in '"\\':
            out.append("\\" + char)
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def now() -> float:
    """The page's clock, in milliseconds."""
    return float(js.Date.now())


def event_time(event: Any) -> float:
    """When ``event`` happened, on :func:`now`'s scale (its ``timeStamp`` counts from the
    page's time origin); now, for an event without one."""
    stamp = getattr(event, "timeStamp", None)
    if not stamp:
        return now()
    return float(js.performance.timeOrigin) + float(stamp)


class Page:
    """The ``#app`` element: everything the table draws goes in it."""

    def __init__(self, root: Any) -> None:
        self.root = root

    def find(self, selector: str) -> Any:
        return el(self.root.querySelector(selector))

    def draw(self, markup: Markup, *, lang: str, looks: dict[str, bool] | None = None) -> None:
        """Make the page's content ``markup``, changing only what differs (web/page/draw.js),
        or replacing it whole: over the stored snapshot, whose inert nodes must leave
        (web/page/snapshot.js waits for that), and when draw.js or morphdom did not load.
        The element that had the focus gets it back; a hand card that left the hand (laid
        in a meld, discarded) hands it on to the card after it, else the one before it,
        so the player goes on in their hand. ``<html>`` takes ``lang`` and the
        classes of the table's looks that are on (``looks``: web/store/settings.py,
        look_classes), so that every screen, dialog and card follows them from the
        stylesheets alone; its other classes (web/page/offline.js's) stay.

        Dialogs take the focus and give it back in web/page/modal.js, which runs once
        the new content is in (a MutationObserver on the root)."""
        focused = el(document.activeElement)
        key, act, arg = data(focused, "key"), data(focused, "act"), data(focused, "arg") or ""
        near = self.hand_neighbours(key) if key else []
        motion = el(getattr(window, "s40motion", None))  # web/table/motion.js: cards that travel
        if motion is not None:
            motion.before()
        morph = el(getattr(window, "s40draw", None))
        if morph is None or document.body.classList.contains("snapshot"):
            self.root.innerHTML = str(markup)
        else:
            morph(self.root, str(markup))
        if motion is not None:
            motion.after()
        root = document.documentElement
        if root.lang != lang:  # setting it restyles the whole page
            root.lang = lang
        for name, on in (looks or {}).items():
            if bool(root.classList.contains(name)) != on:  # as does this
                root.classList.toggle(name, on)
        target = None
        if key:
            target = next((found for found in (self.find(f"[data-key={css_string(kept)}]")
                                               for kept in (key, *near)) if found is not None),
                          None)
        elif act:
            target = self.find(
                f"[data-act={css_string(act)}][data-arg={css_string(arg)}]"
            ) or self.find(f"[data-act={css_string(act)}]")
        if target is not None and not target.hasAttribute("disabled"):
            target.focus(to_js({"preventScroll": True}))  # where it was: no scroll, no layout

    def hand_neighbours(self, key: str) -> list[str]:
        """The keys of the hand's cards after the card ``key``, then those before it,
        nearest first; none if ``key`` is not a card of the hand."""
        if self.find(f".hand .in-hand[data-key={css_string(key)}]") is None:
            return []
        keys = [data(card, "key") or "" for card in self.root.querySelectorAll(".hand .in-hand")]
        at = keys.index(key)
        return keys[at + 1:] + keys[:at][::-1]

    def move_focus(self, step: int) -> None:
        """Arrow keys: the focus to the next or previous control of its zone: a meld of
        the table's when the focus is among them (key 2), else a card of the hand."""
        current = el(document.activeElement)
        melds = self.find(".melds")
        among_melds = melds is not None and bool(melds.contains(current))
        controls = list(self.root.querySelectorAll(".melds .meld" if among_melds
                                                   else ".hand .in-hand"))
        if not controls:
            return
        index = next((i for i, control in enumerate(controls) if control == current), -1)
        controls[(index + step) % len(controls)].focus()

    def show_thinking(self, status: Markup) -> None:
        """A bot started thinking: update the status line without a redraw."""
        line = self.find(".status")
        if line is not None:
            line.innerHTML = str(status)
        chip = self.find(".chip.turn")
        if chip is not None:
            chip.classList.add("thinking")

    def show_form_error(self, text: str) -> None:
        box = self.find(".ng-error")
        if box is not None:
            box.textContent = text

    # -- the new-game form (web.newgame.form.Form) -----------------------------

    def has_form(self) -> bool:
        return self.find("#setup") is not None

    def field(self, name: str) -> Any:
        return self.find(f"#setup [name={css_string(name)}]")

    def checked_mode(self) -> str | None:
        mode = self.find('#setup [name="mode"]:checked')
        return None if mode is None else str(mode.value)

    def seat(self, index: int) -> Any:
        return self.find(f"fieldset.seat[data-seat={css_string(index)}]")

    def set_mode_shown(self, mode: str) -> None:
        self.find("#setup .modes").dataset.mode = mode

    def set_summary(self, text: str) -> None:
        summary = self.find(".ng-summary")
        if summary is not None:
            summary.textContent = text
