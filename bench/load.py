#!/usr/bin/env python3
"""Time-to-playable of the game page against bare PyScript, and main-thread blocking.

One run of this script prints:

1. **Time to playable**: cold loads (fresh browser context, empty cache) of
   the game page with a saved match in localStorage, timed from navigation
   start to the first card of the hand on screen; and of ``bench/bare.html``
   (PyScript + Pyodide and one line of Python), timed to its "ready". Several
   runs each, medians, and the ratio game / bare.
2. **Reload online and offline**: after a first visit has installed the
   service worker, reloads with the network up and with it cut off, each
   timed from navigation start to the first card of the hand.
3. **Longest main-thread block during bot turns**: a match of one human and
   three hard bots, bots to move, at the fastest speed; a ``PerformanceObserver``
   on ``longtask`` (tasks over 50 ms) records every block of the page's
   thread from the first bot move until the human is to move again.

Usage: ``.venv/bin/python bench/load.py [--runs 5]`` (builds site/ first,
serves it on a free port with scripts/serve.py, i.e. netlify.toml's headers,
and drives Debian's /usr/bin/chromium with Playwright).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
from pathlib import Path
from threading import Thread

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from scala40.record import Game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Records when a selector first matches, and every long task, from the start.
PROBE = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
window.__seen = {};
const __watch = (name, test) => {
  const check = () => {
    if (!(name in window.__seen) && test()) window.__seen[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true,
                                                   characterData: true });
};
__watch("playable", () => document.querySelector(".hand .in-hand"));
__watch("bare", () => (document.getElementById("out") || {}).textContent === "ready");
__watch("botmove", () => document.querySelectorAll(".log li:not(.none)").length > 0);
"""


def serve():
    """Build the site and serve it on a free port, as scripts/play does."""
    subprocess.run([sys.executable, str(REPO / "scripts" / "build_site.py"), "--quiet"],
                   check=True)
    spec = importlib.util.spec_from_file_location("serve", REPO / "scripts" / "serve.py")
    serve_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve_module)
    server = serve_module.make_server(REPO / "site", 0)
    Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def reload_times(browser, url: str, items: dict, runs: int) -> tuple[list[float], list[float]]:
    """Reloads to playable with the service worker installed: online, then offline."""
    context = probe_context(browser, items)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    results: dict[bool, list[float]] = {False: [], True: []}
    for offline in (False, True):
        context.set_offline(offline)
        for _ in range(runs):
            page.reload()
            page.wait_for_function("'playable' in window.__seen", timeout=120_000)
            results[offline].append(page.evaluate("window.__seen['playable']"))
    context.close()
    return results[False], results[True]


def storage_script(items: dict) -> str:
    return (
        "if (!sessionStorage.getItem('seeded')) {"
        f"const items = {json.dumps(items)};"
        "for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "sessionStorage.setItem('seeded', '1'); }"
    )


def probe_context(browser, items: dict | None):
    """A fresh desktop-sized context with the probe and, if given, a seeded localStorage."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(PROBE)
    if items:
        context.add_init_script(storage_script(items))
    return context


def timed_load(browser, url: str, mark: str, items: dict | None = None) -> float:
    context = probe_context(browser, items)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(f"'{mark}' in window.__seen", timeout=120_000)
    value = page.evaluate(f"window.__seen['{mark}']")
    context.close()
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve()
    # a saved match, the human to move: the page opens straight onto the table
    seed = next(s for s in range(100) if Game.new(["Tu", "Bruno"], seed=s).state.to_move == 0)
    game = Game.new(["Tu", "Bruno"], seed=seed)
    items = {
        "scala40.game": game.to_save(),
        "scala40.table": json.dumps({"seats": [
            {"name": "Tu", "kind": "human"}, {"name": "Bruno", "kind": "bot", "level": "hard"},
        ]}),
        "scala40.settings": json.dumps({"lang": "it", "speed": "fast"}),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        game_times, bare_times = [], []
        for _ in range(args.runs):
            bare_times.append(timed_load(browser, url + "bench/bare.html", "bare"))
            game_times.append(timed_load(browser, url, "playable", items))
        game_median = statistics.median(game_times)
        bare_median = statistics.median(bare_times)
        print(f"time to playable, game page  (ms): {[round(x) for x in game_times]}"
              f"  median {game_median:.0f}")
        print(f"time to ready,    bare.html  (ms): {[round(x) for x in bare_times]}"
              f"  median {bare_median:.0f}")
        print(f"ratio game / bare: {game_median / bare_median:.2f}")
        online, offline = reload_times(browser, url, items, args.runs)
        print(f"reload to playable, online   (ms): {[round(x) for x in online]}"
              f"  median {statistics.median(online):.0f}")
        print(f"reload to playable, offline  (ms): {[round(x) for x in offline]}"
              f"  median {statistics.median(offline):.0f}")

        # bots' turns: one human, three hard bots, a bot to move
        names = ["Tu", "Bruno", "Carla", "Dario"]
        seed = next(s for s in range(100) if Game.new(names, seed=s).state.to_move != 0)
        four = Game.new(names, seed=seed)
        seats = [{"name": "Tu", "kind": "human"}] + [
            {"name": n, "kind": "bot", "level": "hard"} for n in names[1:]
        ]
        bots = {
            "scala40.game": four.to_save(),
            "scala40.table": json.dumps({"seats": seats}),
            "scala40.settings": json.dumps({"lang": "it", "speed": "fast"}),
        }
        context = probe_context(browser, bots)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("'botmove' in window.__seen", timeout=120_000)
        start = page.evaluate("window.__seen['botmove']")
        page.wait_for_function(
            "document.querySelector('.status') && "
            "document.querySelector('.status').textContent.includes('Tocca a te')",
            timeout=180_000,
        )
        end = page.evaluate("performance.now()")
        moves = page.locator(".log li").count()
        tasks = page.evaluate("window.__longtasks")
        context.close()
        browser.close()
    during = [d for s, d in tasks if start - 100 <= s <= end]
    print(f"bot turns: {moves} moves in {(end - start) / 1000:.1f} s; "
          f"long tasks (>50 ms) on the main thread meanwhile: {len(during)}; "
          f"longest {max(during, default=0):.0f} ms")
    before = [d for s, d in tasks if s < start - 100]
    print(f"(start-up, before the first bot move: {len(before)} long tasks, "
          f"longest {max(before, default=0):.0f} ms)")
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
