"""The worker's shared context (conftest.py's ``SharedContext``): what a test leaves
behind in it is gone before the next test's page opens, and a broken one is replaced."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

pytestmark = pytest.mark.browser

#: a page of the site's origin that runs no game: storage of every kind written by hand
BLANK = "blank-for-a-test.html"

LEAVE_EVERYTHING = """async () => {
  localStorage.setItem("scala40.game", "left behind");
  sessionStorage.setItem("seeded", "1");
  document.cookie = "left=behind";
  await new Promise((done) => { indexedDB.open("left-behind").onsuccess = done; });
  await caches.open("left-behind");
}"""

WHAT_IS_LEFT = """async () => ({
  local: Object.keys(localStorage),
  session: Object.keys(sessionStorage),
  cookie: document.cookie,
  databases: (await indexedDB.databases()).map((db) => db.name),
  caches: await caches.keys(),
})"""


def blank_page(shared, site_url):
    page = shared.open().new_page()
    page.route(site_url + BLANK, lambda route: route.fulfill(
        body="<!doctype html><title>blank</title>", content_type="text/html"))
    page.goto(site_url + BLANK)
    return page


def test_a_test_leaves_no_page_and_no_storage_to_the_next(browser, new_shared_context, site_url):
    shared = new_shared_context(browser)
    first = blank_page(shared, site_url)
    first.evaluate(LEAVE_EVERYTHING)
    second_tab = shared.context.new_page()
    kept = shared.kept
    shared.empty()
    assert first.is_closed() and second_tab.is_closed()
    assert shared.context.pages == [kept]
    nothing = {"local": [], "session": [], "cookie": "", "databases": [], "caches": []}
    assert blank_page(shared, site_url).evaluate(WHAT_IS_LEFT) == nothing
    assert shared.kept is kept  # the same context goes on


def test_a_context_whose_kept_page_is_gone_is_made_again(browser, new_shared_context, site_url):
    shared = new_shared_context(browser)
    blank_page(shared, site_url).evaluate(LEAVE_EVERYTHING)
    broken = shared.context
    shared.kept.close()  # as a crash of the site's renderer process takes it
    shared.empty()
    page = blank_page(shared, site_url)
    assert shared.context is not broken
    assert page.evaluate("localStorage.length") == 0


def test_a_context_held_by_a_script_that_never_ends_is_made_again(browser, new_shared_context,
                                                                   site_url):
    """A test that failed on a page spinning for ever (its pages share the kept page's
    process) leaves a context that no longer answers: the next test gets a new one,
    instead of waiting for ever on the kept page."""
    shared = new_shared_context(browser)
    shared.ANSWER_MS = 2_000
    stuck = blank_page(shared, site_url)
    stuck.evaluate("setTimeout(() => { for (;;); }, 0)")
    broken = shared.context
    shared.empty()
    page = blank_page(shared, site_url)
    assert shared.context is not broken
    assert page.evaluate("1 + 1") == 2


def test_what_would_outlast_a_test_is_refused_in_a_shared_context(page):
    """An init script or a route added to the shared context cannot be taken back: it
    would run in every later test's page. The context refuses, naming the way out."""
    for change in (lambda: page.context.add_init_script("window.leaked = true"),
                   lambda: page.context.route("**/*", lambda route: route.abort()),
                   lambda: page.context.set_offline(True),
                   # the clock is the context's, through the page too
                   lambda: page.clock.set_fixed_time(datetime(2026, 12, 2, 8, 0)),
                   lambda: page.clock.install(),
                   lambda: page.context.clock.fast_forward(1000)):
        with pytest.raises(RuntimeError, match="own_page"):
            change()
    page.goto("about:blank")
    assert abs(page.evaluate("Date.now()") - time.time() * 1000) < 60_000  # the real time


def test_a_context_for_one_test_may_set_its_clock(own_page):
    own_page.clock.set_fixed_time(datetime(2026, 12, 2, 8, 0))
    own_page.goto("about:blank")
    assert own_page.evaluate("[new Date().getFullYear(), new Date().getMonth()]") == [2026, 11]


def test_a_context_for_one_test_may_be_changed(own_page):
    """``own_page`` is for the tests that change their context: it is closed after them."""
    own_page.context.add_init_script("window.changed = true")
    own_page.goto("about:blank")
    assert own_page.evaluate("window.changed") is True
