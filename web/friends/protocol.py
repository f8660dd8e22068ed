"""The messages of the peer-to-peer table: versioned JSON, read strictly.

Every message is one JSON object (docs/peer.md lists them all)::

    {"v": 3, "type": "action", "match": "k3J…", "seq": 7, ...its fields}

- ``v`` is :data:`VERSION`; a message of another version is refused with
  ``peer_version`` before anything else in it is read. ``v``, ``type``,
  ``error`` and ``text`` keep their meaning in every version, so a device of
  another version still gets a readable refusal.
- ``match`` names the match (the host draws it); ``seq`` counts the
  sender's messages on that seat, from 1 (see :mod:`web.friends.host` and
  :mod:`web.friends.guest` for what each side does with it).

:func:`read` is the door from another device: whatever the text, it returns
a :class:`Message` whose fields have the types the message type declares, or
raises :class:`~web.friends.errors.PeerError`; never anything else, in time
linear in the text, which is refused past a size limit first.

>>> text = write("join", "m1", 1, seat=2, token="t", name="Bea")
>>> read(text, GUEST_MESSAGES)
Message(type='join', match='m1', seq=1, fields={'seat': 2, 'token': 't', 'name': 'Bea'})
>>> read(text.replace('"v":3', '"v":2'), GUEST_MESSAGES).code
Traceback (most recent call last):
web.friends.errors.PeerError: Another version of the game: this device speaks protocol 3, the ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

from scala40 import Card, RuleError
from scala40.errors import MESSAGES as RULE_MESSAGES
from web.friends.codec import Json
from web.friends.errors import MESSAGES as PEER_MESSAGES
from web.friends.errors import PeerError
from web.friends.phrases import PHRASES
from web.i18n import LANGS

#: 2: a guest's join names its player, the host's tables name every seat.
VERSION = 3  # 3: quick messages ("quick"), which a device of 2 could not read

#: Largest message a device reads, in characters: a guest sends one action at a
#: time; a host sends an observation (a few kB, a long hand's log included).
GUEST_LIMIT = 4_000
HOST_LIMIT = 400_000

#: Limits inside a message: strings, integers (JavaScript's safe range), refusals.
TEXT_LIMIT = 200
INT_LIMIT = 2**53
NESTED_REFUSALS = 3

#: A field's JSON type (:func:`_fits`): a type; a tuple where None means null; a list of
#: one spec; a frozenset of the texts it may be.
Spec = type | None | tuple["Spec", ...] | list["Spec"] | frozenset[str]

OBJECT = dict  # a JSON object, read further by its own reader
OPTIONAL_INT = (int, None)
OPTIONAL_OBJECT = (dict, None)
NAMES: Spec = [str]  # a list of texts, one a seat: at most SEATS_LIMIT
OPTIONAL_NAMES: Spec = (NAMES, None)
SEATS_LIMIT = 6

#: A quick message's field: one of the ids of web/friends/phrases.py, or it is refused.
PHRASE = frozenset(PHRASES)

#: Guest → host: the fields of each message type and their JSON types.
GUEST_MESSAGES: dict[str, dict[str, Spec]] = {
    "join": {"seat": int, "token": str, "name": str},
    "action": {"seat": int, "token": str, "step": int, "action": str},
    "undo": {"seat": int, "token": str, "step": int},
    "quick": {"seat": int, "token": str, "phrase": PHRASE},
}

#: Host → guest.
HOST_MESSAGES: dict[str, dict[str, Spec]] = {
    "welcome": {"reply_to": int, "step": int, "can_undo": bool, "observation": OBJECT,
                "names": NAMES},
    "state": {"reply_to": OPTIONAL_INT, "step": int, "can_undo": bool, "observation": OBJECT,
              "names": NAMES},
    "refused": {
        "reply_to": OPTIONAL_INT,
        "error": OBJECT,
        "text": OBJECT,
        "step": OPTIONAL_INT,
        "can_undo": bool,
        "observation": OPTIONAL_OBJECT,
        "names": OPTIONAL_NAMES,
    },
    "quick": {"seat": int, "phrase": PHRASE},
}


@dataclass(frozen=True)
class Message:
    """A message that passed :func:`read`: its type, match, seq, and checked fields (each of
    the JSON type its kind's spec gives it, so its reader takes it as that type)."""

    type: str
    match: str
    seq: int
    fields: dict[str, Any]


def write(kind: str, match: str, seq: int, **fields: object) -> str:
    """One message as compact JSON text."""
    message = {"v": VERSION, "type": kind, "match": match, "seq": seq, **fields}
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def read(text: object, kinds: dict[str, dict[str, Spec]], limit: int = HOST_LIMIT) -> Message:
    """Check ``text`` and return its message; ``PeerError`` names what is wrong."""
    data = _parse(text, limit)
    version = data.get("v")
    if version != VERSION or type(version) is not int:
        raise PeerError("peer_version", ours=VERSION, theirs=_shown(version))
    kind = data.get("type")
    if type(kind) is not str or kind not in kinds:
        raise _bad(PeerError("peer_unknown_type", type=_shown(kind)))
    expected: dict[str, Spec] = {"v": int, "type": str, "match": str, "seq": int, **kinds[kind]}
    extra = sorted(data.keys() - expected.keys())
    if extra:
        raise _bad(PeerError("peer_bad_field", field=_shown(extra[0]), expected="-"))
    for key, spec in expected.items():
        if key not in data or not _fits(data[key], spec):
            raise _bad(PeerError("peer_bad_field", field=key, expected=_spec_name(spec)))
    match, seq = cast(str, data["match"]), cast(int, data["seq"])  # as they fit above
    if seq < 1:
        raise _bad(PeerError("peer_bad_field", field="seq", expected="≥ 1"))
    fields = {key: data[key] for key in kinds[kind]}
    return Message(kind, match, seq, fields)


def bad_message(reason: PeerError) -> PeerError:
    """``peer_bad_message`` with ``reason`` inside: what a reader of a part of a message
    (an observation, a refusal) raises, like :func:`read` does."""
    return _bad(reason)


def _parse(text: object, limit: int) -> dict[str, object]:
    if not isinstance(text, str):
        raise _bad(PeerError("peer_not_json"))
    if len(text) > limit:
        raise _bad(PeerError("peer_too_large", size=len(text), limit=limit))
    try:
        data = json.loads(text)
        # Before anything reads a string of it: text from another device may hold a
        # lone surrogate, raw or as a JSON escape ("\\ud800"), which no string op
        # minds until one encodes it (the token's comparison did, with a traceback).
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise _bad(PeerError("peer_not_unicode")) from None
    except (ValueError, RecursionError):  # malformed, huge numbers, deep nesting
        raise _bad(PeerError("peer_not_json")) from None
    if not isinstance(data, dict):
        raise _bad(PeerError("peer_not_object"))
    return data


def _fits(value: object, spec: Spec) -> bool:
    """``value`` has the JSON type ``spec`` (a type; a tuple where None means null; a
    list of one type: a list of at most SEATS_LIMIT values of it; a frozenset: one of
    its texts)."""
    if isinstance(spec, frozenset):
        return type(value) is str and value in spec
    if isinstance(spec, tuple):
        return any(value is None if kind is None else _fits(value, kind) for kind in spec)
    if isinstance(spec, list):
        return type(value) is list and len(value) <= SEATS_LIMIT \
            and all(_fits(item, spec[0]) for item in value)
    if type(value) is not spec:  # exact: a bool is not an int, a float never is
        return False
    if isinstance(value, int):
        return -INT_LIMIT < value < INT_LIMIT
    if isinstance(value, str):
        return len(value) <= TEXT_LIMIT
    return True


def _spec_name(spec: Spec) -> str:
    if isinstance(spec, tuple):
        return " | ".join(_spec_name(kind) for kind in spec)
    if isinstance(spec, list):
        return "list of " + _spec_name(spec[0])
    if isinstance(spec, frozenset):
        return " | ".join(sorted(spec))
    names: dict[type | None, str] = {int: "integer", str: "text", bool: "true/false",
                                     dict: "object", None: "null"}
    return names[spec]


def _bad(reason: PeerError) -> PeerError:
    return PeerError("peer_bad_message", why=reason)


def _shown(value: object) -> str:
    """A value from another device, cut short for a message."""
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 40 else text[:39] + "…"


# -- refusals on the wire ---------------------------------------------------------


def refusal_to_json(error: RuleError) -> dict[str, Json]:
    """A refusal as its code and facts; cards go as notation, nested refusals nested."""
    return {"code": error.code, "facts": {k: _fact_to_json(v) for k, v in error.facts.items()}}


def _fact_to_json(value: object) -> Json:
    if isinstance(value, RuleError):
        return {"error": refusal_to_json(value)}
    if isinstance(value, Card):
        return {"card": str(value)}
    if value is None or type(value) in (int, str, bool):
        return cast(Json, value)
    return str(value)  # e.g. a rules value of the wrong type: shown, not rebuilt


def refusal_from_json(data: object, depth: int = 0) -> RuleError:
    """The refusal :func:`refusal_to_json` wrote; one this device cannot render (an
    unknown code, facts that do not fit its message) becomes ``peer_unknown_refusal``."""
    code = data.get("code") if isinstance(data, dict) else None
    facts = data.get("facts") if isinstance(data, dict) else None
    if type(code) is not str or not isinstance(facts, dict) or depth > NESTED_REFUSALS:
        raise _bad(PeerError("peer_bad_field", field="error", expected="code and facts"))
    table = PEER_MESSAGES if code.startswith("peer_") else RULE_MESSAGES
    unknown = PeerError("peer_unknown_refusal", code=_shown(code))
    if code not in table or len(facts) > 8:
        return unknown
    values: dict[str, object] = {}
    for key, value in facts.items():
        if isinstance(value, dict):
            value = _fact_from_json(value, depth)
            if value is None:
                return unknown
        elif not (value is None or type(value) in (int, bool) or _fits(value, str)):
            return unknown
        values[key] = value
    kind = PeerError if table is PEER_MESSAGES else RuleError
    try:  # made and rendered: a template may name a fact that is missing, or format one oddly
        error = kind(code, **values)
        error.message("it")
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return unknown
    return error


def _fact_from_json(value: dict[str, object], depth: int) -> Card | RuleError | None:
    card = value.get("card")
    if value.keys() == {"card"} and isinstance(card, str):
        try:
            return Card.parse(card) if len(card) <= 3 else None
        except RuleError:
            return None
    if value.keys() == {"error"}:
        return refusal_from_json(value["error"], depth + 1)
    return None


def refusal_text(error: RuleError) -> dict[str, str]:
    """The refusal rendered in each language, for a device that cannot read its code."""
    return {lang: error.message(lang) for lang in LANGS}


# -- a seat's credentials ----------------------------------------------------------


@dataclass(frozen=True)
class Ticket:
    """What an invitation gives a guest: the match, its seat, and the seat's secret
    token (without the token, no message acts for that seat)."""

    match: str
    seat: int
    token: str

    def to_json(self) -> list[str | int]:
        """The ticket as the invitation carries it: ``[match, seat, token]`` (a QR
        code's every byte counts)."""
        return [self.match, self.seat, self.token]

    @staticmethod
    def from_json(data: object) -> Ticket:
        """The ticket in an invitation; ``peer_bad_message`` if it is not one."""
        kinds = (str, int, str)
        if not (isinstance(data, list) and len(data) == 3):
            raise _bad(PeerError("peer_bad_field", field="ticket", expected="match, seat, token"))
        for name, value, kind in zip(("match", "seat", "token"), data, kinds, strict=True):
            if not _fits(value, kind):
                raise _bad(PeerError("peer_bad_field", field=name, expected=_spec_name(kind)))
        match, seat, token = data
        return Ticket(match, seat, token)
