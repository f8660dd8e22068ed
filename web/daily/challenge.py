"""Challenge a friend: a link holding a single hand's deal (seed, rules, opponents) and,
once the hand is played, the challenger's result to beat.

The fragment never leaves the browser (it is not sent with the request), so
nothing is sent anywhere: the friend's page reads it and deals the same hand
against the same bots, at the challenger's seat. A link is a door that reads
data from outside, hostile until read: :func:`parse` accepts one exact shape
only (each member of its type, each number within bounds, each name one a table
can show: no markup, no control characters) and refuses anything else with a
message in the player's language, never an exception.

>>> from scala40 import Rules
>>> link = fragment(Challenge("s-1", Rules(mode="single"), ("hard",)))
>>> link
'#challenge=%7B%22bots%22%3A%5B%22hard%22%5D%2C%22rules%22%3A%7B%22mode%22%3A%22single%22%7D%2C%22seed%22%3A%22s-1%22%2C%22v%22%3A1%7D'
>>> parse(link)
Challenge(seed='s-1', rules=Rules(mode='single', ...), bots=('hard',), seat=0, by='', score=None)
>>> dare = Challenge("s-1", Rules(mode="single"), ("hard",), by="Anna", score=Score(12, 9, False))
>>> parse(fragment(dare)) == dare
True
>>> parse("#challenge=%7B%7D")
'This challenge link cannot be read: it is not a challenge.'
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from scala40 import RuleError, Rules
from scala40.bots import LEVELS
from scala40.record import match_seed
from web.i18n import is_placeholder_name, t
from web.store.seat import NAME_LIMIT

PREFIX = "#challenge="
#: The longest link read: five bots' and the challenger's names of 20 characters that
#: each take 12 when percent-encoded (a character of four UTF-8 bytes) fit with the rules.
MAX_CHARS = 4000
#: No number of a rule the new-game form makes is larger (its custom limit is 1-9999).
NUMBER_MAX = 9999
#: A single hand's penalty is at most a few hundred points; a player's turns, as many.
POINTS_MAX = 999
TURNS_MAX = 999
#: A bot's level as the new-game form writes it (one of the engine's levels), "balanced"
#: with its strength to a tenth.
LEVEL = re.compile("|".join(level for level in LEVELS if level != "balanced")
                   + r"|balanced(:(0(\.[0-9])?|1(\.0)?))?")
KEYS = {"v", "seed", "rules", "bots"}
OPTIONAL = {"seat", "bot_names", "by", "score"}
SCORE_KEYS = {"points", "turn", "closed"}
#: Markup's characters, refused in a name (the table escapes them, but a name holding
#: them is no one's: the link was made by hand to try the page).
MARKUP = set("<>&\"'`")


@dataclass(frozen=True)
class Score:
    """One player's single hand as a challenge carries and compares it: the points paid,
    the player's turns (their discards, the closing one too) and whether they closed."""

    points: int
    turn: int
    closed: bool

    def rank(self) -> tuple[int, int]:
        """Lower is better: fewer points; between two closings, the sooner one."""
        return self.points, self.turn if self.closed else 0


@dataclass(frozen=True)
class Challenge:
    """A single hand to play again on another device: its seed, its rules, the opponents'
    levels (and names, when they are not the ones a new match gives), the challenger's
    seat, and once played, who challenges (``by``, "" for no name) and their result."""

    seed: str
    rules: Rules
    bots: tuple[str, ...]
    bot_names: tuple[str, ...] = ()
    seat: int = 0
    by: str = ""
    score: Score | None = None

    def __repr__(self) -> str:
        return f"Challenge(seed={self.seed!r}, rules=Rules(mode={self.rules.mode!r}, ...), " \
               f"bots={self.bots!r}, seat={self.seat}, by={self.by!r}, score={self.score!r})"


