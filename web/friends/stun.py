"""The STUN servers setting: a list of ``stun:``/``stuns:`` URLs, empty by default.

Without one, a connection offers only the device's own addresses (devices on the
same network connect); with one, also the public address its NAT gives (play
over the internet, unless both NATs are strict: there is no TURN relay).

>>> read_stun("stun:stun.example.org:3478\\n\\n stuns:[2001:db8::1]\\nhttp://x")
(['stun:stun.example.org:3478', 'stuns:[2001:db8::1]'], ['http://x'])
>>> stored_stun(Settings(lang="en", stun=["stun:a.b", "turn:x"]))
['stun:a.b']
"""

from __future__ import annotations

import re

from web.store.settings import Settings

MAX_URLS = 8
#: stun: or stuns:, a host name, an IPv4 address or a bracketed IPv6 one, a port.
STUN_URL = re.compile(
    r"stuns?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9]"
    r"(?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?"
)


def valid_stun(url: str) -> bool:
    if not STUN_URL.fullmatch(url) or len(url) > 200:
        return False
    port = url.rsplit("]", 1)[-1].rpartition(":")[2] if url.count(":") > 1 else ""
    return not port.isdigit() or 0 < int(port) < 65536


def read_stun(text: str) -> tuple[list[str], list[str]]:
    """The URLs typed one a line: (the valid ones, in order, at most MAX_URLS; the bad)."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    good = [line for line in lines if valid_stun(line)]
    bad = [line for line in lines if not valid_stun(line)]
    return good[:MAX_URLS], bad + good[MAX_URLS:]


def stored_stun(settings: Settings) -> list[str]:
    """The setting as stored (``settings.stun``): only valid URLs are used."""
    return [url for url in settings.stun if valid_stun(url)][:MAX_URLS]
