"""What the friends' part of the page needs around it: the App (a small
:class:`PageApp`, so web/friends does not import web/page/app.py, which imports
it), and the browser's code for links, QR codes and rooms of a code, loaded on first
use."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

import js
from pyscript import window
from pyscript.ffi import create_proxy, to_js

from web.friends.internet import ice_servers, relays
from web.i18n import t
from web.table.table import Table
from web.ui.dom import Page


class PageApp(Protocol):
    """What the friends' part uses of the page's App (:class:`web.page.app.App`)."""

    table: Table
    page: Page

    def spawn(self, coroutine: Coroutine[object, object, None]) -> None: ...

    def carry_out(self) -> None: ...


def signal_code(error: Exception) -> str:
    """The code of a ``SignalError`` from web/friends/connection.js (an invitation or an
    answer that cannot be used), or ``"unreadable"`` for any other error."""
    return str(getattr(getattr(error, "js_error", None), "code", "") or "unreadable")


def js_import(path: str) -> Any:
    """Import a module of the site (resolved against the page, not Pyodide's own URL)."""
    return js.eval(f"import(new URL({path!r}, document.baseURI).href)")


class Browser:
    """The links' and QR codes' scripts (web/friends/connection.js, qr.js), loaded on
    first use, and the proxies that keep the Python callbacks they call alive. One
    instance, shared by the host's and the guest's parts."""

    def __init__(self, app: PageApp) -> None:
        self.app = app
        self.peer: Any = None  # web/friends/connection.js, imported on first use
        self.qr: Any = None  # web/friends/qr.js
        self.relay: Any = None  # web/friends/relay.js (and trystero), on the first code
        self.proxies: list[Any] = []

    def proxy(self, handler: Callable[..., object]) -> Any:
        made = create_proxy(handler)
        self.proxies.append(made)
        return made

    async def link_problem(self) -> str:
        """Why this page cannot connect devices ("" when it can), in the player's words:
        a browser without WebRTC, or the connection's code not loaded (a first visit gone
        offline before the game was kept for offline play). It loads that code."""
        if getattr(window, "RTCPeerConnection", None) is None:
            return t("no_webrtc", self.lang)
        if self.peer is None:
            try:
                peer = await js_import("./web/friends/connection.js")
                self.qr = await js_import("./web/friends/qr.js")
            except Exception:  # the module's fetch failed: tried again on the next try
                return t("no_peer_code", self.lang)
            self.peer = peer
        return ""

    async def room_problem(self) -> str:
        """:meth:`link_problem`, and the rooms' code (web/friends/relay.js, with the
        trystero bundle) loaded: play over the internet needs both."""
        problem = await self.link_problem()
        if not problem and self.relay is None:
            try:
                self.relay = await js_import("./web/friends/relay.js")
            except Exception:  # as link_problem: tried again on the next try
                return t("no_peer_code", self.lang)
        return problem

    @property
    def lang(self) -> str:
        return self.app.table.lang

    def ice(self, *, internet: bool) -> list[dict[str, str | list[str]]]:
        """The ICE servers of a new connection, for connection.js: public STUN only
        over the internet (a code), the player's own servers in any case."""
        return ice_servers(self.app.table.settings, internet=internet)

    async def open_room(self, code: str) -> Any:
        """The room of ``code`` (relay.js's ``openRoom``; :meth:`room_problem` first)."""
        return await self.relay.openRoom(to_js(
            {"code": code, "relays": relays(self.app.table.settings),
             "iceServers": ice_servers(self.app.table.settings, internet=True)},
            dict_converter=js.Object.fromEntries))

    def refresh(self) -> None:
        self.app.table.redraw()
        self.app.carry_out()
