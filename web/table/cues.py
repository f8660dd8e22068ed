"""Sound and touch cues: which short cue a move calls for.

The table names a cue for each move it plays (a card drawn, laid, discarded, a
hand closed, the player's turn come round, a refusal); web/table/cues.js turns the
names into a short synthesized sound and a vibration, each behind its own
switch in the menu (both off in an embedded page). Deciding here, in plain
Python, keeps the choice testable without a browser.

>>> from scala40 import DrawStock
>>> cue_for(DrawStock(), hand_over=False)
'draw'
"""

from __future__ import annotations

from scala40 import Action, Attach, Discard, DrawStock, LayMeld, SwapJoker, TakeBack, TakeDiscard

#: Every cue web/table/cues.js knows.
CUES = ("draw", "meld", "discard", "undo", "close", "turn", "refused")


def cue_for(action: Action, *, hand_over: bool) -> str | None:
    """The cue of a move just played: a closing discard sounds as the hand's end."""
    if hand_over:
        return "close"
    if isinstance(action, DrawStock | TakeDiscard):
        return "draw"
    if isinstance(action, LayMeld | Attach | SwapJoker):
        return "meld"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, TakeBack):
        return "undo"
    return None
