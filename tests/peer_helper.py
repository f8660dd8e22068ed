"""A shared table in one process: a HostTable, a GuestTable per remote seat, and a
wire between them that records every message with the true state it was sent in.

``Wire.deliver`` plays the host's connection layer: an :class:`Outgoing` for a
seat goes to that seat's guest, one for ``None`` back to the sender. Each
message a guest gets is kept as a :class:`Sent` with the host's state at the
moment it was written, so a test can check it against the truth.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scala40 import Rules, State, apply, full_deck, legal_actions, new_match
from scala40.record import Game
from web.peer.guest import GuestTable
from web.peer.host import HostTable, Outgoing

CARD_NAMES = {str(card) for card in full_deck()}

#: Message keys whose strings are never cards (names, secrets, rendered texts).
NOT_CARDS = ("players", "token", "match", "text", "rules")


@dataclass(frozen=True)
class Sent:
    """A host message as delivered to ``seat``, and the host's true state then."""

    seat: int
    text: str
    state: State


@dataclass
class Wire:
    """A host and its guests, connected in memory."""

    host: HostTable
    guests: dict[int, GuestTable]
    sent: list[Sent] = field(default_factory=list)
    refusals: list[tuple[int, Any]] = field(default_factory=list)

    @staticmethod
    def new(players: list[str], seed: int = 1, rules: Rules | None = None) -> Wire:
        host = HostTable(Game.new(players, seed, rules), remote=range(len(players)))
        wire = Wire(host, {seat: GuestTable(ticket) for seat, ticket in host.tickets.items()})
        for seat in wire.guests:
            wire.send(seat, wire.guests[seat].join())
        return wire

    def send(self, seat: int, text: str) -> list[Outgoing]:
        """A message from ``seat``'s guest to the host, and the host's answers delivered."""
        out = self.host.receive(text)
        self.deliver(seat, out)
        return out

    def deliver(self, sender: int | None, out: list[Outgoing]) -> None:
        for message in out:
            seat = sender if message.seat is None else message.seat
            assert seat is not None
            self.sent.append(Sent(seat, message.text, self.host.game.state))
            refusal = self.guests[seat].receive(message.text)
            if refusal is not None:
                self.refusals.append((seat, refusal))

    def reload_guest(self, seat: int) -> GuestTable:
        """``seat``'s page reloaded: a fresh guest with the same ticket, joined again."""
        self.guests[seat] = GuestTable(self.host.tickets[seat])
        self.send(seat, self.guests[seat].join())
        return self.guests[seat]


def card_words(data: Any, key: str = "") -> Iterator[str]:
    """Every card named anywhere in a JSON message: strings split at spaces and ``=``
    (``"meld 4S JK=5S"`` names 4S, JK and 5S), skipping keys that are never cards."""
    if key in NOT_CARDS:
        return
    if isinstance(data, dict):
        for name, value in data.items():
            yield from card_words(value, name)
    elif isinstance(data, list):
        for item in data:
            yield from card_words(item, key)
    elif isinstance(data, str):
        for word in data.replace("=", " ").split():
            if word in CARD_NAMES:
                yield word


def public_cards(state: State, seat: int) -> set[str]:
    """What ``seat`` may know by name, from the true state: its own hand, the pile,
    the table (the cards jokers stand for too), and every card named by the hand's
    public log (cards laid, attached, discarded, taken from the pile)."""
    hand = state.hand
    known = {str(card) for card in (*hand.hands[seat], *hand.pile)}
    for table_meld in hand.melds:
        known.update(str(card) for card in table_meld.meld.cards)
        if table_meld.meld.joker_as is not None:
            known.add(str(table_meld.meld.joker_as))
    for _, action, taken in hand.log:
        known.update(word for word in str(action).replace("=", " ").split() if word in CARD_NAMES)
        if taken is not None:
            known.add(str(taken))
    return known


def leaked_cards(sent: Sent) -> set[str]:
    """Cards a message names that its seat may not know (empty when it is sound)."""
    return set(card_words(json.loads(sent.text))) - public_cards(sent.state, sent.seat)


def reachable_state(seed: int, players: int, rules: Rules, steps: int) -> State:
    """The state after up to ``steps`` random legal actions from a real deal."""
    state = new_match([f"P{n}" for n in range(players)], seed, rules)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, chooser.choice(legal_actions(state)))
    return state


def with_peer_modules(code: str) -> str:
    """``code`` preceded by lines that write ``web/__init__.py`` and ``web/peer/*.py``
    into the working directory: the Pyodide runner ships ``scala40/`` only."""
    repo = Path(__file__).resolve().parent.parent
    files = [repo / "web" / "__init__.py", *sorted((repo / "web" / "peer").glob("*.py"))]
    sources = {path.relative_to(repo).as_posix(): path.read_text("utf-8") for path in files}
    setup = [
        "import json as _json, os as _os",
        f"for _name, _text in _json.loads({json.dumps(json.dumps(sources))}).items():",
        "    _os.makedirs(_os.path.dirname(_name), exist_ok=True)",
        "    open(_name, 'w', encoding='utf-8').write(_text)",
    ]
    return "\n".join([*setup, code])
