"""Play with friends, in the page: invitations, answers and links around the table.

The page's side of a shared table (what needs the browser): it makes the WebRTC
links with web/friends/connection.js, draws invitations and answers as QR codes
with web/friends/qr.js, and connects them to the seats of
:mod:`web.friends.seats`, where the table code meets remote players.

- **Host**: "Play with friends" on the new-game screen starts the match with
  the seats chosen there (a seat's kind "Friend, on their own device" is
  remote), then shows an invitation per remote seat (QR code, link, copy) and
  reads each answer (pasted, or scanned with the camera). A link that closes
  gets a fresh invitation at once (same seat, same secret): the guest opens
  it and finds its hand as it was. The match id and the seats' secrets are
  kept beside the save (``scala40.friends``, web/store/storage.py), so a host that reloads resumes
  the match and shows new invitations for everyone.
- **Guest**: the page opened with ``#join=<invitation>`` answers it, shows
  "Join Anna's table as seat 2" and the answer (QR code and text), and sits
  down when the host's ``welcome`` arrives; from then on the table is drawn
  from the host's observations and every move is a message. A link that
  drops shows "reconnecting…"; a new invitation (opened, or pasted there)
  seats the same player again.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import js
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from web.friends import view
from web.friends.seats import GuestSession, RemoteSeats, follow
from web.friends.stun import read_stun, stored_stun
from web.i18n import t
from web.newgame import form as newgame
from web.page.dom import data, el, now
from web.page.markup import Markup
from web.table.session import Session
from web.table.table import Overlay, Screen

if TYPE_CHECKING:
    from web.friends.guest import GuestTable
    from web.page.app import App

JOIN = "#join="
JOIN_RETRY_S = 2.0  # a guest's join that no welcome has answered by then is sent again
JOIN_RETRY_MAX_S = 8.0  # and the wait doubles up to this, then stays
#: An answer accepted whose link has not opened by then never will (an answer to an
#: older invitation of the seat, or an invitation two people opened and answered):
#: the seat gets a fresh invitation. On one network a link opens in well under a second.
CONNECT_S = 20.0


def signal_code(error: Exception) -> str:
    """The code of a ``SignalError`` from web/friends/connection.js (an invitation or an
    answer that cannot be used), or ``"unreadable"`` for any other error."""
    return str(getattr(getattr(error, "js_error", None), "code", "") or "unreadable")


def js_import(path: str) -> Any:
    """Import a module of the site (resolved against the page, not Pyodide's own URL)."""
    return js.eval(f"import(new URL({path!r}, document.baseURI).href)")


class Friends:
    """The shared table's part of the page (one instance, made by the App)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.peer: Any = None  # web/friends/connection.js, imported on first use
        self.qr: Any = None  # web/friends/qr.js
        self.proxies: list[Any] = []
        # host
        self.remote: RemoteSeats | None = None
        self.lobby_open = False
        self.links: dict[int, Any] = {}
        self.accepts: dict[int, Any] = {}
        self.invites: dict[int, view.SeatInvite] = {}
        self.stop_scan: Any = None
        # guest
        self.guest: GuestTable | None = None
        self.guest_link: Any = None
        self.joining: Any = None  # the guest's link that keep_joining is asking on
        self.join_state: dict[str, Any] | None = None  # the join screen, until seated

    # -- start-up ------------------------------------------------------------------

    def boot(self) -> None:
        """Listen, and open a link the page was opened with. A saved match's friends are
        invited again once this tab owns the match (:meth:`follow_tab`)."""
        root = self.app.page.root
        self.listen(root, "click", self.on_click)
        self.listen(window, "hashchange", lambda _event: self.open_hash())
        self.open_hash()

    def follow_tab(self) -> None:
        """Only the tab that owns the match hosts it. A tab that lost it to another
        closes its friends' links, so they stop playing on a match this tab no longer
        saves (the guests see the host gone, and rejoin through the new owner's
        invitations with the same secrets, finding their hands as saved). A tab that
        owns it (at start, or through "play here") invites the saved match's friends."""
        table = self.app.table
        if not table.tab.may_play:
            self.stop_hosting()
            return
        session = table.session
        if self.join_state is None and session is not None and not self.hosts(session) \
                and not isinstance(session, GuestSession) \
                and any(seat.is_remote for seat in session.seats):
            self.host_saved()

    def hosts(self, session: Session) -> bool:
        """Whether this device already hosts ``session``'s match."""
        return self.remote is not None and self.remote.host.game is session.game

    def listen(self, target: Any, name: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(name, proxy)

    def proxy(self, handler: Any) -> Any:
        made = create_proxy(handler)
        self.proxies.append(made)
        return made

    async def link_problem(self) -> str:
        """Why this page cannot connect devices ("" when it can), in the player's words:
        a browser without WebRTC, or the connection's code not loaded (a first visit gone
        offline before the game was kept for offline play). It loads that code."""
        if getattr(window, "RTCPeerConnection", None) is None:
            return view.say("no_webrtc", self.lang)
        if self.peer is None:
            try:
                peer = await js_import("./web/friends/connection.js")
                self.qr = await js_import("./web/friends/qr.js")
            except Exception:  # the module's fetch failed: tried again on the next try
                return view.say("no_peer_code", self.lang)
            self.peer = peer
        return ""

    @property
    def lang(self) -> str:
        return self.app.table.lang

    def stun(self) -> list[str]:
        return stored_stun(self.app.table.settings)

    def refresh(self) -> None:
        self.app.table.redraw()
        self.app.carry_out()

    # -- drawing (App.render asks) -----------------------------------------------------

    @property
    def covers_table(self) -> bool:
        """A friends screen is drawn instead of the table (its keys do not play)."""
        return self.join_state is not None or (self.remote is not None and self.lobby_open)

    def screen(self, markup: Markup) -> Markup:
        """The page to draw: a friends screen, or the table's ``markup`` with what the
        links add to it (a guest's lost connection, the step shown)."""
        lang = self.lang
        stun = view.stun_box(lang, self.app.table.settings)
        if self.join_state is not None:
            return view.join_screen(lang, stun=stun, **self.join_state)
        table = self.app.table
        if self.remote is not None and table.session is not None:
            if self.lobby_open:
                return view.lobby(lang, [self.invites[s] for s in sorted(self.invites)], stun)
            if table.screen is Screen.TABLE:
                return markup + view.step_mark(self.remote.host.step)
        if self.guest_link is not None and table.screen is Screen.TABLE:
            state = str(self.guest_link.state)
            step = self.guest.step if self.guest is not None else None
            return markup + view.link_banner(lang, state) + view.step_mark(step)
        return markup

    # -- clicks ------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        element = el(event.target.closest("[data-friend]"))
        if element is None:
            if el(event.target.closest("[data-act]")) is not None:
                self.after_act()
            return
        what = data(element, "friend") or ""
        arg = data(element, "arg") or ""
        if what == "setup":
            self.setup()
        elif what == "to-table":
            self.lobby_open = False
            self.app.table.screen = Screen.TABLE
            self.app.table.overlay = self.app.table.sheet_behind()  # a hand's end: its sheet
            self.refresh()
        elif what == "lobby":
            self.lobby_open = True
            self.app.table.overlay = None  # the menu it was opened from
            self.refresh()
        elif what == "copy":
            window.navigator.clipboard.writeText(self.invites[int(arg)].link)
        elif what == "copy-answer" and self.join_state is not None:
            window.navigator.clipboard.writeText(self.join_state["answer"])
        elif what == "accept":
            field = self.app.page.find(f'.answer-text[data-seat="{arg}"]')
            self.app.spawn(self.accept(int(arg), str(field.value) if field else ""))
        elif what == "scan":
            self.app.spawn(self.scan(int(arg)))
        elif what == "renew":
            self.app.spawn(self.invite(int(arg)))
        elif what == "to-bot" and self.remote is not None:
            seat = int(arg)
            self.remote.hand_to_bot(seat)
            self.close_link(seat)
            self.invites[seat] = view.SeatInvite(seat, self.invites[seat].name, "bot")
            self.save_host()
            self.refresh()
        elif what == "stun-save":
            self.save_stun()
        elif what == "rejoin":
            field = self.app.page.find("#rejoin-text")
            text = str(field.value).strip() if field else ""
            if JOIN in text:
                text = text.split(JOIN, 1)[1]
            if text:
                self.app.spawn(self.answer(text))

    def save_stun(self) -> None:
        """Keep the STUN URLs typed (or say which one is not one); the box stays open."""
        field = self.app.page.find("#stun-urls")
        urls, bad = read_stun(str(field.value) if field else "")
        if bad:
            note = view.say("stun_bad", self.lang, url=bad[0])
        else:
            self.app.table.settings["stun"] = urls
            kept = self.app.table.save_settings()
            note = view.say("stun_saved" if kept else "stun_this_visit", self.lang)
        box = self.app.page.find(".stun-note")
        if box is not None:
            box.textContent = note

    # -- host ------------------------------------------------------------------------

    def setup(self) -> None:
        """"Play with friends": the match of the form's seats and rules, with at least one
        seat played by a friend (the first press with none sets seat 2 so)."""
        app = self.app
        setup = newgame.read_setup(app.page)
        if not any(seat["kind"] == "remote" for seat in setup["seats"][: setup["count"]]):
            # the first press: the options open, with seat 2 played by a friend
            app.page.field("kind1").value = "remote"
            newgame.sync(app.page, self.lang)
            options = app.page.find(".ng-setup")
            if options is not None:
                options.open = True
            app.page.show_form_error(view.say("need_remote", self.lang))
            app.page.seat(1).scrollIntoView()
            return
        seed = f"{int(now())}-{random.SystemRandom().randrange(10**6)}"
        error = app.table.start(setup, seed)
        if error is not None:
            app.page.show_form_error(error)
            return
        self.after_start()
        app.carry_out()

    def after_act(self) -> None:
        """After the table handled a click: a match left or replaced closes its links (the
        guests see the link lost); a new one with friends' seats gets its invitations."""
        session = self.app.table.session
        if self.remote is not None and (session is None or not self.hosts(session)):
            self.stop_hosting()
        if self.guest is not None and self.join_state is None \
                and not isinstance(session, GuestSession):
            if self.guest_link is not None:
                self.guest_link.close()
            self.guest, self.guest_link = None, None
        self.after_start()

    def stop_hosting(self) -> None:
        for seat in list(self.links):
            self.close_link(seat)
        if self.remote is not None:
            self.remote.close()
        self.remote, self.invites, self.lobby_open = None, {}, False

    def after_start(self) -> None:
        """A match just started (either button): with remote seats, the invitations."""
        session = self.app.table.session
        if session is None or isinstance(session, GuestSession) or self.hosts(session):
            return
        remote = [i for i, seat in enumerate(session.seats) if seat.is_remote]
        if not remote:
            return
        self.host(remote)

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
        self.invites = {seat: view.SeatInvite(seat, session.name(seat), "making")
                        for seat in host.tickets}
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
        session = self.app.table.session
        if session is None or not session.humans:
            return ""
        name = session.name(session.humans[0])
        return "" if name in {t("you_name", "it"), t("you_name", "en")} else name

    async def invite(self, seat: int, note: str = "") -> None:
        """A fresh invitation for ``seat`` (its ticket: the same secret every time), with
        ``note`` saying why; if none can be made, the seat says why and offers another
        try."""
        problem = await self.link_problem()
        if self.remote is None or seat not in self.remote.host.tickets:
            return
        ticket = self.remote.host.tickets[seat]
        self.close_link(seat)
        name = self.invites[seat].name
        self.invites[seat] = view.SeatInvite(seat, name, "making")
        data = {"t": ticket.to_json(), "h": self.host_name()}
        made = None
        if not problem:
            try:
                made = await self.peer.invite(to_js({"data": data, "stunUrls": self.stun()},
                                                    dict_converter=js.Object.fromEntries))
            except Exception as error:  # the browser refused to make the connection
                problem = view.say("link_failed", self.lang, error=type(error).__name__)
        if made is None:
            self.invites[seat] = view.SeatInvite(seat, name, "failed", error=problem)
            self.refresh()
            return
        link = made.link
        self.links[seat] = link
        self.accepts[seat] = made.accept
        url = str(window.location.href).split("#")[0] + JOIN + str(made.text)
        self.invites[seat] = view.SeatInvite(seat, self.invites[seat].name, "waiting", url,
                                             view.qr_image(str(self.qr.qrSvg(url))), note)
        link.receive(self.proxy(lambda text, s=seat, lk=link: self.host_heard(s, lk, text)))
        link.watch(self.proxy(lambda state, s=seat, lk=link: self.host_link(s, lk, state)))
        self.refresh()

    def close_link(self, seat: int) -> None:
        link = self.links.pop(seat, None)
        self.accepts.pop(seat, None)
        if link is not None:
            link.close()

    def host_heard(self, seat: int, link: Any, text: Any) -> None:
        if self.remote is not None and self.links.get(seat) is link:
            self.remote.receive(seat, str(text))
            self.app.carry_out()

    def host_link(self, seat: int, link: Any, state: Any) -> None:
        if self.links.get(seat) is not link:
            return
        old = self.invites[seat]
        self.invites[seat] = view.SeatInvite(seat, old.name, str(state), old.link, old.qr)
        if str(state) == "closed":
            self.app.spawn(self.invite(seat))  # the seat waits: a new invitation for it
            if old.state in ("open", "interrupted") and not self.lobby_open:
                self.app.table.tell(view.say("dropped_title", self.lang, name=old.name),
                                    view.say("dropped_text", self.lang, name=old.name))
        self.refresh()

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
            self.invites[seat] = view.SeatInvite(seat, old.name, old.state, old.link, old.qr,
                                                 view.say("answer_bad", self.lang, code=code))
            self.refresh()
            return
        if self.accepts.get(seat) is not accept:
            return
        # the link's own state: it may have opened while the answer was being read (the
        # invitation then said "connecting" beside a friend already at the table)
        link = self.links.get(seat)
        state = "connecting" if link is None else str(link.state)
        self.invites[seat] = view.SeatInvite(seat, old.name, state, old.link, old.qr)
        self.refresh()
        if link is not None and state != "open":
            await self.watch_connecting(seat, link)

    async def watch_connecting(self, seat: int, link: Any) -> None:
        """A link not open :data:`CONNECT_S` after its answer was accepted never will be:
        the seat gets a fresh invitation, saying why."""
        await asyncio.sleep(CONNECT_S)
        if str(link.state) != "open" and self.links.get(seat) is link:
            await self.invite(seat, view.say("not_connected", self.lang))

    async def scan(self, seat: int) -> None:
        """Read the answer's QR code with the camera, in a layer over the page."""
        if await self.link_problem():  # the seat's invitation was made: it cannot be
            return
        layer = document.createElement("div")
        layer.className = "scan-layer"
        video = document.createElement("video")
        close = document.createElement("button")
        close.className = "btn"
        close.textContent = view.say("stop_scan", self.lang)
        layer.append(video, close)
        document.body.append(layer)

        def stop(_event: Any = None) -> None:
            if self.stop_scan is not None:
                self.stop_scan()
                self.stop_scan = None
            layer.remove()

        def read(text: Any) -> None:
            stop()
            self.app.spawn(self.accept(seat, str(text)))

        close.addEventListener("click", self.proxy(stop))
        try:
            self.stop_scan = await self.qr.scanCamera(video, self.proxy(read))
        except Exception:  # no camera, or refused: the answer is pasted instead
            stop()
            if seat in self.invites:
                self.invites[seat] = replace(self.invites[seat],
                                             error=view.say("no_camera", self.lang))
                self.refresh()

    # -- guest -----------------------------------------------------------------------

    def open_hash(self) -> None:
        hash_ = str(window.location.hash)
        if not hash_.startswith(JOIN):
            return
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        self.app.spawn(self.answer(hash_[len(JOIN):]))

    async def answer(self, invitation: str) -> None:
        """Answer an invitation: show whose table and seat, and the answer to carry back."""
        self.join_state = {"host": "", "seat": None, "state": "making"}
        self.app.table.screen = Screen.TABLE  # not the new-game form (App.render syncs that)
        self.refresh()
        problem = await self.link_problem()
        from web.friends.guest import GuestTable  # see host
        from web.friends.protocol import Ticket

        made = ticket = None
        if not problem:  # else this device cannot answer, whatever the invitation
            try:
                made = await self.peer.answer(
                    invitation,
                    to_js({"stunUrls": self.stun()}, dict_converter=js.Object.fromEntries))
                info = made.data.to_py() if hasattr(made.data, "to_py") else made.data
                ticket = Ticket.from_json(info["t"])
            except Exception as error:
                code = signal_code(error)
                problem = view.say("join_bad", self.lang, code=code)
        if made is None or ticket is None:
            self.join_state = {"host": "", "seat": None, "state": "closed", "error": problem}
            self.refresh()
            return
        if self.guest_link is not None:
            self.guest_link.close()
        self.guest = GuestTable(ticket)
        link = made.link
        self.guest_link = link
        answer_text = str(made.text)
        state = {"host": str(info.get("h") or ""), "seat": ticket.seat, "state": "connecting",
                 "answer": answer_text, "qr": view.qr_image(str(self.qr.qrSvg(answer_text)))}
        self.join_state = state
        link.receive(self.proxy(lambda text, lk=link: self.guest_heard(lk, text)))
        link.watch(self.proxy(lambda st, lk=link: self.guest_state(lk, st)))
        self.refresh()

    def guest_state(self, link: Any, state: Any) -> None:
        if link is not self.guest_link or self.guest is None:
            return
        if str(state) == "open" and self.joining is not link:
            self.app.spawn(self.keep_joining(link))
        elif str(state) == "closed":
            self.app.table.overlay = None  # the banner's field for a new invitation is usable
        if self.join_state is not None and self.join_state.get("answer"):
            self.join_state = {**self.join_state, "state": str(state)}
        self.refresh()

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
                link.send(guest.join())
                await asyncio.sleep(wait)
                if not guest.awaiting_welcome:
                    return
                wait = min(wait * 2, JOIN_RETRY_MAX_S)
        finally:
            if self.joining is link:
                self.joining = None

    def guest_heard(self, link: Any, text: Any) -> None:
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
            table.start_session(seated)
            if seated.state.hand_over:
                table.overlay = Overlay.SHEET
        table.redraw()
        self.app.carry_out()

    def guest_send(self, text: str) -> None:
        if self.guest_link is None or not self.guest_link.send(text):
            session = self.app.table.session
            if session is not None:
                session.message = ("error", view.say("reconnecting", self.lang))
            if self.guest is not None:
                self.guest.waiting = None


__all__ = ["Friends"]
