"""Game records, saves, and a small game session with undo.

A **record** is the whole match as text: a header (rules, players, seed)
then one action per line. Replaying it gives the identical state, in CPython
and in Pyodide, because every shuffle is drawn from the seed.

A **save** is a versioned JSON document holding the record and a digest of
the state it must replay to. Loading checks both, so a corrupt, truncated or
foreign save is refused with a clear ``RuleError`` instead of a wrong game.

Both are doors for data from outside (a file, a browser's storage): whatever
comes in is either read or refused with ``RuleError`` (``bad_record``,
``bad_save``), in time bounded by the limits below, never with another
exception (docs/engine.md, "Records and saves").

:class:`Game` is what a table or a command line holds: the current state,
the record so far, and in-turn undo.

>>> game = Game.new(["Anna", "Bruno"], seed=11)
>>> game.play(DrawStock())
>>> game.can_undo
False
>>> restored = load_save(game.to_save())
>>> restored.state == game.state
True
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from .actions import Action, Discard, DrawStock, NextHand, parse_action
from .cards import format_cards
from .engine import apply, new_match
from .errors import RuleError
from .rules import Rules
from .state import State

RECORD_HEADER = "# scala40 record 1"
SAVE_FORMAT = "scala40-save"
SAVE_VERSION = 1

MAX_ACTIONS = 30_000
"""The most actions a game holds: :meth:`Game.play` refuses the next one
(``game_too_long``), so every game it plays can be saved and loaded again."""
MAX_RECORD_CHARS = 2_000_000
"""The longest record read: room for :data:`MAX_ACTIONS` of the longest action
text (about 50 characters) and the header."""
MAX_SAVE_CHARS = MAX_RECORD_CHARS + 100_000
"""The longest save read: a record and its JSON escapes (one more character a line,
and a few in the header)."""
MAX_LINES = 2 * MAX_ACTIONS
"""The most lines a record has (comments and blank lines included)."""
MAX_LINE_CHARS = 2_000
"""The longest line of a record (an action takes at most about 50)."""
MAX_JSON_DEPTH = 10
"""How deep JSON may nest in a save or in a record's header (they need 1)."""
MAX_NAME_CHARS = 40
"""The longest name a match keeps: a longer one is cut to this length, ending in "…"
(a name is only shown; the table shows even less of it)."""
MAX_SEED_CHARS = 100

_BOM = "\ufeff"
_HEADER_FIELDS = ("rules", "players", "seed")

# Actions that cannot be taken back: they reveal a hidden card or end a turn.
_FINAL = (DrawStock, Discard, NextHand)


@dataclass(frozen=True)
class Record:
    """(rules, players, seed) and the actions played, in order."""

    rules: Rules
    players: tuple[str, ...]
    seed: str
    actions: tuple[Action, ...] = ()

    def text(self) -> str:
        """The record as text: header lines, then one action per line."""
        lines = self._header()
        lines.extend(str(action) for action in self.actions)
        return "\n".join(lines) + "\n"

    def _header(self) -> list[str]:
        return [
            RECORD_HEADER,
            "rules: " + json.dumps(self.rules.to_dict(), sort_keys=True),
            "players: " + json.dumps(list(self.players), ensure_ascii=False),
            "seed: " + json.dumps(self.seed),
            "",
        ]

    @staticmethod
    def parse(text: str) -> Record:
        """Read a record; ``RuleError(bad_record)`` names the line that is wrong.

        A leading byte order mark is skipped; lines end with ``\\n`` (or ``\\r\\n``).

        >>> Record.parse(Game.new(["A", "B"], seed=1).record.text()).seed
        '1'
        >>> try:
        ...     Record.parse("draw " * 500_000)
        ... except RuleError as error:
        ...     print(error.facts["why"])
        longer than 2000000 characters (2500000)
        """
        if not isinstance(text, str):
            raise RuleError("bad_record", line=1, why=RuleError("not_text"))
        if len(text) > MAX_RECORD_CHARS:
            why = RuleError("text_too_long", limit=MAX_RECORD_CHARS, size=len(text))
            raise RuleError("bad_record", line=1, why=why)
        # Only \n ends a line: str.splitlines would also split a name holding U+2028.
        lines = text.removeprefix(_BOM).replace("\r\n", "\n").split("\n")
        if lines[-1] == "":
            lines.pop()
        if len(lines) > MAX_LINES:
            why = RuleError("too_many_lines", limit=MAX_LINES)
            raise RuleError("bad_record", line=MAX_LINES + 1, why=why)
        # The header's lines (at most one per field after the first) may hold long names,
        # which are cut once read; every other line is short.
        body_from = 1 + len(_HEADER_FIELDS)
        if max(map(len, lines[body_from:]), default=0) > MAX_LINE_CHARS:
            long = next(n for n, line in enumerate(lines[body_from:], body_from + 1)
                        if len(line) > MAX_LINE_CHARS)
            raise RuleError("bad_record", line=long, why=RuleError("line_too_long",
                                                                  limit=MAX_LINE_CHARS))
        if not lines or lines[0].strip() != RECORD_HEADER:
            why = RuleError("record_first_line", header=RECORD_HEADER)
            raise RuleError("bad_record", line=1, why=why)
        header, where, body = _read_header(lines)
        try:
            rules = Rules.from_dict(header["rules"])  # checks it is a dict
        except RuleError as error:
            raise RuleError("bad_record", line=where["rules"], why=error) from None
        players, seed = _players(header["players"], where), _seed(header["seed"], where)
        try:
            new_match(players, seed, rules)  # the header must start a match
        except RuleError as error:
            raise RuleError("bad_record", line=where["players"], why=error) from None
        return Record(rules, players, seed, tuple(_read_actions(lines, body)))

    def replay(self) -> State:
        """The state after every action; ``RuleError(bad_record)`` at the first illegal one."""
        return deque(self.states(), maxlen=1)[0]

    def states(self) -> Iterator[State]:
        """Every state of the game, from the deal to the last action, one at a time. An
        illegal action is named by its number and its line in :meth:`text`."""
        state = new_match(self.players, self.seed, self.rules)
        yield state
        for number, action in enumerate(self.actions, 1):
            try:
                state = apply(state, action)
            except RuleError as error:
                why = RuleError("record_action", number=number, action=str(action), why=error)
                line = len(self._header()) + number
                raise RuleError("bad_record", line=line, why=why) from None
            yield state


