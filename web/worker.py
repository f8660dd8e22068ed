"""The "bots" worker: the computer players and the hint think here, off the page's thread.

Started by web/main.py with ``create_named_worker(..., config="./pyscript.toml")``,
so it gets its own Pyodide with the same ``scala40`` package unpacked.
Only the names in ``__export__`` can be called from the main thread; calls
and results are copied between threads, so everything is plain text:

- ``choose(record_text, seat, level)`` → JSON ``{"action": "discard KH", "reason": [...]}``
- ``hint(record_text, seat)`` → JSON ``{"action": ..., "it": ..., "en": ...}``

The main thread sends the whole game record (the text of
:class:`scala40.record.Record`); the worker keeps the states it already
computed for that match and applies only the actions it has not seen (an
undo on the table just cuts the cached list back). The answer is the
action's text form; the table parses it (``parse_action``) and plays it
through the engine, which checks it like any other move.
"""

import json
import random
from typing import Any

import scala40
from scala40 import apply, observe
from scala40.bots import hint as bot_hint
from scala40.bots import make_bot
from scala40.record import Record

_cache: dict[str, Any] = {"key": None, "actions": [], "states": []}
_bots: dict = {}


def _state(record_text: str):
    """The state at the end of ``record_text``, reusing the states already computed."""
    record = Record.parse(record_text)
    key = (record.seed, record.players, tuple(sorted(record.rules.to_dict().items())))
    if _cache["key"] != key:
        _cache.update(key=key, actions=[], states=[scala40.new_match(
            record.players, record.seed, record.rules)])
        _bots.clear()
    actions = [str(a) for a in record.actions]
    known = _cache["actions"]
    same = 0
    while same < min(len(known), len(actions)) and known[same] == actions[same]:
        same += 1
    del known[same:]
    del _cache["states"][same + 1 :]
    state = _cache["states"][-1]
    for text, action in zip(actions[same:], record.actions[same:], strict=True):
        state = apply(state, action)
        known.append(text)
        _cache["states"].append(state)
    return record, state


def choose(record_text: str, seat: int, level: str) -> str:
    """The bot of ``seat`` picks one action for the position at the end of the record."""
    record, state = _state(record_text)
    seat = int(seat)
    key = (seat, level)
    if key not in _bots:
        _bots[key] = make_bot(level, random.Random(f"{record.seed}/bot/{seat}"))
    bot = _bots[key]
    action = bot.choose(observe(state, seat))
    reason = list(getattr(bot, "last_reason", ("", "", "")))
    return json.dumps({"action": str(action), "reason": reason}, ensure_ascii=False)


def hint(record_text: str, seat: int) -> str:
    """The hint for ``seat``: the move the strongest level would make, with its reason."""
    _record, state = _state(record_text)
    action, italian, english = bot_hint(observe(state, int(seat)))
    return json.dumps({"action": str(action), "it": italian, "en": english}, ensure_ascii=False)


def ping() -> str:
    """Return the engine version as seen from inside the worker."""
    return scala40.__version__


__export__ = ["choose", "hint", "ping"]
