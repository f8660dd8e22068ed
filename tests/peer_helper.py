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
from web.friends.guest import GuestTable
from web.friends.host import HostTable, Outgoing

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
        out = self.host.receive(text, seat)
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


#: The modules of web/friends/ that speak the protocol and import nothing of the page.
PEER_MODULES = ("codec", "errors", "guest", "host", "phrases", "protocol", "stun")


def with_peer_modules(code: str) -> str:
    """``code`` preceded by lines that write ``web/__init__.py``, the catalog's door
    (``web/i18n/__init__.py``: the languages a refusal is sent in) and the protocol's
    modules of ``web/friends/`` (:data:`PEER_MODULES`) into the working directory: the
    Pyodide runner ships ``scala40/`` only."""
    repo = Path(__file__).resolve().parent.parent
    friends = repo / "web" / "friends"
    files = [repo / "web" / "__init__.py", repo / "web" / "i18n" / "__init__.py",
             friends / "__init__.py",
             *(friends / f"{name}.py" for name in PEER_MODULES)]
    sources = {path.relative_to(repo).as_posix(): path.read_text("utf-8") for path in files}
    setup = [
        "import json as _json, os as _os",
        f"for _name, _text in _json.loads({json.dumps(json.dumps(sources))}).items():",
        "    _os.makedirs(_os.path.dirname(_name), exist_ok=True)",
        "    open(_name, 'w', encoding='utf-8').write(_text)",
    ]
    return "\n".join([*setup, code])


# -- the shared table through the real page (tests/e2e/test_friends.py, bench/peer.py) --

#: Longest wait for a page to show something (a shared, slow machine: generous).
PAGE_TIMEOUT_MS = 60_000


def simple_hand(players: list[str]) -> tuple[str, list[tuple[int, Any]]]:
    """A seed whose first hand easy bots play with draws, plain melds and discards only
    (each is one click or a few in the page), and its (seat, action) list."""
    from scala40 import Discard, DrawStock, LayMeld, TakeDiscard, observe
    from scala40.bots import make_bot

    for number in range(300):
        seed = f"friends-{number}"
        game = Game.new(players, seed=seed)
        bots = [make_bot("easy", random.Random(i)) for i in range(len(players))]
        actions = []
        while not game.state.hand_over:
            seat = game.state.to_move
            action = bots[seat].choose(observe(game.state, seat))
            actions.append((seat, action))
            game.play(action)
        plain = all(
            isinstance(a, DrawStock | TakeDiscard | Discard)
            or (isinstance(a, LayMeld) and not any(c.is_joker for c in a.cards))
            for _, a in actions
        )
        if plain and len(actions) < 90:
            return seed, actions
    raise LookupError("no simple hand in 300 seeds")


def invitation(host_page: Any, seat: int, old: str = "") -> str:
    """Seat's invitation link on the host's screen (a new one, when ``old`` is given)."""
    host_page.wait_for_function(
        "([seat, old]) => { const box = document.querySelector("
        "`.invite-text[data-seat=\"${seat}\"]`);"
        " return box && box.value.includes('#join=') && box.value !== old; }",
        arg=[seat, old], timeout=PAGE_TIMEOUT_MS)
    return str(host_page.locator(f'.invite-text[data-seat="{seat}"]').input_value())


def carry(host_page: Any, guest_page: Any, seat: int, old: str = "",
          seated: str = ".hand .in-hand") -> str:
    """Carry seat's invitation to the guest's page and its answer back, as text (what a
    messenger would do), until the guest is seated (``seated`` shows: its hand, or at a
    hand's end the score sheet); return the invitation."""
    link = invitation(host_page, seat, old)
    guest_page.evaluate("(url) => { location.hash = url.split('#')[1]; }", link)
    answer = guest_page.locator(".answer-out")
    answer.wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    host_page.locator(f'.answer-text[data-seat="{seat}"]').fill(answer.input_value())
    host_page.locator(f'[data-act="accept"][data-arg="{seat}"]').click()
    guest_page.locator(seated).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    return link


def play_in_page(page: Any, action: Any) -> None:
    """Play ``action`` (one of :func:`simple_hand`'s) with clicks, as a player would."""
    from scala40 import DrawStock, LayMeld, TakeDiscard

    if isinstance(action, DrawStock):
        page.locator('[data-act="draw"]').click()
    elif isinstance(action, TakeDiscard):
        page.locator('[data-act="take"]').click()
    else:
        cards = action.cards if isinstance(action, LayMeld) else (action.card,)
        for card in cards:
            page.locator(f'.hand .in-hand[data-card="{card}"]:not(.sel)').first.click()
        page.locator('[data-act="lay"]' if isinstance(action, LayMeld)
                     else '[data-act="discard"]').click()
        chooser = page.locator(".choice .option")
        if chooser.count():
            chooser.first.click()
