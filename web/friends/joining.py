"""Play with friends, a guest's part of the page: an invitation answered, the seat
taken, the table followed.

The page opened with ``#join=<invitation>`` answers it, shows "Join Anna's table as
seat 2" and the answer (QR code and text), and sits down when the host's
``welcome`` arrives; from then on the table is drawn from the host's observations
(:func:`web.friends.seats.follow`) and every move is a message. A link that drops
shows "reconnecting…"; a new invitation (opened, or pasted there) seats the same
player again.

A friend with a code ("Join with a code", or a link ``#room=<code>``) opens the room of
the code (web/friends/room.py, relay.js) and knocks there with its name; the host's
device says it asked (the host decides), then sends the seat's invitation through the
room, which is answered as one opened from a link, the answer going back through the
room instead of a QR code. Seated, the guest leaves the room: the match goes over the
link. A guest whose link is lost rejoins through the same code, showing its ticket.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Required, TypedDict

import js
from pyscript import window
from pyscript.ffi import to_js

from web.friends import room as door
from web.friends import view
from web.friends.browser import Browser, signal_code
from web.friends.hosting import JOIN
from web.friends.seats import GuestSession, follow, given_name
from web.i18n import t
from web.table.shown import Screen

if TYPE_CHECKING:
    from web.friends.guest import GuestTable

JOIN_RETRY_S = 2.0  # a guest's join that no welcome has answered by then is sent again
JOIN_RETRY_MAX_S = 8.0  # and the wait doubles up to this, then stays
#: A room where no host has answered the knock by then has none: a wrong code, or a
#: host whose page is closed. Over public relays two devices meet in a few seconds.
LOOK_S = 20.0


class JoinState(TypedDict, total=False):
    """The join screen as drawn (:func:`web.friends.view.join_screen`'s arguments): whose
    table, which seat, the link's or the room's state, and what the state shows."""

    host: Required[str]
    seat: Required[int | None]
    state: Required[str]
    code: str | None  # joining by code: the code, once read
    answer: str  # an invitation answered: the answer to carry back, and its QR code
    qr: str
    error: str  # why it failed, and the code refused (typed again)
    typed: str


class Joining:
    """A guest's side of the shared table (one instance, made by :class:`Friends`)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.app = browser.app
        self.guest: GuestTable | None = None
        self.guest_link: Any = None
        self.joining: Any = None  # the guest's link that keep_joining is asking on
        self.join_state: JoinState | None = None  # the join screen, until seated
        self.code: str | None = None  # the table's code, joining by code
        self.room: Any = None  # its room (relay.js), until seated
        self.host_peer: str | None = None  # the room's peer that answered the knock
        self.attempts = 0  # joins begun (or given up): a join's later steps are its own

    def leave(self) -> None:
        """The guest's match is no longer at the table: close its link."""
        if self.guest_link is not None:
            self.guest_link.close()
        self.guest, self.guest_link, self.code = None, None, None
        self.close_room()

    def back(self) -> None:
        """"Back" on the join screen: stop joining, and go back to where the player was. A
        friend not yet seated leaves the room and the link being made, and finds the
        start screen (with the match saved here, if any, as it was); one coming back to a
        friend's table after a drop finds that table, and its banner to try again."""
        table = self.app.table
        session = table.session
        self.join_state = None
        self.attempts += 1  # a join under way is given up
        self.close_room()
        if isinstance(session, GuestSession):
            if self.guest is not session.guest:  # a new link was being made: give it up
                if self.guest_link is not None:
                    self.guest_link.close()
                self.guest = session.guest
        else:
            self.leave()
            table.screen = Screen.NEWGAME
        self.browser.refresh()

    def rejoin(self, text: str) -> None:
        """A new invitation pasted in the banner (the link, or the text after ``#join=``)."""
        text = text.strip()
        if JOIN in text:
            text = text.split(JOIN, 1)[1]
        if text:
            self.app.spawn(self.answer(text))

    def open_hash(self) -> None:
        hash_ = str(window.location.hash)
        if not hash_.startswith((JOIN, door.ROOM)):
            return
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        if hash_.startswith(door.ROOM):
            self.app.spawn(self.join_code(hash_))
        else:
            self.app.spawn(self.answer(hash_[len(JOIN):]))

    # -- joining by code ------------------------------------------------------------------

    def code_screen(self) -> None:
        """"Join with a code": the join screen's field for it."""
        self.join_state = {"host": "", "seat": None, "state": "code"}
        self.app.table.screen = Screen.TABLE  # as answer(): not the new-game form
        self.browser.refresh()

    async def join_code(self, typed: str) -> None:
        """Join the table of the code ``typed`` (or the link's): a code that is not one
        is refused at once; a room where no host answers within LOOK_S says so."""
        code = door.read_code(typed)
        if code is None:
            self.join_state = {"host": "", "seat": None, "state": "code",
                               "error": t("code_bad", self.browser.lang), "typed": typed[:40]}
            self.browser.refresh()
            return
        self.join_state = {"host": "", "seat": None, "state": "looking", "code": code}
        self.attempts += 1
        attempt = self.attempts
        self.app.table.screen = Screen.TABLE
        if self.room is not None and self.code == code and self.host_peer is not None:
            await self.knock_again(self.room, self.host_peer)
            return
        self.close_room()
        self.code = code
        self.browser.refresh()
        problem = await self.browser.room_problem()
        if not problem:
            try:
                room = await self.browser.open_room(code)
            except Exception as error:  # trystero refused its configuration
                problem = t("link_failed", self.browser.lang, error=type(error).__name__)
        if self.attempts != attempt:  # given up (Back) or joined again meanwhile
            if not problem:
                room.leave()
            return
        if problem:
            self.join_state = {"host": "", "seat": None, "state": "code", "code": code,
                               "error": problem}
            self.browser.refresh()
            return
        self.room = room
        room.receive(self.browser.proxy(lambda peer, text, r=room: self.room_heard(r, peer, text)))
        room.joined(self.browser.proxy(lambda peer, r=room: self.knock(r, peer)))
        await self.await_host(room)

    async def knock_again(self, room: Any, host: str) -> None:
        """The same code typed again after the host turned this player away: knock at
        the same host in the room still open. Leaving the room and joining it again at
        once races trystero's teardown of the first (the host may never hear the second
        knock), and the host's device is already known."""
        self.host_peer = None  # until it answers this knock
        self.browser.refresh()
        self.knock(room, host)
        await self.await_host(room)

    async def await_host(self, room: Any) -> None:
        """A room where no host answers within :data:`LOOK_S` has none: it is left. The
        wait is its join's (:meth:`join_code`'s attempt): one given up, or a knock again,
        makes it void."""
        attempt = self.attempts
        await asyncio.sleep(LOOK_S)
        if self.room is room and self.host_peer is None and self.attempts == attempt:
            self.close_room()
            self.join_state = {"host": "", "seat": None, "state": "code", "code": self.code,
                               "error": t("code_nobody", self.browser.lang)}
            self.browser.refresh()

    def knock(self, room: Any, peer: object) -> None:
        """A device met in the room: ask it for a seat (only a host answers), with this
        player's name and, coming back, the seat's ticket."""
        if room is self.room:
            ticket = self.guest.ticket if self.guest is not None else None
            name = given_name(self.app.table.settings.name)
            self.app.spawn(room.send(peer, door.knock(name, ticket)))

    def room_heard(self, room: Any, peer: object, text: object) -> None:
        message = door.read_from_host(str(text))
        peer = str(peer)
        if room is not self.room or message is None or self.host_peer not in (None, peer):
            return
        self.host_peer = peer
        if isinstance(message, door.Asked):
            self.join_state = {"host": given_name(message.host), "seat": None,
                               "state": "asked", "code": self.code}
            self.browser.refresh()
        elif isinstance(message, door.Invite):
            self.app.spawn(self.answer(message.text,
                                       lambda text: room.send(peer, door.answer(text))))
        else:  # turned away: the room stays open for a knock again (knock_again)
            self.join_state = {"host": "", "seat": None, "state": "code", "code": self.code,
                               "error": t("turned_" + message.why, self.browser.lang)}
            self.browser.refresh()

    def close_room(self) -> None:
        if self.room is not None:
            self.room.leave()
        self.room, self.host_peer = None, None

    async def answer(self, invitation: str, carry: Callable[[str], Any] | None = None) -> None:
        """Answer an invitation: show whose table and seat, and the answer to carry back
        (or, with ``carry``, send it back through the code's room)."""
        if carry is None:  # an invitation opened or pasted: no code to join by
            self.close_room()
            self.code = None
        self.join_state = {"host": "", "seat": None, "state": "making", "code": self.code}
        self.attempts += 1
        attempt = self.attempts
        self.app.table.screen = Screen.TABLE  # not the new-game form (App.render syncs that)
        self.browser.refresh()
        problem = await self.browser.link_problem()
        from web.friends.guest import GuestTable  # imported when needed: see Hosting.host
        from web.friends.protocol import Ticket

        made = ticket = None
        if not problem:  # else this device cannot answer, whatever the invitation
            try:
                made = await self.browser.peer.answer(
                    invitation,
                    to_js({"iceServers": self.browser.ice(internet=self.code is not None)},
                          dict_converter=js.Object.fromEntries))
                info = made.data.to_py() if hasattr(made.data, "to_py") else made.data
                ticket = Ticket.from_json(info["t"])
            except Exception as error:
                code = signal_code(error)
                problem = t("join_bad", self.browser.lang, code=code)
        if self.attempts != attempt:  # given up (Back) or another join meanwhile
            if made is not None:
                made.link.close()
            return
        if made is None or ticket is None:
            self.join_state = {"host": "", "seat": None, "state": "closed", "error": problem}
            self.close_room()
            self.browser.refresh()
            return
        if self.guest_link is not None:
            self.guest_link.close()
        self.guest = GuestTable(ticket)
        link = made.link
        self.guest_link = link
        answer_text = str(made.text)
        state: JoinState
        if carry is not None:
            state = {"host": str(info.get("h") or ""), "seat": ticket.seat,
                     "state": "connecting", "code": self.code}
            self.app.spawn(carry(answer_text))
        else:
            qr = view.qr_image(str(self.browser.qr.qrSvg(answer_text)))
            state = {"host": str(info.get("h") or ""), "seat": ticket.seat,
                     "state": "connecting", "answer": answer_text, "qr": qr}
        self.join_state = state
        link.receive(self.browser.proxy(lambda text, lk=link: self.guest_heard(lk, text)))
        link.watch(self.browser.proxy(lambda st, lk=link: self.guest_state(lk, st)))
        self.browser.refresh()

    def guest_state(self, link: Any, state: object) -> None:
        if link is not self.guest_link or self.guest is None:
            return
        if str(state) == "open" and self.joining is not link:
            self.app.spawn(self.keep_joining(link))
        elif str(state) == "closed":
            self.app.table.overlay = None  # the banner's field for a new invitation is usable
        if self.join_state is not None and (self.join_state.get("answer")
                                            or self.join_state.get("code")):
            self.join_state = {**self.join_state, "state": str(state)}
        self.browser.refresh()

    async def keep_joining(self, link: Any) -> None:
        """Ask for the seat on ``link`` until the host's welcome answers: the first
        message on a link that has just opened can be lost (seen between two pages of
        one browser under load: the guest then waited for ever on "the host is seating
        you"). The host answers every join (web/friends/host.py), so a second one only
        seats the player again; the wait doubles each time, so a link slower than it
        is not asked again and again, up to :data:`JOIN_RETRY_MAX_S`: a guest whose
        joins keep getting lost asks every few seconds, not once a minute and then
        once in two."""
        guest = self.guest
        self.joining = link
        wait = JOIN_RETRY_S
        try:
            while link is self.guest_link and guest is not None and guest is self.guest \
                    and str(link.state) == "open":
                link.send(guest.join(given_name(self.app.table.settings.name)))
                await asyncio.sleep(wait)
                if not guest.awaiting_welcome:
                    return
                wait = min(wait * 2, JOIN_RETRY_MAX_S)
        finally:
            if self.joining is link:
                self.joining = None

    def guest_heard(self, link: Any, text: object) -> None:
        guest = self.guest
        if link is not self.guest_link or guest is None:
            return
        table = self.app.table
        session = table.session
        if isinstance(session, GuestSession) and session.guest is guest:
            follow(table, str(text))
        else:
            guest.receive(str(text))
            if not guest.seated:
                return
            seated = GuestSession(guest, self.guest_send)
            if isinstance(session, GuestSession):  # the same player after a drop
                seated.orders, seated.sort_modes = session.orders, session.sort_modes
                seated.arrange()
            self.join_state = None
            self.close_room()  # seated: the match goes over the link, not the room
            table.start_session(seated)  # at a hand's end, on its sheet
        table.redraw()
        self.app.carry_out()

    def guest_send(self, text: str) -> None:
        if self.guest_link is None or not self.guest_link.send(text):
            session = self.app.table.session
            if session is not None:
                session.message = ("error", t("reconnecting", self.browser.lang))
            if self.guest is not None:
                self.guest.waiting = None
