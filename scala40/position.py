"""The position notation, as FEN is to chess: a whole state as text, and back.

:func:`write_position` writes every field of a state, one readable line per
zone (a line per seat, per meld, per finished hand, per action of the hand's
log); :func:`parse_position` reads it back, so
``parse_position(write_position(s)) == s`` for every state the engine reaches,
mid-turn included. The turn's start (what :class:`~scala40.actions.TakeBack`
returns to) is written as the lines that differ from the hand now, prefixed
``start``, and the length of the log then.

Reading checks the position as the engine would find it: the cards of stock,
pile, hands and melds make exactly the deck of the rules, the melds are
valid, the bookkeeping agrees (the turn is a seat of the hand, the cards to
use are in that hand, ...); anything else is ``RuleError("bad_position")``
naming the line or the problem.

:func:`position` builds a position for tests and bug reports from the hands
and the table alone, filling the bookkeeping and dealing the rest of the
deck to the stock.

>>> state = position(["5H 6H 7H KS", "2C 3C 4C 5C"], melds=[(1, "9D 9C 9S")], turn=0)
>>> state.hand.opened, len(state.hand.stock), state.to_move
((False, True), 96, 0)
>>> parse_position(write_position(state)) == state
True

This module is the one door to the notation: :mod:`scala40.state` knows
nothing of it (the state is what the notation writes, not the other way).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from .actions import Action, TakeDiscard, parse_action
from .cards import Card, format_cards, full_deck, parse_cards
from .errors import RuleError
from .melds import Meld
from .rules import Rules
from .state import Hand, HandResult, Phase, State, TableMeld

HEADER = "scala40 position"
MAX_TEXT = 2_000_000
"""The longest text read (a hand's log of thousands of actions fits many times)."""

_NUMBERED = re.compile(r"(seat|meld|result|log) (\d{1,6})")
_FIXED = {"rules", "players", "seed", "scores", "out", "winner"}
_HAND_KEYS = {
    "hand", "stock", "pile", "must use", "taken from pile", "took pile unopened",
    "laid this turn", "opened before turn", "hand result",
}
_ABSENT = "-"


# -- writing -------------------------------------------------------------------


def write_position(state: State) -> str:
    """The position's text (see the module docstring)."""
    hand = state.hand
    lines = [
        HEADER,
        "rules: " + json.dumps(state.rules.to_dict()),
        "players: " + json.dumps(list(state.players)),
        "seed: " + json.dumps(state.seed),
        "scores: " + _ints(state.scores, " "),
        "out: " + _ints([seat for seat, out in enumerate(state.out) if out], " "),
        "winner: " + _optional(state.winner),
    ]
    lines.extend(
        f"result {number}: {_result_text(result)}"
        for number, result in enumerate(state.results, 1)
    )
    entries = _hand_entries(hand)
    lines.extend(_line(key, value) for key, value in entries.items())
    for number, (seat, action, card) in enumerate(hand.log, 1):
        taken = f" {card}" if card is not None else ""
        lines.append(f"log {number}: {seat} {action}{taken}")
    start = hand.turn_start
    if start is not None:
        lines.append(f"start log: {len(start.log)}")
        at_start = _hand_entries(start)
        lines.extend(
            _line(f"start {key}", value)
            for key, value in at_start.items()
            if entries.get(key) != value
        )
        lines.extend(f"start {key}: {_ABSENT}" for key in entries if key not in at_start)
    return "\n".join(lines)


def _line(key: str, value: str) -> str:
    return f"{key}: {value}".rstrip()


def _hand_entries(hand: Hand) -> dict[str, str]:
    """A hand's lines, keyed; the optional ones only when they hold something."""
    entries = {
        "hand": (
            f"number={hand.number} dealer={hand.dealer} seats={_ints(hand.seats, ',')} "
            f"turn={hand.turn} phase={hand.phase} turns={hand.turns_taken} "
            f"reshuffles={hand.reshuffles}"
        ),
    }
    for seat, cards in enumerate(hand.hands):
        status = "opened" if hand.opened[seat] else "closed"
        entries[f"seat {seat}"] = f"{status} | {format_cards(cards)}"
    entries["stock"] = format_cards(hand.stock)
    entries["pile"] = format_cards(hand.pile)
    for index, table_meld in enumerate(hand.melds):
        entries[f"meld {index}"] = f"by {table_meld.owner} | {table_meld.meld}"
    if hand.must_use:
        entries["must use"] = format_cards(hand.must_use)
    if hand.taken_from_pile is not None:
        entries["taken from pile"] = str(hand.taken_from_pile)
    if hand.took_pile_unopened:
        entries["took pile unopened"] = "yes"
    if hand.turn_melds:
        entries["laid this turn"] = _ints(hand.turn_melds, " ")
    if hand.opened_before_turn:
        entries["opened before turn"] = "yes"
    if hand.result is not None:
        entries["hand result"] = _result_text(hand.result)
    return entries


def _result_text(result: HandResult) -> str:
    return (
        f"closer={_optional(result.closer)} in_mano={'yes' if result.in_mano else 'no'} "
        f"penalties={_ints(result.penalties, ',')} eliminated={_ints(result.eliminated, ',')} "
        f"reentered={_ints(result.reentered, ',')}"
    )


def _ints(values: Iterable[int], separator: str) -> str:
    return separator.join(map(str, values)) or _ABSENT


def _optional(value: int | None) -> str:
    return _ABSENT if value is None else str(value)


# -- reading -------------------------------------------------------------------


def parse_position(text: str) -> State:
    """The state a position text describes; ``RuleError("bad_position")`` otherwise."""
    if not isinstance(text, str):
        raise _bad(RuleError("position_syntax"))
    if len(text) > MAX_TEXT:
        raise _bad(RuleError("position_too_long", limit=MAX_TEXT))
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise _bad(RuleError("position_first_line", header=HEADER))
    entries: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.split())
        if not colon or not _known_key(key):
            raise _bad_line(number, line, RuleError("position_unknown"))
        if key in entries:
            raise _bad_line(number, line, RuleError("position_repeated"))
        entries[key] = (number, value.strip())
    state = _Reader(entries, lines).state()
    check_position(state)
    return state