def fragment(challenge: Challenge) -> str:
    """The URL fragment of a challenge (only the rules that differ from the defaults, and
    only the members that say something)."""
    # urllib.parse (with the ipaddress it imports) is imported here and in _read, when a
    # challenge is made or opened, not with the page: its first draw does not need them.
    from urllib.parse import quote

    rules = challenge.rules
    changed = {k: v for k, v in rules.to_dict().items() if v != getattr(Rules(), k)}
    body: dict[str, Any] = {"v": 1, "seed": challenge.seed, "rules": changed,
                            "bots": list(challenge.bots)}
    if challenge.seat:
        body["seat"] = challenge.seat
    if challenge.bot_names:
        body["bot_names"] = list(challenge.bot_names)
    if challenge.by:
        body["by"] = challenge.by
    if challenge.score is not None:
        score = challenge.score
        body["score"] = {"points": score.points, "turn": score.turn, "closed": score.closed}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return PREFIX + quote(text, safe="")


def parse(text: object, lang: str = "en") -> Challenge | str:
    """The challenge in a URL fragment, or why it is refused (a message in ``lang``)."""
    read = _read(text)
    if isinstance(read, Challenge):
        return read
    why = read.message(lang) if isinstance(read, RuleError) else t(read, lang)
    return t("challenge_bad", lang, why=why)


def shown_name(value: object) -> bool:
    """Whether ``value`` is a name a table shows as it is: text of 1 to NAME_LIMIT
    characters, no spaces around it, no markup, no control or separator characters.

    >>> shown_name("Anna"), shown_name("<b>x</b>"), shown_name(" Anna"), shown_name(7)
    (True, False, False, False)
    """
    return isinstance(value, str) and 0 < len(value) <= NAME_LIMIT and value == value.strip() \
        and not MARKUP & set(value) \
        and all(unicodedata.category(c) not in ("Cc", "Cs", "Zl", "Zp") for c in value)


def read_score(points: object, turn: object, closed: object) -> Score | None:
    """A result as a link or a match id gives it, or None: whole numbers in bounds (a
    closing pays nothing)."""
    if type(points) is not int or type(turn) is not int or type(closed) is not bool:
        return None
    if not 0 <= points <= POINTS_MAX or not 1 <= turn <= TURNS_MAX or (closed and points):
        return None
    return Score(points, turn, closed)


def _read(text: object) -> Challenge | RuleError | str:
    """The challenge, or the engine's refusal, or the catalog's key of the reason."""
    from urllib.parse import unquote  # see fragment

    if not isinstance(text, str) or not text.startswith(PREFIX):
        return "challenge_shape"
    if len(text) > MAX_CHARS:
        return "challenge_long"
    try:
        body = json.loads(unquote(text.removeprefix(PREFIX), errors="strict"))
    except (ValueError, RecursionError):
        return "challenge_shape"
    if not isinstance(body, dict) or not KEYS <= set(body) <= KEYS | OPTIONAL \
            or type(body["v"]) is not int or body["v"] != 1 \
            or not isinstance(body["seed"], str) or not isinstance(body["rules"], dict):
        return "challenge_shape"
    bots = body["bots"]
    if not isinstance(bots, list) or not 1 <= len(bots) <= 5 \
            or any(not isinstance(level, str) or not LEVEL.fullmatch(level) for level in bots):
        return "challenge_bots"
    if any(type(value) is int and not 0 <= value <= NUMBER_MAX
           for value in body["rules"].values()):
        return "challenge_numbers"
    try:
        seed = match_seed(body["seed"])
        rules = Rules.from_dict(body["rules"])
    except RuleError as error:
        return error
    if rules.mode != "single":
        return "challenge_single"
    seat = body.get("seat", 0)
    if type(seat) is not int or not 0 <= seat <= len(bots):
        return "challenge_shape"
    names = body.get("bot_names", [])
    if not isinstance(names, list) or len(names) not in (0, len(bots)) \
            or not all(shown_name(name) and not is_placeholder_name(name) for name in names) \
            or len(set(names)) != len(names):
        return "challenge_names"
    by = body.get("by", "")
    if by != "" and not shown_name(by):
        return "challenge_names"
    score = body.get("score")
    if score is not None:
        if not isinstance(score, dict) or set(score) != SCORE_KEYS:
            return "challenge_score"
        score = read_score(score["points"], score["turn"], score["closed"])
        if score is None:
            return "challenge_score"
    by = "" if is_placeholder_name(by) else by
    return Challenge(seed, rules, tuple(bots), tuple(names), seat, by, score)
