"""The deal of the day in real Chromium contexts on a mocked local date."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from playwright.sync_api import expect

from scala40 import Rules, new_match
from web.daily.challenge import Challenge, fragment
from web.daily.deal import DAILY_RULES, daily_seed

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
    state = new_match(["You", "Bruno"], "friend-3", rules)
    link = site_url + fragment(Challenge("friend-3", rules, ("hard",)))
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


def test_the_statistics_show_the_days_in_a_row(own_page, site_url, open_game):
    page = own_page
    played = {"2026-11-29": "Scala 40 · 29 Nov 2026 · closed on turn 8 · 0 points",
              "2026-11-30": "Scala 40 · 30 Nov 2026 · lost on turn 9 · 31 points",
              "2026-12-01": "Scala 40 · 1 Dec 2026 · closed on turn 7 · 0 points"}
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  localStorage.setItem('scala40.daily', {json.dumps(json.dumps(played))});"
        f"  localStorage.setItem('scala40.settings', {json.dumps(json.dumps({'lang': 'en'}))});"
        "  sessionStorage.setItem('seeded', '1');"
        "}"
    )
    page.clock.set_fixed_time(datetime(2026, 12, 2, 8, 0))  # today's deal still ahead
    open_game(page, site_url)
    page.locator('.ng-more [data-act="stats"]').click()
    card = page.locator('[data-testid="daily-stats"]')
    expect(card.locator('[data-testid="daily-streak"]')).to_have_text("3")
    expect(card.locator('[data-stat="daily_played"] dd')).to_have_text("3")
    page.keyboard.press("Escape")
    # the next day passes without a deal: the run is over, the best one stays
    page.clock.set_fixed_time(datetime(2026, 12, 4, 8, 0))
    page.locator('.ng-more [data-act="stats"]').click()
    expect(card.locator('[data-testid="daily-streak"]')).to_have_text("0")
    expect(card.locator('[data-stat="daily_best"] dd')).to_have_text("3")


def test_the_score_sheet_makes_the_challenge_link(page, site_url, open_game, browser):
    from scala40 import parse_action
    from scala40.record import Game, Record
    from web.learn.coach import SCRIPT, SEED

    actions = tuple(parse_action(step.action) for step in SCRIPT)
    game = Game.from_record(Record(Rules(mode="single"), ("Tu", "Bot"), SEED, actions[:-1]))
    seats = [{"name": "Tu", "kind": "human", "level": "medium"},
             {"name": "Bot", "kind": "bot", "level": "easy"}]
    items = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": seats}),
             "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})}
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('seeded', '1');"
        "}"
    )
    open_game(page, site_url)
    page.locator(f'.hand .in-hand[data-card="{actions[-1].card}"]').first.dblclick()
    page.locator('.sheet-dialog [data-act="challenge"]').click()
    box = page.locator(".challenge #challenge-link")
    expect(box).to_be_visible()
    link = box.input_value()
    assert link.startswith(site_url + "#challenge=")
    page.keyboard.press("Escape")  # back to the score sheet it was made from
    expect(page.locator(".sheet-dialog")).to_be_visible()
    friend = browser.new_context(viewport={"width": 1366, "height": 768},
                                 service_workers="block")
    try:
        other = friend.new_page()
        other.goto(link)
        other.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
        cards = other.locator(".hand .in-hand")
        expect(cards).to_have_count(13)
        dealt = new_match(["You", "Bruno"], SEED, Rules(mode="single")).hand.hands[0]
        assert sorted(cards.evaluate_all("els => els.map(e => e.dataset.card)")) == \
            sorted(str(card) for card in dealt)
    finally:
        friend.close()


def test_a_challenge_is_labelled_above_the_hand_on_a_phone_and_its_result_shared(
        browser, site_url):
    """A friend's challenge on a 390x844 phone: the label is read whole in the top bar,
    above the hand and the board; the end compares, and Share copies the answer's link
    (Linux Chromium has no share sheet) and says so."""
    from match_helper import closing_single_hand

    from web.daily.challenge import Score, parse
    from web.daily.play import challenge_id

    game, last = closing_single_hand()  # a hand one discard from its end, Anna's deal
    dare = Challenge(game.state.seed, Rules(mode="single"), ("easy",), by="Anna",
                     score=Score(12, 9, False))
    seats = [{"name": "You", "kind": "human", "level": "medium"},
             {"name": "Bruno", "kind": "bot", "level": "easy"}]
    items = {"scala40.game": game.to_save(),
             "scala40.table": json.dumps({"seats": seats, "id": challenge_id(dare)}),
             "scala40.settings": json.dumps({"lang": "en", "speed": "fast", "name": "Marco"})}
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, service_workers="block",
                                  permissions=["clipboard-read", "clipboard-write"])
    try:
        context.add_init_script(
            "if (!sessionStorage.getItem('seeded')) {"
            f"  for (const [k, v] of Object.entries({json.dumps(items)}))"
            "    localStorage.setItem(k, v);"
            "  sessionStorage.setItem('seeded', '1');"
            "}")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(site_url)
        page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
        label = page.locator('[data-testid="played-label"]')
        expect(label).to_have_text("Challenge from Anna: beat 12 points")
        box = label.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth")  # nothing cut off
        for below in (".hand", ".opponents", ".board"):
            under = page.locator(below).bounding_box()
            assert under is not None and box["y"] + box["height"] <= under["y"], below
        page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.dblclick()
        sheet = page.locator(".sheet-dialog")
        expect(sheet.locator(".sheet-note")).to_contain_text("Anna: ")
        sheet.locator('[data-act="challenge"]').click()
        page.locator('.challenge [data-act="share"]').click()
        expect(page.locator("#challenge-status")).to_have_text(
            "Link copied: paste it into a message.")
        link = page.locator("#challenge-link").input_value()
        assert page.evaluate("navigator.clipboard.readText()") == link
        answer = parse(link[link.index("#"):])
        assert isinstance(answer, Challenge) and answer.by == "Marco" and answer.score
        assert answer.seed == dare.seed and answer.bots == ("easy",)
        assert not errors
    finally:
        context.close()
