#!/usr/bin/env python3
"""The peer-to-peer table's figures: invitation size, connection time, round trips.

One run prints:

1. **Invitation size**: the invitation text (what the QR code and the link
   carry: ufrag, password, fingerprint, setup role, candidates, the seat's
   ticket) for 1, 2 (what Chromium gathers on one network), 4 (with a STUN
   server: public IPv4 and IPv6 added) and 8 candidates, in characters, and
   the QR version it needs (error correction L, byte mode) alone and inside
   an invitation link; the answer's size likewise.
2. **Connection time**: from the host starting its invitation to the data
   channel open on both sides, the texts handed over at once (a person
   carrying them adds their own time), over fresh browser contexts.
3. **Round trip**: a short message host → guest → host, in the page
   (``performance.now``), median and p95.
4. **Action to every device**: three contexts (host and two guests); the
   protocol runs in CPython (as in tests/e2e/test_peer_connection.py) and
   every message crosses a data channel. From a guest's action leaving its
   page to every guest's table holding the result, over a whole hand:
   median and p95. This includes the test plumbing (Playwright calls, a few
   ms each), so it is an upper bound of the transport + protocol time; the
   protocol alone in CPython is printed beside it.
5. **Through the table's pages**: the real game page on three contexts (the
   host, Anna, and two guests), joined by carrying the invitation and answer
   as text; a whole hand played with clicks, each move from the page of its
   seat. From a guest's last click of a move to every page's table drawn
   with its result (the DOM updated: a MutationObserver on each page, all on
   the browser's one clock): median and p95.
6. **The observation's JSON**: its size, and the time to write and read one
   (what the host and a guest do per message), in CPython and in Pyodide on
   Node (the browser's Python), for a view late in a hand.

Usage: ``.venv/bin/python bench/peer.py [--runs 10] [--pings 200]`` (builds
site/, serves it with scripts/serve.py and drives Debian's /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

sys.path.insert(0, str(REPO / "tests"))

import load  # noqa: E402  (bench/, this script's own folder, is on sys.path)
from peer_helper import PAGE_TIMEOUT_MS, carry, play_in_page, simple_hand  # noqa: E402

from scala40 import observe  # noqa: E402
from scala40.bots import make_bot  # noqa: E402
from scala40.record import Game  # noqa: E402
from web.friends.guest import GuestTable  # noqa: E402
from web.friends.host import HostTable  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LINK_PREFIX = "https://example.github.io/scala40/#join="  # a typical invitation link

SETUP = """async () => {
    window.peer = await import('../web/friends/connection.js');
    window.qr = await import('../web/friends/qr.js');
    window.inbox = [];
    window.waiters = [];
    window.arrived = (text) => (waiters.length ? waiters.shift()(text) : inbox.push(text));
    window.next = () => (inbox.length ? inbox.shift() : new Promise((r) => waiters.push(r)));
}"""

#: Rewrites a real offer with a given list of candidates; returns [text, version, link version].
SIZES = """async ([invitation, candidates, prefix]) => {
    const signal = await peer.readSignal(invitation, "offer");
    const reduced = peer.reduceSdp(signal.description.sdp);
    reduced.candidates = candidates.map(([address, port, type]) => ({ address, port, type }));
    const description = { type: "offer", sdp: peer.expandSdp(reduced) };
    const text = await peer.writeSignal(description, signal.data);
    return [text.length, qr.qrVersion(text), qr.qrVersion(prefix + text)];
}"""


def open_page(browser, url: str):
    page = browser.new_context().new_page()
    page.goto(url)
    page.evaluate(SETUP)
    return page


def connect(host, guest, ticket: dict) -> tuple[float, str, str]:
    """Connect two pages; (seconds to open on both, invitation text, answer text)."""
    started = time.perf_counter()
    invitation = host.evaluate(
        """async (data) => {
            const made = await peer.invite({ data });
            window.link = made.link; window.accept = made.accept;
            made.link.receive(window.arrived);
            return made.text;
        }""",
        ticket,
    )
    answer = guest.evaluate(
        """async (invitation) => {
            const made = await peer.answer(invitation);
            window.link = made.link;
            made.link.receive(window.arrived);
            return made.text;
        }""",
        invitation,
    )
    host.evaluate("async (answer) => { await window.accept(answer); }", answer)
    for page in (host, guest):
        page.wait_for_function("window.link.state === 'open'", timeout=10_000)
    return time.perf_counter() - started, invitation, answer


def round_trips(host, guest, pings: int) -> list[float]:
    guest.evaluate("() => { window.link.receive((text) => window.link.send(text)); }")
    return host.evaluate(
        """async (pings) => {
            window.inbox.length = 0;
            const times = [];
            for (let i = 0; i < pings; i++) {
                const started = performance.now();
                window.link.send("ping " + i);
                await window.next();
                times.push(performance.now() - started);
            }
            return times;
        }""",
        pings,
    )


def take(page) -> str:
    """The next message that arrived on the page's link (waiting for it if none yet)."""
    return page.evaluate("() => window.next()")


