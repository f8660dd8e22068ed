"""Join by code: the short code, and the few messages that seat a friend through a room
of public relays (no DOM here: web/friends/hosting.py and joining.py use it).

Over the internet two devices cannot hand each other an invitation and an answer by
showing a QR code. The host then opens a *room*: its code is the room's name and its
password for trystero (web/friends/relay.js), which meets the devices through public
Nostr relays, each offer encrypted with the code. Once the room has joined two devices
(a WebRTC data channel of trystero's), these messages seat the friend, and nothing of
the match: the guest knocks with its name (and, coming back, its ticket), the host
admits it (or refuses), then the seat's invitation and the guest's answer travel here
instead of by QR code. From the answer on, the match goes over the link the invitation
made, exactly as after a QR code (web/friends/hosting.py).

The code is the room's only secret: six letters of an alphabet without look-alikes
(23**6, about 1.5e8 codes) drawn from the match's own secrets (its seats' tokens, 96
random bits each), so it is unguessable and yet the same after the host's page
reloads (a friend who dropped comes back with the code it has), and a seventh letter
that checks them, so a mistyped code is refused at once, in the player's words.
A stranger who guesses a live code reaches the host's "Admit / Refuse" prompt and no
further: the host admits each seat (a friend coming back shows its seat's secret
token instead).

Every message read here comes from another device: anything else than one of the
shapes below is ``None`` (ignored), never an exception.

>>> code = "KXMPQR" + check_letter("KXMPQR")
>>> read_code(show_code(code).lower()) == code, read_code("KXMPQRB")
(True, None)
>>> read_from_guest(knock("Bea", None))
Knock(name='Bea', ticket=None)
>>> read_from_guest('{"v": 1, "type": "knock", "name": 7}') is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

from web.friends.errors import PeerError

if TYPE_CHECKING:  # imported when a message is read: not before the table's first draw
    from web.friends.protocol import Ticket

#: Letters only, none that reads as another (I, L, O: 1, 0) nor as a digit.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
RANDOM_LETTERS = 6
CODE_LENGTH = RANDOM_LETTERS + 1
#: A link that joins by code: the page's address and this, then the code.
ROOM = "#room="
#: The version of these messages; a message of another is ignored.
VERSION = 1
#: Longest message read (an invitation or answer is at most 4,000 characters: the
#: signalling text's own limit in web/friends/connection.js).
ROOM_LIMIT = 5_000
SIGNAL_LIMIT = 4_000
SIGNAL_TEXT = re.compile(r"[A-Za-z0-9_-]+")  # base64url, as connection.js writes it
#: Why a host turns a guest away: the host said no, or every friend's seat is taken.
TURNED = ("refused", "full")


def check_letter(letters: str) -> str:
    """The letter that checks ``letters``: weights 1..6 modulo 23 (a prime), so one
    letter changed, or two neighbours swapped, always changes it."""
    total = sum((i + 1) * ALPHABET.index(letter) for i, letter in enumerate(letters))
    return ALPHABET[total % len(ALPHABET)]


def code_for(match: str, tokens: list[str]) -> str:
    """The code of a match: six letters drawn from a hash of its id and its seats'
    secret tokens, and their check letter."""
    digest = int.from_bytes(hashlib.sha256(
        json.dumps(["scala40-room", match, sorted(tokens)]).encode()).digest(), "big")
    letters = ""
    for _ in range(RANDOM_LETTERS):
        digest, index = divmod(digest, len(ALPHABET))
        letters += ALPHABET[index]
    return letters + check_letter(letters)


def show_code(code: str) -> str:
    """The code as a player reads it aloud: ``KXM-PQRT``."""
    return f"{code[:3]}-{code[3:]}"


def read_code(text: str) -> str | None:
    """The code typed (any case, spaces and dashes anywhere) or in a link's ``#room=``;
    ``None`` when it is not one (a letter outside the alphabet, a wrong length or
    check letter)."""
    text = str(text)[:200]
    if ROOM in text:
        text = text.split(ROOM, 1)[1]
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LENGTH or any(letter not in ALPHABET for letter in code):
        return None
    return code if check_letter(code[:RANDOM_LETTERS]) == code[-1] else None


# -- the messages -----------------------------------------------------------------------


@dataclass(frozen=True)
class Knock:
    """Guest -> host: a friend asks for a seat, with its name; one coming back shows
    its ticket (the seat's secret) and is seated again without a prompt."""

    name: str
    ticket: Ticket | None


@dataclass(frozen=True)
class Answer:
    """Guest -> host: the answer to the seat's invitation (connection.js's text)."""

    text: str


@dataclass(frozen=True)
class Asked:
    """Host -> guest: the knock arrived; the host (``host``: its name) decides."""

    host: str


@dataclass(frozen=True)
class Invite:
    """Host -> guest: admitted; the seat's invitation (connection.js's text)."""

    text: str


@dataclass(frozen=True)
class Turned:
    """Host -> guest: not admitted, and why (one of :data:`TURNED`)."""

    why: str


def _write(kind: str, **fields: object) -> str:
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def knock(name: str, ticket: Ticket | None) -> str:
    return _write("knock", name=name, ticket=None if ticket is None else ticket.to_json())


def answer(text: str) -> str:
    return _write("answer", text=text)


def asked(host: str) -> str:
    return _write("asked", host=host)


def invite(text: str) -> str:
    return _write("invite", text=text)


def turned(why: str) -> str:
    return _write("turned", why=why)


def _fields(text: object, kind_fields: dict[str, tuple[str, ...]]) -> tuple[str, dict] | None:
    """The type and the object of a message, if it is a JSON object of this version,
    a known type and exactly that type's fields."""
    if not isinstance(text, str) or len(text) > ROOM_LIMIT:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != VERSION or type(data["v"]) is not int:
        return None
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kind_fields \
            or set(data) != {"v", "type", *kind_fields[kind]}:
        return None
    return kind, data


def _text(value: object, limit: int) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) <= limit


