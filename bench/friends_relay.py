#!/usr/bin/env python3
"""Play with friends, by code over a relay beside by QR code: how long to sit down, and
how long a move takes to reach every screen, in one run.

Three game pages (a host and two guests, fresh Chromium contexts) per path:

* **QR**: each guest is seated by carrying the invitation and the answer as text at
  once (tests/peer_helper.py's ``carry``: what a camera or a messenger does, with no
  person's time in it).
* **Relay**: the host taps "Play over the internet"; each guest types the code and
  taps "Join", the host admits as soon as the prompt shows. The Nostr relay is
  ``nostr-relay`` on 127.0.0.1 (tests/relay_helper.py), so the figure is the room's
  own cost (trystero's meeting, its encrypted offers, the knock and the admission,
  then the invitation and the answer through the room), not a public relay's
  distance: add a few hundred milliseconds per relay round trip for those.

For each path: **join to seated** (the guest's click on "Join", or the invitation
carried, to its hand drawn), and **a move to every screen** over a hand played with
clicks (from a guest's last click to all three pages drawn with the result, on the
browser's one clock, as bench/peer.py's figure 5). After seating, both paths use
the same link, so the second figure should match.

Usage: ``.venv/bin/python bench/friends_relay.py``
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

import load  # noqa: E402  (bench/, this script's own folder, is on sys.path)
from peer import ARGS, CHROMIUM, a_hand, open_table, percentiles  # noqa: E402
from peer_helper import PAGE_TIMEOUT_MS, carry, simple_hand  # noqa: E402
from relay_helper import running_relay  # noqa: E402

from scala40.record import Game  # noqa: E402

PLAYERS = ["Anna", "Bruno", "Carla"]
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "remote"},
         {"name": "Carla", "kind": "remote"}]


def set_relay(page, url: str) -> None:
    page.locator("details.advanced summary").click()
    page.locator("#relay-urls").fill(url)
    page.locator('[data-act="stun-save"]').click()


def seat_by_qr(pages) -> list[float]:
    times = []
    for seat in (1, 2):
        started = time.perf_counter()
        carry(pages[0], pages[seat], seat)
        times.append((time.perf_counter() - started) * 1000)
    return times


def seat_by_code(pages, relay: str) -> list[float]:
    host = pages[0]
    set_relay(host, relay)
    host.locator('[data-act="online"]').click()
    code = host.locator(".room-code").get_attribute("data-code", timeout=PAGE_TIMEOUT_MS)
    times = []
    for seat in (1, 2):
        guest = pages[seat]
        guest.locator('[data-act="code"]').click()
        set_relay(guest, relay)
        guest.locator("#room-code").fill(code)
        started = time.perf_counter()
        guest.locator('[data-act="join-code"]').click()
        host.locator('.knock [data-act="admit"]').click(timeout=PAGE_TIMEOUT_MS)
        guest.locator(".hand .in-hand").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        times.append((time.perf_counter() - started) * 1000)
    return times


def run(browser, url: str, seat) -> tuple[list[float], list[float]]:
    seed, actions = simple_hand(PLAYERS)
    storage = {"scala40.game": Game.new(PLAYERS, seed=seed).to_save(),
               "scala40.table": json.dumps({"seats": SEATS})}
    pages = {0: open_table(browser, url, storage),
             **{n: open_table(browser, url, {}) for n in (1, 2)}}
    try:
        return seat(pages), a_hand(pages, actions)
    finally:
        for page in pages.values():
            page.context.close()


def main() -> int:
    from playwright.sync_api import sync_playwright

    server, site_url = load.serve()  # builds the site first
    with tempfile.TemporaryDirectory() as folder, running_relay(Path(folder)) as relay, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        figures = {"QR code": run(browser, site_url, seat_by_qr),
                   "code over a relay": run(browser, site_url,
                                            lambda pages: seat_by_code(pages, relay.url))}
        browser.close()
    server.shutdown()
    for path, (seated, moves) in figures.items():
        print(f"{path}:")
        print(f"   join to seated (two guests): {percentiles(seated)}")
        print(f"   a guest's move to all three screens: {percentiles(moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
