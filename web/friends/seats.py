"""Seats played on other devices, behind the same table code as local seats and bots.

The :class:`~web.table.table.Table` does not care where a seat is played:

- on the **host**, a :class:`RemoteSeats` is a source of the remote players'
  actions (their messages, read by the host's :class:`~web.friends.host.HostTable`
  around the very ``Game`` the local session plays) and a sink of the table:
  it watches the table (``Table.watchers``) and sends every change on, each
  guest getting its own seat's observation only;
- on a **guest**, the table's session is a :class:`GuestSession`: it is drawn
  like any session, from a game at a state rebuilt from the last observation, and its
  ``play`` / ``undo`` become messages to the host instead of moves. The match
  is the host's: this device keeps none of it (``kept_here``).

Names: the host's table names a friend's seat as the friend chose (the ``join``'s
name, kept with the seats); every table sent to the guests names every seat, the
host's own never "You" (:func:`names_for_guests`), and a guest's table shows those
names, the player at that device spoken to in the second person as anywhere.

The rebuilt state fills the other hands and the stock with unseen cards at
random (``scala40.determinize``): the table draws only the viewer's hand and
the others' counts, so nothing drawn depends on those cards (a test renders a
guest's table from two samples and finds the same markup).

Connections (WebRTC links) are the page's business (:mod:`web.friends.page`):
this module sees text in, text out, and runs in CPython.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from scala40 import Action, DrawStock, NextHand, RuleError, TakeDiscard, determinize
from scala40.bots import DEFAULT_LEVEL
from scala40.observation import Observation
from scala40.record import Game
from scala40.state import State
from web.friends.errors import PeerError
from web.friends.quick import Chat
from web.i18n import BOT_NAMES, is_placeholder_name
from web.store.seat import Seat, clamp_name
from web.table.session import Session
from web.table.shown import Effect
from web.table.table import Before, Table

if TYPE_CHECKING:  # made by web/friends/page.py, which imports them when needed
    from web.friends.guest import GuestTable
    from web.friends.host import HostTable, Outgoing

#: A message for the device on a seat: (seat, text) -> delivered?
Send = Callable[[int, str], bool]


class RemoteSeats:
    """The host's remote seats: their messages in, the table out (see the module docstring).

    A friend's move takes the path every move takes (:meth:`Table.move`, as the
    host's own and its bots'): the host checks who may speak and when, then the
    table plays it and does all that follows (the save, the sheet, the match
    counted and kept, the cues, the friends' devices told)."""

    def __init__(self, table: Table, host: HostTable, send: Send) -> None:
        assert table.session is not None and table.session.game is host.game
        self.table = table
        self.host = host
        self.send = send
        self.answering: int | None = None  # the seat whose move the table is making
        self.chat = Chat()  # the quick messages this device shows (web/friends/quick.py)
        host.play = self.play
        host.shown_name = given_name
        seat, name = self.own_seat, given_name(table.settings.name)
        if seat is not None and name and is_placeholder_name(table.session.seats[seat].name):
            table.session.seats[seat].name = name  # the name this device's player gave
            table.saves.save_game(table.session)
        host.names = names_for_guests(table.session.names)
        table.watchers.append(self.changed)

    def close(self) -> None:
        """The match is over here (left, or replaced): stop sending the table on."""
        self.table.watchers.remove(self.changed)

    @property
    def seats(self) -> list[int]:
        """The seats still played on other devices."""
        return sorted(self.host.tickets)

    @property
    def own_seat(self) -> int | None:
        """The seat of the player at this device ("Your name" names it); None when the
        host's seats are bots, or several people share this device (the form named them)."""
        session = self.table.session
        return session.humans[0] if session is not None and len(session.humans) == 1 else None

    def changed(self) -> None:
        """The match changed on this device: every seated guest gets its view of it (a
        friend's own move is answered by :meth:`receive`, the mover's copy naming it)."""
        if self.answering is None:
            self.deliver(self.host.updates(), None)

    def plays_the_table(self) -> bool:
        """Whether the table's match is this shared one: the match hosted, or its rematch
        (the match hosted is over, and the table's new one has the same seats played on
        other devices), which the friends then play on their links with the same
        secrets (:meth:`HostTable.next_match`): seated, no invitation made again."""
        session = self.table.session
        host = self.host
        if session is None or isinstance(session, GuestSession):
            return False
        if session.game is host.game:
            return True
        remote = [seat for seat, kind in enumerate(session.seats) if kind.is_remote]
        if not host.game.state.is_over or remote != self.seats \
                or len(session.seats) != len(host.game.state.players):
            return False
        self.deliver(host.next_match(session.game), None)
        return True

    def receive(self, seat: int, text: str) -> None:
        """A message that came over ``seat``'s connection (a ``join`` may name the seat)."""
        self.deliver(self.host.receive(text, seat), seat)
        self.chat.hear(self.table, self.host.heard)
        session = self.table.session
        assert session is not None
        if session.seats[seat].name != self.host.names[seat]:
            session.seats[seat].name = self.host.names[seat]
            self.table.saves.save_game(session)
            self.table.redraw()

    def say(self, phrase: str) -> None:
        """The player at this device sends the quick message ``phrase`` (refused past the
        seat's limit: said in the message bar)."""
        session, seat = self.table.session, self.own_seat
        if session is None or seat is None:
            return
        try:
            self.deliver(self.host.say(seat, phrase), None)
        except PeerError as refusal:
            session.tell("error", refusal.message, self.table.lang)
            self.table.redraw()
        self.chat.hear(self.table, self.host.heard)

    def rename(self, seat: int, name: str) -> None:
        """A player of this device is called ``name`` (given: see :func:`given_name`):
        here, in the save and on every friend's table."""
        session = self.table.session
        assert session is not None
        session.seats[seat].name = name
        self.table.saves.save_game(session)
        self.deliver(self.host.rename(seat, name), None)
        self.table.redraw()

    def play(self, action: Action | None) -> None:
        """A friend's move the host accepted (``None``: take back the last action), made
        by the table; raises the engine's refusal."""
        table = self.table
        self.answering = table.session.to_move if table.session is not None else None
        try:
            error = table.take_back() if action is None else table.move(action)
        finally:
            self.answering = None
        if error is not None:
            raise error
        table.effects.add(Effect.BOTS)

    def deliver(self, messages: list[Outgoing], came_from: int | None) -> None:
        for message in messages:
            seat = message.seat if message.seat is not None else came_from
            if seat is not None:
                self.send(seat, message.text)

    def hand_to_bot(self, seat: int, level: str = DEFAULT_LEVEL) -> None:
        """A player who stays away: a bot of this device plays their seat from now on."""
        session = self.table.session
        assert session is not None
        self.host.release(seat)
        session.seats[seat] = Seat(session.seats[seat].name, "bot", level)
        self.table.saves.save_game(session)
        self.table.redraw()
        self.table.effects.add(Effect.BOTS)


class GuestSession(Session):
    """A session on a guest's device: drawn from the host's last observation; a move
    is sent to the host (``outbox``), which answers with the table as it is then.
    Made once the host's ``welcome`` seated ``guest`` (``guest.observation`` set)."""

    def __init__(self, guest: GuestTable, outbox: Callable[[str], object]) -> None:
        view = guest.observation
        assert view is not None
        super().__init__(Game(_drawn(view)), [], match_id=guest.ticket.match)
        self.seats = self.named(guest)
        self.guest = guest
        self.outbox = outbox
        self.viewer = view.seat
        self.chat = Chat()  # the quick messages this device shows (web/friends/quick.py)
        self.arrange()

    def take(self, text: str, lang: str) -> bool:
        """A host message: the table follows it; a refusal is shown in ``lang``.
        True if anything shown changed."""
        guest = self.guest
        shown = guest.observation
        refusal = guest.receive(text)
        changed = guest.observation is not shown  # a newer table came
        if changed:
            assert guest.observation is not None
            seat = guest.ticket.seat
            before = Counter(self.state.hand.hands[seat]) if self.state.hand.seats else Counter()
            self.game = Game(_drawn(guest.observation))
            self.seats = self.named(guest)
            after = Counter(self.state.hand.hands[seat]) if self.state.hand.seats else Counter()
            self.fresh = [str(card) for card in (after - before).elements()]
            log = guest.observation.log
            self.last = (log[-1][0], log[-1][1]) if log else None  # the move just made
            if self.last and self.last[0] == seat \
                    and not isinstance(self.last[1], DrawStock | TakeDiscard):
                self.selected = []  # as at a local table: the cards played are gone
            self.choice = None
            self.message = None
            self.arrange()
        if refusal is not None:
            self.message = ("error", refusal.message(lang))
        return changed or refusal is not None

    def named(self, guest: GuestTable) -> list[Seat]:
        """The seats as the host names them: this device's player's, and the others'."""
        return [Seat(clamp_name(name), "human" if seat == guest.ticket.seat else "remote")
                for seat, name in enumerate(guest.names)]

    @property
    def kept_here(self) -> bool:
        return False  # the host plays the moves, saves, counts and keeps the match

    def hand_shown(self, seat: int) -> bool:
        return seat == self.viewer  # the others' cards in the state drawn are a sample

    @property
    def deals(self) -> bool:
        return False  # the host deals the next hand; this table follows

    # -- a move is a message ------------------------------------------------------

    def play(self, action: Action) -> None:
        """Send ``action`` to the host; what came of it arrives as the next table."""
        if self.guest.waiting is not None or isinstance(action, NextHand):
            return  # one move at a time (the host has not answered the last one); the
            # host deals
        self.outbox(self.guest.act(action))
        self.hint_keys, self.hint_target = [], None

    @property
    def can_undo(self) -> bool:
        return self.guest.can_undo  # the host says whether this seat may take back

    def undo(self) -> None:
        if not self.can_undo:
            raise RuleError("nothing_to_take_back")
        self.outbox(self.guest.undo())

    def bot_to_move(self) -> bool:
        return False  # the host's bots play on the host

    def say(self, phrase: str) -> None:
        """Ask the host to pass the quick message ``phrase`` on (shown when it comes back)."""
        self.outbox(self.guest.say(phrase))


def follow(table: Table, text: str) -> None:
    """A message from the host on a guest's ``table``: the session follows the host's
    table (:meth:`GuestSession.take`), and what follows a move follows through the
    table's one move path (:meth:`~web.table.table.Table.arrived`): the move's cue and
    the turn's, the score sheet at a hand's end, the host's rematch asked, the redraw
    and what a screen reader is told. The guest's own move sounds here, once the host
    took it, not when it was sent."""
    session = table.session
    assert isinstance(session, GuestSession)
    before = Before.of(session)
    changed = session.take(text, table.lang)
    session.chat.hear(table, session.guest.heard)
    if changed:
        table.arrived(before)


def given_name(text: str) -> str:
    """A name a player gave (typed on this device, or in a guest's ``join``) as the
    table shows it: trimmed and clamped; "" for none, or for one that says no one's
    name ("Tu", "You", "Player 2": see :func:`web.i18n.is_placeholder_name`).

    >>> given_name("  Bea "), given_name("You"), given_name("x" * 50) == "x" * 19 + "…"
    ('Bea', '', True)
    """
    return "" if is_placeholder_name(text) else clamp_name(text.strip())


def names_for_guests(names: list[str]) -> list[str]:
    """The seats' names the friends' devices are shown: a seat whose name says no one's
    (the host's "Tu" / "You", which a friend's device would read as its own player)
    is called by its seat's name, as the new-game form calls a friend's or a bot's.

    >>> names_for_guests(["Tu", "Bruno", "Bea"])
    ['Anna', 'Bruno', 'Bea']
    """
    return [BOT_NAMES[seat % len(BOT_NAMES)] if is_placeholder_name(name) else name
            for seat, name in enumerate(names)]


def _drawn(view: Observation) -> State:
    """A state to draw ``view`` from; the hidden cards in it are a fixed sample and
    never drawn (see the module docstring)."""
    return determinize(view, random.Random(0))
