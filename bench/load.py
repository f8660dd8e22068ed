#!/usr/bin/env python3
"""Time-to-playable of the game page against bare PyScript, main-thread blocking, and
the bytes of a first visit.

One run of this script prints:

0. **The bytes of a first visit**: what a host sends for the game page and its
   offline copy (from the first request until the service worker controls the
   page) in a fresh browser profile (a disk cache, as a player's browser has),
   per file and in all, compressed as GitHub Pages does (gzip) and as Netlify
   does (brotli) by scripts/serve.py; beside them the bare page's (a stock
   PyScript page, below) and, with ``--against``, the other build's. With
   ``--bytes`` only this (a minute, and 30 s more the first time the machine
   compresses Pyodide's WebAssembly with brotli). docs/load.md keeps the figures.
1. **Time to playable**: cold loads (fresh browser context, empty cache) of
   the game page with a saved match in localStorage, timed from navigation
   start to the first card of the hand on screen; and of ``bench/bare.html``
   (PyScript + Pyodide and one line of Python), timed to its "ready": the bare
   page served with Pyodide as npm ships it (:func:`stock_site`), a stock
   PyScript page, where this site's copy of Pyodide's standard library carries
   the bytecode of what Pyodide's start imports (scripts/build_site.py); in
   the first visits over localhost, the bare page on this site's runtime too
   (what the game adds to a page on the same runtime). Several
   runs each, taken in turn (which page goes first alternates), medians, and
   the ratio game / bare; beside it the mean of each pair's ratio with its
   standard error, since one load spreads by about ±0.15 s and a ratio of a
   few loads moves between runs by more than a few hundredths. Then the
   same over the emulated networks (:data:`NETWORKS`): over localhost every
   file arrives at once and the CPU decides, where a player's first visit
   waits on round trips and bandwidth.
2. **Reload online and offline**: after a first visit has installed the
   service worker, reloads with the network up and with it cut off, each
   timed from navigation start to the first card of the hand.
   Beside them, the returning player's first sight: when the snapshot of
   the last table (web/page/snapshot.js) was on the page, and the first
   contentful paint, against the bare page's reloads (its paint, its ready).
3. **Where the first visit's time goes**: from navigation to main.py's first
   line (the runtime and the archives), its imports, and drawing the table
   (``performance.mark`` in web/main.py); when the page was parsed and when
   Pyodide's runtime was asked for, and PyScript's own chain between the two
   (its configuration, its plugins), beside the bare page's (and with
   ``--against``, paired with the other build's); and the longest
   main-thread task during start (to playable) and in the 3 s after, against
   the bare page's.
4. **Memory**: the renderer process (RSS and PSS, from /proc, the process
   found through Chromium's ``SystemInfo`` domain) of the bare page, of the
   game page with two humans and with three hard bots at the table, once they
   have played (they think in the page's own Python, in slices: no worker, no
   second interpreter); the difference is what the bots' thinking holds. Each
   is the median of as many loads as ``--runs``: one load's figure moves by a
   tenth. Taken twice: 3 s after the page is up, and after a forced garbage
   collection (what the page keeps: the first figure holds garbage the
   browser had not yet collected, more of it in an idle page). Beside them,
   what each page holds by Chromium's own allocators (the raster tiles of
   what it draws, the DOM's heap, ...): where the game's extra goes. Then
   the bare page and the bots' page again, drawn by a GPU process
   (:data:`GPU_ARGS`), which holds the tiles on a device with a GPU.
5. **Longest main-thread block during bot turns**: a match of one human and
   three hard bots, bots to move, at the fastest speed; a ``PerformanceObserver``
   on ``longtask`` (tasks over 50 ms) records every block of the page's
   thread from the first bot move until the human is to move again; then,
   10 s later, the human draws and discards (a double tap: two taps 150 ms
   apart, as a finger makes them) and the bots' second round is timed the
   same way (in the first seconds after start the browser is still
   optimizing Pyodide's code in the background, and everything on the page
   runs slower); then the page is reloaded onto the same save and the
   bots' first round timed again: a return visit, with Pyodide's compiled
   code in the browser's cache. With ``--against``, the bots' first round of
   first visits of both builds in turn: the long tasks from the table
   playable to the player's turn, counted for each.

Every figure is printed beside the bare page's of the same run: the machine
may be shared and slow, and only the ratios travel.

6. **Against another build** (``--against DIR``, a site folder built from
   another commit): first visits of this build and that one taken in turn,
   ``--pairs`` of each, and the mean of their paired differences with its
   standard error. A single load spreads by about ±0.15 s on a 2-core
   machine, so a change of a few hundredths of the first visit shows only
   this way. To build the site of commit REV beside this one::

       git worktree add /tmp/before REV && ln -s "$PWD/node_modules" /tmp/before/
       python3 /tmp/before/scripts/build_site.py --out /tmp/before-site

7. **Play on a first visit** (``--play-first``, only this): first visits with nothing
   stored over Slow 4G from a gzip host, "Play" pressed as soon as the first screen
   is on the page (built into it, before Python: web/page/first.py), timed to the
   first card of the hand drawn by Python; beside the floor, the bare page on this
   site's runtime (the WebAssembly, the trimmed library and Pyodide's start, no
   game) to its ready. ``--network-runs`` loads of each, taken in turn.

Usage: ``.venv/bin/python bench/load.py [--runs 5] [--network-runs 3]
[--against DIR [--pairs 30]] [--bytes] [--first-screen] [--play-first]``
(builds site/ first, serves it on a free port with scripts/serve.py, i.e.
netlify.toml's headers, and drives Debian's /usr/bin/chromium with Playwright).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from threading import Event, Thread

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from script_helper import load_script  # noqa: E402

from scala40.record import Game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: Chromium with a GPU process drawing on SwiftShader (a GPU in software). With
#: ``--disable-gpu`` (above) the compositor rasters the page's tiles into the
#: renderer's own shared memory; with a GPU, as on phones and computers, they
#: are the GPU process's, and the renderer keeps what is its own.
GPU_ARGS = [arg for arg in ARGS if arg != "--disable-gpu"] + [
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]

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
  // the body's classes too: the live page is told from a painted one by them alone
  new MutationObserver(check).observe(document, { subtree: true, childList: true,
                                                   characterData: true, attributes: true,
                                                   attributeFilter: ["class"] });
};
// the live table: the snapshot of the last one (web/page/snapshot.js) does not count
__watch("playable", () => document.querySelector(".hand .in-hand") &&
                          !document.body.classList.contains("snapshot"));
__watch("bare", () => (document.getElementById("out") || {}).textContent === "ready");
__watch("botmove", () => document.querySelectorAll(".log li:not(.none)").length > 0 &&
                         !document.body.classList.contains("snapshot"));
__watch("snapshot", () => document.getElementById("snapshot-wait"));
__watch("table", () => document.querySelector("#app .table"));
// a first visit: the built screen painted before Python (web/page/first.py), then
// the live page's own draw of it
__watch("firstscreen", () => document.body.classList.contains("first-screen") &&
                             document.querySelector("#app #setup"));
__watch("newgame", () => document.querySelector("#app #setup") &&
                         !document.body.classList.contains("loading"));
// when "Play" was pressed (on a first visit's screen, before Python: --play-first)
addEventListener("click", (event) => {
  if (!("play" in window.__seen) && event.target.closest?.('[data-act="start"]')) {
    window.__seen.play = performance.now();
  }
}, true);
"""

