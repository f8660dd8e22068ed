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
    "r": "repeat",  # the last announcement again (web/table/speech.py)
    # the table's zones, one key each (web/page/zones.py, docs/web.md): digits, which
    # play nothing else, in the order of the table from the player's cards outwards
    "1": "zone-hand",
    "2": "zone-melds",
    "3": "zone-stock",
    "4": "zone-pile",
    "5": "zone-players",
    "6": "zone-log",
    "ctrl+z": "undo",
    "escape": "escape",
    "arrowleft": "focus-previous",
    "arrowright": "focus-next",
}

#: Bindings the page carries out itself (the focus is the DOM's).
FOCUS_STEPS = {"focus-previous": -1, "focus-next": 1}
#: The zone each key reaches: the element of the table marked ``data-zone``.
ZONES = {name: name.removeprefix("zone-") for name in KEYS.values() if name.startswith("zone-")}


def binding(key: str, *, ctrl: bool) -> str | None:
    """The action bound to ``key`` (``KeyboardEvent.key``), Ctrl or Cmd held or not."""
    return KEYS.get(("ctrl+" if ctrl else "") + key.lower())
