"""Every value the page keeps in localStorage, and the one door each is read through.

Keys (all under ``scala40.``), and the module that reads each:

- ``scala40.game``, ``scala40.table``, ``scala40.snapshot``: the match in progress,
  its seats and the page as last drawn (:mod:`web.store.match`; written only by
  :mod:`web.store.saver`);
- ``scala40.settings``: language, bot speed, the last new-game options
  (:mod:`web.store.settings`);
- ``scala40.stats``: matches played / won / abandoned per mode and level, ranking
  points (:mod:`web.store.stats`);
- ``scala40.friends``: the host's shared table: the match id its guests know, their
  secrets (here);
- ``scala40.lesson``: ``{"moves": n}``, the guided first hand's moves played so far (here);
- ``scala40.daily``: ``{date: result line or ""}``, the deals of the day tried (here);
- ``scala40.replays``: the last finished matches kept for replay, records only (here);
- ``scala40.broken.<time>.<key>``: a value that could not be read, kept aside (here;
  a second one of the same key and visit is ``...<key>.2``, and so on; the newest
  :data:`KEPT_ASIDE` are kept);
- ``scala40.updated``: "1" after the service worker replaced the site (read and
  cleared by web/page/offline.js only).

Stored text is never trusted: the page may have been given anything (a
truncated write, another version's data, a hand-edited value, a hostile
one). Each key has a *door*: a size limit checked before any parsing, a
nesting limit checked without recursion (50,000 brackets would overflow
Pyodide's stack inside ``json.loads``), and a schema (shape, types, sizes,
allowed values; no lone surrogates in any string). A value that fails is
moved aside under ``scala40.broken.`` and the caller gets that key's default
and a :class:`Refusal` to show the player, in their language:

>>> from web.store.stores import MemoryStore
>>> store = MemoryStore({FRIENDS_KEY: '{"game": "m1"}'})
>>> friends, refusal = load_friends(store)
>>> friends, refusal.key, refusal.why("en")
(None, 'scala40.friends', 'match is missing.')
>>> store.stored_keys()
['scala40.broken.1.friends']

``store`` is anything with ``getItem`` / ``setItem`` / ``removeItem`` /
``stored_keys`` (:mod:`web.store.stores`), so every door runs and is tested
without a browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from web.i18n import t
from web.store.seat import SeatKind
from web.store.stores import Store

GAME_KEY = "scala40.game"
TABLE_KEY = "scala40.table"
SNAPSHOT_KEY = "scala40.snapshot"
SETTINGS_KEY = "scala40.settings"
STATS_KEY = "scala40.stats"
FRIENDS_KEY = "scala40.friends"
LESSON_KEY = "scala40.lesson"
DAILY_KEY = "scala40.daily"
REPLAYS_KEY = "scala40.replays"
BROKEN_PREFIX = "scala40.broken."


#: The longest save read: a 101 match of 40 hands is about 40,000 characters.
MAX_GAME_CHARS = 1_000_000
#: The other keys hold a few hundred characters.
MAX_SMALL_CHARS = 64_000
#: No stored value nests deeper than 4 (settings.last.seats[i].name).
MAX_DEPTH = 8
#: A snapshot longer than this is not kept (a table of six draws about 15,000).
MAX_SNAPSHOT_CHARS = 64_000
#: A kept-aside value longer than this is cut (it is kept to be looked at, not used).
MAX_KEPT_CHARS = 100_000
#: How many kept-aside values stay: the newest (they take room the live match may need).
KEPT_ASIDE = 5

# -- refusals ----------------------------------------------------------------------------


class Invalid(Exception):
    """A stored value does not fit its door: ``code`` names the i18n reason, ``facts`` fill it."""

    def __init__(self, code: str, **facts: object) -> None:
        super().__init__(code)
        self.code = code
        self.facts = facts


@dataclass(frozen=True)
class Refusal:
    """A stored value that was refused, where it went, and why (in either language)."""

    key: str
    kept: str | None  # where the text was kept aside (None: it could not be)
    code: str
    facts: dict[str, object] = field(default_factory=dict)
    detail: Callable[[str], str] | None = None  # e.g. the engine's RuleError.message

    def why(self, lang: str) -> str:
        """The reason in ``lang``, one sentence."""
        if self.detail is not None:
            return self.detail(lang)
        facts = {name: str(value) for name, value in self.facts.items()}
        return t("data_" + self.code, lang, **facts)

    def what(self, lang: str) -> str:
        """Which stored value it was, for the player ("the saved match", "the settings")."""
        return t("data_key_" + self.key.removeprefix("scala40."), lang)

    def message(self, lang: str) -> tuple[str, str]:
        """(title, text) of the notice that reports it."""
        if self.key == GAME_KEY:
            text = t("bad_save_text", lang, why=self.why(lang), key=self.kept or "—")
            return t("bad_save_title", lang), text
        text = t("bad_data_text", lang, what=self.what(lang), why=self.why(lang),
                 key=self.kept or "—")
        return t("bad_data_title", lang), text


# -- bounded JSON ------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def json_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep ``text``'s brackets nest (outside strings), counted without recursion.

    Stops counting past ``limit`` (returns ``limit + 1``), so 50,000 brackets
    cost 9 steps.

    >>> json_depth('{"a": [1, {"b": "[[[["}]}'), json_depth("[" * 50_000, limit=8)
    (3, 9)
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > limit:
                return limit + 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: str | None, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` behind a size and a nesting limit; :class:`Invalid` when refused."""
    if text is None:
        raise Invalid("empty")
    if len(text) > max_chars:
        raise Invalid("too_big", size=len(text), limit=max_chars)
    if not text.strip():
        raise Invalid("empty")
    if json_depth(text, max_depth) > max_depth:
        raise Invalid("too_deep", limit=max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Invalid("not_json") from None


def strings(value: Any) -> Iterator[str]:
    """Every string in a parsed JSON value, keys included (a loop, not recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())


def has_surrogate(text: str) -> bool:
    """True if ``text`` holds a lone surrogate (it cannot be written as UTF-8).

    >>> has_surrogate("T\\ud800"), has_surrogate("T😀")
    (True, False)
    """
    return _SURROGATE.search(text) is not None


# -- schemas -----------------------------------------------------------------------------
# A schema is a function (value, path) -> the value as the page may use it,
# raising Invalid. Objects drop members they do not know (a newer version's
# data is not corrupt); every string is length-capped and surrogate-free.

Schema = Callable[[Any, str], Any]


def text(max_len: int, *, choices: Iterable[str] = (), pattern: str = "") -> Schema:
    allowed = tuple(choices)
    shape = re.compile(pattern) if pattern else None

    def check(value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise Invalid("not_text", path=path)
        if len(value) > max_len:
            raise Invalid("text_too_long", path=path, limit=max_len)
        if has_surrogate(value):
            raise Invalid("surrogate", path=path)
        if allowed and value not in allowed:
            raise Invalid("not_allowed", path=path, choices=", ".join(allowed))
        if shape is not None and not shape.fullmatch(value):
            raise Invalid("bad_text", path=path)
        return value

    return check


def whole(low: int, high: int) -> Schema:
    def check(value: Any, path: str) -> int:
        if type(value) is not int:  # bool is an int subclass; 1.0 is not a whole count here
            raise Invalid("not_whole", path=path)
        if not low <= value <= high:
            raise Invalid("out_of_range", path=path, low=low, high=high)
        return value

    return check


def number(low: float, high: float) -> Schema:
    def check(value: Any, path: str) -> float:
        if type(value) not in (int, float) or not low <= value <= high:
            raise Invalid("out_of_range", path=path, low=low, high=high)
        return float(value)

    return check


def boolean(value: Any, path: str) -> bool:
    if type(value) is not bool:
        raise Invalid("not_bool", path=path)
    return value


def nullable(schema: Schema) -> Schema:
    def check(value: Any, path: str) -> Any:
        return None if value is None else schema(value, path)

    return check


def listing(item: Schema, max_len: int, min_len: int = 0) -> Schema:
    def check(value: Any, path: str) -> list:
        if not isinstance(value, list):
            raise Invalid("not_list", path=path)
        if not min_len <= len(value) <= max_len:
            raise Invalid("bad_length", path=path, low=min_len, high=max_len)
        return [item(entry, f"{path}[{index}]") for index, entry in enumerate(value)]

    return check


def mapping(key: Schema, item: Schema, max_len: int) -> Schema:
    def check(value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise Invalid("not_object", path=path)
        if len(value) > max_len:
            raise Invalid("bad_length", path=path, low=0, high=max_len)
        return {key(name, f"{path} key"): item(entry, f"{path}.{name}")
                for name, entry in value.items()}

    return check


def fields(required: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None
           ) -> Schema:
    optional = dict(optional or {})

    def check(value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise Invalid("not_object", path=path or "(all)")
        prefix = f"{path}." if path else ""
        missing = [name for name in required if name not in value]
        if missing:
            raise Invalid("missing", path=prefix + missing[0])
        out = {name: schema(value[name], prefix + name) for name, schema in required.items()}
        for name, schema in optional.items():
            if name in value:
                out[name] = schema(value[name], prefix + name)
        return out

    return check


# What several keys hold: a bot's level, a seat's kind, a player's name, a seat, a card.
LEVEL = text(24, pattern=r"[a-z]{1,16}(:[0-9.]{1,6})?")
KIND = text(8, choices=SeatKind)
NAME = text(200)
SEAT_INDEX = text(1, pattern="[0-5]")
CARD_CODE = r"(?:10|[2-9AJQK])[SHDC]|JK"  # part of other patterns too (web/store/match.py)
CARD = text(3, pattern=CARD_CODE)

# -- the doors ---------------------------------------------------------------------------


def read(store: Store, key: str, schema: Schema, max_chars: int = MAX_SMALL_CHARS) -> Any:
    """The value at ``key`` checked by ``schema``; ``None`` if missing; :class:`Invalid`."""
    raw = store.getItem(key)
    if raw is None:
        return None
    return schema(parse_json(raw, max_chars), "")


def load(store: Store, key: str, schema: Schema, default: Any, stamp: str,
         max_chars: int = MAX_SMALL_CHARS) -> tuple[Any, Refusal | None]:
    """The value at ``key``, or ``default`` and a refusal (the bad text kept aside)."""
    try:
        value = read(store, key, schema, max_chars)
    except Invalid as bad:
        return default, refuse(store, key, stamp, bad.code, bad.facts)
    return (default if value is None else value), None


def refuse(store: Store, key: str, stamp: str, code: str, facts: dict | None = None,
           detail: Callable[[str], str] | None = None) -> Refusal:
    """Keep ``key``'s text aside and say why it was refused."""
    return Refusal(key, set_aside(store, key, stamp), code, dict(facts or {}), detail)


def set_aside(store: Store, key: str, stamp: str) -> str | None:
    """Move ``key``'s text to ``scala40.broken.<stamp>.<name>``; return that key.

    The original is removed first (the copy must not need twice the space),
    an over-long text is cut to :data:`MAX_KEPT_CHARS`, and lone surrogates
    are written as ``\\udXXX`` escapes. ``None`` when it could not be kept
    (no room even after deleting older kept-aside values). The stamp names the
    visit: a key refused again in the same visit (written bad again meanwhile) is
    kept beside the first, as ``<name>.2`` and so on, never over it; then only the
    newest :data:`KEPT_ASIDE` stay.

    >>> from web.store.stores import MemoryStore
    >>> store = MemoryStore({LESSON_KEY: "x"})
    >>> set_aside(store, LESSON_KEY, "7"), store.setItem(LESSON_KEY, "y")
    ('scala40.broken.7.lesson', None)
    >>> set_aside(store, LESSON_KEY, "7"), store.stored_keys()
    ('scala40.broken.7.lesson.2', ['scala40.broken.7.lesson', 'scala40.broken.7.lesson.2'])
    """
    raw = store.getItem(key)
    quietly(store.removeItem, key)
    if raw is None:
        return None
    kept = raw[:MAX_KEPT_CHARS]
    if has_surrogate(kept):
        kept = kept.encode("utf-8", "backslashreplace").decode("utf-8")
    first = f"{BROKEN_PREFIX}{stamp}.{key.removeprefix('scala40.')}"
    copy = max((_stamp_order(old)[1] for old in _kept_aside(store)
                if old == first or old.startswith(first + ".")), default=0) + 1
    target = first if copy == 1 else f"{first}.{copy}"  # after the newest, not in a gap
    while store.getItem(target) is not None:  # (a store that cannot list its keys)
        copy += 1
        target = f"{first}.{copy}"
    for _attempt in range(2):
        try:
            store.setItem(target, kept)
        except Exception:  # any storage failure: make room once, then give up
            prune_kept_aside(store, keep=0)
            continue
        prune_kept_aside(store)
        return target
    return None


def prune_kept_aside(store: Store, keep: int = KEPT_ASIDE) -> int:
    """Delete all but the ``keep`` newest kept-aside values; return how many went."""
    broken = sorted(_kept_aside(store), key=_stamp_order)
    doomed = broken[: max(0, len(broken) - keep)]
    for key in doomed:
        quietly(store.removeItem, key)
    return len(doomed)


def _kept_aside(store: Store) -> list[str]:
    try:
        return [key for key in store.stored_keys() if key.startswith(BROKEN_PREFIX)]
    except Exception:  # a store that cannot list its keys has nothing listed to go by
        return []


def _stamp_order(key: str) -> tuple[int, int, str]:
    """Oldest first: by the visit's stamp (a time; an older version's "later" is 0), then
    by the copy's number within the visit."""
    stamp, _, name = key[len(BROKEN_PREFIX):].partition(".")
    copy = name.rpartition(".")[2]
    return (int(stamp) if stamp.isdigit() else 0, int(copy) if copy.isdigit() else 1, key)


def quietly(method: Callable[..., object], *args: object) -> bool:
    """Call a storage method; False (not an exception) when the browser refuses."""
    try:
        method(*args)
    except Exception:  # the caller decides what a failed write means
        return False
    return True


def json_text(value: object) -> str:
    """A value as stored: JSON, with non-ASCII characters as they are (not escaped)."""
    return json.dumps(value, ensure_ascii=False)


def write_json(store: Store, key: str, value: object) -> bool:
    """Store ``value`` as JSON; False (never an exception) when the browser refuses."""
    return quietly(store.setItem, key, json_text(value))


# -- the shared table ------------------------------------------------------------------

#: The host's shared table (web/friends/page.py): which saved match, the id the
#: guests know it by and each remote seat's secret, so a reload keeps their tickets.
FRIENDS = fields({"game": text(64), "match": text(64),
                  "tokens": mapping(SEAT_INDEX, text(64, pattern="[A-Za-z0-9_-]+"), 6)})


def load_friends(store: Store, stamp: str = "1") -> tuple[dict | None, Refusal | None]:
    """The host's shared table (``None`` when missing or refused)."""
    return load(store, FRIENDS_KEY, FRIENDS, None, stamp)


# -- the guided first hand, the deals of the day, the kept matches --------------------
# Read through the same door as every key: a value that fails its schema is kept
# aside, the default is used and the refusal told (web/store/saves.py reads them).

LESSON = fields({"moves": whole(0, 10_000)})
DAILY = mapping(text(10, pattern="[0-9]{4}-[0-9]{2}-[0-9]{2}"), text(300), 400)
#: What the list of kept matches says of one beside its record (web/replay/about.py).
REPLAY_ABOUT = fields({"kind": text(12, choices=("", "daily", "challenge", "friends")),
                       "limit": whole(0, 9999), "points": listing(whole(0, 10**6), 6, 2)},
                      {"winner": whole(0, 5), "you": whole(0, 5)})
REPLAY_ENTRY = fields({"id": text(80), "when": number(0, 1e16),
                       "players": listing(NAME, 6, 2), "record": text(MAX_GAME_CHARS)},
                      {"about": REPLAY_ABOUT})
REPLAYS = listing(REPLAY_ENTRY, 20)


def load_lesson(store: Store, stamp: str = "1") -> tuple[int, Refusal | None]:
    """The lesson's moves played so far (0 if none or refused).

    >>> from web.store.stores import MemoryStore
    >>> store = MemoryStore({LESSON_KEY: '{"moves": 7}'})
    >>> load_lesson(store)
    (7, None)
    >>> store.setItem(LESSON_KEY, '{"moves": "x"}'); moves, refusal = load_lesson(store)
    >>> moves, refusal.kept, refusal.why("en")
    (0, 'scala40.broken.1.lesson', 'moves is not a whole number.')
    """
    lesson, refusal = load(store, LESSON_KEY, LESSON, {"moves": 0}, stamp)
    return lesson["moves"], refusal


def load_daily(store: Store, stamp: str = "1") -> tuple[dict[str, str], Refusal | None]:
    """The deals of the day tried: date → result line ("" while unfinished)."""
    return load(store, DAILY_KEY, DAILY, {}, stamp)


def load_replays(store: Store, stamp: str = "1") -> tuple[list[dict], Refusal | None]:
    """The kept matches, newest first (none if refused)."""
    return load(store, REPLAYS_KEY, REPLAYS, [], stamp, max_chars=20 * MAX_GAME_CHARS)