# When the page was parsed (its ``DOMContentLoaded`` over) and when Pyodide's runtime,
# ``pyodide.asm.mjs``, was asked for, from navigation start. Between the two runs
# PyScript's chain: its configuration (fetched and parsed, unless inline JSON), its
# plugins. Before the page is parsed, the page's own scripts and stylesheets, and the
# bodies of the preloads taken in by the same thread.
CHAIN = """() => {
  const parsed = performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd;
  const runtime = performance.getEntriesByType("resource")
    .find((e) => e.name.endsWith("pyodide.asm.mjs"));
  return runtime ? {parsed, runtime: runtime.startTime} : null;
}"""

# Times of the first paint and of web/main.py's marks, from navigation start.
MARKS = """() => {
  const at = (name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return { paint: at("first-contentful-paint"), main: at("scala40:main"),
           imported: at("scala40:imported"), drawn: at("scala40:drawn") };
}"""


def serve(folder: Path | None = None, compress: str | None = None):
    """Serve ``folder`` on a free port, as scripts/play does, its files compressed as
    ``compress`` says (scripts/serve.py); by default build the site first and serve it."""
    if folder is None:
        subprocess.run([sys.executable, str(REPO / "scripts" / "build_site.py"), "--quiet"],
                       check=True)
        folder = REPO / "site"
    server = load_script("serve").make_server(folder, 0, compress=compress)
    Thread(target=server.serve_forever, daemon=True).start()
    return server, server.url


def stock_site(site: Path, folder: Path) -> Path:
    """``folder`` made the site as it would be with Pyodide as npm ships it: links to
    ``site``'s files, but for Pyodide's own, linked from node_modules (its standard
    library as sources; the build compiles what its start imports). The bare page
    served from there is a stock PyScript page, the baseline of issue #16."""
    build = load_script("build_site")
    pyodide = build.runtime_dirs()["pyodide"]
    for path in site.rglob("*"):
        rel = path.relative_to(site)
        if path.is_file() and rel.parent != pyodide:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).symlink_to(path)
    (folder / pyodide).mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        (folder / pyodide / name).symlink_to(build.NODE_MODULES / "pyodide" / name)
    return folder


