#!/usr/bin/env python3
"""Start-up in WebKit (Safari's engine) beside Chromium, and each beside the bare page.

Cold loads, each in a new browser (WebKitGTK's MiniBrowser under Xvfb through its
WebDriver, or a fresh Chromium context): the game page with a saved match, timed
from navigation start to the first card of the hand on screen, and
``bench/bare.html`` (PyScript + Pyodide and one line of Python) to its "ready".
WebKit is polled every 50 ms through WebDriver, so its figures may be up to that
late; Chromium is polled the same way, so the two are read alike.

Usage: ``.venv/bin/python bench/webkit.py [--runs 3]`` (builds and serves site/ as
bench/load.py does; needs webkit2gtk-driver and xvfb, which scripts/test installs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

import load  # noqa: E402  (bench/, this script's own folder, is on sys.path)
from webkit_helper import poll, webkit_driver, webkit_missing  # noqa: E402

from scala40.record import Game  # noqa: E402

TIMEOUT_S = 300
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "bot", "level": "easy"}]
#: (what is timed, the script that says it is there)
READY = {
    "game": "document.querySelectorAll('.hand .in-hand').length > 0",
    "bare": "(document.getElementById('out') || {}).textContent === 'ready'",
}


def saved_match() -> dict[str, str]:
    game = Game.new(["Anna", "Bruno"], seed="bench-webkit")
    return {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS}),
            "scala40.settings": json.dumps({"lang": "it", "speed": "fast"})}


def in_webkit(url: str, page: str) -> float:
    """Seconds from navigation to ``page`` ready, in a new MiniBrowser."""
    with webkit_driver() as driver:
        if page == "game":  # storage is per origin: written from a light page of the site
            driver.get(url + "storage-setup")
            poll(driver, "return document.readyState === 'complete'", 60)
            driver.execute_script(
                "for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v);",
                saved_match())
        driver.get(url if page == "game" else url + "bench/bare.html")
        at = poll(driver, f"return ({READY[page]}) && performance.now()", TIMEOUT_S)
    if not at:
        raise SystemExit(f"WebKit: the {page} page was not ready within {TIMEOUT_S} s")
    return at / 1000


def in_chromium(browser, url: str, page: str) -> float:
    """Seconds from navigation to ``page`` ready, in a fresh Chromium context."""
    context = browser.new_context(service_workers="block")
    if page == "game":
        context.add_init_script(
            f"for (const [k, v] of Object.entries({json.dumps(saved_match())}))"
            " localStorage.setItem(k, v);")
    tab = context.new_page()
    tab.goto(url if page == "game" else url + "bench/bare.html")
    handle = tab.wait_for_function(f"({READY[page]}) && performance.now()", polling=50,
                                   timeout=TIMEOUT_S * 1000)
    at = handle.json_value()
    context.close()
    return at / 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    missing = webkit_missing()
    if missing:
        raise SystemExit(missing)
    from playwright.sync_api import sync_playwright

    server, url = load.serve()
    times: dict[tuple[str, str], list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=load.CHROMIUM, args=load.ARGS)
        for _ in range(args.runs):  # interleaved, so a change of load falls on every row
            for page in READY:
                times.setdefault(("webkit", page), []).append(in_webkit(url, page))
                times.setdefault(("chromium", page), []).append(in_chromium(browser, url, page))
        browser.close()
    server.shutdown()
    median = {key: statistics.median(values) for key, values in times.items()}
    print(f"cold start, median of {args.runs} (s): engine  game page  bare page  game/bare")
    for engine in ("webkit", "chromium"):
        game, bare = median[(engine, "game")], median[(engine, "bare")]
        print(f"  {engine:<9} {game:9.2f} {bare:10.2f} {game / bare:10.2f}")
    print(f"webkit / chromium: game {median[('webkit', 'game')] / median[('chromium', 'game')]:.2f}"
          f", bare {median[('webkit', 'bare')] / median[('chromium', 'bare')]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