def _read_header(lines: list[str]) -> tuple[dict[str, object], dict[str, int], int]:
    """The header's fields, the line of each, and the index of the first line after it."""
    header: dict[str, object] = {}
    where: dict[str, int] = {}
    number = 1
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            break
        key, _, value = (part.strip() for part in line.partition(":"))
        if key not in _HEADER_FIELDS:
            raise RuleError("bad_record", line=number,
                            why=RuleError("record_unknown_field", field=key))
        if key in header:
            raise RuleError("bad_record", line=number, why=RuleError("record_twice", field=key))
        try:
            header[key] = read_json(value)
        except RuleError as error:
            raise RuleError("bad_record", line=number, why=error) from None
        where[key] = number
    else:
        number += 1  # the record ends with its header
    missing = set(_HEADER_FIELDS) - header.keys()
    if missing:
        why = RuleError("record_missing", fields=", ".join(sorted(missing)))
        raise RuleError("bad_record", line=number, why=why)
    return header, where, number


def _read_actions(lines: list[str], start: int) -> list[Action]:
    """The actions from line index ``start`` on (comments and blank lines skipped),
    counted before any is read, so too many are refused at once."""
    numbered = [
        (number, line)
        for number, line in enumerate(lines[start:], start + 1)
        if line.strip() and not line.startswith("#")
    ]
    if len(numbered) > MAX_ACTIONS:
        why = RuleError("too_many_actions", limit=MAX_ACTIONS)
        raise RuleError("bad_record", line=numbered[MAX_ACTIONS][0], why=why)
    actions = []
    for number, line in numbered:
        try:
            actions.append(parse_action(line))
        except RuleError as error:
            raise RuleError("bad_record", line=number, why=error) from None
    return actions


def _players(value: object, where: dict[str, int]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise RuleError("bad_record", line=where["players"], why=RuleError("record_players"))
    try:
        return player_names(value)
    except RuleError as error:
        raise RuleError("bad_record", line=where["players"], why=error) from None


def _seed(value: object, where: dict[str, int]) -> str:
    try:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise RuleError("bad_seed", limit=MAX_SEED_CHARS)
        return match_seed(value)
    except RuleError as error:
        raise RuleError("bad_record", line=where["seed"], why=error) from None


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def player_names(names: Iterable[object]) -> tuple[str, ...]:
    """Names as a match keeps them: a name longer than :data:`MAX_NAME_CHARS`
    characters is cut to that length, ending in "…" (so a save holding a very
    long name still loads, issue "never lose a game"); an empty one is
    ``RuleError(bad_name)``. A lone surrogate, half of a character that a
    browser's storage can hold but UTF-8 cannot, becomes U+FFFD (�).

    >>> player_names(["Anna", "T\\ud800"])
    ('Anna', 'T�')
    >>> [len(name) for name in player_names(["W" * 10_000, "B"])]
    [40, 1]
    """
    kept = []
    for name in map(str, names):
        if not name:
            raise RuleError("bad_name", limit=MAX_NAME_CHARS)
        if len(name) > MAX_NAME_CHARS:
            name = name[: MAX_NAME_CHARS - 1] + "…"
        kept.append(_LONE_SURROGATE.sub("\ufffd", name))
    return tuple(kept)


def match_seed(seed: object) -> str:
    """A seed as a match keeps it: text of at most :data:`MAX_SEED_CHARS` characters that
    UTF-8 can hold (the shuffles hash it), else ``RuleError(bad_seed)``."""
    if isinstance(seed, int) and abs(seed) >= 10**MAX_SEED_CHARS:
        raise RuleError("bad_seed", limit=MAX_SEED_CHARS)
    text = str(seed)
    if len(text) > MAX_SEED_CHARS or _LONE_SURROGATE.search(text):
        raise RuleError("bad_seed", limit=MAX_SEED_CHARS)
    return text


_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))  # UTF-8 puts no other character here