def against(browser, url: str, other: Path, pairs: int, items: dict) -> None:
    """First visits of this build and of the site in ``other``, in turn (which goes
    first alternates), and their paired difference."""
    server, other_url = serve(other)
    this, that = [], []
    for index in range(pairs):
        order = [(this, url), (that, other_url)]
        for loads, address in order if index % 2 == 0 else reversed(order):
            loads.append(timed_load(browser, address, "playable", items))
        print(f"  pair {index + 1}: this {this[-1]['at']:.0f} ms, that {that[-1]['at']:.0f} ms",
              flush=True)
    server.shutdown()
    print(f"-- first visit against {other} ({pairs} cold loads each, in turn)")
    row("time to playable, this build", [load["at"] for load in this])
    row(f"time to playable, {other.name}", [load["at"] for load in that])
    row("  main.py's imports, this build", [load["imported"] - load["main"] for load in this])
    row(f"  main.py's imports, {other.name}", [load["imported"] - load["main"] for load in that])
    for key, label in (("parsed", "page parsed"), ("runtime", "Pyodide's runtime asked for"),
                       ("chain", "PyScript's chain, parsed to runtime")):
        row(f"  {label}, this build", [load[key] for load in this])
        row(f"  {label}, {other.name}", [load[key] for load in that])
        paired("  its", this, that, key)
    paired(f"this minus {other.name}, time to playable,", this, that, "at")


def first_rounds_against(browser, url: str, other: Path, pairs: int, items: dict) -> None:
    """The bots' first round of first visits of this build and of the site in ``other``,
    in turn: the long tasks from the table playable to the player's turn. In that
    round the browser still optimizes Pyodide's code in the background, and other work
    of the page's first seconds (the offline copy's install) competes with it."""
    server, other_url = serve(other)
    this: list[list[float]] = []
    that: list[list[float]] = []
    for index in range(pairs):
        order = [(this, url), (that, other_url)]
        for rounds, address in order if index % 2 == 0 else reversed(order):
            context = probe_context(browser, items)
            page = context.new_page()
            page.goto(address)
            page.wait_for_function("'playable' in window.__seen", timeout=120_000)
            page.wait_for_function(MY_TURN, timeout=180_000)
            playable = page.evaluate("window.__seen['playable']")
            end = page.evaluate("performance.now()")
            rounds.append([d for s, d in page.evaluate("window.__longtasks")
                           if playable <= s <= end])
            context.close()
    server.shutdown()
    print(f"-- the bots' first round of a first visit against {other} ({pairs} visits each, "
          "in turn): long tasks (>50 ms) from playable to the player's turn")
    for label, rounds in (("this build", this), (other.name, that)):
        longest = [max(tasks, default=0.0) for tasks in rounds]
        print(f"  {label:<12} {sum(map(len, rounds))} in all; per visit "
              f"{[len(tasks) for tasks in rounds]}; each visit's longest: median "
              f"{statistics.median(longest):.0f} ms, max {max(longest):.0f} ms")


#: The hosts a first visit is counted on: how each compresses, the headers it sends.
HOSTS = {"gzip": ("github", "gzip"), "br": ("netlify", "brotli")}


def visit_bytes(playwright, folder: Path, compress: str, path: str = "") -> dict[str, int]:
    """Bytes sent per file (site path) by the host ``compress`` names (:data:`HOSTS`),
    serving ``folder``, for a first visit of its page ``path`` in a fresh profile: until
    the service worker controls the game page (its offline copy is whole), or until the
    bare page is ready. Requests answered with no body (304) cost nothing."""
    host = HOSTS[compress][0]
    server = load_script("serve").make_server(folder, 0, compress=compress, host=host)
    Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="scala40-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS)
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(server.url + path)
        done = ("'bare' in window.__seen" if path else
                "navigator.serviceWorker && navigator.serviceWorker.controller !== null")
        page.wait_for_function(done, timeout=180_000)
        page.wait_for_timeout(1000)  # a last request on its way
        context.close()
    server.shutdown()
    sizes: dict[str, int] = {}
    for sent, count in server.sent:
        name = sent.split("?")[0].removeprefix("/") or "./"
        sizes[name] = sizes.get(name, 0) + count
    return sizes


def report_bytes(playwright, site: Path, stock: Path, other: Path | None) -> None:
    """The bytes of a first visit per file, gzip and brotli, for this build, ``other``'s
    (the build before) and the bare page, with their totals (1 KB = 1000 bytes)."""
    columns = [("this build", site, ""), *([(other.name, other, "")] if other else []),
               ("bare page", stock, BARE_PATH)]
    counted = {(label, compress): visit_bytes(playwright, folder, compress, path)
               for compress in HOSTS for label, folder, path in columns}
    names = sorted({name for sizes in counted.values() for name in sizes},
                   key=lambda name: -max(sizes.get(name, 0) for sizes in counted.values()))
    print("-- the bytes of a first visit (the page and its offline copy; the bare page to "
          "ready), KB sent by a gzip host (GitHub Pages) and a brotli host (Netlify)")
    heads = [f"{HOSTS[c][1]}, {label}" for c in HOSTS for label, _, _ in columns]
    width, first = max(map(len, heads)) + 2, max(map(len, names))
    print(f"{'file':<{first}}" + "".join(f"{head:>{width}}" for head in heads))
    for name in names:
        cells = [counted[label, c].get(name) for c in HOSTS for label, _, _ in columns]
        print(f"{name:<{first}}" + "".join(f"{'-' if n is None else f'{n / 1000:.1f}':>{width}}"
                                           for n in cells))
    totals = [sum(counted[label, c].values()) for c in HOSTS for label, _, _ in columns]
    print(f"{'total':<{first}}" + "".join(f"{f'{n / 1e6:.2f} MB':>{width}}" for n in totals))


