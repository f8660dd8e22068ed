"""Every value the page keeps in localStorage, read through one validating door.

Keys (all under ``scala40.``):

- ``scala40.game``: ``Game.to_save()`` with two more members, ``match`` (the
  match id) and ``revision`` (how many times this match was saved), so a tab
  never replaces a newer save of a match with an older one (web/store/saver.py);
- ``scala40.table``: the seats (human or bot and its level), the match id, the
  order each player arranged their hand in, whose hand is shown;
- ``scala40.settings``: language, bot speed, the last new-game options;
- ``scala40.friends``: the host's shared table: the match id its guests know, their secrets;
- ``scala40.stats``: matches played / won / abandoned per mode and level, ranking points;
- ``scala40.broken.<time>.<key>``: a value that could not be read, kept aside;
- ``scala40.updated``: "1" after the service worker replaced the site
  (read and cleared by web/page/offline.js only);
- ``scala40.lesson``: ``{"moves": n}``, the guided first hand's moves played so far;
- ``scala40.daily``: ``{date: result line or ""}``, the deals of the day tried;
- ``scala40.replays``: the last finished matches kept for replay (records only);
- ``scala40.snapshot``: the page as last drawn, tied to the save it shows, for
  web/page/snapshot.js to paint before Python is up (written by web/store/saver.py,
  read only by that script, which sanitizes it and drops it when it fails:
  it is drawn again at the next move, so it is not kept aside).

Stored text is never trusted: the page may have been given anything (a
truncated write, another version's data, a hand-edited value, a hostile
one). Each key has a *door*: a size limit checked before any parsing, a
nesting limit checked without recursion (50,000 brackets would overflow
Pyodide's stack inside ``json.loads``), and a schema (shape, types, sizes,
allowed values; no lone surrogates in any string). A value that fails is
moved aside under ``scala40.broken.`` and the caller gets that key's default
and a :class:`Refusal` to show the player, in their language:

>>> store = MemoryStore({"scala40.settings": '{"last": {"count": "x"}}'})
>>> settings, refusal = load_settings(store)
>>> settings, refusal.key, refusal.why("en")
({}, 'scala40.settings', 'last.count is not a whole number.')
>>> store.stored_keys()
['scala40.broken.1.settings']

``store`` is anything with ``getItem`` / ``setItem`` / ``removeItem`` /
``keys`` (:class:`LocalStore` around ``window.localStorage`` in the page,
:class:`MemoryStore` in CPython and when the browser gives the page no
storage), so this module runs and is tested without a browser.

Statistics:

>>> stats = count_result(empty_stats(), mode="101", levels=["hard"], outcome="won")
>>> row = stats["table"]["101"]["hard"]
>>> stats["points"], row["played"], row["won"], row["abandoned"], row["best_streak"]
(180, 1, 1, 0, 1)
>>> count_result(stats, mode="101", levels=["balanced:0.5"], outcome="abandoned")["points"]
-20
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from scala40 import RuleError
from scala40.record import Game, load_save
from web.i18n import LANGS, t

GAME_KEY = "scala40.game"
TABLE_KEY = "scala40.table"
SETTINGS_KEY = "scala40.settings"
STATS_KEY = "scala40.stats"
UPDATED_KEY = "scala40.updated"
FRIENDS_KEY = "scala40.friends"
SNAPSHOT_KEY = "scala40.snapshot"
BROKEN_PREFIX = "scala40.broken."
LESSON_KEY = "scala40.lesson"
DAILY_KEY = "scala40.daily"

SPEED_NAMES = ("slow", "normal", "fast")
LEVEL_ORDER = ("easy", "medium", "hard")
WIN_POINTS = {"easy": 150, "medium": 165, "hard": 180}
LOSS_POINTS = -50
ABANDON_POINTS = -200

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


# -- the stores ----------------------------------------------------------------------


class Store(Protocol):
    """The part of the Web Storage API the table uses, plus the list of keys."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def stored_keys(self) -> list[str]: ...


