"""Play with friends, a guest's part of the page: an invitation answered, the seat
taken, the table followed.

The page opened with ``#join=<invitation>`` answers it, shows "Join Anna's table as
seat 2" and the answer (QR code and text), and sits down when the host's
``welcome`` arrives; from then on the table is drawn from the host's observations
(:func:`web.friends.seats.follow`) and every move is a message. A link that drops
shows "reconnecting…"; a new invitation (opened, or pasted there) seats the same
player again.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import js
from pyscript import window
from pyscript.ffi import to_js

from web.friends import view
from web.friends.browser import Browser, signal_code
from web.friends.hosting import JOIN
from web.friends.seats import GuestSession, follow, given_name
from web.i18n import t
from web.store.settings import stored_name
from web.table.shown import Overlay, Screen

if TYPE_CHECKING:
    from web.friends.guest import GuestTable

JOIN_RETRY_S = 2.0  # a guest's join that no welcome has answered by then is sent again
JOIN_RETRY_MAX_S = 8.0  # and the wait doubles up to this, then stays


class Joining:
    """A guest's side of the shared table (one instance, made by :class:`Friends`)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.app = browser.app
        self.guest: GuestTable | None = None
        self.guest_link: Any = None
        self.joining: Any = None  # the guest's link that keep_joining is asking on
        self.join_state: dict[str, Any] | None = None  # the join screen, until seated

    def leave(self) -> None:
        """The guest's match is no longer at the table: close its link."""
        if self.guest_link is not None:
            self.guest_link.close()
        self.guest, self.guest_link = None, None

    def rejoin(self, text: str) -> None:
        """A new invitation pasted in the banner (the link, or the text after ``#join=``)."""
        text = text.strip()
        if JOIN in text:
            text = text.split(JOIN, 1)[1]
        if text:
            self.app.spawn(self.answer(text))

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
        self.browser.refresh()
        problem = await self.browser.link_problem()
        from web.friends.guest import GuestTable  # imported when needed: see Hosting.host
        from web.friends.protocol import Ticket

        made = ticket = None
        if not problem:  # else this device cannot answer, whatever the invitation
            try:
                made = await self.browser.peer.answer(
                    invitation,
                    to_js({"stunUrls": self.browser.stun()}, dict_converter=js.Object.fromEntries))
                info = made.data.to_py() if hasattr(made.data, "to_py") else made.data
                ticket = Ticket.from_json(info["t"])
            except Exception as error:
                code = signal_code(error)
                problem = t("join_bad", self.browser.lang, code=code)
        if made is None or ticket is None:
            self.join_state = {"host": "", "seat": None, "state": "closed", "error": problem}
            self.browser.refresh()
            return
        if self.guest_link is not None:
            self.guest_link.close()
        self.guest = GuestTable(ticket)
        link = made.link
        self.guest_link = link
        answer_text = str(made.text)
        qr = view.qr_image(str(self.browser.qr.qrSvg(answer_text)))
        state = {"host": str(info.get("h") or ""), "seat": ticket.seat, "state": "connecting",
                 "answer": answer_text, "qr": qr}
        self.join_state = state
        link.receive(self.browser.proxy(lambda text, lk=link: self.guest_heard(lk, text)))
        link.watch(self.browser.proxy(lambda st, lk=link: self.guest_state(lk, st)))
        self.browser.refresh()

    def guest_state(self, link: Any, state: Any) -> None:
        if link is not self.guest_link or self.guest is None:
            return
        if str(state) == "open" and self.joining is not link:
            self.app.spawn(self.keep_joining(link))
        elif str(state) == "closed":
            self.app.table.overlay = None  # the banner's field for a new invitation is usable
        if self.join_state is not None and self.join_state.get("answer"):
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
                link.send(guest.join(given_name(stored_name(self.app.table.settings))))
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
                session.message = ("error", t("reconnecting", self.browser.lang))
            if self.guest is not None:
                self.guest.waiting = None
