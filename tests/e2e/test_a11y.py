"""An accessibility audit of every screen and dialog with axe-core, in a real Chromium.

axe-core comes from npm (pinned in package.json, a devDependency: the site
does not serve it) and is evaluated into the page by Playwright, which is not
subject to the page's Content-Security-Policy, so the audit runs under the
production headers. A screen passes with no serious or critical violation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_table import (
    HUMAN_VS_BOT,
    click_card,
    joker_attach_position,  # noqa: F401  (fixtures: the positions test_table.py builds)
    match_end_position,  # noqa: F401
    opening_position,  # noqa: F401
    seed_storage,
)

from scala40 import attach_options
from scala40.record import Game

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def wait_for_animations(page) -> None:
    """Wait until every time-driven animation that has an end has ended (the endless
    glow of a target apart), however long it was delayed.

    Only animations on the document's timeline are waited for: a scroll-driven one
    (the melds' fading edge) ends only when its box is scrolled to the end, which
    no screenshot does; a paused one never ends. The wait is capped so that such a
    case makes a screenshot early, never a test that hangs."""
    page.evaluate("""() => Promise.race([
        Promise.all(document.getAnimations()
            .filter((a) => a.timeline === document.timeline && a.playState === 'running'
                && a.effect && Number.isFinite(a.effect.getComputedTiming().endTime))
            .map((a) => a.finished.catch(() => null))),
        new Promise((done) => setTimeout(done, 10000))])""")


def violations(page, rules: tuple[str, ...] = ()) -> list[str]:
    """axe's serious and critical violations on the page as it is, each said on a few
    lines (its rule, and the first nodes that break it); ``rules`` names rules axe
    leaves off by default to run too (``target-size``, for a phone's screens)."""
    if not AXE.is_file():
        pytest.skip(f"{AXE} is missing: `npm ci` installs axe-core")
    # Contrast is read from pixels: every animation with an end ends first (a score
    # sheet fades in 1.3 s after the closing, and at opacity 0 axe would skip it all).
    wait_for_animations(page)
    if not page.evaluate("Boolean(window.axe)"):
        page.evaluate("(source) => { (0, eval)(source); }", AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async (more) => {
      const rules = Object.fromEntries(more.map((id) => [id, { enabled: true }]));
      const r = await axe.run(document, { resultTypes: ['violations'], rules });
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                     nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: '
                       + (n.failureSummary || '').split('\\n').slice(0, 3).join(' ')) }));
    }""", list(rules))
    return [f"[{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
            for v in result]


def audit(page, screen: str) -> None:
    """Run axe on the page as it is; fail on serious or critical violations."""
    found = violations(page)
    assert not found, f"{screen}: " + "\n".join(found)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_start_screen_and_statistics(page, site_url, open_game, lang):
    stats = {"points": 165, "table": {"101": {"medium": {
        "played": 3, "won": 2, "abandoned": 0, "hands": 9, "closed": 4, "in_mano": 1,
        "penalty": 180, "streak": 1, "best_streak": 2}}}}
    seed_storage(page, settings={"lang": lang, "speed": "fast"})
    page.add_init_script(
        f"localStorage.setItem('scala40.stats', {json.dumps(json.dumps(stats))});")
    open_game(page, site_url)
    audit(page, "start screen")
    page.locator(".ng-setup > summary").click()
    audit(page, "start screen, options open")
    page.locator(".ng-hero [data-act=stats]").click()
    expect(page.locator(".level-stats")).to_have_count(1)
    audit(page, "statistics")
    page.locator("[data-act=reset-stats]").click()
    audit(page, "reset statistics?")


def test_table_menu_leave_and_scores(page, site_url, open_game, opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    audit(page, "table")
    page.locator("[data-act=menu]").click()
    audit(page, "menu")
    page.locator("[data-act=leave]").click()
    audit(page, "leave?")
    page.keyboard.press("Escape")
    page.locator("[data-act=sheet]").click()
    audit(page, "scores mid-hand")


def test_joker_choice(page, site_url, open_game, joker_attach_position):  # noqa: F811
    game = joker_attach_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    joker = next(c for c in game.state.hand.hands[0] if c.is_joker)
    targets = [index for index, _ in attach_options(game.state, joker)]
    both = next(index for index in targets if targets.count(index) > 1)
    click_card(page, "JK")
    audit(page, "table with a card selected")
    page.locator(f'.meld.target[data-arg="{both}"]').click()
    expect(page.locator(".choice .option")).to_have_count(2)
    audit(page, "joker choice")


def test_hand_end_and_winner_screen(page, site_url, open_game, match_end_position):  # noqa: F811
    before, last = match_end_position
    seed_storage(page, game=before.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    expect(page.locator(".match-end")).to_be_visible()
    audit(page, "winner screen")
    page.locator("[data-peek]").click()
    audit(page, "final table")


def test_hot_seat_hand_over_and_unreadable_save(page, site_url, open_game):
    game = Game.new(["Player 1", "Player 2"], seed=3)
    seats = [{"name": "Player 1", "kind": "human"}, {"name": "Player 2", "kind": "human"}]
    seed_storage(page, game=game.to_save(), table={"seats": seats},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator(".pass")).to_be_visible()
    audit(page, "pass the device")


def test_notice_of_an_unreadable_save(page, site_url, open_game):
    seed_storage(page, game="{not a save", settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator(".notice")).to_be_visible()
    audit(page, "unreadable save notice")


@pytest.mark.parametrize(("size", "lang", "large"), [
    ("short phone", "it", True), ("tall phone", "en", True), ("wide landscape", "it", True),
    ("laptop", "en", False), ("desktop", "it", False)])
def test_the_table_its_moves_and_the_friends_screen_at_five_sizes(device_page, site_url,
                                                                  size, lang, large):
    """The phone's table with large cards, the hand's moves opened from its line, and the
    friends' screen, at the five sizes players use (the dialogs above are audited at
    1366x768 only)."""
    from test_layout import CROWDS, crowded, open_table

    page = open_table(device_page, site_url, size, crowded(*CROWDS["4p-15"]), lang=lang,
                      large=large)
    page.locator(".deck.stock").click()
    page.wait_for_selector(".hand .in-hand.drawn")
    audit(page, f"the table at {size}")
    ticker = page.locator(".log .ticker")
    if ticker.is_visible():
        ticker.click()
        expect(page.locator(".overlay.moves")).to_be_visible()
        audit(page, f"the hand's moves at {size}")
        page.keyboard.press("Escape")
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="new-game"]').click()
    page.locator('.ng-more [data-act="friends"]').click()
    expect(page.locator(".friends-setup")).to_be_visible()
    audit(page, f"the friends' screen at {size}")
