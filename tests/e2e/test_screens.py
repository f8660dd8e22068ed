"""The start screen, the statistics, the end of a hand and the winner screen at four sizes
(phone portrait and landscape with touch, laptop, desktop) in Italian and English; one
page per device and language, resized from one size to the next.

Checked on each: nothing overflows sideways, the main button is fully in the
window. With ``SCALA40_SHOTS=<folder>`` set, each screen is also saved there
as a PNG, to look at.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_a11y import wait_for_animations
from test_dialogs import elimination_position  # noqa: F401  (a fixture)
from test_table import (
    match_end_position,  # noqa: F401
    seed_storage,
)

pytestmark = pytest.mark.browser

SIZES = {"phone": (360, 740), "landscape": (740, 360), "laptop": (1366, 768),
         "desktop": (1920, 1080)}
STATS = {"points": 480, "table": {
    "101": {"medium": {"played": 7, "won": 4, "abandoned": 1, "hands": 31, "closed": 12,
                       "in_mano": 2, "penalty": 905, "streak": 2, "best_streak": 3}},
    "single": {"hard": {"played": 5, "won": 1, "abandoned": 0, "hands": 5, "closed": 1,
                        "in_mano": 0, "penalty": 160, "streak": 0, "best_streak": 1}}}}


#: sizes that share a device: one page is opened for each group and resized from one size
#: to the next (the layout must follow a resize: a phone turned sideways, a window widened)
GROUPS = {"touch": ("phone", "landscape"), "mouse": ("laptop", "desktop")}


@pytest.fixture(params=[(group, lang) for group in GROUPS for lang in ("it", "en")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def screen(request, device_page):
    """A page of the group's device at its first size, the group's sizes, the language."""
    group, lang = request.param
    sizes = GROUPS[group]
    width, height = SIZES[sizes[0]]
    touch = group == "touch"
    page = device_page({"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    return page, sizes, lang


def at_each_size(page, sizes):
    """Resize the page to each size in turn (yielding its name), back to the first after."""
    for size in sizes:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        yield size
    width, height = SIZES[sizes[0]]
    page.set_viewport_size({"width": width, "height": height})


def shoot(page, name: str) -> None:
    folder = os.environ.get("SCALA40_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def check(page, name: str, main: str) -> None:
    """No sideways overflow; ``main`` fully inside the window (scrolled to, if need be)."""
    wait_for_animations(page)  # a dialog's opening, the winner's trophy
    shoot(page, name)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: {width} px wide"
    button = page.locator(main).first
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    view = page.viewport_size
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (name, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (name, box)


def load(page, site_url: str) -> None:
    page.goto(site_url)
    page.wait_for_function("window.__pyAllDone === true", timeout=90_000)


def test_start_screen_and_statistics(screen, site_url):
    page, sizes, lang = screen
    seed_storage(page, settings={"lang": lang, "speed": "fast"})
    page.add_init_script(
        f"localStorage.setItem('scala40.stats', {json.dumps(json.dumps(STATS))});")
    load(page, site_url)
    for size in at_each_size(page, sizes):
        check(page, f"start-{size}-{lang}", ".ng-hero [data-act=start]")
    page.locator(".ng-setup > summary").click()
    page.locator("[name=count]").select_option("4")
    for size in at_each_size(page, sizes):
        check(page, f"start-open-{size}-{lang}", ".ng-setup [data-act=start]")
    page.locator(".ng-hero [data-act=stats]").click()
    expect(page.locator(".level-stats")).to_have_count(2)
    for size in at_each_size(page, sizes):
        check(page, f"stats-{size}-{lang}", ".stats [data-act=close]")


def test_hand_end_with_a_player_out(screen, site_url, elimination_position):  # noqa: F811
    page, sizes, lang = screen
    game = elimination_position
    seats = [{"name": n, "kind": "bot", "level": "easy"} for n in game.state.players]
    seats[0]["kind"] = "human"
    seed_storage(page, game=game.to_save(), table={"seats": seats},
                 settings={"lang": lang, "speed": "fast"})
    load(page, site_url)
    for size in at_each_size(page, sizes):
        check(page, f"hand-end-{size}-{lang}", "[data-act=next-hand]")
    page.locator("[data-peek]").click()
    for size in at_each_size(page, sizes):
        check(page, f"hand-end-table-{size}-{lang}", "[data-act=next-hand]")


def test_winner_screen(screen, site_url, match_end_position):  # noqa: F811
    page, sizes, lang = screen
    before, last = match_end_position
    seats = [{"name": "Tu" if lang == "it" else "You", "kind": "human"},
             {"name": "Bruno", "kind": "bot", "level": "easy"}]
    seed_storage(page, game=before.to_save(), table={"seats": seats},
                 settings={"lang": lang, "speed": "fast"})
    load(page, site_url)
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    expect(page.locator(".match-end")).to_be_visible()
    for size in at_each_size(page, sizes):
        check(page, f"winner-{size}-{lang}", "[data-act=rematch]")
