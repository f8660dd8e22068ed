"""The guided first hand and the rules page in a real Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from scala40 import PRESETS, Attach, Discard, DrawStock, LayMeld, Rules, SwapJoker, parse_action
from web.i18n import t
from web.learn.coach import SCRIPT, Lesson, Step
from web.table.rules import option_texts

pytestmark = pytest.mark.browser


def open_fresh(page, site_url, open_game, settings: dict) -> None:
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  localStorage.setItem('scala40.settings', {json.dumps(json.dumps(settings))});"
        "  sessionStorage.setItem('seeded', '1');"
        "}"
    )
    open_game(page, site_url)


def coach(page):
    return page.locator(".msgbar .coach")


def click_card(page, code: str) -> None:
    """A tap on the card's index, which a fanned hand's next card never covers."""
    page.locator(f'.hand .in-hand[data-card="{code}"]:not(.sel)').first.click(
        position={"x": 8, "y": 12})


def choose(page, label: str | None = None) -> None:
    """A choice dialog, if one is open: the option with ``label`` (else the first)."""
    options = page.locator(".choice .option")
    if options.count():
        (options.filter(has_text=label).first if label else options.first).click()


def play_step(page, action, lang: str) -> None:
    if isinstance(action, DrawStock):
        page.locator('[data-act="draw"]').click()
    elif isinstance(action, Discard):
        click_card(page, str(action.card))
        page.locator('[data-act="discard"]').click()
    elif isinstance(action, LayMeld):
        for card in action.cards:
            click_card(page, str(card))
        page.locator('[data-act="lay"]').click()
        page.wait_for_timeout(100)
        choose(page)
    elif isinstance(action, Attach | SwapJoker):
        click_card(page, str(action.card))
        page.locator(f'.meld[data-arg="{action.target}"]').click()
        page.wait_for_timeout(100)
        choose(page, t("swap_joker_opt", lang) if isinstance(action, SwapJoker) else None)


def walk_lesson(page, lang: str, at_step: Callable[[Step], None] = lambda _step: None) -> None:
    """Play the lesson's hand on the page, started: at each of the player's steps, wait
    for the coach's words, call ``at_step``, then play the step; at the end, the coach's
    last words."""
    for step in SCRIPT:
        if step.seat != 0:
            continue
        expect(coach(page)).to_have_text(step.text(lang), timeout=30_000)
        at_step(step)
        play_step(page, parse_action(step.action), lang)
    expect(coach(page)).to_have_text(Lesson().say(len(SCRIPT), lang), timeout=30_000)


def test_the_guided_hand_is_walked_to_its_end(page, site_url, open_game):
    """In Italian, the game's first language; the table walks the lesson in both in
    tests/web/test_coach.py, and the English words on the page are seen below, where a
    refusal is explained."""
    lang = "it"
    open_fresh(page, site_url, open_game, {"lang": lang, "speed": "fast"})
    expect(page.locator(".learn-offer")).to_be_visible()  # a first visit: offered
    page.locator('[data-act="learn"]').click()
    walk_lesson(page, lang)
    expect(page.locator(".sheet")).to_have_count(1)


def test_a_refusal_in_the_lesson_is_explained(page, site_url, open_game):
    open_fresh(page, site_url, open_game, {"lang": "en", "speed": "fast"})
    page.locator('[data-act="learn"]').click()
    expect(coach(page)).to_have_text(SCRIPT[4].text("en"), timeout=30_000)
    page.locator('[data-act="draw"]').click()
    expect(coach(page)).to_have_text(SCRIPT[5].text("en"))
    click_card(page, "JS")
    page.locator('[data-act="discard"]').click()
    error = page.locator(".msg.error")
    expect(error).to_contain_text("You may not discard the J♠")
    expect(error).not_to_contain_text(SCRIPT[5].text("en"))  # said once, by the coach
    expect(coach(page)).to_have_text(SCRIPT[5].text("en"))
    expect(page.locator(".hand .in-hand.sel")).to_have_count(0)  # the card went back
    click_card(page, "AC")  # a tap keeps the instruction
    expect(coach(page)).to_have_text(SCRIPT[5].text("en"))
    expect(page.locator(".hand .in-hand")).to_have_count(14)
    # left and resumed: the lesson comes back at the same step
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="new-game"]').click()
    page.locator('[data-act="learn"]').click()
    expect(coach(page)).to_have_text(SCRIPT[5].text("en"))
    expect(page.locator(".hand .in-hand")).to_have_count(14)


def choose_preset(page, preset: str) -> None:
    """Start a match with ``preset``: the options are folded under the start screen."""
    setup = page.locator(".ng-setup")
    if setup.get_attribute("open") is None:
        setup.locator("> summary").click()
    page.select_option('[name="preset"]', preset)
    setup.locator('[data-act="start"]').click()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_rules_page_shows_the_texts_of_the_options_chosen(page, site_url, open_game, lang):
    open_fresh(page, site_url, open_game, {"lang": lang, "speed": "fast"})
    choose_preset(page, "wikipedia")
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="rules"]').click()
    chosen = option_texts(PRESETS["wikipedia"], lang)
    classic = option_texts(Rules(), lang)
    dialog = page.locator(".rules .dialog")
    for name in ("opening_minimum", "attachable_discard", "reentry", "lone_ace_counts_one"):
        assert chosen[name] != classic[name]
        expect(dialog.locator(f'[data-option="{name}"]')).to_contain_text(chosen[name])
    expect(dialog.locator(".rules-ex .card.mini").first).to_be_visible()
    page.keyboard.press("Escape")
    # the classic rules on another match
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="leave"]').click()
    page.locator('[data-act="leave-yes"]').click()
    choose_preset(page, "classica")
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="rules"]').click()
    for name in ("opening_minimum", "attachable_discard", "reentry", "lone_ace_counts_one"):
        expect(dialog.locator(f'[data-option="{name}"]')).to_contain_text(classic[name])