def _known_key(key: str) -> bool:
    bare = key.removeprefix("start ")
    if bare != key:
        return bare in _HAND_KEYS or bare == "log" or _numbered(bare) in ("seat", "meld")
    return key in _FIXED or key in _HAND_KEYS or _numbered(key) is not None


def _numbered(key: str) -> str | None:
    match = _NUMBERED.fullmatch(key)
    return match.group(1) if match else None


class _Reader:
    """Reads the keyed lines into a state; every error names its line."""

    def __init__(self, entries: dict[str, tuple[int, str]], lines: list[str]) -> None:
        self.entries = entries
        self.lines = lines
        self.used: set[str] = set()

    def state(self) -> State:
        rules = self.read("rules", lambda v: Rules.from_dict(_json(v)))
        players = self.read("players", _players)
        seed = self.read("seed", _json_string)
        scores = self.read("scores", _int_list)
        out_seats = self.read("out", _int_list)
        winner = self.read("winner", _optional_int)
        results = tuple(
            self.read(f"result {n}", _result) for n in range(1, self.count("result", 1) + 1)
        )
        hand = self.hand("")
        log = tuple(self.read(f"log {n}", _log_entry) for n in range(1, self.count("log", 1) + 1))
        hand = replace(hand, log=log)
        if "start log" in self.entries:
            length = self.read("start log", int)
            if not 0 <= length <= len(log):
                self.fail("start log", RuleError("position_inconsistent", what="start log"))
            start = replace(self.hand("start "), log=log[:length])
            hand = replace(hand, turn_start=start)
        self.refuse_leftovers()
        out = tuple(seat in out_seats for seat in range(len(players)))
        return State(rules, players, seed, scores, out, hand, results, winner)

    def hand(self, prefix: str) -> Hand:
        """The hand now (``prefix`` ""), or at the turn's start ("start "): the lines
        of the start override those of the hand now; ``-`` drops one."""
        def entry(key: str) -> str | None:
            if prefix and f"{prefix}{key}" in self.entries:
                self.used.add(f"{prefix}{key}")
                value = self.entries[f"{prefix}{key}"][1]
                return None if value == _ABSENT else value
            self.used.add(key)
            return self.entries[key][1] if key in self.entries else None

        def read(key: str, parse: Callable[[str], Any], default: Any = None) -> Any:
            value = entry(key)
            if value is None:
                if default is None:
                    self.fail(key, RuleError("position_missing", fields=key))
                return default
            try:
                return parse(value)
            except (RuleError, ValueError, TypeError, KeyError, RecursionError) as error:
                self.fail(f"{prefix}{key}" if f"{prefix}{key}" in self.entries else key, error)

        header = read("hand", _hand_header)
        seats_count = self.count("seat", 0)
        seats = [read(f"seat {seat}", _seat_line) for seat in range(seats_count)]
        laid = self.count("meld", 0)
        extra = sum(1 for key in self.entries if key.startswith(f"{prefix}meld ") and prefix)
        present = [entry(f"meld {index}") is not None for index in range(laid + extra)]
        if any(present[index] and not present[index - 1] for index in range(1, len(present))):
            raise _bad(RuleError("position_inconsistent", what=f"{prefix}meld numbers"))
        melds = [read(f"meld {index}", _meld_line) for index in range(sum(present))]
        taken = read("taken from pile", Card.parse, default=_ABSENT)
        return Hand(
            number=header["number"],
            dealer=header["dealer"],
            seats=header["seats"],
            hands=tuple(cards for _, cards in seats),
            stock=read("stock", _cards, default=()),
            pile=read("pile", _cards, default=()),
            melds=tuple(melds),
            opened=tuple(opened for opened, _ in seats),
            turn=header["turn"],
            phase=header["phase"],
            turns_taken=header["turns"],
            reshuffles=header["reshuffles"],
            must_use=read("must use", _cards, default=()),
            taken_from_pile=None if taken == _ABSENT else taken,
            took_pile_unopened=read("took pile unopened", _yes, default=False),
            turn_melds=read("laid this turn", _int_list, default=()),
            opened_before_turn=read("opened before turn", _yes, default=False),
            result=read("hand result", _result, default=_ABSENT) if entry("hand result") else None,
        )

    def read(self, key: str, parse: Callable[[str], Any]) -> Any:
        self.used.add(key)
        if key not in self.entries:
            raise _bad(RuleError("position_missing", fields=key))
        try:
            return parse(self.entries[key][1])
        except (RuleError, ValueError, TypeError, KeyError, RecursionError) as error:
            self.fail(key, error)

    def count(self, kind: str, first: int) -> int:
        """How many numbered lines of ``kind`` there are, numbered from ``first`` on."""
        numbers = sorted(
            int(key.split()[1]) for key in self.entries if _numbered(key) == kind
        )
        if numbers != list(range(first, first + len(numbers))):
            raise _bad(RuleError("position_inconsistent", what=f"{kind} numbers"))
        return len(numbers)

    def refuse_leftovers(self) -> None:
        """A line nothing read (a start line without ``start log``, a meld after a gap)."""
        for key in self.entries:
            if key not in self.used:
                self.fail(key, RuleError("position_unknown"))

    def fail(self, key: str, error: Exception) -> NoReturn:
        number = self.entries[key][0] if key in self.entries else 0
        why = error if isinstance(error, RuleError) else RuleError("position_syntax")
        line = self.lines[number - 1] if number else key
        raise _bad_line(number, line, why)


