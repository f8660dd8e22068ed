"""Engine values as JSON, derived from their type hints, and read back strictly.

An :class:`~scala40.observation.Observation` crosses the wire as a JSON
object with one key per dataclass field, built from the field's type hint,
never from a list written by hand: a field renamed or added in the engine
travels with no change here (a field of a type the codec does not know is a
``TypeError`` on the host, caught by the round-trip test). The leaves use the
engine's own text forms: cards ``"7H"``, melds ``"4S 5S JK=6S"``, actions
their record line, rules ``Rules.to_dict()``.

Reading is the door from another device, so it trusts nothing: every value
is checked against its type, every text goes through the engine's parser,
unknown and missing keys are refused. Any flaw is a :class:`CodecError` that
names where it is.

>>> from scala40 import new_match, observe
>>> view = observe(new_match(["Anna", "Bruno"], seed=3), 1)
>>> data = to_json(view, Observation)
>>> data["hand_counts"], data["public"]["hand"]["pile"]
([13, 13], ['9H'])
>>> from_json(data, Observation) == view
True
>>> from_json({**data, "seat": "1"}, Observation)
Traceback (most recent call last):
web.friends.codec.CodecError: seat: expected int
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import TypeVar, cast

from scala40 import Action, Card, Meld, RuleError, Rules, full_deck, parse_action
from scala40.observation import Observation

T = TypeVar("T")

#: Plain JSON data, as :func:`to_json` writes it.
Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]

#: A type hint the codec reads a value of: a class, ``X | None``, ``tuple[X, ...]``,
#: ``tuple[X, Y]`` (a union and a generic alias are not classes).
Hint = object

#: The cards by their notation: most cards of a message are read with no parsing.
_CARDS = {str(card): card for card in full_deck()}

#: Leaf types written in the engine's text notation: (to text, from text). Every
#: message repeats the hand's log, so melds and actions already written or read
#: are looked up (values are immutable; only texts that parsed are kept, and a
#: bounded number of them).
_TEXT_FORMS: dict[Hint, tuple[Callable[[object], str], Callable[[str], object]]] = {
    Card: (str, lambda text: _CARDS.get(text) or Card.parse(text)),
    Meld: (lru_cache(maxsize=2048)(str), lru_cache(maxsize=2048)(Meld.parse)),
    Action: (lru_cache(maxsize=4096)(str), lru_cache(maxsize=4096)(parse_action)),
}


class CodecError(ValueError):
    """A JSON value that is not the engine value it claims to be; ``where`` is its path."""

    def __init__(self, where: str, expected: str):
        self.where = where or "(message)"
        self.expected = expected
        super().__init__(f"{self.where}: expected {expected}")


def to_json(value: object, kind: Hint) -> Json:
    """``value``, of type ``kind``, as plain JSON data (dicts, lists, str, int, bool, None)."""
    return _coder(kind)[0](value)


def from_json(data: object, kind: type[T], where: str = "") -> T:
    """The value of type ``kind`` that :func:`to_json` wrote as ``data``; else ``CodecError``."""
    hint: Hint = kind
    return cast(T, _coder(hint)[1](data, where))


Encode = Callable[[object], Json]
Decode = Callable[[object, str], object]


@cache
def _coder(kind: Hint) -> tuple[Encode, Decode]:
    """The pair of functions that write and read values of ``kind``, built once a type."""
    if kind in _TEXT_FORMS:
        return _text_coder(kind)
    if kind is Rules:
        return _rules_coder()
    if kind is int or kind is bool or kind is str:
        return (str if kind is str else _same), lambda data, where: _expect(data, kind, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum_coder(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_coder(kind)
    optional = _optional(kind)
    if optional is not None:
        return _optional_coder(optional)
    items = _tuple_items(kind)
    if isinstance(items, tuple):
        return _fixed_tuple_coder(items)
    if items is not None:
        return _tuple_coder(items)
    raise TypeError(f"no JSON form for values of type {kind!r}")


def _same(value: object) -> Json:
    return cast(Json, value)  # an int, a bool or a str: JSON as it is


def _text_coder(kind: Hint) -> tuple[Encode, Decode]:
    write, parse = _TEXT_FORMS[kind]

    def decode(data: object, where: str) -> object:
        text = _expect(data, str, where)
        try:
            return parse(text)
        except RuleError:
            raise CodecError(where, _name(kind) + " in notation") from None

    return write, decode


def _rules_coder() -> tuple[Encode, Decode]:
    def encode(value: object) -> Json:
        return cast(Json, cast(Rules, value).to_dict())

    def decode(data: object, where: str) -> Rules:
        try:
            return Rules.from_dict(_expect(data, dict, where))
        except RuleError:
            raise CodecError(where, "rules") from None

    return encode, decode


def _enum_coder(kind: type[enum.Enum]) -> tuple[Encode, Decode]:
    def encode(value: object) -> Json:
        return cast(Json, cast(enum.Enum, value).value)

    def decode(data: object, where: str) -> object:
        try:
            return kind(_expect(data, str, where))
        except ValueError:
            raise CodecError(where, _name(kind)) from None

    return encode, decode


def _optional_coder(kind: Hint) -> tuple[Encode, Decode]:
    # The item's coder is looked up at the first value, not now: a type may hold an
    # optional value of itself (Hand.turn_start is a Hand or None), and building
    # its coder here would never end.
    def encode(value: object) -> Json:
        return None if value is None else _coder(kind)[0](value)

    def decode(data: object, where: str) -> object:
        return None if data is None else _coder(kind)[1](data, where)

    return encode, decode


def _tuple_coder(kind: Hint) -> tuple[Encode, Decode]:
    encode_item, decode_item = _coder(kind)

    def encode(value: object) -> Json:
        return [encode_item(item) for item in cast(Iterable[object], value)]

    def decode(data: object, where: str) -> object:
        listed = _expect(data, list, where)
        return tuple(decode_item(item, f"{where}[{i}]") for i, item in enumerate(listed))

    return encode, decode


def _fixed_tuple_coder(kinds: tuple[Hint, ...]) -> tuple[Encode, Decode]:
    coders = [_coder(kind) for kind in kinds]

    def encode(value: object) -> Json:
        items = cast(Iterable[object], value)
        return [write(item) for (write, _), item in zip(coders, items, strict=True)]

    def decode(data: object, where: str) -> object:
        listed = _expect(data, list, where)
        if len(listed) != len(coders):
            raise CodecError(where, f"a list of {len(coders)}")
        pairs = enumerate(zip(coders, listed, strict=True))
        return tuple(read(item, f"{where}[{i}]") for i, ((_, read), item) in pairs)

    return encode, decode


def _dataclass_coder(kind: type) -> tuple[Encode, Decode]:
    hints = typing.get_type_hints(kind)
    fields = [(field.name, _coder(hints[field.name])) for field in dataclasses.fields(kind)]
    required = {
        field.name
        for field in dataclasses.fields(kind)
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
    }
    names = {name for name, _ in fields}

    def encode(value: object) -> Json:
        return {name: write(getattr(value, name)) for name, (write, _) in fields}

    def decode(data: object, where: str) -> object:
        given = _expect(data, dict, where)
        unknown = sorted(given.keys() - names)
        if unknown:
            raise CodecError(_path(where, unknown[0]), "no such field")
        missing = sorted(required - given.keys())
        if missing:
            raise CodecError(_path(where, missing[0]), "a value")
        values = {
            name: read(given[name], _path(where, name))
            for name, (_, read) in fields
            if name in given
        }
        try:
            return kind(**values)
        except (RuleError, TypeError, ValueError):  # the class's own checks, if any
            raise CodecError(where, _name(kind)) from None

    return encode, decode


def _path(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _expect(data: object, kind: type[T], where: str) -> T:
    """``data`` if it is exactly of JSON type ``kind`` (a bool is not an int here)."""
    if type(data) is not kind:
        raise CodecError(where, _name(kind))
    return cast(T, data)


def _optional(kind: Hint) -> Hint | None:
    """``X`` for a hint ``X | None``, else None."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        args = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        if len(args) == 1 and len(typing.get_args(kind)) == 2:
            return args[0]
    return None


def _tuple_items(kind: Hint) -> Hint | tuple[Hint, ...] | None:
    """The item hint of ``tuple[X, ...]``, the tuple of hints of ``tuple[X, Y]``, else None."""
    if typing.get_origin(kind) is not tuple:
        return None
    args = typing.get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args


def _name(kind: Hint) -> str:
    if kind is Action:
        return "action"
    if kind is dict:
        return "object"
    return getattr(kind, "__name__", str(kind))


__all__ = ["CodecError", "Observation", "from_json", "to_json"]