def _signal(value: object) -> TypeGuard[str]:
    return _text(value, SIGNAL_LIMIT) and SIGNAL_TEXT.fullmatch(value) is not None


def read_from_guest(text: object) -> Knock | Answer | None:
    """What a guest sent through the room, or ``None`` if it is not a message."""
    from web.friends.protocol import TEXT_LIMIT, Ticket

    found = _fields(text, {"knock": ("name", "ticket"), "answer": ("text",)})
    if found is None:
        return None
    kind, data = found
    if kind == "answer":
        return Answer(data["text"]) if _signal(data["text"]) else None
    if not _text(data["name"], TEXT_LIMIT):
        return None
    ticket = None
    if data["ticket"] is not None:
        try:
            ticket = Ticket.from_json(data["ticket"])
        except PeerError:
            return None
    return Knock(data["name"], ticket)


def read_from_host(text: object) -> Asked | Invite | Turned | None:
    """What the host sent through the room, or ``None`` if it is not a message."""
    from web.friends.protocol import TEXT_LIMIT

    found = _fields(text, {"asked": ("host",), "invite": ("text",), "turned": ("why",)})
    if found is None:
        return None
    kind, data = found
    if kind == "asked":
        return Asked(data["host"]) if _text(data["host"], TEXT_LIMIT) else None
    if kind == "invite":
        return Invite(data["text"]) if _signal(data["text"]) else None
    return Turned(data["why"]) if data["why"] in TURNED else None


def returning_seat(knock: Knock, tickets: dict[int, Ticket]) -> int | None:
    """The seat a knock comes back to: its ticket is that seat's, secret and all
    (compared in constant time); ``None`` for a new friend or a wrong ticket."""
    ticket = knock.ticket
    if ticket is None:
        return None
    mine = tickets.get(ticket.seat)
    if mine is None or mine.match != ticket.match:
        return None
    return ticket.seat if hmac.compare_digest(mine.token.encode(), ticket.token.encode()) \
        else None
