"""A first visit's start screen before Python is up (#42), in a real Chromium.

The built page carries the new-game screen drawn at build time (web/page/first.py)
and web/page/snapshot.js paints it live when nothing is stored. Here the game's
archive is held back, so Python cannot start until the test lets it: the screen is
there and usable meanwhile, "Play" says the match starts once the table is ready, and
once Python is up the match the visitor set up starts by itself.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def held_back(page, pattern: str = "**/game.zip") -> list:
    """Hold every request for ``pattern`` until the test continues them."""
    held: list = []
    page.route(pattern, lambda route: held.append(route))
    return held


def release(held: list) -> None:
    for route in held:
        route.continue_()


def test_a_first_visit_sets_up_and_plays_before_python_is_up(page, site_url):
    held = held_back(page)
    page.goto(site_url)
    expect(page.locator("#app #setup")).to_be_visible()
    assert not page.evaluate("window.__pyAllDone === true")
    page.locator("details.ng-setup > summary").click()  # the browser's own, no script
    page.locator('select[name="count"]').select_option("3")
    page.locator('[data-act="start"]').first.click()
    expect(page.locator("#boot-pending")).to_have_text(
        "The match starts as soon as the table is ready.")
    expect(page.locator("#app #setup")).to_be_visible()  # nothing else happened yet
    release(held)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    expect(page.locator("#app .table")).to_be_visible(timeout=30_000)
    expect(page.locator("#app .table.seats-3")).to_have_count(1)
    expect(page.locator("#boot-progress")).to_have_count(0)
    assert page.locator(".py-error").count() == 0


def test_the_first_screen_speaks_the_visitors_language_and_switches_at_once(page, site_url):
    held = held_back(page)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the tests' browser
    expect(page.locator('#app [data-act="learn"]')).to_be_visible()
    page.locator('#app [data-act="lang"][data-arg="it"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator('#app [data-act="start"]').first).to_contain_text("Gioca")
    expect(page.locator("#boot-pending")).to_be_hidden()  # nothing chosen yet
    release(held)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    expect(page.locator('#app [data-act="start"]').first).to_contain_text("Gioca")
    assert page.evaluate("JSON.parse(localStorage.getItem('scala40.settings')).lang") == "it"


def test_the_live_page_draws_the_first_screen_as_it_was_painted(page, site_url):
    """Nothing is drawn twice in a different shape: the same buttons, the same words."""
    held = held_back(page)
    page.goto(site_url)
    expect(page.locator("#app #setup")).to_be_visible()
    painted = page.locator("#app [data-act]").evaluate_all(
        "els => els.map(e => [e.dataset.act, e.dataset.arg || '', e.innerText])")
    release(held)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    expect(page.locator("body")).not_to_have_class("first-screen")
    live = page.locator("#app [data-act]").evaluate_all(
        "els => els.map(e => [e.dataset.act, e.dataset.arg || '', e.innerText])")
    assert live == painted
    expect(page.locator("#app .learn-offer")).to_be_visible()  # a first visit is offered it


def test_a_visitor_with_stored_options_is_not_shown_the_first_visits_screen(page, site_url):
    """Stored settings carry the last match's options: the built screen, drawn with none,
    would show other options than the live page, so it is not painted."""
    held = held_back(page)
    settings = '{"lang": "it", "last": {"count": 4}}'
    page.add_init_script(f"localStorage.setItem('scala40.settings', '{settings}')")
    page.goto(site_url)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#app #setup")).to_have_count(0)
    release(held)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    expect(page.locator('#app select[name="count"]')).to_have_value("4")


def test_a_friend_with_a_code_presses_its_button_before_python_is_up(page, site_url):
    """'Join with a code' is on the built screen as on the live one, and pressed before
    Python is up it opens the code's field once Python is."""
    held = held_back(page)
    page.goto(site_url)
    page.locator('#app [data-act="code"]').click()
    expect(page.locator("#boot-pending")).to_have_text(
        "“Join with a code” opens as soon as the game is ready.")
    release(held)
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)
    expect(page.locator("#room-code")).to_be_visible(timeout=30_000)
