"""The key bindings of the table, in one table.

A key names an action of :data:`web.table.table.ACTIONS` (the same
names as the buttons' ``data-act``), or one of the page's own: ``escape``
and moving the focus along the hand.

>>> binding("D", ctrl=False), binding("z", ctrl=True), binding("d", ctrl=True)
('draw', 'undo', None)
"""

from __future__ import annotations

KEYS: dict[str, str] = {
    "d": "draw",
    "p": "take",
    "m": "lay",
    "x": "discard",
    "u": "undo",
    "h": "hint",
    "s": "sort",  # switches between by suit and by rank
    "ctrl+z": "undo",
    "escape": "escape",
    "arrowleft": "focus-previous",
    "arrowright": "focus-next",
}

#: Bindings the page carries out itself (the focus is the DOM's).
FOCUS_STEPS = {"focus-previous": -1, "focus-next": 1}


def binding(key: str, *, ctrl: bool) -> str | None:
    """The action bound to ``key`` (``KeyboardEvent.key``), Ctrl or Cmd held or not."""
    return KEYS.get(("ctrl+" if ctrl else "") + key.lower())
