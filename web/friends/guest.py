"""The guest's side of a shared table: the last observation, and moves as messages.

A :class:`GuestTable` decides nothing: it turns the player's moves into
messages for the host (an action as its record line, with the step of the
table it was chosen on) and keeps the latest table the host sent. A
refusal comes back as a code and facts and is rendered here, in this
device's language.

Order and duplicates: every host message carries the whole table, so the
newest one wins. The guest keeps the ``seq`` of the last host message it
took; one at or below it is a duplicate or was overtaken, and is dropped.
A ``welcome`` answering this device's latest ``join`` starts the count
afresh (the host may have reloaded and counts from 1 again).

Quick messages: :meth:`GuestTable.say` asks the host to pass one on; what the host
relays (this device's own included, once the host took it) waits in
:attr:`GuestTable.heard` as ``(seat, phrase)`` until the page shows it.

>>> guest = GuestTable(Ticket("m", 1, "secret"))
>>> guest.join("Bea")
'{"v":3,"type":"join","match":"m","seq":1,"seat":1,"token":"secret","name":"Bea"}'
>>> guest.act("draw")
Traceback (most recent call last):
web.friends.errors.PeerError: You are not seated yet: wait for the host to confirm.
"""

from __future__ import annotations

from typing import Any

from scala40 import RuleError
from scala40.actions import Action
from scala40.observation import Observation
from web.friends import protocol
from web.friends.codec import CodecError, from_json
from web.friends.errors import PeerError
from web.friends.protocol import HOST_LIMIT, HOST_MESSAGES, Message, Ticket


class GuestTable:
    """One seat played on this device; see the module docstring."""

    def __init__(self, ticket: Ticket):
        self.ticket = ticket
        self.observation: Observation | None = None
        self.names: list[str] = []  # the seats' names, as the host shows them
        self.step: int | None = None
        self.can_undo = False
        self.refusal: RuleError | None = None  # the last one, until the table changes
        self.waiting: int | None = None  # seq of the move sent and not answered yet
        self._seq = 0  # seq of the last message sent
        self._join_seq: int | None = None
        self._heard = 0  # seq of the last host message taken
        #: quick messages the host relayed, (seat, phrase), until the page takes them
        self.heard: list[tuple[int, str]] = []

    @property
    def seated(self) -> bool:
        return self.observation is not None

    @property
    def awaiting_welcome(self) -> bool:
        """A join was sent and no welcome has answered it (or a later join) yet."""
        return self._join_seq is not None

    def join(self, name: str = "") -> str:
        """The message that sits this device at its seat (also after a drop or a reload),
        with the name its player gave ("" for none: the seat keeps the host's name)."""
        self._join_seq = self._next_seq()
        return self._write("join", self._join_seq, name=name)

    def act(self, action: Action | str) -> str:
        """The message proposing ``action`` (the host checks it)."""
        seq = self._move_seq()
        return self._write("action", seq, step=self.step, action=str(action))

    def undo(self) -> str:
        """The message asking to take back this turn's last action."""
        seq = self._move_seq()
        return self._write("undo", seq, step=self.step)

    def say(self, phrase: str) -> str:
        """The message asking the host to pass the quick message ``phrase`` on to the
        table (not a move: it waits for no answer)."""
        if self.observation is None:
            raise PeerError("peer_not_joined")
        return self._write("quick", self._next_seq(), phrase=phrase)

    def receive(self, text: object) -> RuleError | None:
        """Take one host message; return the refusal to show, if any (never raises)."""
        try:
            message = protocol.read(text, HOST_MESSAGES, HOST_LIMIT)
            if message.match != self.ticket.match:
                raise PeerError("peer_wrong_match")
            self._take(message)
        except PeerError as error:
            return error
        if message.type == "refused":
            return self.refusal
        return None

    def _take(self, message: Message) -> None:
        fields = message.fields
        if message.type == "quick":
            players = len(self.names)
            if message.seq > self._heard and 0 <= fields["seat"] < players:
                self._heard = message.seq
                self.heard.append((fields["seat"], fields["phrase"]))
            return
        refusal = None
        if message.type == "refused":
            refusal = protocol.refusal_from_json(fields["error"])
        answers_join = message.type == "welcome" and fields["reply_to"] == self._join_seq
        fresh = answers_join or message.seq > self._heard
        if fresh and fields["observation"] is not None:
            view = _observation(fields["observation"])
            if view.seat != self.ticket.seat:
                reason = PeerError("peer_bad_field", field="observation.seat", expected="my seat")
                raise protocol.bad_message(reason)
            names = fields["names"]
            if names is None or len(names) != len(view.players):
                reason = PeerError("peer_bad_field", field="names", expected="one per player")
                raise protocol.bad_message(reason)
            self.observation, self.names = view, names
            self.step = fields["step"]
            self.can_undo = fields["can_undo"]
            self._heard = message.seq
            self.refusal = None
        if answers_join or (fields["reply_to"] is not None and fields["reply_to"] == self.waiting):
            self.waiting = None  # answered; or seated afresh, the table shows what came of it
        if answers_join:
            self._join_seq = None
        if refusal is not None:
            self.refusal = refusal

    def _move_seq(self) -> int:
        if self.observation is None:
            raise PeerError("peer_not_joined")
        self.waiting = self._next_seq()
        return self.waiting

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _write(self, kind: str, seq: int, **fields: Any) -> str:
        ticket = self.ticket
        seat, token = ticket.seat, ticket.token
        return protocol.write(kind, ticket.match, seq, seat=seat, token=token, **fields)


def _observation(data: dict[str, Any]) -> Observation:
    """The observation in a host message, or ``peer_bad_message`` naming the bad field."""
    try:
        view: Observation = from_json(data, Observation, "observation")
    except CodecError as error:
        reason = PeerError("peer_bad_field", field=error.where, expected=error.expected)
        raise protocol.bad_message(reason) from None
    _check_consistent(view)
    return view


def _check_consistent(view: Observation) -> None:
    """What the table's drawing relies on: one entry per player, seats in range."""
    players = len(view.players)
    lengths = (len(view.scores), len(view.out), len(view.hand_counts), len(view.opened))
    seats = (view.seat, view.turn, view.dealer, *view.seats)
    if (
        not 2 <= players <= 6
        or any(n != players for n in lengths)
        or not all(0 <= seat < players for seat in seats)
    ):
        reason = PeerError("peer_bad_field", field="observation", expected="one entry per player")
        raise protocol.bad_message(reason)