def paired(label: str, this: list[dict], that: list[dict], key: str) -> None:
    """Print the mean of the pairs' differences in ``key`` with its standard error: a
    change smaller than one load's spread shows only this way."""
    differences = [a[key] - b[key] for a, b in zip(this, that, strict=True)]
    error = (statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1
             else float("nan"))
    print(f"{label} paired difference: mean {statistics.mean(differences):+.0f} ms, "
          f"standard error {error:.0f} ms")


def reload_times(browser, url: str, items: dict, runs: int) -> dict[str, list[float]]:
    """Reloads with the service worker installed, online then offline: to playable,
    and (online) to the snapshot on the page and to the first paint."""
    context = probe_context(browser, items)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function("'playable' in window.__seen", timeout=120_000)
    results: dict[str, list[float]] = {"online": [], "offline": [], "snapshot": [], "paint": []}
    for offline in (False, True):
        context.set_offline(offline)
        for _ in range(runs):
            page.reload()
            page.wait_for_function("'playable' in window.__seen", timeout=120_000)
            results["offline" if offline else "online"].append(
                page.evaluate("window.__seen['playable']"))
            if not offline:
                results["snapshot"].append(page.evaluate("window.__seen['snapshot'] ?? NaN"))
                results["paint"].append(page.evaluate(MARKS)["paint"])
            page.wait_for_timeout(300)  # the page writes its snapshot after drawing
    context.close()
    return results


def bare_reloads(browser, url: str, runs: int) -> dict[str, list[float]]:
    """The bare page reloaded with a warm HTTP cache: to ready, and to the first paint."""
    context = probe_context(browser, None)
    page = context.new_page()
    page.goto(url + BARE_PATH)
    page.wait_for_function("'bare' in window.__seen", timeout=120_000)
    results: dict[str, list[float]] = {"ready": [], "paint": []}
    for _ in range(runs):
        page.reload()
        page.wait_for_function("'bare' in window.__seen", timeout=120_000)
        results["ready"].append(page.evaluate("window.__seen['bare']"))
        results["paint"].append(page.evaluate(MARKS)["paint"])
    context.close()
    return results


def renderer_memory(browser) -> tuple[float, float]:
    """(RSS, PSS) in MB of the biggest renderer process: with one page open, its own."""
    return renderer_process(browser)[1:]


