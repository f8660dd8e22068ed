"""Play with friends, the host's part of the page: the invitations, the answers read, the
links to the friends' devices.

"Play with friends" on the new-game screen starts the match with the seats chosen
there (a seat's kind "Friend, on their own device" is remote), then shows an
invitation per remote seat (QR code, link, copy) and reads each answer (pasted, or
scanned with the camera). A link that closes gets a fresh invitation at once (same
seat, same secret): the guest opens it and finds its hand as it was. The match id
and the seats' secrets are kept beside the save (``scala40.friends``), so a host
that reloads resumes the match and shows new invitations for everyone. A friend's
message goes to :meth:`web.friends.seats.RemoteSeats.receive`. "Rematch" at the match's
end keeps the links and the secrets: the friends connected play it where they sit
(:meth:`Hosting.plays_the_table`).

"Play over the internet" (opt-in: the lobby says first what leaves the device) opens
the room of the match's code (web/friends/room.py, relay.js): a friend who types the
code knocks, the host admits or refuses, and an admitted friend is sent the seat's
invitation through the room and answers through it; from there on it is the same
invitation, answer and link as a QR code's. The code is drawn from the match's secrets
(:func:`~web.friends.room.code_for`), so after a reload the host's "Play over the
internet" opens the same room and a friend who dropped rejoins with the same code.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import to_js

from web.friends import room as door
from web.friends import view
from web.friends.browser import Browser, signal_code
from web.friends.seats import GuestSession, RemoteSeats, given_name
from web.i18n import t
from web.newgame import form as newgame
from web.newgame.start import start
from web.table.session import Session
from web.ui.dom import now

JOIN = "#join="
#: An answer accepted whose link has not opened by then never will (an answer to an
#: older invitation of the seat, or an invitation two people opened and answered):
#: the seat gets a fresh invitation. On one network a link opens in well under a second.
CONNECT_S = 20.0
#: No relay of the room's open by then: the host is told, and shown the way with no
#: internet (trystero opens a reachable relay's socket within a second or two).
RELAY_WAIT_MS = 10_000


class Hosting:
    """The host's side of the shared table (one instance, made by :class:`Friends`)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.app = browser.app
        self.remote: RemoteSeats | None = None
        self.lobby_open = False
        self.links: dict[int, Any] = {}
        self.accepts: dict[int, Any] = {}
        self.invites: dict[int, view.SeatInvite] = {}
        self.stop_scan: Any = None
        self.room: Any = None  # the room of the code (relay.js), once online
        self.code = ""
        self.room_error = ""  # why the room could not open (the lobby says it)
        self.knocks: dict[str, view.Knocking] = {}  # by peer: friends waiting for Admit
        self.room_seats: dict[str, int] = {}  # by peer: the seat whose invitation it has
        self.online_next = False  # the next match hosted goes online at once (its code)

    def hosts(self, session: Session) -> bool:
        """Whether this device already hosts ``session``'s match."""
        return self.remote is not None and self.remote.host.game is session.game

    def plays_the_table(self) -> bool:
        """Whether the table's match is the one hosted, or its rematch, which keeps the
        links and the secrets (:meth:`RemoteSeats.plays_the_table`), saved with it."""
        if self.remote is None:
            return False
        hosted = self.remote.host.game
        if not self.remote.plays_the_table():
            return False
        if self.remote.host.game is not hosted:
            self.save_host()
        return True

    def absent(self) -> list[int]:
        """The friends' seats nobody holds: never joined, or dropped and not coming back
        on its own (a link that is only reconnecting is not said to wait)."""
        return [seat for seat, invite in sorted(self.invites.items()) if not invite.held]

    def to_bot(self, seat: int) -> None:
        """A friend who stays away: a bot of this device plays the seat from now on."""
        if self.remote is None:
            return
        self.remote.hand_to_bot(seat)
        self.close_link(seat)
        self.invites[seat] = view.SeatInvite(seat, "bot")
        self.save_host()
        self.browser.refresh()

    def setup(self) -> None:
        """"Play with friends": the match of the form's seats and rules, with at least one
        seat played by a friend (the first press with none sets seat 2 so)."""
        app = self.app
        setup = newgame.read_setup(app.page)
        if not any(seat["kind"] == "remote" for seat in setup["seats"][: setup["count"]]):
            # the first press: the options open, with seat 2 played by a friend
            app.page.field("kind1").value = "remote"
            newgame.sync(app.page, self.browser.lang)
            options = app.page.find(".ng-setup")
            if options is not None:
                options.open = True
            app.page.show_form_error(t("need_remote", self.browser.lang))
            app.page.seat(1).scrollIntoView()
            return
        error = self.start(setup)
        if error is not None:
            app.page.show_form_error(error)

    def start(self, setup: dict, *, keep: bool = True, online: bool = False) -> str | None:
        """Start the match of ``setup`` (kept as the form's next start if ``keep``), with
        its invitations, over the internet at once if ``online``; why it cannot start.
        A match in progress is asked about first (its invitations come once replaced)."""
        app = self.app
        seed = f"{int(now())}-{random.SystemRandom().randrange(10**6)}"
        error = start(app.table, setup, seed, keep=keep)
        if error is not None:
            return error
        self.online_next = online
        self.after_start()
        app.carry_out()
        return None

    def stop_hosting(self) -> None:
        for seat in list(self.links):
            self.close_link(seat)
        if self.remote is not None:
            self.remote.close()
        self.remote, self.invites, self.lobby_open = None, {}, False
        self.close_room()

    # -- play over the internet: the room of the code ----------------------------------

    async def go_online(self) -> None:
        """"Play over the internet": open the room of the match's code; new invitations
        use public STUN servers from now on."""
        if self.remote is None or self.code:  # tapped again while opening: one room
            return
        host = self.remote.host
        code = door.code_for(host.match_id, [ticket.token for ticket in host.tickets.values()])
        self.code = code
        self.room_error = await self.browser.room_problem()
        room = None
        if not self.room_error:
            try:
                room = await self.browser.open_room(code)
            except Exception as error:  # trystero refused its configuration
                self.room_error = t("link_failed", self.browser.lang, error=type(error).__name__)
        if self.code != code:  # the match was left meanwhile (close_room)
            if room is not None:
                room.leave()
            return
        if room is None:
            self.code = ""
        else:
            self.room = room
            room.receive(self.browser.proxy(self.room_heard))
            room.left(self.browser.proxy(self.room_left))
        self.browser.refresh()
        if room is not None and not await room.reachable(RELAY_WAIT_MS) and self.room is room:
            # no relay answers (no internet here, or a network that blocks them): said,
            # with the way that needs none; the room stays, should they come back
            self.room_error = t("relays_unreachable", self.browser.lang)
            self.browser.refresh()

    def close_room(self) -> None:
        if self.room is not None:
            self.room.leave()
        self.room, self.code, self.knocks, self.room_seats = None, "", {}, {}

    def room_link(self) -> str:
        return str(window.location.href).split("#")[0] + door.ROOM + self.code

    def room_heard(self, peer: object, text: object) -> None:
        """A message through the room: a knock (a friend coming back with its seat's
        ticket is seated again at once; a new one waits for Admit), or an answer to the
        invitation this peer was sent."""
        message = door.read_from_guest(str(text))
        peer = str(peer)
        if self.remote is None or self.room is None or message is None:
            return
        if isinstance(message, door.Answer):
            seat = self.room_seats.get(peer)
            if seat is not None:
                self.app.spawn(self.accept(seat, message.text))
            return
        seat = door.returning_seat(message, self.remote.host.tickets)
        if seat is not None:
            self.app.spawn(self.seat_peer(peer, seat))
            return
        self.knocks[peer] = view.Knocking(peer, given_name(message.name))
        self.app.spawn(self.room.send(peer, door.asked(self.host_name())))
        self.browser.refresh()

    def room_left(self, peer: object) -> None:
        self.knocks.pop(str(peer), None)
        self.room_seats.pop(str(peer), None)
        self.browser.refresh()

    def admit(self, peer: str) -> None:
        """The host let a friend in: the free seat of its name, else the first free one
        (a seat is free while no friend is connected on it nor has its invitation)."""
        knock = self.knocks.pop(peer, None)
        if knock is None or self.remote is None or self.room is None:
            return
        taken = set(self.room_seats.values())
        free = [seat for seat, invite in sorted(self.invites.items())
                if not invite.held and seat not in taken]
        if not free:
            self.app.spawn(self.room.send(peer, door.turned("full")))
            self.browser.refresh()
            return
        names = self.app.table.session.names if self.app.table.session is not None else []
        named = [seat for seat in free if seat < len(names) and names[seat] == knock.name]
        self.app.spawn(self.seat_peer(peer, (named or free)[0]))

    def refuse(self, peer: str) -> None:
        if self.knocks.pop(peer, None) is not None and self.room is not None:
            self.app.spawn(self.room.send(peer, door.turned("refused")))
        self.browser.refresh()

    async def seat_peer(self, peer: str, seat: int) -> None:
        """Send ``peer`` a fresh invitation of ``seat`` through the room (its answer
        comes back by :meth:`room_heard`)."""
        self.room_seats = {p: s for p, s in self.room_seats.items() if s != seat}
        self.room_seats[peer] = seat
        await self.invite(seat)
        invite = self.invites.get(seat)
        if self.room is not None and self.room_seats.get(peer) == seat and invite is not None \
                and JOIN in invite.link:
            await self.room.send(peer, door.invite(invite.link.split(JOIN, 1)[1]))

    def after_start(self) -> None:
        """A match just started (either button): with remote seats, the invitations. Only
        the tab that owns the match hosts it (:meth:`Friends.follow_tab`)."""
        table = self.app.table
        session = table.session
        if session is None or isinstance(session, GuestSession) or self.hosts(session) \
                or not table.tab.may_play:
            return
        remote = [i for i, seat in enumerate(session.seats) if seat.is_remote]
        if not remote:
            return
        self.host(remote)
        if self.online_next:
            self.online_next = False
            self.app.spawn(self.go_online())

    def host_saved(self) -> None:
        """After a reload: the saved match's remote seats, with the same secrets."""
        session = self.app.table.session
        assert session is not None
        remote = [i for i, seat in enumerate(session.seats) if seat.is_remote]
        saved = self.app.table.saves.load_friends() or {}
        known = {int(seat): token for seat, token in saved.get("tokens", {}).items()} \
            if saved.get("game") == session.match_id else {}
        if set(known) != set(remote):
            known = {}
        match = saved["match"] if known else None
        self.host(remote, match, known or None)

    def host(self, remote: list[int], match_id: str | None = None,
             tokens: dict[int, str] | None = None) -> None:
        """Host the session's match for the ``remote`` seats (a new match id and new
        secrets unless given) and make an invitation for each."""
        # The host's and the guest's modules are imported when a shared table is made or
        # joined, not with the page: most matches have none, and they were 9 ms of the
        # 140 ms the table's imports took in Pyodide on Node.
        from web.friends.host import HostTable

        table = self.app.table
        session = table.session
        assert session is not None
        host = HostTable(session.game, remote, match_id, tokens)
        self.stop_hosting()
        self.remote = RemoteSeats(table, host, self.send)
        self.invites = {seat: view.SeatInvite(seat, "making") for seat in host.tickets}
        self.save_host()
        self.lobby_open = True
        for seat in host.tickets:
            self.app.spawn(self.invite(seat))

    def save_host(self) -> None:
        session = self.app.table.session
        if self.remote is None or session is None:
            return
        host = self.remote.host
        self.app.table.saves.save_friends({
            "game": session.match_id, "match": host.match_id,
            "tokens": {str(seat): ticket.token for seat, ticket in host.tickets.items()},
        })
        self.app.table.report()

    def send(self, seat: int, text: str) -> bool:
        link = self.links.get(seat)
        return bool(link is not None and link.send(text))

    def host_name(self) -> str:
        """The host's name as the invitation gives it ("Join Anna's table")."""
        seat = self.remote.own_seat if self.remote is not None else None
        return self.remote.host.names[seat] if self.remote is not None and seat is not None \
            else ""

    def rename(self, name: str) -> None:
        """The host's name, typed in the lobby (given: :func:`~web.friends.seats.given_name`;
        "" keeps the seat's): the friends' tables call the host's seat so from now on."""
        seat = self.remote.own_seat if self.remote is not None else None
        if self.remote is not None and seat is not None and name:
            self.remote.rename(seat, name)

    async def invite(self, seat: int, note: str = "") -> None:
        """A fresh invitation for ``seat`` (its ticket: the same secret every time), with
        ``note`` saying why; if none can be made, the seat says why and offers another
        try."""
        problem = await self.browser.link_problem()
        if self.remote is None or seat not in self.remote.host.tickets:
            return
        ticket = self.remote.host.tickets[seat]
        self.close_link(seat)
        self.invites[seat] = view.SeatInvite(seat, "making")
        data = {"t": ticket.to_json(), "h": self.host_name()}
        made = None
        if not problem:
            try:
                made = await self.browser.peer.invite(
                    to_js({"data": data,
                           "iceServers": self.browser.ice(internet=self.room is not None)},
                          dict_converter=js.Object.fromEntries))
            except Exception as error:  # the browser refused to make the connection
                problem = t("link_failed", self.browser.lang, error=type(error).__name__)
        if made is None:
            self.invites[seat] = view.SeatInvite(seat, "failed", error=problem)
            self.browser.refresh()
            return
        link = made.link
        self.links[seat] = link
        self.accepts[seat] = made.accept
        url = str(window.location.href).split("#")[0] + JOIN + str(made.text)
        self.invites[seat] = view.SeatInvite(seat, "waiting", url,
                                             view.qr_image(str(self.browser.qr.qrSvg(url))), note)
        link.receive(self.browser.proxy(lambda text, s=seat, lk=link: self.host_heard(s, lk, text)))
        link.watch(self.browser.proxy(lambda state, s=seat, lk=link: self.host_link(s, lk, state)))
        self.browser.refresh()

    def close_link(self, seat: int) -> None:
        link = self.links.pop(seat, None)
        self.accepts.pop(seat, None)
        if link is not None:
            link.close()

    def host_heard(self, seat: int, link: Any, text: object) -> None:
        if self.remote is not None and self.links.get(seat) is link:
            self.remote.receive(seat, str(text))
            self.app.carry_out()

    def host_link(self, seat: int, link: Any, state: object) -> None:
        if self.links.get(seat) is not link:
            return
        old = self.invites[seat]
        self.invites[seat] = view.SeatInvite(seat, str(state), old.link, old.qr)
        if str(state) == "closed":
            self.app.spawn(self.invite(seat))  # the seat waits: a new invitation for it
            session = self.app.table.session
            if old.state in ("open", "interrupted") and not self.lobby_open \
                    and session is not None:
                self.app.table.tell(t("dropped_title", self.browser.lang, name=session.name(seat)),
                                    t("dropped_text", self.browser.lang))
        self.browser.refresh()

    async def accept(self, seat: int, text: str) -> None:
        accept = self.accepts.get(seat)
        text = text.strip()
        if accept is None or not text:
            return
        old = self.invites[seat]
        try:
            await accept(text)
        except Exception as error:  # a SignalError from connection.js: its code
            if self.accepts.get(seat) is not accept:
                return  # the link closed meanwhile: a new invitation is the seat's now
            code = signal_code(error)
            why = t("answer_bad", self.browser.lang, code=code)
            self.invites[seat] = view.SeatInvite(seat, old.state, old.link, old.qr, why)
            self.browser.refresh()
            return
        if self.accepts.get(seat) is not accept:
            return
        # the link's own state: it may have opened while the answer was being read (the
        # invitation then said "connecting" beside a friend already at the table)
        link = self.links.get(seat)
        state = "connecting" if link is None else str(link.state)
        self.invites[seat] = view.SeatInvite(seat, state, old.link, old.qr)
        self.browser.refresh()
        if link is not None and state != "open":
            await self.watch_connecting(seat, link)

    async def watch_connecting(self, seat: int, link: Any) -> None:
        """A link not open :data:`CONNECT_S` after its answer was accepted never will be:
        the seat gets a fresh invitation, saying why."""
        await asyncio.sleep(CONNECT_S)
        if str(link.state) != "open" and self.links.get(seat) is link:
            await self.invite(seat, t("not_connected", self.browser.lang))

    async def scan(self, seat: int) -> None:
        """Read the answer's QR code with the camera, in a layer over the page."""
        if await self.browser.link_problem():  # the seat's invitation was made: it cannot be
            return
        layer = document.createElement("div")
        layer.className = "scan-layer"
        video = document.createElement("video")
        close = document.createElement("button")
        close.className = "btn"
        close.textContent = t("stop_scan", self.browser.lang)
        layer.append(video, close)
        document.body.append(layer)

        def stop(_event: object = None) -> None:
            if self.stop_scan is not None:
                self.stop_scan()
                self.stop_scan = None
            layer.remove()

        def read(text: object) -> None:
            stop()
            self.app.spawn(self.accept(seat, str(text)))

        close.addEventListener("click", self.browser.proxy(stop))
        try:
            self.stop_scan = await self.browser.qr.scanCamera(video, self.browser.proxy(read))
        except Exception:  # no camera, or refused: the answer is pasted instead
            stop()
            if seat in self.invites:
                self.invites[seat] = replace(self.invites[seat],
                                             error=t("no_camera", self.browser.lang))
                self.browser.refresh()
