"""The host's side of a shared table: the host's engine is the only referee.

A :class:`HostTable` holds the match (a :class:`~scala40.record.Game`, saved
and undone as at a local table) and the remote seats with their tokens. It
reads each guest message, applies a guest's action only when the token
matches and that seat is to move, and answers every remote seat with its own
:class:`~scala40.observation.Observation` only: never another hand, never
the stock. A refusal goes back as a code and facts, rendered by the guest.

Every call returns the messages to send as :class:`Outgoing` values; the
host's connection layer delivers them (``seat=None``: back to the device
the answered message came from, which may not have proved a seat yet). Each
connection is made for one seat (its invitation), and only that seat speaks
on it: a message naming another seat is refused whatever token it carries
(an invitation link posted in a group chat shows every seat's token). A
``join`` on a seat's new connection (the same player after a drop) seats the
player there: the connection layer sends the seat's later messages there.

Names: every table sent names every seat (``names``: as the host's table shows
them, the guests' own choices included). A ``join`` carries the name its player
gave; ``shown_name`` (given by :class:`web.friends.seats.RemoteSeats`: clamped,
and "" for none or a form's "You") says how it is shown, and a seat given none
keeps its name. A name that changes reaches every other seated guest at once.

Quick messages (``quick``: one of :data:`~web.friends.phrases.PHRASES`, never text):
the host relays one to every seated guest, the sender's device included, naming the
seat of the connection it came on (never a seat the message claims), and keeps it in
:attr:`HostTable.heard` for its own screen; the host's own player sends with
:meth:`HostTable.say`. Each seat may send :data:`QUICK_BURST` in :data:`QUICK_WINDOW_S`
seconds, :data:`QUICK_GAP_S` apart; one more is refused (``peer_quick_too_fast``),
whatever the guest's page allowed.

A rematch is the next match on the same tickets (:meth:`HostTable.next_match`): the
guests seated stay seated, and the tables they get from then on are of the new game.

A move that passes these checks is made by ``play`` (given by the table
around the match, :class:`web.friends.seats.RemoteSeats`, so a friend's
move does all that any move does there); a ``HostTable`` alone plays it on
its game.

Order and duplicates: the host keeps, per seat, the last ``seq`` it read.
A message at or below it is a duplicate and changes nothing (no answer); one
that skips numbers is refused with ``peer_out_of_order`` and the table as it
is (a resync). A ``join`` proves the token and sets the count afresh, so a
guest that reloads its page starts again at 1. Each change of the match
bumps ``step``; an action names the step it was chosen at, and one chosen
at an older step is refused with ``peer_stale`` rather than applied to a
table its player did not see.

>>> from scala40.record import Game
>>> host = HostTable(Game.new(["Anna", "Bruno"], seed=3), remote=[1], match_id="m")
>>> host.tickets[1].seat
1
>>> from web.friends.guest import GuestTable
>>> [refused] = host.receive(GuestTable(host.tickets[1]).join(), link=0)  # seat 0's link
>>> "peer_bad_seat" in refused.text
True
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scala40 import NextHand, RuleError, observe, parse_action
from scala40.actions import Action
from scala40.observation import Observation
from scala40.record import Game
from web.friends import protocol
from web.friends.codec import to_json
from web.friends.errors import PeerError
from web.friends.protocol import GUEST_LIMIT, GUEST_MESSAGES, Message, Ticket

#: Makes a guest's move on the match: (action, or None to take the last one back);
#: raises ``RuleError`` when the engine refuses it.
Play = Callable[[Action | None], None]

#: Quick messages a seat may send: this many in a window of this many seconds, each at
#: least the gap after the last (a table of friends, not a chat: and no device floods
#: the others' screens and screen readers).
QUICK_BURST = 3
QUICK_WINDOW_S = 10.0
QUICK_GAP_S = 1.0


@dataclass(frozen=True)
class Outgoing:
    """A message for the device on ``seat`` (``None``: the device that sent the last one)."""

    seat: int | None
    text: str


class HostTable:
    """A match shared with guests on other devices; see the module docstring."""

    def __init__(
        self,
        game: Game,
        remote: Iterable[int],
        match_id: str | None = None,
        tokens: dict[int, str] | None = None,
        play: Play | None = None,
        names: list[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.game = game
        self.play: Play = play or self._play_on_game
        #: the seats' names the guests are shown (the record's unless given)
        self.names = list(names or game.state.players)
        #: how a name a guest gave is shown ("" for none: the seat keeps its name)
        self.shown_name: Callable[[str], str] = str.strip
        self.match_id = match_id or secrets.token_urlsafe(9)
        seats = sorted(set(remote))
        tokens = tokens or {seat: secrets.token_urlsafe(12) for seat in seats}
        self.tickets = {seat: Ticket(self.match_id, seat, tokens[seat]) for seat in seats}
        self.step = 0
        self.joined: set[int] = set()
        self._sent = dict.fromkeys(seats, 0)  # seq of the last message sent to each seat
        self._heard = dict.fromkeys(seats, 0)  # seq of the last message read from each seat
        self.clock = clock  # seconds, for the quick messages' limit
        self._quick: dict[int, list[float]] = {}  # each seat's quick messages in the window
        #: quick messages for this device's screen, (seat, phrase), until the page takes them
        self.heard: list[tuple[int, str]] = []

    # -- guests ---------------------------------------------------------------------

    def receive(self, text: object, link: int) -> list[Outgoing]:
        """Read one message that came over the connection made for seat ``link`` and
        return what to send because of it."""
        try:
            message = protocol.read(text, GUEST_MESSAGES, GUEST_LIMIT)
        except PeerError as error:  # garbage, a foreign version, a wrong field
            return [self._refusal(None, error, None)]
        fields = message.fields
        if message.match != self.match_id:
            return [self._refusal(None, PeerError("peer_wrong_match"), message.seq)]
        seat = fields["seat"]
        if seat != link or not self._token_fits(seat, fields["token"]):
            return [self._refusal(None, PeerError("peer_bad_seat", seat=seat), message.seq)]
        if message.type == "join":
            self._heard[seat] = message.seq
            self.joined.add(seat)
            renamed = self.rename(seat, self.shown_name(fields["name"]) or self.names[seat])
            return [self._state(seat, "welcome", message.seq), *renamed]
        if seat not in self.joined:
            return [self._refusal(seat, PeerError("peer_not_joined"), message.seq)]
        expected = self._heard[seat] + 1
        if message.seq < expected:
            return []  # a duplicate: already answered
        self._heard[seat] = message.seq
        if message.seq > expected:
            gap = PeerError("peer_out_of_order", expected=expected, got=message.seq)
            return [self._refusal(seat, gap, message.seq, resync=True)]
        if message.type == "quick":
            try:
                return self.say(link, fields["phrase"])
            except PeerError as refusal:
                return [self._refusal(seat, refusal, message.seq)]
        try:
            action = None if message.type == "undo" else parse_action(fields["action"])
            self._check_move(seat, message, action)
            self.play(action)
        except PeerError as refusal:
            return [self._refusal(seat, refusal, message.seq, resync=True)]
        except RuleError as illegal:
            return [self._refusal(seat, illegal, message.seq)]
        return self._changed(seat, message.seq)

    def _play_on_game(self, action: Action | None) -> None:
        if action is None:
            self.game.undo()
        else:
            self.game.play(action)

    def _token_fits(self, seat: int, token: str) -> bool:
        ticket = self.tickets.get(seat)
        return ticket is not None and hmac.compare_digest(ticket.token.encode(), token.encode())

    def _check_move(self, seat: int, message: Message, action: Action | None) -> None:
        """A guest's move is for the table as it is now, and its seat's to make; the next
        hand is the host's to deal, as every device's score sheet says, whoever closed."""
        if message.fields["step"] != self.step:
            raise PeerError("peer_stale")
        if isinstance(action, NextHand):
            raise PeerError("peer_host_deals")
        to_move = self.game.state.to_move
        if to_move != seat:
            raise PeerError("peer_not_your_turn", player=self.game.state.players[to_move])

    # -- the host's own seats (its player, hot-seat players and bots) ----------------

    def release(self, seat: int) -> None:
        """The seat is played on the host from now on (a bot took it over): its
        token acts no more, and its device gets no more messages."""
        self.tickets.pop(seat, None)
        self.joined.discard(seat)

    def say(self, seat: int, phrase: str) -> list[Outgoing]:
        """``seat`` says the quick message ``phrase`` (an id of ``PHRASES``): to every
        seated guest and to this device; ``peer_quick_too_fast`` past the seat's limit."""
        now = self.clock()
        sent = [at for at in self._quick.get(seat, []) if now - at < QUICK_WINDOW_S]
        if len(sent) >= QUICK_BURST or (sent and now - sent[-1] < QUICK_GAP_S):
            raise PeerError("peer_quick_too_fast")
        self._quick[seat] = [*sent, now]
        self.heard.append((seat, phrase))
        return [Outgoing(guest, self._write(guest, "quick", seat=seat, phrase=phrase))
                for guest in sorted(self.joined)]

    def rename(self, seat: int, name: str) -> list[Outgoing]:
        """``seat`` is called ``name`` from now on: the table for every other seated
        guest if that changes a name (the match has not changed: the step stays)."""
        if self.names[seat] == name:
            return []
        self.names[seat] = name
        return [self._state(other, "state", None) for other in sorted(self.joined - {seat})]

    def next_match(self, game: Game) -> list[Outgoing]:
        """The table's next match (a rematch: the same seats, new cards) is ``game``: the
        same secrets and links, so no invitation is made again; every seated guest gets
        its view of it, in its count of messages as before."""
        self.game = game
        return self._changed(None, None)

    def updates(self) -> list[Outgoing]:
        """The table as it is now, for every seated guest, after a change made outside
        this object: a move of the host's own seats (played on the same game by the
        host's table, whose watcher calls this: web/friends/seats.py), a seat handed to
        a bot."""
        return self._changed(None, None)

    # -- messages ---------------------------------------------------------------------

    def _changed(self, actor: int | None, reply_to: int | None) -> list[Outgoing]:
        self.step += 1
        return [
            self._state(seat, "state", reply_to if seat == actor else None)
            for seat in sorted(self.joined)
        ]

    def _state(self, seat: int, kind: str, reply_to: int | None) -> Outgoing:
        return Outgoing(seat, self._write(seat, kind, reply_to=reply_to, **self._table(seat)))

    def _table(self, seat: int) -> dict[str, object]:
        view = observe(self.game.state, seat)
        can_undo = self.game.can_undo and self.game.state.to_move == seat
        return {"step": self.step, "can_undo": can_undo, "observation": to_json(view, Observation),
                "names": list(self.names)}

    def _refusal(
        self, seat: int | None, error: RuleError, reply_to: int | None, resync: bool = False
    ) -> Outgoing:
        table = self._table(seat) if resync and seat is not None else {}
        return Outgoing(
            seat,
            self._write(
                seat,
                "refused",
                reply_to=reply_to,
                error=protocol.refusal_to_json(error),
                text=protocol.refusal_text(error),
                step=table.get("step"),
                can_undo=bool(table.get("can_undo")),
                observation=table.get("observation"),
                names=table.get("names"),
            ),
        )

    def _write(self, to: int | None, kind: str, **fields: object) -> str:
        """A message to seat ``to``, numbered in that seat's count (a device that proved
        no seat gets ``seq`` 1: it has no count to keep)."""
        seq = 1
        if to is not None:
            self._sent[to] += 1
            seq = self._sent[to]
        return protocol.write(kind, self.match_id, seq, **fields)