def renderer_process(browser) -> tuple[int, float, float]:
    """(process id, RSS, PSS in MB) of the biggest renderer process."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    session.detach()
    best = (0, 0.0, 0.0)
    for process in processes:
        if process["type"] != "renderer":
            continue
        try:
            rss = _proc_kb(f"/proc/{process['id']}/status", "VmRSS:")
            pss = _proc_kb(f"/proc/{process['id']}/smaps_rollup", "Pss:")
        except OSError:  # gone meanwhile (a spare renderer)
            continue
        best = max(best, (process["id"], rss / 1024, pss / 1024), key=lambda p: p[1])
    return best


def allocators(browser, pid: int) -> dict[str, float]:
    """What the renderer ``pid`` holds, MB by Chromium's own allocators (a
    memory-infra dump: ``cc`` the compositor's raster tiles, ``malloc``,
    ``partition_alloc`` Blink's, ``blink_gc`` the DOM's heap, ``v8``). They do not
    add up to the RSS (the code, the wasm memory, the fonts mapped are not in
    them) and overlap (the tiles are also ``shared_memory``), but the same
    allocator compared between two pages says where one holds more."""
    session = browser.new_browser_cdp_session()
    events: list[dict] = []
    done = Event()
    session.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    session.on("Tracing.tracingComplete", lambda _: done.set())
    session.send("Tracing.start", {
        "traceConfig": {"includedCategories": ["disabled-by-default-memory-infra"],
                        "memoryDumpConfig": {"triggers": []}},
        "transferMode": "ReportEvents"})
    session.send("Tracing.requestMemoryDump", {"deterministic": True,
                                                "levelOfDetail": "detailed"})
    session.send("Tracing.end")
    while not done.is_set():  # the events arrive on this thread's CDP calls
        session.send("Browser.getVersion")
        done.wait(0.1)
    session.detach()
    sizes: dict[str, float] = {}
    for event in events:
        if event.get("ph") != "v" or event.get("pid") != pid:
            continue
        for name, dump in event["args"]["dumps"].get("allocators", {}).items():
            size = dump.get("attrs", {}).get("size")
            if "/" not in name and size:
                sizes[name] = int(size["value"], 16) / 2**20
    return sizes


def _proc_kb(path: str, field: str) -> float:
    with open(path, encoding="ascii") as lines:
        return next(float(line.split()[1]) for line in lines if line.startswith(field))


Memory = tuple[float, float]  # a renderer's (RSS, PSS) in MB
#: The pages whose memory is taken.
BARE, HUMANS, BOTS = "bare.html", "game, two humans", "game, three bots at the table"
BARE_PATH = "bench/bare.html"


def memory_after(browser, url: str, mark: str,
                 items: dict | None) -> tuple[Memory, Memory, dict[str, float]]:
    """Renderer memory once ``mark`` was seen and the page had 3 s to settle (no
    service worker: the game's would be filling its cache meanwhile, the bare page
    has none); then again after a forced garbage collection and 1 s more: what the
    page keeps, and its :func:`allocators`. The first figure holds whatever garbage
    the browser had not yet collected, and moves with it: the game with two
    humans gave 250 or 268 MB."""
    context = probe_context(browser, items, service_worker=False)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(f"'{mark}' in window.__seen", timeout=180_000)
    page.wait_for_timeout(3000)
    settled = renderer_memory(browser)
    context.new_cdp_session(page).send("HeapProfiler.collectGarbage")
    page.wait_for_timeout(1000)
    pid, *kept = renderer_process(browser)
    held = allocators(browser, pid)
    context.close()
    return settled, (kept[0], kept[1]), held


def report_allocators(taken: dict[str, list[dict[str, float]]]) -> None:
    """Each allocator's median MB in each page, those of 1 MB or more in one of them,
    the largest difference from the bare page (the first) first."""
    medians = {label: {name: statistics.median(dump.get(name, 0.0) for dump in dumps)
                       for name in set().union(*dumps)}
               for label, dumps in taken.items()}
    bare, *games = medians.values()
    names = sorted({name for sizes in medians.values() for name, mb in sizes.items() if mb >= 1},
                   key=lambda name: -max(g.get(name, 0.0) - bare.get(name, 0.0) for g in games))
    print(f"{'allocator':<16}" + "".join(f"{label[:30]:>32}" for label in medians))
    for name in names:
        print(f"{name:<16}" + "".join(f"{sizes.get(name, 0.0):>32.1f}"
                                      for sizes in medians.values()))


def report_memory(taken: dict[str, list[Memory]]) -> None:
    """Each page's median RSS and PSS, against the bare page's (the first)."""
    medians = {label: (statistics.median(r for r, _ in values),
                       statistics.median(p for _, p in values))
               for label, values in taken.items()}
    bare_mem = medians[BARE]
    for label, (rss, pss) in medians.items():
        spread = ", ".join(f"{r:.0f}" for r, _ in taken[label])
        print(f"{label:<44}: {rss:.0f} / {pss:.0f}   ({rss / bare_mem[0]:.2f}x / "
              f"{pss / bare_mem[1]:.2f}x the bare page; RSS of each load: {spread})")
    if HUMANS in medians:
        bots_mem, humans_mem = medians[BOTS], medians[HUMANS]
        print(f"the bots' share (bots over humans): {bots_mem[0] - humans_mem[0]:.0f} / "
              f"{bots_mem[1] - humans_mem[1]:.0f} MB")


def seats_items(names: list[str], kinds: list[str], *, bot_first: bool) -> dict:
    """localStorage of a saved match at these seats, a bot (or the second human) to move
    first when ``bot_first``."""
    seed = next(s for s in range(100)
                if (Game.new(names, seed=s).state.to_move != 0) == bot_first)
    seats = [{"name": n, "kind": k, "level": "hard"} for n, k in zip(names, kinds, strict=True)]
    return {
        "scala40.game": Game.new(names, seed=seed).to_save(),
        "scala40.table": json.dumps({"seats": seats}),
        "scala40.settings": json.dumps({"lang": "it", "speed": "fast"}),
    }


def storage_script(items: dict) -> str:
    return (
        "if (!sessionStorage.getItem('seeded')) {"
        f"const items = {json.dumps(items)};"
        "for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "sessionStorage.setItem('seeded', '1'); }"
    )


def probe_context(browser, items: dict | None, *, service_worker: bool = True):
    """A fresh desktop-sized context with the probe and, if given, a seeded localStorage."""
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  service_workers="allow" if service_worker else "block")
    context.add_init_script(PROBE)
    if items:
        context.add_init_script(storage_script(items))
    return context


#: Networks a first visit is also timed over (Chromium's request-level emulation:
#: each request waits the round trip, the bytes share the bandwidth): name ->
#: (round trip in ms, Mbit/s each way). Over localhost the loads are bound by the
#: CPU; a player's are not.
NETWORKS = {"Slow 4G: 150 ms, 1.6 Mbit/s": (150, 1.6),
            "4G: 100 ms, 4 Mbit/s": (100, 4),
            "home broadband: 40 ms, 100 Mbit/s": (40, 100)}


def timed_load(browser, url: str, mark: str, items: dict | None = None,
               network: tuple[float, float] | None = None,
               press: str | None = None) -> dict[str, float]:
    """A cold load: when ``mark`` was seen, main.py's marks, and the longest main-thread
    tasks before it and in the 3 s after; over localhost, or over ``network`` (a
    round trip in ms and Mbit/s, as in :data:`NETWORKS`). With ``press``, a selector,
    its first element is clicked as soon as it is on the page (the page's load event
    waits for the preloaded runtime: not that); then "play" is when a click on "Play"
    came, if one did."""
    context = probe_context(browser, items)
    page = context.new_page()
    if network:
        round_trip, mbits = network
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": round_trip,
            "downloadThroughput": mbits * 1e6 / 8, "uploadThroughput": mbits * 1e6 / 8})
    page.goto(url, timeout=300_000, wait_until="commit" if press else "load")
    if press:
        page.locator(press).first.click(timeout=300_000)
    page.wait_for_function(f"'{mark}' in window.__seen", timeout=300_000)
    value = page.evaluate(f"window.__seen['{mark}']")
    seen = page.evaluate("window.__seen")
    page.wait_for_timeout(3000)
    tasks = page.evaluate("window.__longtasks")
    marks = page.evaluate(MARKS)
    asked = page.evaluate(CHAIN)
    context.close()
    return {
        "at": value,
        **{name: seen[name] for name in ("firstscreen", "play") if name in seen},
        "start_task": max((d for s, d in tasks if s <= value), default=0.0),
        "after_task": max((d for s, d in tasks if s > value), default=0.0),
        **{name: at for name, at in marks.items() if at is not None},
        **({"parsed": asked["parsed"], "runtime": asked["runtime"],
            "chain": asked["runtime"] - asked["parsed"]} if asked is not None else {}),
    }


def first_visits(browser, url: str, bare: str, items: dict, runs: int,
                 network: tuple[float, float] | None = None, *,
                 bare_here: bool = False) -> tuple[list[dict], list[dict]]:
    """``runs`` cold loads of the game page and of the bare page (``bare``: on Pyodide as
    npm ships it), taken in turn (which goes first alternates: the second of a pair is
    slower); prints their medians, the ratio and the mean of each pair's ratio, and
    returns the loads (:func:`timed_load`). With ``bare_here``, the bare page on this
    site's runtime too: what the game adds to a page on the same runtime."""
    games: list[dict] = []
    bares: list[dict] = []
    heres: list[dict] = []
    for index in range(runs):
        order = [(bares, bare + BARE_PATH, "bare", None), (games, url, "playable", items)]
        if bare_here:
            order.append((heres, url + BARE_PATH, "bare", None))
        for loads, address, mark, stored in order if index % 2 == 0 else reversed(order):
            loads.append(timed_load(browser, address, mark, stored, network))
    game_median = row("time to playable, game page", [g["at"] for g in games])
    bare_median = row("time to ready,    bare.html", [b["at"] for b in bares])
    print(f"ratio game / bare: {game_median / bare_median:.2f}")
    if runs > 1:  # a single load spreads by about ±0.15 s: the ratio's own spread
        ratios = [g["at"] / b["at"] for g, b in zip(games, bares, strict=True)]
        error = statistics.stdev(ratios) / runs ** 0.5
        print(f"  ratio of each pair: mean {statistics.mean(ratios):.3f}, "
              f"standard error {error:.3f}")
    if bare_here:
        here_median = row("time to ready, bare.html on this runtime", [h["at"] for h in heres])
        print(f"ratio game / bare on this runtime: {game_median / here_median:.2f}")
    return games, bares


