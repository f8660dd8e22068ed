"""The bots' worker starts only when it is needed (issue 16), in a real Chromium.

It is a second Pyodide (memory, a core for seconds): the start screen and a
match of humans passing the device leave it unstarted, a bot at the table or
a hint asked for starts it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table import seed_storage

from scala40.record import Game

pytestmark = pytest.mark.browser

HUMANS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "human"}]


def worker_asked(page_log) -> bool:
    return any(url.endswith("/web/worker.py") for url in page_log.requests)


def test_the_start_screen_does_not_start_the_worker(page, page_log, site_url, open_game):
    open_game(page, site_url)
    expect(page.locator("#setup")).to_be_visible()
    page.wait_for_timeout(1500)
    assert not worker_asked(page_log)


def test_humans_alone_start_it_only_when_a_hint_is_asked(page, page_log, site_url, open_game):
    seed = next(s for s in range(100) if Game.new(["Anna", "Bruno"], seed=s).state.to_move == 0)
    seed_storage(page, game=Game.new(["Anna", "Bruno"], seed=seed).to_save(),
                 table={"seats": HUMANS, "viewer": 0}, settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    page.locator('[data-act="pass-ready"]').click()  # the device is passed to Anna
    page.locator('[data-act="menu"]').click()
    expect(page.locator("#worker-status")).to_have_attribute("data-state", "idle")
    expect(page.locator("#worker-status")).to_have_text("The bots start when one sits at the table")
    page.keyboard.press("Escape")
    page.wait_for_timeout(1000)
    assert not worker_asked(page_log)

    page.locator('[data-act="hint"]').click()  # the hint is the worker's: it starts now
    expect(page.locator(".hinted").first).to_be_visible(timeout=60_000)
    assert worker_asked(page_log)
