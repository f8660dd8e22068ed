"""The built page starts Python in Chromium and draws the table."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_page_shows_new_game_screen_and_engine_version(page, site_url, open_game,
                                                       engine_version):
    open_game(page, site_url)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-act="start"]').first.click()
    page.locator('[data-act="menu"]').click()
    expect(page.locator("#version")).to_have_text(engine_version)


def test_loading_indicator_until_python_is_ready(page, site_url):
    """A returning player whose table has no picture to paint (a save, no snapshot) sees
    the loading card, not the first visit's screen (tests/e2e/test_first_screen.py)."""
    # Hold back the CPython wasm: Python can never start, the indicator must stay.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.add_init_script("localStorage.setItem('scala40.game', '{}')")
    page.goto(site_url)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading").get_by_role("progressbar", name="Loading the game")
           ).to_be_visible()
    expect(page.locator("#boot-phase")).to_have_text("Downloading the game")
    expect(page.locator("#boot-steps li")).to_have_count(4)
    expect(page.locator("#app")).to_be_hidden()


def test_bare_benchmark_page(page, site_url, open_game):
    open_game(page, site_url + "bench/bare.html")
    expect(page.locator("#out")).to_have_text("ready")


def test_open_game_fails_on_a_python_error(page, page_log, site_url, open_game):
    # Guard against a falsely green suite: a broken main.py must fail open_game.
    page.route(
        "**/web/main.py",
        lambda route: route.fulfill(body="raise RuntimeError('boom')", content_type="text/plain"),
    )
    with pytest.raises(pytest.fail.Exception, match="boom"):
        open_game(page, site_url)
    page_log.errors.clear()  # expected here; the fixture would fail the test on them


def test_every_file_the_page_preloads_is_fetched_once_and_used(page, page_log, site_url,
                                                               open_game):
    """index.html asks at once for the files PyScript and Pyodide would ask for one
    after another (issue #16): each must be the very request they make. A preload
    that does not match theirs (another credentials mode, a renamed file) is
    fetched a second time, or lies unused."""
    open_game(page, site_url)
    preloaded = page.eval_on_selector_all(
        'link[rel="preload"], link[rel="modulepreload"]', "links => links.map(l => l.href)")
    assert len(preloaded) >= 6
    used = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    for url in preloaded:
        assert page_log.requests.count(url) == 1, f"{url} requested {page_log.requests.count(url)}x"
        assert used.count(url) == 1, url
    # each is a file the start really needs: one the page would load anyway
    chain = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
             "game.zip", "main.py")
    assert all(any(part in url for url in preloaded) for part in chain)


def half_of_it(route) -> None:
    """The host sends what it had when the connection dropped: half the file."""
    whole = route.fetch()
    route.fulfill(response=whole, body=whole.body()[: len(whole.body()) // 2])


@pytest.mark.parametrize(("file", "sent"), [("web/main.py", "nothing"),
                                            ("web/main.py", "half"), ("game.zip", "half")])
def test_a_file_that_does_not_come_whole_is_told_on_the_loading_card(
        page, page_log, site_url, file, sent):
    """The game's script or its archive lost on the way, or cut short (Python then starts
    on half a file): the loading card must say the game did not load, not count on.
    PyScript reports a script it could not fetch in a box of its own, with no error
    event."""
    page.route(f"**/{file}", (lambda route: route.abort()) if sent == "nothing" else half_of_it)
    page.goto(site_url)
    card = page.locator("#loading.failed")
    expect(card).to_contain_text("did not load", timeout=60_000)
    expect(page.locator("#app")).to_be_hidden()
    # an installed game has no browser bar to reload from: the card's button does it
    reload = card.get_by_role("button", name="Reload")
    expect(reload).to_be_focused()
    # every file arrived, so the steps would all be ticked: they go with the failure
    expect(page.locator("#boot-steps")).to_be_hidden()
    # PyScript's own box (for a lost script, a misleading "access to local files") is
    # folded under Details
    box = card.locator(".boot-details .py-error")
    expect(box).to_have_count(1)
    expect(box).to_be_hidden()
    card.locator(".boot-details summary").click()
    expect(box).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page_log.errors.clear()  # the broken file's own console errors are the point here
    page.unroute(f"**/{file}")  # the connection is back
    reload.click()
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#loading")).to_be_hidden()
    assert page.locator(".py-error").count() == 0
