"""The bots think on the page, in its one Python (issue 16), in a real Chromium.

No worker and no second Pyodide: a match against a hard bot plays its moves
and answers a hint with the page's own interpreter, and the page stays the
only one asking for the runtime.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table import seed_storage

from scala40.record import Game

pytestmark = pytest.mark.browser

SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "bot", "level": "hard"}]

# Counts the workers the page makes (a service worker is not made with `new Worker`).
COUNT_WORKERS = """
window.__workers = 0;
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) { super(...args); window.__workers += 1; }
};
"""


def test_a_hard_bot_plays_and_the_hint_answers_with_no_worker(page, page_log, site_url,
                                                               open_game):
    seed = next(s for s in range(100) if Game.new(["Anna", "Bruno"], seed=s).state.to_move == 1)
    seed_storage(page, game=Game.new(["Anna", "Bruno"], seed=seed).to_save(),
                 table={"seats": SEATS}, settings={"lang": "en", "speed": "fast"})
    page.add_init_script(COUNT_WORKERS)
    open_game(page, site_url)
    expect(page.locator(".log li:not(.none)").first).to_be_visible(timeout=60_000)
    expect(page.locator(".status")).to_contain_text("your turn", ignore_case=True,
                                                    timeout=60_000)
    page.locator('[data-act="hint"]').click()
    expect(page.locator(".hinted").first).to_be_visible(timeout=60_000)
    assert page.evaluate("window.__workers") == 0
    runtimes = [url for url in page_log.requests if url.endswith("pyodide.asm.wasm")]
    assert len(runtimes) == 1