def first_screens(browser, url: str, bare: str, runs: int) -> None:
    """First visits with nothing stored, over each of :data:`NETWORKS` from a server
    compressing as GitHub Pages does (gzip): when the new-game screen was on the page
    (built into it, before Python) and when Python had drawn it live, beside the bare
    PyScript page's ready; medians of ``runs`` loads each, taken in turn."""
    for name, network in NETWORKS.items():
        print(f"-- a first visit with nothing stored over {name}, gzip "
              f"({runs} cold loads each, medians)")
        games: list[dict] = []
        shown: list[float] = []
        bares: list[dict] = []
        for index in range(runs):
            order = [(games, url, "newgame"), (bares, bare + BARE_PATH, "bare")]
            for loads, address, mark in order if index % 2 == 0 else reversed(order):
                loads.append(timed_load(browser, address, mark, None, network))
                if mark == "newgame":
                    shown.append(loads[-1]["firstscreen"])
        row("the new-game screen on the page (before Python)", shown)
        row("the new-game screen drawn by Python (playable)", [g["at"] for g in games])
        row("bare.html ready", [b["at"] for b in bares])


def play_first(browser, url: str, runs: int) -> None:
    """First visits with nothing stored over Slow 4G from a server compressing as GitHub
    Pages does (gzip), "Play" pressed as soon as the first screen is on the page: when
    it was pressed and when the first card of the hand was on screen, drawn by Python,
    beside the floor (``url``'s bare page: this site's runtime, no game) to ready;
    ``runs`` loads of each, taken in turn, medians."""
    name, network = next(iter(NETWORKS.items()))
    print(f"-- a first visit with nothing stored over {name}, gzip, Play pressed on the "
          f"first screen ({runs} cold loads each, medians; from navigation)")
    games: list[dict] = []
    floors: list[dict] = []
    for index in range(runs):
        order = [(games, url, "playable", '#app [data-act="start"]'),
                 (floors, url + BARE_PATH, "bare", None)]
        for loads, address, mark, press in order if index % 2 == 0 else reversed(order):
            loads.append(timed_load(browser, address, mark, None, network, press))
    row("Play pressed on the first screen", [g["play"] for g in games])
    row("the first card of the hand on screen", [g["at"] for g in games])
    row("  from Play to the first card", [g["at"] - g["play"] for g in games])
    row("the floor: bare.html on this runtime ready", [f["at"] for f in floors])
    row("  the first card after the floor (each pair)",
        [g["at"] - f["at"] for g, f in zip(games, floors, strict=True)])