def read_json(text: str, not_json: str = "record_not_json") -> object:
    """``json.loads``, its nesting checked first: the C parser recurses once a level,
    and deep input overflows the stack (``RecursionError`` in CPython, a crash in
    Pyodide). A refusal is a ``RuleError``: ``json_too_deep`` or ``not_json``.

    >>> read_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> read_json("[" * 50_000 + "]" * 50_000)
    Traceback (most recent call last):
    scala40.errors.RuleError: JSON nested deeper than 10 levels
    """
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _too_deep(text):
        raise RuleError("json_too_deep", limit=MAX_JSON_DEPTH)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise RuleError(not_json) from None


def _too_deep(text: str) -> bool:
    """Whether the brackets outside strings may nest deeper than :data:`MAX_JSON_DEPTH`.

    Strings go first (the brackets in a name are text). The parser goes down one
    level at every opening bracket, whichever bracket closes it, so ``{}`` count
    as ``[]``. Each pass drops the innermost pairs (pairs nested n deep are gone
    after n passes), so a pair left after the last pass is deeper than the limit.
    What else is left is unbalanced: closing brackets, then opening ones that
    never close, each a level above what the passes dropped; more of them than
    the limit is too deep too. The parser refuses the rest (at most twice the
    limit deep) as not JSON.
    """
    # Outside strings: escaped backslashes, then escaped quotes go (as the parser reads
    # them, left to right), then every other piece between quotes is outside.
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(data.split(b'"')[::2])
    brackets = outside.translate(_AS_SQUARE, _NOT_BRACKETS)  # bytes: C speed throughout
    if b"[" * (MAX_JSON_DEPTH + 1) in brackets:  # the common attack, without the passes
        return True
    for _ in range(MAX_JSON_DEPTH):
        fewer = brackets.replace(b"[]", b"")
        if len(fewer) == len(brackets):
            break
        brackets = fewer
    return b"[]" in brackets or brackets.count(b"[") > MAX_JSON_DEPTH


def state_digest(state: State) -> str:
    """A short fingerprint of a state, the check a save carries (any text: a state
    made straight from :func:`~scala40.engine.new_match` may hold a lone surrogate).

    It hashes :func:`_digest_text`, a text of its own, not :meth:`State.text`: the
    position notation may grow, and every save already in a player's browser must
    still load (tests/golden/saves_1.json holds saves written before the notation).
    """
    text = _digest_text(state)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _digest_text(state: State) -> str:
    """Every card, score and obligation of ``state``, as saves of format 1 hash them.
    Frozen: a change here makes every stored save unloadable."""
    hand = state.hand
    lines = [
        f"match seed={state.seed} hand={hand.number} dealer={hand.dealer} "
        f"turn={hand.turn} phase={hand.phase} turns={hand.turns_taken} "
        f"reshuffles={hand.reshuffles}",
    ]
    for seat, name in enumerate(state.players):
        status = "out" if state.out[seat] else ("opened" if hand.opened[seat] else "closed")
        held = format_cards(hand.hands[seat])
        lines.append(f"seat {seat} {name}: score={state.scores[seat]} {status} | {held}")
    lines.append(f"stock ({len(hand.stock)}): {format_cards(hand.stock)}")
    lines.append(f"pile ({len(hand.pile)}): {format_cards(hand.pile)}")
    for index, table_meld in enumerate(hand.melds):
        lines.append(f"meld {index} by {table_meld.owner}: {table_meld.meld}")
    if hand.must_use:
        lines.append(f"must use: {format_cards(hand.must_use)}")
    if hand.turn_melds:
        lines.append(f"laid this turn: {' '.join(map(str, hand.turn_melds))}")
    for number, result in enumerate(state.results, 1):
        lines.append(
            f"hand {number}: closer={result.closer} in_mano={result.in_mano} "
            f"penalties={' '.join(map(str, result.penalties))}"
        )
    if state.winner is not None:
        lines.append(f"winner: {state.winner} {state.players[state.winner]}")
    return "\n".join(lines)