class MemoryStore:
    """A store in memory: CPython tests, and a page the browser gives no storage."""

    def __init__(self, data: Mapping[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def stored_keys(self) -> list[str]:
        return sorted(self.data)


class LocalStore:
    """``window.localStorage`` with Python values (a missing key is ``None``, not JS null).

    A JS string with a lone surrogate arrives as a Python ``str`` holding it
    (Pyodide does not refuse it): the doors refuse it.
    """

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def getItem(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if _is_null(value) else str(value)

    def setItem(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.storage.removeItem(key)

    def stored_keys(self) -> list[str]:
        found = (self.storage.key(i) for i in range(int(self.storage.length)))
        return sorted(str(key) for key in found if not _is_null(key))


def _is_null(value: object) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


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


def _strings(value: Any) -> Iterator[str]:
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


LEVEL = text(24, pattern=r"[a-z]{1,16}(:[0-9.]{1,6})?")
KIND = text(8, choices=("human", "bot", "remote"))
NAME = text(200)
SEAT_INDEX = text(1, pattern="[0-5]")
CARD = text(3, pattern=r"(10|[2-9AJQK])[SHDC]|JK")

TABLE = fields(
    {"seats": listing(fields({"kind": KIND}, {"name": NAME, "level": LEVEL}), 6, min_len=2)},
    {
        "id": text(64),
        "orders": mapping(SEAT_INDEX, listing(CARD, 40), 6),
        "sort": mapping(SEAT_INDEX, text(8, choices=("suit", "rank", "manual")), 6),
        "viewer": nullable(whole(0, 5)),
        "counted": boolean,
        "revision": whole(0, 10**9),
    },
)

RULE_VALUE: Schema = lambda value, path: (  # noqa: E731 - a schema is a function
    value if type(value) in (bool, int) else text(32)(value, path)
)

SETTINGS = fields(
    {},
    {
        "lang": text(2, choices=LANGS),
        "speed": text(8, choices=SPEED_NAMES),
        "sound": boolean,
        "haptics": boolean,
        "stun": listing(text(200), 8),
        "last": fields(
            {},
            {
                "count": whole(2, 6),
                "seats": listing(
                    fields({}, {"name": NAME, "kind": KIND, "level": LEVEL,
                                "strength": number(0.0, 1.0)}),
                    6,
                ),
                "mode": text(8, choices=("single", "101", "201", "custom")),
                "custom": whole(0, 100_000),
                "preset": text(32, pattern="[a-z0-9_-]*"),
                "rules": mapping(text(40, pattern="[a-z0-9_]+"), RULE_VALUE, 40),
            },
        ),
    },
)

#: The host's shared table (web/friends/page.py): which saved match, the id the
#: guests know it by and each remote seat's secret, so a reload keeps their tickets.
FRIENDS = fields({"game": text(64), "match": text(64),
                  "tokens": mapping(SEAT_INDEX, text(64, pattern="[A-Za-z0-9_-]+"), 6)})

STATS_ROW = fields(
    {"played": whole(0, 10**9), "won": whole(0, 10**9), "abandoned": whole(0, 10**9)},
    {name: whole(0, 10**12) for name in ("hands", "closed", "in_mano", "penalty", "streak",
                                         "best_streak")},
)
STATS = fields(
    {},
    {
        "points": whole(-(10**12), 10**12),
        "table": mapping(text(16, pattern="[a-z0-9]+"),
                         mapping(text(16, pattern="[a-z]+"), STATS_ROW, 16), 16),
    },
)

SAVE = fields(
    {"format": text(32), "version": whole(0, 10**6)},
    {"record": text(MAX_GAME_CHARS), "record_z": text(MAX_GAME_CHARS, pattern="[A-Za-z0-9+/=]*"),
     "digest": text(128), "match": text(64), "revision": whole(0, 10**9)},
)


# -- the doors ---------------------------------------------------------------------------


def read(store: Store, key: str, schema: Schema, max_chars: int = MAX_SMALL_CHARS) -> Any:
    """The value at ``key`` checked by ``schema``; ``None`` if missing; :class:`Invalid`."""
    raw = store.getItem(key)
    if raw is None:
        return None
    return schema(parse_json(raw, max_chars), "")


def load(store: Store, key: str, schema: Schema, default: Any, stamp: str
         ) -> tuple[Any, Refusal | None]:
    """The value at ``key``, or ``default`` and a refusal (the bad text kept aside)."""
    try:
        value = read(store, key, schema)
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
    (no room even after deleting older kept-aside values).
    """
    raw = store.getItem(key)
    _quietly(store.removeItem, key)
    if raw is None:
        return None
    kept = raw[:MAX_KEPT_CHARS]
    if has_surrogate(kept):
        kept = kept.encode("utf-8", "backslashreplace").decode("utf-8")
    target = f"{BROKEN_PREFIX}{stamp}.{key.removeprefix('scala40.')}"
    for _attempt in range(2):
        try:
            store.setItem(target, kept)
            return target
        except Exception:  # any storage failure: make room once, then give up
            prune_kept_aside(store, keep=0)
    return None


def prune_kept_aside(store: Store, keep: int = 3) -> int:
    """Delete all but the ``keep`` newest kept-aside values; return how many went."""
    try:
        broken = [key for key in store.stored_keys() if key.startswith(BROKEN_PREFIX)]
    except Exception:  # a store that cannot list its keys has nothing to prune
        return 0
    broken.sort(key=_stamp_order)
    doomed = broken[: max(0, len(broken) - keep)]
    for key in doomed:
        _quietly(store.removeItem, key)
    return len(doomed)


def _stamp_order(key: str) -> tuple[int, str]:
    stamp = key[len(BROKEN_PREFIX):].split(".", 1)[0]
    return (int(stamp) if stamp.isdigit() else 0, key)


def _quietly(method: Callable[..., object], *args: object) -> bool:
    """Call a storage method; False (not an exception) when the browser refuses."""
    try:
        method(*args)
    except Exception:  # the caller decides what a failed write means
        return False
    return True


def load_settings(store: Store, stamp: str = "1") -> tuple[dict, Refusal | None]:
    """The settings (``{}`` when missing or refused)."""
    return load(store, SETTINGS_KEY, SETTINGS, {}, stamp)


def load_friends(store: Store, stamp: str = "1") -> tuple[dict | None, Refusal | None]:
    """The host's shared table (``None`` when missing or refused)."""
    return load(store, FRIENDS_KEY, FRIENDS, None, stamp)


def load_table(store: Store, players: int, stamp: str = "1") -> tuple[dict | None, Refusal | None]:
    """The seats of the saved match (``None`` when missing or refused), for ``players`` seats."""
    try:
        value = read(store, TABLE_KEY, TABLE)
        if value is not None and len(value["seats"]) != players:
            raise Invalid("seat_count", have=len(value["seats"]), need=players)
    except Invalid as bad:
        return None, refuse(store, TABLE_KEY, stamp, bad.code, bad.facts)
    return value, None


@dataclass(frozen=True)
class SavedGame:
    """The checked text of ``scala40.game``: what ``load_save`` gets, and its place in history."""

    save: str  # Game.to_save()'s JSON, the members load_save reads
    match: str | None
    revision: int


def read_save(store: Store) -> SavedGame | None:
    """The saved match's text, checked before the engine reads it; :class:`Invalid`.

    The record inside is JSON lines too: its header (rules, players, seed)
    gets the same nesting limit, so the engine's ``json.loads`` never sees
    20,000 brackets, and no lone surrogate in a name or the seed.
    """
    raw = store.getItem(GAME_KEY)
    if raw is None:
        return None
    data = SAVE(parse_json(raw, MAX_GAME_CHARS), "")
    if "record_z" in data:
        data["record"] = inflate(data.pop("record_z"))
    if "record" not in data:
        raise Invalid("missing", path="record")
    for line in data["record"].split("\n\n", 1)[0].splitlines()[1:]:
        name, _, value = line.partition(":")
        try:
            header_value = parse_json(value, MAX_GAME_CHARS)
        except Invalid as bad:
            if bad.code == "not_json":
                continue  # the engine names the line that is not JSON (bad_record)
            raise
        if any(has_surrogate(text) for text in _strings(header_value)):
            raise Invalid("surrogate", path=f"record {name.strip()[:20]}")
    match, revision = data.pop("match", None), data.pop("revision", 0)
    return SavedGame(json.dumps(data, ensure_ascii=False), match, revision)


def save_text(save: str, match: str, revision: int, *, compact: bool = False) -> str:
    """``Game.to_save()``'s JSON with the match id and revision in it (what is stored).

    ``compact``: the record deflated (``record_z``, base64 of zlib), about a
    quarter of the size, for when the storage is full; ``load_save`` does not
    read that form, :func:`read_save` does.
    """
    data = json.loads(save)
    if compact:
        import base64
        import zlib

        packed = zlib.compress(data.pop("record").encode("utf-8"), 9)
        data["record_z"] = base64.b64encode(packed).decode("ascii")
    return json.dumps({"match": match, "revision": revision, **data}, ensure_ascii=False)


def snapshot_text(markup: str, version: tuple[str | None, int] | None, lang: str) -> str:
    """What ``scala40.snapshot`` holds: the page's markup and the save it shows
    (``version``: its match and revision, as :func:`read_save` gives them; ``None``:
    no match is saved, the markup is the start screen's).

    >>> json.loads(snapshot_text("<p>x</p>", ("m1", 3), "it"))["saved"]
    True
    """
    match, revision = version if version is not None else (None, 0)
    return json.dumps({"format": "scala40-snapshot", "saved": version is not None,
                       "match": match, "revision": revision, "lang": lang, "html": markup},
                      ensure_ascii=False)


def inflate(packed: str) -> str:
    """The record from ``record_z``, refusing more than :data:`MAX_GAME_CHARS` (a zip bomb)."""
    import base64
    import binascii
    import zlib

    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(base64.b64decode(packed, validate=True), MAX_GAME_CHARS + 1)
        record = data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError):
        raise Invalid("not_json") from None
    if len(data) > MAX_GAME_CHARS or inflater.unconsumed_tail:
        raise Invalid("too_big", size=f"> {MAX_GAME_CHARS}", limit=MAX_GAME_CHARS)
    if has_surrogate(record):
        raise Invalid("surrogate", path="record")
    return record


def stored_version(store: Store) -> tuple[str | None, int] | None:
    """(match, revision) of the stored save; ``None`` if there is none or it is unreadable."""
    try:
        saved = read_save(store)
    except Exception:  # unreadable (or unreachable) is not a save to protect
        return None
    return None if saved is None else (saved.match, saved.revision)


def load_game(store: Store, stamp: str) -> tuple[Game | None, SavedGame | None, Refusal | None]:
    """The saved match replayed by the engine, or why it was refused (and kept aside).

    Whatever the engine raises while replaying stored text is a refusal, not
    a crash: its ``RuleError`` says why in the player's language; anything
    else (a bug the text provoked) is named by its type. A match whose
    players' names or seed hold a lone surrogate is refused too: nothing
    downstream could write them.
    """
    try:
        saved = read_save(store)
    except Invalid as bad:
        return None, None, refuse(store, GAME_KEY, stamp, bad.code, bad.facts)
    if saved is None:
        return None, None, None
    try:
        game = load_save(saved.save)
    except RuleError as error:
        return None, None, refuse(store, GAME_KEY, stamp, error.code, detail=error.message)
    except Exception as error:  # stored text must never stop the page
        return None, None, refuse(store, GAME_KEY, stamp, "engine", {"error": type(error).__name__})
    state = game.state
    if any(has_surrogate(name) for name in (*state.players, state.seed)):
        return None, None, refuse(store, GAME_KEY, stamp, "surrogate", {"path": "players"})
    return game, saved, None


# -- statistics ----------------------------------------------------------------------------


def level_key(levels: list[str]) -> str:
    """The opponents' level a match counts under: the strongest bot.

    >>> level_key(["easy", "hard", "medium"]), level_key(["balanced:0.7"]), level_key([])
    ('hard', 'balanced', 'humans')
    """
    if not levels:
        return "humans"
    best = max(levels, key=win_points)
    return best.split(":")[0]


def win_points(level: str) -> int:
    """Ranking points for a win against ``level`` (balanced: 150 + 30 × strength).

    >>> win_points("medium"), win_points("balanced:0.5"), win_points("balanced")
    (165, 165, 165)
    >>> win_points("balanced:x"), win_points("balanced:7")
    (165, 180)
    """
    name, _, setting = level.partition(":")
    if name == "balanced":
        try:
            strength = min(1.0, max(0.0, float(setting))) if setting else 0.5
        except ValueError:
            strength = 0.5
        return round(150 + 30 * strength)
    return WIN_POINTS.get(name, 150)


def empty_stats() -> dict:
    return {"points": 0, "table": {}}


def read_stats(store: Store, stamp: str = "1") -> tuple[dict, Refusal | None]:
    """The statistics (none counted yet when missing or refused)."""
    stats, refusal = load(store, STATS_KEY, STATS, empty_stats(), stamp)
    return {**empty_stats(), **stats}, refusal


#: What a match adds to its row besides played / won / abandoned: the hands the
#: player was dealt, closed, closed in mano, and the penalties they paid.
TALLY_FIELDS = ("hands", "closed", "in_mano", "penalty")


def count_result(stats: dict, *, mode: str, levels: list[str], outcome: str,
                 tally: dict | None = None) -> dict:
    """``stats`` (as :func:`read_stats` gives them) with one finished or abandoned match
    counted ("won", "lost" or "abandoned"); the caller writes them.

    ``tally`` holds the :data:`TALLY_FIELDS` of the match; ``streak`` counts the
    wins in a row at this mode and level, ``best_streak`` the longest. Rows stored
    before these fields existed start them at 0.
    """
    row = stats["table"].setdefault(mode, {}).setdefault(
        level_key(levels), {"played": 0, "won": 0, "abandoned": 0}
    )
    for name in (*TALLY_FIELDS, "streak", "best_streak"):
        row.setdefault(name, 0)
    for name in TALLY_FIELDS:
        row[name] += int((tally or {}).get(name, 0))
    row["played"] += 1
    row["streak"] = row["streak"] + 1 if outcome == "won" else 0
    row["best_streak"] = max(row["best_streak"], row["streak"])
    if outcome == "won":
        row["won"] += 1
        stats["points"] += max((win_points(level) for level in levels), default=150)
    elif outcome == "abandoned":
        row["abandoned"] += 1
        stats["points"] += ABANDON_POINTS
    else:
        stats["points"] += LOSS_POINTS
    return stats


def json_text(value: object) -> str:
    """A value as stored: JSON, with non-ASCII characters as they are (not escaped)."""
    return json.dumps(value, ensure_ascii=False)


def write_json(store: Store, key: str, value: object) -> bool:
    """Store ``value`` as JSON; False (never an exception) when the browser refuses."""
    return _quietly(store.setItem, key, json_text(value))


def reset_stats(store: Store) -> None:
    _quietly(store.removeItem, STATS_KEY)


# -- the guided first hand, the deals of the day, the kept matches --------------------
# Read through the same door as every key: a value that fails its schema is kept
# aside and the default is used (these keys hold nothing a match depends on).

LESSON = fields({"moves": whole(0, 10_000)})
DAILY = mapping(text(10, pattern="[0-9]{4}-[0-9]{2}-[0-9]{2}"), text(300), 400)
REPLAYS_KEY = "scala40.replays"
REPLAY_ENTRY = fields({"id": text(80), "when": number(0, 1e16),
                       "players": listing(NAME, 6, 2), "record": text(MAX_GAME_CHARS)})
REPLAYS = listing(REPLAY_ENTRY, 20)


def _read_or_default(store: Store, key: str, schema: Schema, default: Any,
                     max_chars: int = MAX_SMALL_CHARS) -> Any:
    try:
        value = read(store, key, schema, max_chars)
    except Invalid as bad:
        refuse(store, key, "later", bad.code, bad.facts)
        return default
    return default if value is None else value


def load_lesson(store: Store) -> int:
    """The lesson's moves played so far (0 if none or unreadable).

    >>> store = MemoryStore({LESSON_KEY: '{"moves": 7}'})
    >>> load_lesson(store)
    7
    >>> store.setItem(LESSON_KEY, '{"moves": "x"}'); load_lesson(store)
    0
    """
    moves: int = _read_or_default(store, LESSON_KEY, LESSON, {"moves": 0})["moves"]
    return moves


def load_daily(store: Store) -> dict[str, str]:
    """The deals of the day tried: date → result line ("" while unfinished)."""
    tried: dict[str, str] = _read_or_default(store, DAILY_KEY, DAILY, {})
    return tried


def read_replays(store: Store) -> list[dict]:
    """The kept matches, newest first (none if unreadable)."""
    entries: list[dict] = _read_or_default(store, REPLAYS_KEY, REPLAYS, [],
                                           max_chars=20 * MAX_GAME_CHARS)
    return entries
