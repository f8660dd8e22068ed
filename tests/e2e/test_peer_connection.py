"""The connection layer in Chromium: separate browser contexts (separate devices, as
far as the browser knows) connect with an invitation and an answer carried as text,
and the data channel carries the table's protocol.

Each context loads an empty page of the site (bench/peer.html) and imports
web/friends/connection.js into it. The protocol itself (HostTable, GuestTable)
runs here in CPython: the browser is the transport only, and every message
of a played hand crosses a real data channel between two contexts. (The
Python modules run the same in Pyodide; the table's UI will call them there.)
"""

from __future__ import annotations

import json
import random

import pytest

from scala40 import legal_actions, observe
from scala40.bots import make_bot
from scala40.record import Game
from web.friends.guest import GuestTable
from web.friends.host import HostTable
from web.friends.protocol import Ticket

pytestmark = pytest.mark.browser

IMPORT = "async () => { window.peer = await import('../web/friends/connection.js'); }"


class Device:
    """One browser context on the test page, with the connection module loaded."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.origin = url.split("/scala40/")[0]
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)
        self.page.evaluate(IMPORT)
        self.page.evaluate("window.links = {}; window.inbox = {};")

    def invite(self, name: str, data: object) -> str:
        """Make an invitation for link ``name``; the text to carry to the guest."""
        return self.page.evaluate(
            """async ([name, data]) => {
                const made = await peer.invite({ data });
                window.links[name] = made.link;
                window.accepts = { ...(window.accepts || {}), [name]: made.accept };
                window.inbox[name] = [];
                made.link.receive((text) => window.inbox[name].push(text));
                return made.text;
            }""",
            [name, data],
        )

    def accept(self, name: str, answer: str) -> object:
        return self.page.evaluate("async ([n, a]) => await window.accepts[n](a)", [name, answer])

    def answer(self, name: str, invitation: str, data: object = None) -> tuple[str, object]:
        """Answer an invitation on link ``name``: (answer text, the invitation's data)."""
        return self.page.evaluate(
            """async ([name, invitation, data]) => {
                const made = await peer.answer(invitation, { data });
                window.links[name] = made.link;
                window.inbox[name] = [];
                made.link.receive((text) => window.inbox[name].push(text));
                return [made.text, made.data];
            }""",
            [name, invitation, data],
        )

    def wait_open(self, name: str) -> None:
        self.page.wait_for_function(f"window.links[{name!r}].state === 'open'", timeout=10_000)

    def state(self, name: str) -> str:
        return self.page.evaluate(f"window.links[{name!r}].state")

    def send(self, name: str, text: str) -> bool:
        return self.page.evaluate("([n, t]) => window.links[n].send(t)", [name, text])

    def take(self, name: str, count: int = 1) -> list[str]:
        """Wait for ``count`` messages on link ``name`` and return them, oldest first."""
        self.page.wait_for_function(f"window.inbox[{name!r}].length >= {count}", timeout=10_000)
        return self.page.evaluate(f"window.inbox[{name!r}].splice(0, {count})")

    def close(self) -> None:
        self.context.close()
        assert self.errors == []
        assert [url for url in self.requests if not url.startswith(self.origin)] == []  # no CDN


@pytest.fixture
def devices(browser, site_url):
    made: list[Device] = []

    def make() -> Device:
        made.append(Device(browser, site_url + "bench/peer.html"))
        return made[-1]

    yield make
    for device in made:
        device.close()


def connect(host: Device, guest: Device, name: str, data: object = None) -> object:
    """Carry the invitation to the guest and the answer back, as text; the channel opens."""
    invitation = host.invite(name, data)
    answer, received = guest.answer(name, invitation)
    host.accept(name, answer)
    host.wait_open(name)
    guest.wait_open(name)
    return received


def test_an_invitation_and_an_answer_open_a_channel_that_carries_any_text(devices):
    host, guest = devices(), devices()
    ticket = {"match": "m1", "seat": 1, "token": "t0k3n"}
    assert connect(host, guest, "seat1", ticket) == ticket
    messages = ["hello", "ciao ☃ 🂡 «7♥»", "", json.dumps({"x": list(range(5000))})]
    for text in messages:
        assert host.send("seat1", text)
    assert guest.take("seat1", len(messages)) == messages  # ordered, whole
    assert guest.send("seat1", "back")
    assert host.take("seat1") == ["back"]
    host.page.evaluate("window.links.seat1.close()")
    guest.page.wait_for_function("window.links.seat1.state === 'closed'", timeout=10_000)
    assert not guest.send("seat1", "into the void")


def test_a_broken_invitation_is_refused_with_a_code(devices):
    guest = devices()
    invitation = devices().invite("x", None)
    cases = {
        "unreadable": "not base64 at all!",
        "too_long": "A" * 5000,
        "wrong_kind": None,  # an invitation where an answer is expected
        "malformed": [2, 0, 1, 2, 3],  # packed bytes cut short
        "version": [126, 0],  # a packed form of another version
    }
    codes = {}
    for code, text in cases.items():
        codes[code] = guest.page.evaluate(
            """async ([code, text, invitation]) => {
                if (code === "wrong_kind") text = invitation;
                if (Array.isArray(text)) {
                    const bytes = Uint8Array.from(text);
                    const stream = new Blob([bytes]).stream()
                        .pipeThrough(new CompressionStream("deflate-raw"));
                    text = peer.base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
                }
                try {
                    await peer.readSignal(text, code === "wrong_kind" ? "answer" : "offer");
                    return "accepted";
                } catch (error) { return error.code; }
            }""",
            [code, text, invitation],
        )
    assert codes == {code: code for code in cases}


def test_a_hand_played_over_the_channel_by_two_guests_of_a_host(devices):
    """Three contexts: the host and two guests; every protocol message of a whole
    single hand crosses a data channel, and each guest ends with its own seat's view."""
    host_page, first, second = devices(), devices(), devices()
    game = Game.new(["Anna", "Bruno", "Carla"], seed=8, rules=None)
    host = HostTable(game, remote=[1, 2])
    guests = {}
    for seat, page in ((1, first), (2, second)):
        data = connect(host_page, page, f"seat{seat}", host.tickets[seat].to_json())
        guests[seat] = (GuestTable(Ticket.from_json(data)), page)

    def host_sends(out, sender=None):
        for message in out:
            seat = sender if message.seat is None else message.seat
            assert host_page.send(f"seat{seat}", message.text)
            table, page = guests[seat]
            [text] = page.take(f"seat{seat}")
            assert text == message.text
            assert table.receive(text) is None

    for seat, (table, page) in guests.items():
        page.send(f"seat{seat}", table.join())
        [text] = host_page.take(f"seat{seat}")
        host_sends(host.receive(text, seat), seat)
    bots = {seat: make_bot("easy", random.Random(seat)) for seat in range(3)}
    while not game.state.hand_over:
        seat = game.state.to_move
        if seat == 0:
            game.play(bots[0].choose(observe(game.state, 0)))  # the host's own move
            host_sends(host.updates())
            continue
        table, page = guests[seat]
        page.send(f"seat{seat}", table.act(bots[seat].choose(table.observation)))
        [text] = host_page.take(f"seat{seat}")
        host_sends(host.receive(text, seat), seat)
    for seat, (table, _) in guests.items():
        assert table.observation == observe(game.state, seat)


def test_an_invitation_as_a_qr_code_reads_back_from_a_camera_frame(devices):
    """qrcode-generator draws it, jsQR reads it back (both served by the site), and the
    text read opens the connection like the text itself."""
    host, guest = devices(), devices()
    invitation = host.invite("seat1", {"match": "m", "seat": 1, "token": "t"})
    read, version = guest.page.evaluate(
        """async (text) => {
            const qr = await import("../web/friends/qr.js");
            const canvas = document.createElement("canvas");
            qr.drawQr(text, canvas, { cellSize: 3 });
            const frame = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
            const svg = qr.qrSvg(text);
            if (!svg.startsWith("<svg")) throw new Error("no svg");
            return [await qr.decodeFrame(frame, { useDetector: false }), qr.qrVersion(text)];
        }""",
        invitation,
    )
    assert read == invitation and 1 <= version <= 15
    answer, _ = guest.answer("seat1", read)
    host.accept("seat1", answer)
    host.wait_open("seat1")
    guest.wait_open("seat1")


def test_a_guest_that_closes_its_page_rejoins_by_a_new_invitation_with_its_hand(devices):
    """The guest's page goes away mid-turn: the host's link says so; a new page
    answers a new invitation for the same seat, joins with the ticket, and finds
    its hand as it was."""
    host_page, guest_page = devices(), devices()
    game = Game.new(["Anna", "Bruno"], seed=3)
    host = HostTable(game, remote=[1])
    ticket = host.tickets[1]

    def seat_guest(page: Device, name: str) -> GuestTable:
        table = GuestTable(Ticket.from_json(connect(host_page, page, name, ticket.to_json())))
        page.send(name, table.join())
        for out in host.receive(host_page.take(name)[0], 1):
            host_page.send(name, out.text)
            assert table.receive(page.take(name)[0]) is None
        return table

    table = seat_guest(guest_page, "first")
    if game.state.to_move == 0:
        game.play(next(a for a in legal_actions(game.state) if str(a) == "draw"))
        game.play(next(a for a in legal_actions(game.state) if str(a).startswith("discard")))
    guest_page.send("first", table.act("draw"))
    for out in host.receive(host_page.take("first")[0], 1):
        host_page.send("first", out.text)
    hand = game.state.hand.hands[1]
    assert len(hand) == 14  # drawn, mid-turn
    guest_page.context.close()
    host_page.page.wait_for_function(
        "window.links.first.state !== 'open'", timeout=60_000, polling=200
    )
    assert host_page.state("first") in ("interrupted", "closed")
    rejoined = seat_guest(devices(), "second")
    assert rejoined.observation.hand == hand and rejoined.observation.phase == "play"
