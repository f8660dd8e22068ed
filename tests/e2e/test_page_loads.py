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
    # Hold back the CPython wasm: Python can never start, the indicator must stay.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading")).to_contain_text("Loading")
    expect(page.locator("#boot-steps li")).to_have_count(3)
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