def row(label: str, values: list[float], unit: str = "ms") -> float:
    """Print one figure's runs and median; return the median."""
    median = statistics.median(values)
    print(f"{label:<44} ({unit}): {[round(v) for v in values]}  median {median:.0f}")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--network-runs", type=int, default=3,
                        help="first visits of each page over each emulated network")
    parser.add_argument("--against", type=Path, help="a site folder built from another commit")
    parser.add_argument("--pairs", type=int, default=30,
                        help="first visits of each build, with --against")
    parser.add_argument("--bytes", action="store_true",
                        help="only the bytes of a first visit (with --against, both builds)")
    parser.add_argument("--first-screen", action="store_true",
                        help="only first visits with nothing stored, over each network")
    parser.add_argument("--play-first", action="store_true",
                        help="only Play pressed on a first visit's screen, over Slow 4G")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve()
    if args.play_first:
        gzip_server, gzip_url = serve(REPO / "site", compress="gzip")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            play_first(browser, gzip_url, args.network_runs)
            browser.close()
        server.shutdown()
        gzip_server.shutdown()
        return 0
    stock = stock_site(REPO / "site", Path(tempfile.mkdtemp(prefix="scala40-stock-")))
    with sync_playwright() as playwright:
        report_bytes(playwright, REPO / "site", stock,
                     args.against.resolve() if args.against else None)
    if args.bytes:
        server.shutdown()
        shutil.rmtree(stock)
        return 0
    stock_server, bare = serve(stock)  # the bare page: a stock PyScript page
    if args.first_screen:
        gzip_server, gzip_url = serve(REPO / "site", compress="gzip")
        gzip_stock, gzip_bare = serve(stock, compress="gzip")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            first_screens(browser, gzip_url, gzip_bare, args.network_runs)
            browser.close()
        for running in (server, stock_server, gzip_server, gzip_stock):
            running.shutdown()
        shutil.rmtree(stock)
        return 0
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
        print(f"-- first visit ({args.runs} cold loads each, medians; a shared, slow machine: "
              "compare within the run)")
        games, bares = first_visits(browser, url, bare, items, args.runs, bare_here=True)
        row("  game: navigation to main.py's first line", [g["main"] for g in games])
        row("  game: main.py's imports", [g["imported"] - g["main"] for g in games])
        row("  game: building and drawing the table", [g["drawn"] - g["imported"] for g in games])
        row("page parsed, game", [g["parsed"] for g in games])
        row("page parsed, bare", [b["parsed"] for b in bares])
        row("Pyodide's runtime asked for, game", [g["runtime"] for g in games])
        row("Pyodide's runtime asked for, bare", [b["runtime"] for b in bares])
        row("PyScript's chain, page parsed to runtime asked, game", [g["chain"] for g in games])
        row("PyScript's chain, page parsed to runtime asked, bare", [b["chain"] for b in bares])
        row("longest main-thread task to playable, game", [g["start_task"] for g in games])
        row("longest main-thread task to ready,    bare", [b["start_task"] for b in bares])
        row("longest task in the 3 s after, game", [g["after_task"] for g in games])
        row("longest task in the 3 s after, bare", [b["after_task"] for b in bares])
        # over a network the host's compression counts: served as GitHub Pages does (gzip);
        # the bare page on this runtime is the floor: the wasm, the trimmed library and
        # Pyodide's start, with no game
        gzip_server, gzip_url = serve(REPO / "site", compress="gzip")
        gzip_stock, gzip_bare = serve(stock, compress="gzip")
        for name, network in NETWORKS.items():
            print(f"-- first visit over {name}, gzip ({args.network_runs} cold loads each, "
                  "medians; 'bare.html on this runtime': the floor)")
            first_visits(browser, gzip_url, gzip_bare, items, args.network_runs, network,
                         bare_here=True)
        gzip_server.shutdown()
        gzip_stock.shutdown()
        names = ["Tu", "Bruno", "Carla", "Dario"]
        bots_items = seats_items(names, ["human", "bot", "bot", "bot"], bot_first=True)
        if args.against:
            against(browser, url, args.against.resolve(), args.pairs, items)
            first_rounds_against(browser, url, args.against.resolve(), args.pairs, bots_items)

        print("-- returning player (service worker installed; the bare page: warm HTTP cache)")
        again = reload_times(browser, url, items, args.runs)
        bare_again = bare_reloads(browser, bare, args.runs)
        row("snapshot of the last table on the page", again["snapshot"])
        row("first contentful paint, game page", again["paint"])
        row("first contentful paint, bare.html", bare_again["paint"])
        row("reload to playable, online", again["online"])
        row("reload to playable, offline", again["offline"])
        row("reload to ready, bare.html", bare_again["ready"])

        humans_items = seats_items(names[:2], ["human", "human"], bot_first=False)
        loads = {BARE: (bare + BARE_PATH, "bare", None),
                 HUMANS: (url, "table", humans_items),
                 BOTS: (url, "botmove", bots_items)}
        taken: dict[str, list[tuple[Memory, Memory, dict[str, float]]]] = {
            label: [] for label in loads}
        for _ in range(args.runs):  # in turn, so a slow spell of the machine hits all three
            for label, load in loads.items():
                taken[label].append(memory_after(browser, *load))
        for which, when in enumerate(("3 s after", "after a forced garbage collection")):
            print(f"-- memory of the renderer process, {when} (RSS / PSS, MB; {args.runs} "
                  "loads each, taken in turn; medians)")
            report_memory({label: [figures[which] for figures in values]
                           for label, values in taken.items()})
        print("-- where: the renderer's allocators after the collection (MB, medians)")
        report_allocators({label: [figures[2] for figures in values]
                           for label, values in taken.items()})
        gpu_browser = playwright.chromium.launch(executable_path=CHROMIUM, args=GPU_ARGS)
        on_gpu: dict[str, list[Memory]] = {BARE: [], BOTS: []}
        for _ in range(args.runs):
            for label, values in on_gpu.items():
                values.append(memory_after(gpu_browser, *loads[label])[1])
        gpu_browser.close()
        print("-- the same after the collection, drawn by a GPU process (SwiftShader: the "
              "tiles are then not the renderer's)")
        report_memory(on_gpu)

        # bots' turns: one human, three hard bots, a bot to move
        context = probe_context(browser, bots_items)
        page = context.new_page()
        page.goto(url)
        first = bot_turns(page)
        before = [d for s, d in page.evaluate("window.__longtasks") if s < first["start"] - 100]
        # a second round once the page has run for a while (the browser optimizes
        # Pyodide's code in the background during the first seconds)
        page.wait_for_timeout(WARM_S * 1000)
        warm = bot_turns(page, after_human=True)
        # a return visit: the browser has Pyodide's compiled code cached by now, as
        # it has for a player coming back; the init script seeds the same save again
        page.evaluate("sessionStorage.removeItem('seeded'); "
                      "localStorage.removeItem('scala40.snapshot')")
        page.reload()
        again = bot_turns(page)
        context.close()
        browser.close()
    report_turns("bot turns from the start", first)
    report_turns(f"bot turns, second round ({WARM_S} s later)", warm)
    report_turns("bot turns from the start of a return visit", again)
    print(f"(start-up, before the first bot move: {len(before)} long tasks, "
          f"longest {max(before, default=0):.0f} ms)")
    server.shutdown()
    stock_server.shutdown()
    shutil.rmtree(stock)
    return 0


