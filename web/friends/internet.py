"""Play over the internet: the public services it uses, listed here and nowhere else,
and what a player may put in their place under "Advanced".

Only after the host taps "Play over the internet" (and the guest types the code or
opens its link) do these come into play; the QR invitation uses none of them, and is
the way to play with no internet:

* Nostr relays carry trystero's encrypted offers between two devices that know the
  same code (web/friends/relay.js). A player may list their own (``wss://``; a relay
  on this very machine may be ``ws://localhost`` or ``ws://127.0.0.1``, which is how
  the tests run one). netlify.toml's Content-Security-Policy lets the page open
  exactly these: ``wss:`` anywhere, ``ws:`` on this machine.
* STUN servers tell a device the public address its router gives it, so two devices
  on different networks find each other. A player's own STUN list (stun.py) replaces
  these public ones.
* A TURN server relays the match's (encrypted) traffic when no direct path exists:
  some mobile networks (carrier-grade NAT) and office or school networks. None is
  public: a player who needs one enters its address and credentials.

>>> read_relays("wss://relay.example.org\\nws://127.0.0.1:7447/\\nhttp://x")
(['wss://relay.example.org', 'ws://127.0.0.1:7447/'], ['http://x'])
>>> read_turn("turn:turn.example.org:3478?transport=tcp", "me", "secret")
{'urls': 'turn:turn.example.org:3478?transport=tcp', 'username': 'me', 'credential': 'secret'}
>>> none = Settings(lang="en")
>>> ice_servers(none, internet=False), len(ice_servers(none, internet=True)[0]["urls"])
([], 2)
"""

from __future__ import annotations

import re

from web.friends.stun import stored_stun
from web.store.settings import Settings

#: The public Nostr relays a room meets on, five of trystero 0.25.4's own list (which
#: it keeps of relays that accept its short-lived events), spread over operators.
PUBLIC_RELAYS = (
    "wss://nos.lol",
    "wss://relay.mostr.pub",
    "wss://purplerelay.com",
    "wss://nostr.vulpem.com",
    "wss://relay.sigit.io",
)
#: The public STUN servers used once a player chose to play over the internet.
PUBLIC_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")

MAX_RELAYS = 8
_HOST = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}" \
        r"[A-Za-z0-9])?)*"
_PORT = r"(?::[0-9]{1,5})?"
RELAY_URL = re.compile(rf"wss://{_HOST}{_PORT}(?:/[A-Za-z0-9._~/-]*)?"
                       rf"|ws://(?:localhost|127\.0\.0\.1){_PORT}/?")
TURN_URL = re.compile(rf"turns?:{_HOST}{_PORT}(?:\?transport=(?:udp|tcp))?")
CREDENTIAL_LIMIT = 200


def read_relays(text: str) -> tuple[list[str], list[str]]:
    """The relay URLs typed one a line: (the valid ones, at most MAX_RELAYS; the bad)."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    good = [line for line in lines if len(line) <= 200 and RELAY_URL.fullmatch(line)]
    bad = [line for line in lines if line not in good]
    return good[:MAX_RELAYS], bad + good[MAX_RELAYS:]


def relays(settings: Settings) -> list[str]:
    """The relays a room meets on: the player's valid ones, else the public ones."""
    return read_relays("\n".join(settings.relays))[0] or list(PUBLIC_RELAYS)


def read_turn(url: str, username: str, credential: str) -> dict[str, str] | None:
    """A TURN server as WebRTC takes it, or ``None`` when the URL is not a TURN one or
    a credential is missing or too long (an empty URL too: no TURN server)."""
    url, username = url.strip(), username.strip()
    if len(url) > 200 or not TURN_URL.fullmatch(url) or not username or not credential \
            or max(len(username), len(credential)) > CREDENTIAL_LIMIT:
        return None
    return {"urls": url, "username": username, "credential": credential}


def stored_turn(settings: Settings) -> dict[str, str] | None:
    """The TURN server kept, if it is still one (:func:`read_turn`)."""
    turn = settings.turn
    if turn is None:
        return None
    return read_turn(*(turn.get(key, "") for key in ("urls", "username", "credential")))


def ice_servers(settings: Settings, *, internet: bool) -> list[dict[str, str | list[str]]]:
    """The ICE servers of a connection: the player's STUN list, or over the internet the
    public one; and the player's TURN server, if any."""
    stun = stored_stun(settings) or (list(PUBLIC_STUN) if internet else [])
    turn = stored_turn(settings)
    servers: list[dict[str, str | list[str]]] = [{"urls": stun}] if stun else []
    return servers + ([{**turn}] if turn else [])
