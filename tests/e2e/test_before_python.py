"""A first visit before Python is up (#52), in a real Chromium: the start says what it
is doing and how far, the start screen answers as the live one does, and the last
choice pressed is said and done.

The runtime's files are held back by the test's routes, so Python starts only when
the test lets it (tests/e2e/test_first_screen.py covers the screen itself).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: The boxes of the first screen's parts the progress must not cover.
BOXES = """(selectors) => selectors.flatMap((selector) =>
  [...document.querySelectorAll(selector)].filter((e) => e.offsetParent !== null).map((e) => {
    const r = e.getBoundingClientRect();
    return [selector + ' ' + (e.textContent || '').trim().slice(0, 20),
            r.left, r.top, r.right, r.bottom];
  }))"""
#: The title, the language buttons, Play and every control of the form.
UNCOVERED = ["#app .ng-head h1", "#app .langs .btn", "#app .ng-summary",
             "#app #setup :is(button, select, input, summary):not(#boot-progress *)"]


def held_back(page, *patterns: str) -> dict[str, list]:
    """Hold every request for each pattern until the test lets it go (:func:`release`)."""
    held: dict[str, list] = {pattern: [] for pattern in patterns}

    def hold(route) -> None:
        held[next(pattern for pattern in held if route.request.url.endswith(pattern[3:]))].append(
            route)

    for pattern in patterns:
        page.route(pattern, hold)
    return held


def release(page, held: dict[str, list], pattern: str) -> None:
    """Let the requests for ``pattern`` go, and the next ones too."""
    for route in held[pattern]:
        route.continue_()
    page.unroute(pattern)


def first_screen(page, site_url: str, *patterns: str) -> dict[str, list]:
    """A first visit's screen on the page, with the files of ``patterns`` held back
    (the game's archive if none: Python cannot start until the test lets it)."""
    held = held_back(page, *(patterns or ("**/game.zip",)))
    page.goto(site_url)
    expect(page.locator("#app #setup")).to_be_visible()
    return held


def python_up(page, held: dict[str, list]) -> None:
    """The game's archive let go, and Python up."""
    release(page, held, "**/game.zip")
    page.wait_for_function("window.__pyAllDone === true", timeout=120_000)


def overlaps(one: list, other: list) -> bool:
    return one[1] < other[3] and other[1] < one[3] and one[2] < other[4] and other[2] < one[4]


def expect_values(fields, values: list[str]) -> None:
    """``fields`` hold these values, in order."""
    expect(fields).to_have_count(len(values))
    for index, value in enumerate(values):
        expect(fields.nth(index)).to_have_value(value)


def bar_value(page) -> int:
    return int(page.locator("#boot-bar").evaluate("bar => bar.value"))


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 1366, "height": 768}])
def test_the_progress_tells_the_phases_and_moves_under_play_and_goes_at_the_table(
        device_page, site_url, size):
    phone = size["width"] < 500
    page = device_page(size, has_touch=phone, is_mobile=phone)
    held = first_screen(page, site_url, "**/pyodide.asm.wasm", "**/game.zip")
    progress = page.get_by_role("progressbar", name="Loading the game")
    expect(progress).to_be_visible()
    expect(page.locator("#app .ng-hero #boot-progress")).to_be_visible()  # under Play
    expect(page.get_by_role("status").filter(has_text="Downloading the game")).to_be_visible()
    steps = page.locator("#boot-steps li")
    expect(steps).to_have_text(["Python interpreter", "Standard library", "Rules and table",
                                "Starting Python"])
    expect(steps.nth(1)).to_have_attribute("data-done", "")  # the library was not held
    expect(steps.nth(0)).not_to_have_attribute("data-done", "")
    expect(page.locator("#boot-share")).to_contain_text("% downloaded")
    # the progress is in the page's flow: it covers nothing of the screen
    box = page.locator("#boot-progress").evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return ['progress', r.left, r.top, r.right, r.bottom]; }")
    parts = page.evaluate(BOXES, UNCOVERED)
    assert len(parts) > 10
    assert [part for part in parts if overlaps(box, part)] == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    before = bar_value(page)
    release(page, held, "**/pyodide.asm.wasm")
    expect(steps.nth(0)).to_have_attribute("data-done", "", timeout=30_000)
    assert bar_value(page) > before
    expect(steps.nth(2)).not_to_have_attribute("data-done", "")
    page.locator('#app [data-act="start"]').first.click()
    expect(page.locator("#boot-pending")).to_have_text(
        "The match starts as soon as the table is ready.")
    release(page, held, "**/game.zip")
    expect(page.locator("#app .table")).to_be_visible(timeout=60_000)
    expect(page.locator("#boot-progress")).to_have_count(0)
    expect(progress).to_have_count(0)