class Game:
    """A match being played: its state, its record, and undo within a turn.

    Made by :meth:`new` or :meth:`from_record` (or :func:`load_save`). The actions
    are kept in a list and the :class:`Record` is built when asked for, so playing
    or replaying n actions costs time and memory linear in n. Undo replays the
    turn from its start instead of keeping every state of it: each state holds
    the hand's log, so keeping them all grows with the square of a long turn.
    """

    def __init__(self, start: State) -> None:
        """A game at ``start``, the state a match is dealt in (see :meth:`new`)."""
        self._state = start
        self._actions: list[Action] = []
        self._turn_start = start  # the state after the last action that cannot be undone
        self._turn_from = 0  # the index of the first action after it
        self._record: Record | None = None

    @staticmethod
    def new(players: Iterable[object], seed: object = 0, rules: Rules | None = None) -> Game:
        """A new match (names and seed checked by :func:`player_names`, :func:`match_seed`)."""
        return Game(new_match(player_names(players), match_seed(seed), rules))

    @staticmethod
    def from_record(record: Record) -> Game:
        """Replay a record into a game; undo reaches back to the last draw."""
        states = record.states()
        game = Game(next(states))
        for action, state in zip(record.actions, states, strict=True):
            game._advance(action, state)
        return game

    @property
    def state(self) -> State:
        """The state now."""
        return self._state

    @property
    def record(self) -> Record:
        """The record of every action played so far."""
        if self._record is None:
            state = self._state
            self._record = Record(state.rules, state.players, state.seed, tuple(self._actions))
        return self._record

    def play(self, action: Action) -> None:
        """Apply ``action`` for the player to move (``RuleError`` leaves the game as it was)."""
        if len(self._actions) >= MAX_ACTIONS:
            raise RuleError("game_too_long", limit=MAX_ACTIONS)
        self._advance(action, apply(self._state, action))

    def _advance(self, action: Action, state: State) -> None:
        self._actions.append(action)
        self._state = state
        self._record = None
        if isinstance(action, _FINAL):
            self._turn_start, self._turn_from = state, len(self._actions)

    @property
    def can_undo(self) -> bool:
        """Whether the last action can be taken back (not a draw, a discard or a deal)."""
        return len(self._actions) > self._turn_from

    def undo(self) -> Action:
        """Take back the last action of this turn and return it."""
        if not self.can_undo:
            raise RuleError("nothing_to_take_back")
        action = self._actions.pop()
        state = self._turn_start
        for earlier in self._actions[self._turn_from :]:
            state = apply(state, earlier)
        self._state = state
        self._record = None
        return action

    def to_save(self) -> str:
        """A versioned JSON save of the match at this moment, mid-turn included."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "record": self.record.text(),
                "digest": state_digest(self.state),
            },
            ensure_ascii=False,
        )


def load_save(text: str) -> Game:
    """A game from :meth:`Game.to_save`'s JSON; ``RuleError`` if it is not a sound save.

    >>> load_save('{"format": "scala40-save", "version": 99}')
    Traceback (most recent call last):
    scala40.errors.RuleError: Save from an unknown version (99).
    >>> load_save("{not json")
    Traceback (most recent call last):
    scala40.errors.RuleError: The save cannot be read: it is not JSON.
    """
    if not isinstance(text, str):
        raise RuleError("bad_save", why=RuleError("not_text"))
    if len(text) > MAX_SAVE_CHARS:
        raise RuleError("bad_save", why=RuleError("text_too_long", limit=MAX_SAVE_CHARS,
                                                  size=len(text)))
    try:
        data = read_json(text.removeprefix(_BOM), not_json="save_not_json")
    except RuleError as error:
        raise RuleError("bad_save", why=error) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RuleError("bad_save", why=RuleError("save_not_scala40"))
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # true == 1 and 1.0 == 1 in Python
        raise RuleError("unknown_save_version", version=version)
    if not isinstance(data.get("record"), str):
        raise RuleError("bad_save", why=RuleError("save_no_record"))
    try:
        game = Game.from_record(Record.parse(data["record"]))
    except RuleError as error:
        raise RuleError("bad_save", why=error) from None
    digest = data.get("digest")
    if not isinstance(digest, str) or digest not in _digests(game.state, data["record"]):
        raise RuleError("bad_save", why=RuleError("save_wrong_position"))
    return game


def _digests(state: State, record_text: str) -> set[str]:
    """The digests a save of ``state`` may carry: its own, and, when the record's names
    were cut on reading, that of the same position under the names as written (names
    never change play, so the cut names load the very game that was saved)."""
    digests = {state_digest(state)}
    line = next((line for line in record_text.split("\n") if line.startswith("players:")), "")
    written = read_json(line.removeprefix("players:").strip()) if line else None
    if isinstance(written, list) and tuple(written) != state.players:
        digests.add(state_digest(replace(state, players=tuple(map(str, written)))))
    return digests
