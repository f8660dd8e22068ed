"""The deal of the day in real Chromium contexts on a mocked local date."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from playwright.sync_api import expect

from scala40 import Rules, new_match
from web.challenge import fragment
from web.daily import DAILY_RULES, daily_seed

pytestmark = pytest.mark.browser


def daily_hand(browser, site_url, when: datetime) -> list[str]:
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  service_workers="block")
    try:
        context.add_init_script(
            f"localStorage.setItem('scala40.settings', {json.dumps(json.dumps({'lang': 'en'}))});"
        )
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.clock.set_fixed_time(when)
        page.goto(site_url)
        page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
        page.locator('[data-act="daily"]').click()
        cards = page.locator(".hand .in-hand")
        expect(cards).to_have_count(13)
        codes = cards.evaluate_all("els => els.map(e => e.dataset.card)")
        # one try a day: the second start shows the day's notice instead
        page.locator('[data-act="menu"]').click()
        page.locator('[data-act="leave"]').click()
        page.locator('[data-act="leave-yes"]').click()
        page.locator('[data-act="daily"]').click()
        expect(page.locator(".overlay")).to_contain_text("You have tried today's deal already")
        assert not errors
        return sorted(codes)
    finally:
        context.close()


def test_the_same_deal_in_two_fresh_contexts_and_another_the_next_day(browser, site_url):
    first = daily_hand(browser, site_url, datetime(2026, 12, 1, 9, 30))
    second = daily_hand(browser, site_url, datetime(2026, 12, 1, 21, 5))
    next_day = daily_hand(browser, site_url, datetime(2026, 12, 2, 9, 30))
    state = new_match(["You", "Bot"], daily_seed("2026-12-01"), Rules.from_dict(DAILY_RULES))
    assert first == second == sorted(str(card) for card in state.hand.hands[0])
    assert next_day != first


def test_a_challenge_link_reproduces_the_deal(browser, site_url):
    rules = Rules(mode="single", opening_minimum=41)
    state = new_match(["You", "Bot 1"], "friend-3", rules)
    link = site_url + fragment("friend-3", rules, ["hard"])
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  service_workers="block")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(link)
        page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
        cards = page.locator(".hand .in-hand")
        expect(cards).to_have_count(13)
        codes = sorted(cards.evaluate_all("els => els.map(e => e.dataset.card)"))
        assert codes == sorted(str(card) for card in state.hand.hands[0])
        assert "#" not in page.url  # the fragment is consumed
        # a hostile link: a refusal, the page still works
        page.goto(site_url + "#challenge=%7B%22v%22%3A2%7D")
        page.reload()
        page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
        expect(page.locator(".overlay")).to_contain_text("This challenge link cannot be read")
        assert not errors
    finally:
        context.close()
