"""The match in progress as stored: its save (``scala40.game``), its seats
(``scala40.table``) and the page as last drawn (``scala40.snapshot``).

The save is ``Game.to_save()`` with two more members, ``match`` (the match id)
and ``revision`` (how many times this match was saved), so a tab never replaces
a newer save of a match with an older one (web/store/saver.py, their one
writer). The engine replays the record only after the door has checked it:

>>> from web.store.stores import MemoryStore
>>> game, saved, refusal = load_game(MemoryStore({GAME_KEY: "[" * 50_000}), "1")
>>> game, refusal.code, refusal.kept
(None, 'too_deep', 'scala40.broken.1.game')

The snapshot is read only by web/page/snapshot.js, which sanitizes it and drops
it when it fails: it is drawn again at the next move, so it is not kept aside.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scala40 import RuleError
from scala40.record import Game, load_save
from web.store.storage import (
    CARD,
    CARD_CODE,
    GAME_KEY,
    KIND,
    LEVEL,
    MAX_GAME_CHARS,
    NAME,
    SEAT_INDEX,
    TABLE_KEY,
    Invalid,
    Refusal,
    boolean,
    fields,
    has_surrogate,
    listing,
    mapping,
    nullable,
    parse_json,
    read,
    refuse,
    strings,
    text,
    whole,
)
from web.store.stores import Store

#: This hand's stock draws kept with the seats (the newest): after a reload, an older one's
#: log line says "drew from the stock" without its card.
DRAWS_KEPT = 200

TABLE = fields(
    {"seats": listing(fields({"kind": KIND}, {"name": NAME, "level": LEVEL}), 6, min_len=2)},
    {
        "id": text(64),
        "orders": mapping(SEAT_INDEX, listing(CARD, 40), 6),
        "sort": mapping(SEAT_INDEX, text(8, choices=("suit", "rank", "manual")), 6),
        "viewer": nullable(whole(0, 5)),
        "counted": boolean,
        "revision": whole(0, 10**9),
        # what the table shows that the record does not hold (Session.table_meta)
        "selected": listing(text(6, pattern=f"(?:{CARD_CODE})#[0-9]{{1,2}}"), 40),
        "draws": listing(text(16, pattern=f"[0-9]{{1,5}}:[0-9]{{1,5}}:[0-5]:(?:{CARD_CODE})"),
                         DRAWS_KEPT),
    },
)

SAVE = fields(
    {"format": text(32), "version": whole(0, 10**6)},
    {"record": text(MAX_GAME_CHARS), "record_z": text(MAX_GAME_CHARS, pattern="[A-Za-z0-9+/=]*"),
     "digest": text(128), "match": text(64), "revision": whole(0, 10**9)},
)


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
        if any(has_surrogate(found) for found in strings(header_value)):
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


def snapshot_text(markup: str, version: tuple[str | None, int] | None, lang: str,
                  looks: tuple[str, ...] = ()) -> str:
    """What ``scala40.snapshot`` holds: the page's markup and the save it shows
    (``version``: its match and revision, as :func:`read_save` gives them; ``None``:
    no match is saved, the markup is the start screen's), and the classes of the
    table's looks that were on (web/store/settings.py, look_classes), so that large
    cards are large from the first paint.

    >>> json.loads(snapshot_text("<p>x</p>", ("m1", 3), "it"))["saved"]
    True
    """
    match, revision = version if version is not None else (None, 0)
    return json.dumps({"format": "scala40-snapshot", "saved": version is not None,
                       "match": match, "revision": revision, "lang": lang,
                       "looks": list(looks), "html": markup},
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