def _bad(why: RuleError) -> RuleError:
    return RuleError("bad_position", why=why)


def _bad_line(number: int, line: str, why: RuleError) -> RuleError:
    shown = line if len(line) <= 60 else line[:57] + "..."
    return _bad(RuleError("position_line", line=number, text=shown, why=why))


def _json(value: str) -> object:
    if len(value) > 10_000:
        raise ValueError(value[:20])
    return json.loads(value)


def _players(value: str) -> tuple[str, ...]:
    names = _json(value)
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise ValueError(value)
    return tuple(names)


def _json_string(value: str) -> str:
    text = _json(value)
    if not isinstance(text, str):
        raise ValueError(value)
    return text


def _int(value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise ValueError(value)
    return int(value)


def _int_list(value: str) -> tuple[int, ...]:
    return () if value == _ABSENT else tuple(_int(v) for v in value.replace(",", " ").split())


def _optional_int(value: str) -> int | None:
    return None if value == _ABSENT else _int(value)


def _yes(value: str) -> bool:
    if value not in ("yes", "no"):
        raise ValueError(value)
    return value == "yes"


def _cards(value: str) -> tuple[Card, ...]:
    return tuple(parse_cards(value))


def _fields(value: str, names: Sequence[str]) -> dict[str, str]:
    """``a=1 b=2`` as a dict, with exactly the ``names`` given."""
    pairs = dict(word.partition("=")[::2] for word in value.split())
    if list(pairs) != list(names):
        raise ValueError(value)
    return pairs


def _hand_header(value: str) -> dict[str, object]:
    found = _fields(value, ("number", "dealer", "seats", "turn", "phase", "turns", "reshuffles"))
    header: dict[str, object] = {
        name: _int(found[name]) for name in ("number", "dealer", "turn", "turns", "reshuffles")
    }
    header["seats"] = _int_list(found["seats"])
    header["phase"] = Phase(found["phase"])
    return header


def _seat_line(value: str) -> tuple[bool, tuple[Card, ...]]:
    status, bar, cards = value.partition("|")
    if not bar or status.strip() not in ("opened", "closed"):
        raise ValueError(value)
    return status.strip() == "opened", tuple(sorted(parse_cards(cards)))


def _meld_line(value: str) -> TableMeld:
    owner, bar, meld = value.partition("|")
    words = owner.split()
    if not bar or len(words) != 2 or words[0] != "by":
        raise ValueError(value)
    return TableMeld(_int(words[1]), Meld.parse(meld))


def _result(value: str) -> HandResult:
    found = _fields(value, ("closer", "in_mano", "penalties", "eliminated", "reentered"))
    return HandResult(
        closer=_optional_int(found["closer"]),
        in_mano=_yes(found["in_mano"]),
        penalties=_int_list(found["penalties"]),
        eliminated=_int_list(found["eliminated"]),
        reentered=_int_list(found["reentered"]),
    )


def _log_entry(value: str) -> tuple[int, Action, Card | None]:
    seat, _, rest = value.partition(" ")
    words = rest.split()
    if words and words[0] == "take":
        if len(words) != 2:
            raise ValueError(value)
        return _int(seat), TakeDiscard(), Card.parse(words[1])
    return _int(seat), parse_action(rest), None


# -- checking --------------------------------------------------------------------


def check_position(state: State) -> None:
    """Raise ``RuleError("bad_position")`` if ``state`` is not a sound position."""
    why = position_problem(state)
    if why is not None:
        raise _bad(why)


def position_problem(state: State) -> RuleError | None:
    """What is wrong with ``state`` as a position, or ``None``."""
    hand = state.hand
    count = len(state.players)

    def wrong(what: str) -> RuleError:
        return RuleError("position_inconsistent", what=what)

    if not 2 <= count <= 6 or len(set(state.players)) != count:
        return wrong("players")
    if not len(state.scores) == len(state.out) == len(hand.hands) == len(hand.opened) == count:
        return wrong("seats")
    problem = _hand_problem(hand, state.rules, count, wrong)
    if problem is not None:
        return problem
    if (hand.phase == Phase.OVER) != (hand.result is not None):
        return wrong("hand result")
    if hand.result is not None and (not state.results or state.results[-1] != hand.result):
        return wrong("results")
    if state.winner is not None and (
        hand.phase != Phase.OVER or not 0 <= state.winner < count or state.out[state.winner]
    ):
        return wrong("winner")
    if (hand.phase == Phase.PLAY) != (hand.turn_start is not None):
        return wrong("start")
    start = hand.turn_start
    if start is not None:
        if start.phase not in (Phase.DRAW, Phase.PLAY) or start.turn_start is not None:
            return wrong("start phase")
        same = ("number", "dealer", "seats", "turn", "turns_taken", "reshuffles", "stock")
        if any(getattr(start, name) != getattr(hand, name) for name in same):
            return wrong("start hand")
        if any(start.hands[s] != hand.hands[s] for s in hand.seats if s != hand.turn):
            return wrong("start hands")
        if hand.log[: len(start.log)] != start.log:
            return wrong("start log")
        problem = _hand_problem(start, state.rules, count, wrong)
        if problem is not None:
            return problem
    return None


def _hand_problem(
    hand: Hand, rules: Rules, count: int, wrong: Callable[[str], RuleError]
) -> RuleError | None:
    seats = hand.seats
    if len(seats) < 2 or list(seats) != sorted(set(seats)) or not set(seats) <= set(range(count)):
        return wrong("seats")
    if hand.dealer not in seats:
        return wrong("dealer")
    if hand.turn not in seats:
        return wrong("turn")
    if any(hand.hands[s] for s in range(count) if s not in seats):
        return wrong("hands")
    deck = Counter(full_deck(rules.jokers))
    cards = Counter(hand.all_cards())
    if cards != deck:
        missing = format_cards(sorted((deck - cards).elements())) or _ABSENT
        extra = format_cards(sorted((cards - deck).elements())) or _ABSENT
        return RuleError("position_deck", missing=missing, extra=extra)
    if any(table_meld.owner not in seats for table_meld in hand.melds):
        return wrong("meld owner")
    if len(set(hand.turn_melds)) != len(hand.turn_melds) or any(
        not 0 <= index < len(hand.melds) or hand.melds[index].owner != hand.turn
        for index in hand.turn_melds
    ):
        return wrong("laid this turn")
    if Counter(hand.must_use) - Counter(hand.hands[hand.turn]):
        return wrong("must use")
    turn_bookkeeping = hand.must_use or hand.turn_melds or hand.took_pile_unopened
    if hand.phase != Phase.PLAY and (turn_bookkeeping or hand.taken_from_pile is not None):
        return wrong("turn outside play")
    if hand.took_pile_unopened and hand.taken_from_pile is None:
        return wrong("took pile unopened")
    if any(seat not in seats for seat, _, _ in hand.log):
        return wrong("log")
    if hand.number < 1:
        return wrong("hand number")
    return None


# -- building ------------------------------------------------------------------


def position(
    hands: Sequence[str | Iterable[Card]],
    *,
    melds: Iterable[str | tuple[int, str]] = (),
    pile: str | None = None,
    stock: str = "",
    turn: int = 0,
    opened: Iterable[int] | None = None,
    first_round: bool = False,
    rules: Rules | None = None,
    phase: Phase = Phase.DRAW,
    players: Sequence[str] | None = None,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    seed: str = "position",
) -> State:
    """A position from its hands and table, the bookkeeping filled in.

    ``hands`` (one per seat, in notation), ``melds`` (``"notation"``, laid by
    seat 0, or ``(owner, "notation")``), ``pile`` (bottom to top; by default
    one card of the rest of the deck) and ``stock`` (its top cards, the last
    drawn first) are placed as said; the rest of the deck goes under the
    stock, in an order fixed by ``seed``. ``opened`` lists the seats that
    have opened (default: the melds' owners); ``first_round`` says nobody
    has had a turn yet (otherwise every seat has). ``phase`` is ``draw`` or
    ``play`` (as right after a stock draw). The result is checked as
    :func:`parse_position` checks a text.

    >>> state = position(["AS 2S", "KD KC", "7H 8H"], melds=[(2, "QH QD QC")], turn=1)
    >>> state.hand.opened, state.hand.dealer, state.hand.turns_taken
    ((False, False, True), 0, 3)
    """
    rules = rules or Rules()
    count = len(hands)
    held = [tuple(sorted(parse_cards(h) if isinstance(h, str) else h)) for h in hands]
    table = []
    for meld in melds:
        owner, text = (0, meld) if isinstance(meld, str) else meld
        table.append(TableMeld(owner, Meld.parse(text)))
    owners = {table_meld.owner for table_meld in table}
    flags = tuple(seat in (owners if opened is None else set(opened)) for seat in range(count))
    placed = Counter(card for cards in held for card in cards)
    for table_meld in table:
        placed.update(table_meld.meld.cards)
    top = parse_cards(stock)
    shown_pile = parse_cards(pile) if pile is not None else []
    placed.update(top)
    placed.update(shown_pile)
    rest = Counter(full_deck(rules.jokers)) - placed
    remaining = sorted(rest.elements())
    random.Random(seed).shuffle(remaining)
    if pile is None:
        natural = next((c for c in remaining if not c.is_joker), None)
        if natural is not None:
            remaining.remove(natural)
            shown_pile = [natural]
    seats = tuple(range(count))
    hand = Hand(
        number=1,
        dealer=(turn - 1) % count if dealer is None else dealer,
        seats=seats,
        hands=tuple(held),
        stock=(*remaining, *top),
        pile=tuple(shown_pile),
        melds=tuple(table),
        opened=flags,
        turn=turn,
        phase=Phase(phase),
        turns_taken=0 if first_round else count,
        opened_before_turn=0 <= turn < count and flags[turn],
    )
    if hand.phase == Phase.OVER:
        raise _bad(RuleError("position_inconsistent", what="phase"))
    if hand.phase == Phase.PLAY:
        hand = replace(hand, turn_start=hand)
    names = tuple(players) if players is not None else tuple(f"P{seat}" for seat in seats)
    state = State(
        rules, names, seed, tuple(scores or (0,) * count), (False,) * count, hand
    )
    check_position(state)
    return state


__all__ = ["check_position", "parse_position", "position", "position_problem", "write_position"]