def bot_turns(page, *, after_human: bool = False) -> dict | None:
    """The bots' moves until the human is to move again, from the first bot move (from
    the human's discard, ``after_human``): the moves, the time, the long tasks
    meanwhile; ``None`` if the human found no card to discard."""
    if after_human:
        start = human_turn(page)
        if start is None:
            return None
        page.wait_for_function(f"!({MY_TURN})()", timeout=60_000)
    else:
        page.wait_for_function("'botmove' in window.__seen", timeout=120_000)
        start = page.evaluate("window.__seen['botmove']") - 100
    moves = page.locator(".log li").count()
    page.wait_for_function(MY_TURN, timeout=180_000)
    end = page.evaluate("performance.now()")
    tasks = [d for s, d in page.evaluate("window.__longtasks") if start <= s <= end]
    return {"start": start, "seconds": (end - start) / 1000, "tasks": tasks,
            "moves": page.locator(".log li").count() - (moves if after_human else 0)}


def report_turns(label: str, turns: dict | None) -> None:
    if turns is None:
        print(f"{label}: not played (no discard was taken)")
        return
    tasks = turns["tasks"]
    print(f"{label}: {turns['moves']} moves in {turns['seconds']:.1f} s; long tasks (>50 ms) "
          f"on the main thread meanwhile: {len(tasks)}; longest {max(tasks, default=0):.0f} ms")


MY_TURN = ("() => document.querySelector('.status') !== null && "
           "document.querySelector('.status').textContent.includes('Tocca a te')")
WARM_S = 10
"""Seconds between the bots' first round and their second."""
TAP_GAP_MS = 150
"""Between the two taps of a double tap (a finger's; the game takes up to 420 ms)."""


def human_turn(page) -> float | None:
    """The human draws from the stock and discards the first card the engine takes (a
    double tap); when the discard went, on the page's clock, or ``None``."""
    hand = page.locator(".hand .in-hand")
    page.locator('[data-act="draw"]').click()
    page.wait_for_function("document.querySelectorAll('.hand .in-hand').length === 14")
    for index in range(14):
        at = page.evaluate("performance.now()")
        hand.nth(index).click()  # a finger's double tap: two taps, each its own task
        page.wait_for_timeout(TAP_GAP_MS)
        hand.nth(index).click()
        try:
            page.wait_for_function(
                "document.querySelectorAll('.hand .in-hand').length === 13", timeout=2000)
        except Exception:  # refused (the rule it breaks is on the table): the next card
            continue
        return at
    return None


if __name__ == "__main__":
    sys.exit(main())
