"""Challenge a friend: a link holding the deal (seed, rules, bots) in its fragment.

The fragment never leaves the browser (it is not sent with the request), so
nothing is sent anywhere: the friend's page reads it and deals the same hand
against the same bots. A link is hostile until read: :func:`parse` accepts
one exact shape only and refuses anything else with a message, never an
exception.

>>> from scala40 import Rules
>>> link = fragment("s-1", Rules(mode="single"), ["hard"])
>>> link
'#challenge=%7B%22bots%22%3A%5B%22hard%22%5D%2C%22rules%22%3A%7B%22mode%22%3A%22single%22%7D%2C%22seed%22%3A%22s-1%22%2C%22v%22%3A1%7D'
>>> parse(link)
Challenge(seed='s-1', rules=Rules(mode='single', ...), bots=('hard',))
>>> parse("#challenge=%7B%7D")
'This challenge link cannot be read: it is not a challenge.'
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scala40 import RuleError, Rules
from scala40.record import match_seed
from web.i18n import pick

PREFIX = "#challenge="
MAX_CHARS = 2000
LEVELS = ("easy", "medium", "hard")
KEYS = {"v", "seed", "rules", "bots"}
TEXT = {
    "bad": ("Questo link di sfida non si può leggere: {why}",
            "This challenge link cannot be read: {why}"),
    "shape": ("non è una sfida.", "it is not a challenge."),
    "long": ("è troppo lungo.", "it is too long."),
    "bots": ("gli avversari devono essere da 1 a 5, di livello easy, medium o hard.",
             "the opponents must be 1 to 5, of level easy, medium or hard."),
}


@dataclass(frozen=True)
class Challenge:
    """A deal to replay on another device: its seed, its rules and the opponents' levels."""

    seed: str
    rules: Rules
    bots: tuple[str, ...]

    def __repr__(self) -> str:
        return f"Challenge(seed={self.seed!r}, rules=Rules(mode={self.rules.mode!r}, ...), " \
               f"bots={self.bots!r})"


def fragment(seed: str, rules: Rules, bots: list[str]) -> str:
    """The URL fragment of a challenge (only the options that differ from the defaults)."""
    # urllib.parse (with the ipaddress it imports) is imported here and in _read, when a
    # challenge is made or opened, not with the page: its first draw does not need them.
    from urllib.parse import quote

    changed = {k: v for k, v in rules.to_dict().items() if v != getattr(Rules(), k)}
    body = {"v": 1, "seed": seed, "rules": changed, "bots": list(bots)}
    return PREFIX + quote(json.dumps(body, sort_keys=True, separators=(",", ":")), safe="")


def parse(text: object, lang: str = "en") -> Challenge | str:
    """The challenge in a URL fragment, or why it is refused (a message in ``lang``)."""
    why = _read(text, lang)
    if isinstance(why, Challenge):
        return why
    return pick(TEXT["bad"], lang).format(why=why)


def _read(text: object, lang: str) -> Challenge | str:
    from urllib.parse import unquote  # see fragment

    if not isinstance(text, str) or not text.startswith(PREFIX):
        return pick(TEXT["shape"], lang)
    if len(text) > MAX_CHARS:
        return pick(TEXT["long"], lang)
    try:
        body = json.loads(unquote(text.removeprefix(PREFIX), errors="strict"))
    except (ValueError, RecursionError):
        return pick(TEXT["shape"], lang)
    if not isinstance(body, dict) or set(body) != KEYS or type(body["v"]) is not int \
            or body["v"] != 1 or not isinstance(body["seed"], str):
        return pick(TEXT["shape"], lang)
    bots = body["bots"]
    if not isinstance(bots, list) or not 1 <= len(bots) <= 5 \
            or any(not isinstance(level, str) or level not in LEVELS for level in bots):
        return pick(TEXT["bots"], lang)
    try:
        seed = match_seed(body["seed"])
        rules = Rules.from_dict(body["rules"])
    except RuleError as error:
        return error.message(lang)
    return Challenge(seed, rules, tuple(bots))
