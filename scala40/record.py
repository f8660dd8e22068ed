"""Game records, saves, and a small game session with undo.

A **record** is the whole match as text: a header (rules, players, seed)
then one action per line. Replaying it gives the identical state, in CPython
and in Pyodide, because every shuffle is drawn from the seed.

A **save** is a versioned JSON document holding the record and a digest of
the state it must replay to. Loading checks both, so a corrupt, truncated or
foreign save is refused with a clear ``RuleError`` instead of a wrong game.

:class:`Game` is what a table or a command line holds: the current state,
the record so far, and the states before each action for in-turn undo.

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
from dataclasses import dataclass, field

from .actions import Action, Discard, DrawStock, NextHand, parse_action
from .engine import apply, new_match
from .errors import RuleError
from .rules import Rules
from .state import State

RECORD_HEADER = "# scala40 record 1"
SAVE_FORMAT = "scala40-save"
SAVE_VERSION = 1

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

        >>> Record.parse(Game.new(["A", "B"], seed=1).record.text()).seed
        '1'
        """
        lines = text.splitlines()
        if not lines or lines[0].strip() != RECORD_HEADER:
            why = RuleError("record_first_line", header=RECORD_HEADER)
            raise RuleError("bad_record", line=1, why=why)
        header: dict[str, object] = {}
        number = 1
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                break
            key, _, value = line.partition(":")
            try:
                header[key.strip()] = json.loads(value)
            except ValueError:
                why = RuleError("record_not_json")
                raise RuleError("bad_record", line=number, why=why) from None
        missing = {"rules", "players", "seed"} - header.keys()
        if missing:
            why = RuleError("record_missing", fields=", ".join(sorted(missing)))
            raise RuleError("bad_record", line=number, why=why)
        actions = []
        for offset, line in enumerate(lines[number:], number + 1):
            if line.strip() and not line.startswith("#"):
                try:
                    actions.append(parse_action(line))
                except RuleError as error:
                    raise RuleError("bad_record", line=offset, why=error) from None
        players = header["players"]
        if not isinstance(players, list):
            raise RuleError("bad_record", line=3, why=RuleError("record_players"))
        return Record(
            Rules.from_dict(header["rules"]), tuple(players), str(header["seed"]), tuple(actions)
        )

    def replay(self) -> State:
        """The state after every action; ``RuleError(bad_record)`` at the first illegal one."""
        return self.states()[-1]

    def states(self) -> list[State]:
        """Every state of the game, from the deal to the last action. An illegal action
        is named by its number and its line in :meth:`text`."""
        states = [new_match(self.players, self.seed, self.rules)]
        for number, action in enumerate(self.actions, 1):
            try:
                states.append(apply(states[-1], action))
            except RuleError as error:
                why = RuleError("record_action", number=number, action=str(action), why=error)
                line = len(self._header()) + number
                raise RuleError("bad_record", line=line, why=why) from None
        return states


def state_digest(state: State) -> str:
    """A short fingerprint of a state's full text form."""
    return hashlib.sha256(state.text().encode()).hexdigest()[:16]


@dataclass
class Game:
    """A match being played: its state, its record, and undo within a turn."""

    record: Record
    state: State
    history: list[State] = field(default_factory=list)

    @staticmethod
    def new(players, seed=0, rules: Rules | None = None) -> Game:
        state = new_match(players, seed, rules)
        return Game(Record(state.rules, state.players, state.seed), state)

    @staticmethod
    def from_record(record: Record) -> Game:
        """Replay a record into a game; undo reaches back to the last draw."""
        *history, state = record.states()
        return Game(record, state, history)

    def play(self, action: Action) -> None:
        """Apply ``action`` for the player to move (``RuleError`` leaves the game as it was)."""
        state = apply(self.state, action)
        self.history.append(self.state)
        self.state = state
        self.record = Record(
            self.record.rules, self.record.players, self.record.seed,
            (*self.record.actions, action),
        )

    @property
    def can_undo(self) -> bool:
        """Whether the last action can be taken back (not a draw, a discard or a deal)."""
        return bool(self.record.actions) and not isinstance(self.record.actions[-1], _FINAL)

    def undo(self) -> Action:
        """Take back the last action of this turn and return it."""
        if not self.can_undo:
            raise RuleError("nothing_to_take_back")
        action = self.record.actions[-1]
        self.state = self.history.pop()
        self.record = Record(
            self.record.rules, self.record.players, self.record.seed, self.record.actions[:-1]
        )
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
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise RuleError("bad_save", why=RuleError("save_not_json")) from None
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
    if state_digest(game.state) != data.get("digest"):
        raise RuleError("bad_save", why=RuleError("save_wrong_position"))
    return game