def action_to_every_device(browser, url: str) -> tuple[list[float], list[float]]:
    """A hand of three easy bots, seats 1 and 2 on guest pages: per guest action,
    seconds until both guests hold the result; and of that, the seconds spent in
    the protocol (HostTable.receive and the GuestTables' receive, CPython)."""
    game = Game.new(["Anna", "Bruno", "Carla"], seed=8)
    host = HostTable(game, remote=[1, 2])
    host_pages = {seat: open_page(browser, url) for seat in (1, 2)}  # one link a page
    guests = {}
    for seat in (1, 2):
        page = open_page(browser, url)
        connect(host_pages[seat], page, host.tickets[seat].to_json())
        guests[seat] = (GuestTable(host.tickets[seat]), page)
    spent = [0.0]  # protocol seconds of the current action

    def timed(call, *args):
        started = time.perf_counter()
        result = call(*args)
        spent[0] += time.perf_counter() - started
        return result

    def deliver(out, sender=None):
        for message in out:
            seat = sender if message.seat is None else message.seat
            host_pages[seat].evaluate("(text) => window.link.send(text)", message.text)
            table, page = guests[seat]
            timed(table.receive, take(page))

    for seat, (table, page) in guests.items():
        page.evaluate("(text) => window.link.send(text)", table.join())
        deliver(host.receive(take(host_pages[seat]), seat), seat)
    bots = {seat: make_bot("easy", random.Random(seat)) for seat in range(3)}
    wire, protocol = [], []
    while not game.state.hand_over:
        seat = game.state.to_move
        if seat == 0:
            game.play(bots[0].choose(observe(game.state, 0)))  # the host's own move
            deliver(host.updates())
            continue
        table, page = guests[seat]
        text = table.act(bots[seat].choose(table.observation))
        spent[0] = 0.0
        started = time.perf_counter()
        page.evaluate("(text) => window.link.send(text)", text)
        deliver(timed(host.receive, take(host_pages[seat]), seat), seat)
        wire.append(time.perf_counter() - started)
        protocol.append(spent[0])
    return wire, protocol


#: On every table page: when each step of the match is first drawn (``.peer-step``), when
#: the player last clicked, on one clock for all contexts (``performance.timeOrigin``).
TABLE_CLOCK = """
window.__pyAllDone = false;
addEventListener("py:all-done", () => { window.__pyAllDone = true; }, { once: true });
window.__seen = {};
window.__clicks = [];
const clock = () => performance.timeOrigin + performance.now();
addEventListener("click", () => window.__clicks.push(clock()), true);
new MutationObserver(() => {
  const step = document.querySelector(".peer-step")?.dataset.step;
  if (step && !(step in window.__seen)) window.__seen[step] = clock();
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def open_table(browser, url: str, storage: dict[str, str]):
    """The game's page in a fresh context, its localStorage seeded once."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(TABLE_CLOCK)
    items = {"scala40.settings": json.dumps({"lang": "en", "speed": "fast"}), **storage}
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ for (const [k, v] of "
        f"Object.entries({json.dumps(items)})) localStorage.setItem(k, v); "
        "sessionStorage.setItem('seeded', '1'); }"
    )
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__pyAllDone === true", timeout=PAGE_TIMEOUT_MS * 2)
    return page


def a_hand(pages, actions) -> list[float]:
    """Milliseconds from each guest move's last click to every page drawing it."""
    pages[0].locator('[data-act="to-table"]').click()
    latencies = []
    for seat, action in actions:
        step = str(int(pages[0].locator(".peer-step").get_attribute("data-step")) + 1)
        play_in_page(pages[seat], action)
        for page in pages.values():
            page.wait_for_function("(step) => step in window.__seen", arg=step,
                                   timeout=PAGE_TIMEOUT_MS)
        if seat != 0:
            clicked = pages[seat].evaluate("window.__clicks.at(-1)")
            shown = max(page.evaluate("(step) => window.__seen[step]", step)
                        for page in pages.values())
            latencies.append(shown - clicked)
    return latencies


