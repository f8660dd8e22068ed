#!/usr/bin/env python3
"""What a browser test's page start costs: a new context against the shared one.

The end-to-end tests' time is mostly page starts (Pyodide's, mostly), and on
2 cores it is CPU, not waiting. This starts the game page ``--runs`` times
each way, in one headless Chromium launched as ``tests/e2e/conftest.py``
launches it, and prints the CPU the machine spent per start (every process:
the browser's renderer, its GPU and network processes, its compiler threads)
and the wall time, medians of the starts after each way's first:

* **a new context** for each start: what every test paid before the tests'
  pages shared a context (the baseline);
* **the same context, a new page**, the last one closed first: the HTTP
  cache is warm, the renderer process is new;
* **the shared context** of the tests (``SharedContext``): a new page in a
  context with a page kept open on the site, so that Chromium's
  ``--process-per-site`` puts the new page in the process that started the
  game before.

A start is timed from ``goto`` until PyScript's ``py:all-done``, plus a
second for the work the start leaves behind (the compiler's background
threads). The CPU is read from ``/proc/stat``, for the whole machine: run it
on an otherwise idle one.

    .venv/bin/python bench/page_starts.py --runs 6
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from conftest import _ALL_DONE_LISTENER, CHROMIUM, CHROMIUM_ARGS, SharedContext  # noqa: E402
from load import serve  # noqa: E402  (bench/load.py: builds the site and serves it)

SETTLE_S = 1.0


def busy_seconds() -> float:
    """CPU time the whole machine has spent busy so far (all cores)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def start(page, url: str) -> tuple[float, float]:
    """(CPU s, wall s) of one page start and the second after it."""
    cpu, wall = busy_seconds(), time.perf_counter()
    page.goto(url)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    wall = time.perf_counter() - wall
    time.sleep(SETTLE_S)
    return busy_seconds() - cpu, wall


def new_context(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  service_workers="block")
    context.add_init_script(_ALL_DONE_LISTENER)
    return context


def each_in_a_new_context(browser, url: str, runs: int) -> list[tuple[float, float]]:
    starts = []
    for _ in range(runs):
        context = new_context(browser)
        starts.append(start(context.new_page(), url))
        context.close()
    return starts


def new_pages_of_one_context(browser, url: str, runs: int, *, kept: bool):
    """New pages of one context, each closed before the next; with ``kept``, the
    tests' own ``SharedContext`` (its page kept open on the site)."""
    shared = SharedContext(browser, url) if kept else None
    context = shared.open() if shared else new_context(browser)
    starts = []
    for _ in range(runs):
        page = context.new_page()
        starts.append(start(page, url))
        page.close()
    context.close()
    return starts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=6, help="starts each way (default 6)")
    runs = parser.parse_args().runs + 1  # each way's first start warms what it can

    server, url = serve()

    from playwright.sync_api import sync_playwright

    ways = {
        "a new context (before)": lambda b: each_in_a_new_context(b, url, runs),
        "one context, a new page": lambda b: new_pages_of_one_context(b, url, runs, kept=False),
        "shared context (a page kept)": lambda b: new_pages_of_one_context(b, url, runs,
                                                                           kept=True),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        figures = {name: way(browser)[1:] for name, way in ways.items()}
        browser.close()
    server.shutdown()

    baseline = statistics.median(cpu for cpu, _ in figures["a new context (before)"])
    print(f"page starts of the game, {runs - 1} each after the first, medians "
          f"({os.cpu_count()} cores; CPU of the whole machine, {SETTLE_S:.0f} s after each):")
    for name, starts in figures.items():
        cpu = statistics.median(c for c, _ in starts)
        wall = statistics.median(w for _, w in starts)
        print(f"  {name:30} CPU {cpu:5.2f} s ({cpu / baseline:.2f}x)   wall {wall:5.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