def test_the_seats_chosen_before_python_are_shown_as_the_live_screen_shows_them(
        page, site_url):
    held = first_screen(page, site_url)
    page.locator("details.ng-setup > summary").click()
    page.locator('select[name="count"]').select_option("4")
    seats = page.locator("fieldset.seat:visible")
    expect(seats).to_have_count(4)
    names = page.locator('fieldset.seat:visible input[name^="name"]')
    expect_values(names, ["You", "Bruno", "Carla", "Dario"])
    summary = page.locator(".ng-summary")
    expect(summary).to_have_text(
        "You, Bruno (medium bot), Carla (medium bot), Dario (medium bot) · Points: out at 101")
    # a second human: both numbered, as the live form numbers them
    page.locator('select[name="kind2"]').select_option("human")
    expect_values(names, ["Player 1", "Bruno", "Player 2", "Dario"])
    page.locator('select[name="level1"]').select_option("hard")
    page.locator('input[name="name3"]').fill("Giovanna")
    page.locator('input[name="mode"][value="custom"]').check()
    expect(page.locator('input[name="custom"]')).to_be_visible()
    page.locator('select[name="count"]').select_option("5")
    expect(summary).to_have_text("Player 1, Bruno (hard bot), Player 2, Giovanna (medium bot), "
                                 "Elena (medium bot) · points (151)")
    # the rules: an option changed is no preset's, a preset chosen sets them
    page.locator('input[name="opt_reentry"]').set_checked(True)
    expect(page.locator('select[name="preset"]')).to_have_value("custom")
    page.locator('select[name="preset"]').select_option("classica")
    expect(page.locator('input[name="opt_reentry"]')).not_to_be_checked()
    painted = page.locator("#setup").evaluate(FORM)
    page.locator('input[name="name3"]').focus()
    python_up(page, held)
    expect(page.locator("body")).not_to_have_class("first-screen")
    assert page.locator("#setup").evaluate(FORM) == painted  # the live screen, the same
    # the box stays open and the field typed in keeps the focus
    expect(page.locator("details.ng-setup")).to_have_attribute("open", "")
    expect(page.locator('input[name="name3"]')).to_be_focused()


#: What the form shows: the summary, the seats in view with their names, kinds and
#: levels, the mode, the preset and every option.
FORM = """(form) => ({
  summary: form.querySelector('.ng-summary').textContent,
  seats: [...form.querySelectorAll('fieldset.seat')].filter((s) => s.offsetParent !== null)
    .map((s) => [s.querySelector('input').value, s.dataset.kind, s.dataset.level]),
  mode: form.querySelector('.modes').dataset.mode,
  custom: form.querySelector('[name="custom"]').offsetParent !== null,
  preset: form.querySelector('[name="preset"]').value,
  options: [...form.querySelectorAll('[name^="opt_"]')]
    .map((o) => o.type === 'checkbox' ? o.checked : o.value),
})"""


def test_the_last_choice_pressed_before_python_is_said_and_is_what_opens(page, site_url):
    held = first_screen(page, site_url)
    said = page.get_by_role("status").filter(has_text="as soon as")
    page.locator('#app [data-act="learn"]').click()
    expect(said).to_have_text("The lesson starts as soon as the table is ready.")
    page.locator('#app [data-act="rules"]').click()
    expect(said).to_have_text("The rules open as soon as the game is ready.")
    expect(page.locator("#app .chosen")).to_have_attribute("data-act", "rules")
    # said in the language the visitor switches to, and still the choice
    page.locator('#app [data-act="lang"][data-arg="it"]').click()
    expect(page.locator("#boot-pending")).to_have_text(
        "Le regole si aprono appena il gioco è pronto.")
    python_up(page, held)
    expect(page.locator(".rules-page")).to_be_visible(timeout=30_000)
    expect(page.locator(".msgbar .coach")).to_have_count(0)  # not the lesson
    expect(page.locator("#boot-pending")).to_have_count(0)


def test_the_form_as_filled_in_is_kept_when_the_language_is_switched_before_python(
        page, site_url):
    held = first_screen(page, site_url)
    page.locator("details.ng-setup > summary").click()
    page.locator('select[name="count"]').select_option("3")
    page.locator('input[name="name1"]').fill("Giovanna")
    page.locator('#app [data-act="lang"][data-arg="it"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("details.ng-setup")).to_have_attribute("open", "")
    expect(page.locator('select[name="count"]')).to_have_value("3")
    expect_values(page.locator('fieldset.seat:visible input[name^="name"]'),
        ["Tu", "Giovanna", "Carla"])
    expect(page.locator(".ng-summary")).to_have_text(
        "Tu, Giovanna (bot medio), Carla (bot medio) · A punti: fuori a 101")
    expect(page.locator("#boot-phase")).to_have_text("Scaricamento del gioco")
    python_up(page, held)
    expect(page.locator("body")).not_to_have_class("first-screen")
    expect(page.locator(".ng-summary")).to_have_text(
        "Tu, Giovanna (bot medio), Carla (bot medio) · A punti: fuori a 101")


def test_the_live_form_follows_the_mode_and_the_names_as_the_painted_one_did(page, site_url):
    """The first screen before Python (web/page/first.js) and the live one answer the
    same changes: the mode's limit shows for a limit of one's own, and the summary
    says the mode and a name typed."""
    held = first_screen(page, site_url)
    python_up(page, held)
    expect(page.locator("body")).not_to_have_class("first-screen")
    page.locator("details.ng-setup > summary").click()
    page.locator('input[name="mode"][value="custom"]').check()
    expect(page.locator('input[name="custom"]')).to_be_visible()
    page.locator('input[name="name0"]').fill("Giovanna")
    page.locator('input[name="name0"]').blur()
    expect(page.locator(".ng-summary")).to_have_text("Giovanna, Bruno (medium bot) · points (151)")