def through_the_pages(browser, url: str) -> list[float]:
    """A hand played with clicks on three game pages (see the module docstring, 5.):
    milliseconds from each guest move's last click to every page drawing its result."""
    players = ["Anna", "Bruno", "Carla"]
    seed, actions = simple_hand(players)
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "remote"},
             {"name": "Carla", "kind": "remote"}]
    storage = {"scala40.game": Game.new(players, seed=seed).to_save(),
               "scala40.table": json.dumps({"seats": seats})}
    pages = {0: open_table(browser, url, storage)}
    for seat in (1, 2):
        pages[seat] = open_table(browser, url, {})
        carry(pages[0], pages[seat], seat)
    latencies = a_hand(pages, actions)
    for page in pages.values():
        page.context.close()
    return latencies


CODEC_CODE = """
import json, random, time
from scala40 import apply, legal_actions, new_match, observe
from scala40.observation import Observation
from web.friends.codec import from_json, to_json
state = new_match(["Anna", "Bruno", "Carla"], 3)
chooser = random.Random(1)
for _ in range(150):
    state = apply(state, chooser.choice(legal_actions(state)))
view = observe(state, 1)
started = time.perf_counter()
for _ in range(20):
    text = json.dumps(to_json(view, Observation))
written = time.perf_counter()
for _ in range(20):
    from_json(json.loads(text), Observation)
read = time.perf_counter()
print(len(text), len(state.hand.log), (written - started) * 50, (read - written) * 50)
"""


def codec_times() -> dict[str, str]:
    """CODEC_CODE's line in CPython and (when Node is there) in Pyodide."""
    runs = {
        "CPython": subprocess.run(
            [sys.executable, "-c", CODEC_CODE],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    }
    from peer_helper import with_peer_modules
    from pyodide_helper import run_in_pyodide

    try:
        runs["Pyodide"] = run_in_pyodide(with_peer_modules(CODEC_CODE))
    except RuntimeError as error:  # no Node.js or node_modules: CPython only
        print(f"   Pyodide skipped: {error}")
    return runs


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms (n={len(ordered)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="connections to time")
    parser.add_argument("--pings", type=int, default=200, help="round trips to time")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, site_url = load.serve()  # builds the site first
    url = site_url + "bench/peer.html"
    ticket = HostTable(Game.new(["Anna", "Bruno"]), remote=[1]).tickets[1].to_json()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        times, invitation, answer = [], "", ""
        for _ in range(args.runs):
            host, guest = open_page(browser, url), open_page(browser, url)
            seconds, invitation, answer = connect(host, guest, ticket)
            times.append(seconds * 1000)
            rtts = round_trips(host, guest, args.pings)
            host.context.close()
            guest.context.close()
        print("1. invitation (ticket included), characters (bytes in the QR code) / QR version")
        print("   alone / as a link:")
        sizer = open_page(browser, url)
        mdns = [f"{uuid.UUID(int=random.Random(n).getrandbits(128))}.local" for n in range(4)]
        sets = {
            1: [[mdns[0], 50001, "host"]],
            2: [[mdns[0], 50001, "host"], [mdns[1], 50002, "host"]],
            4: [
                [mdns[0], 50001, "host"],
                [mdns[1], 50002, "host"],
                ["203.0.113.7", 61001, "srflx"],
                ["2001:db8:85a3::8a2e:370:7334", 61002, "srflx"],
            ],
        }
        more = [[mdns[2], 50003, "host"], [mdns[3], 50004, "host"]]
        sets[8] = sets[4] + more + [["198.51.100.9", 61003, "srflx"], ["192.0.2.1", 61004, "prflx"]]
        for count, candidates in sets.items():
            size, version, link = sizer.evaluate(SIZES, [invitation, candidates, LINK_PREFIX])
            print(f"   {count} candidate(s): {size} bytes, QR version {version} / {link}")
        print(f"   the real invitation here: {len(invitation)} chars; the answer: {len(answer)}")
        print(f"2. connection time, invitation to open channel: {percentiles(times)}")
        print(f"3. round trip host -> guest -> host (last run): {percentiles(rtts)}")
        wire, protocol = action_to_every_device(browser, url)
        print(
            f"4. guest action to both guests updated, over a hand: "
            f"{percentiles([s * 1000 for s in wire])}"
        )
        print(
            f"   of which the protocol (host and guests, CPython): "
            f"{percentiles([s * 1000 for s in protocol])}"
        )
        pages = through_the_pages(browser, url.rsplit("bench/", 1)[0])
        print(f"5. through the table's pages, a guest's move to all three pages drawn: "
              f"{percentiles(pages)}")
        browser.close()
    server.shutdown()
    for runtime, line in codec_times().items():
        size, entries, write_ms, read_ms = line.split()
        print(
            f"6. observation JSON ({size} bytes, {entries} log entries), {runtime}: "
            f"write {float(write_ms):.1f} ms, read {float(read_ms):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
