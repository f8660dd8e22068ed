"""One lifecycle for a match, in Chromium (docs/lifecycle.md): starting something new
over a match in progress asks first; "cancel" leaves the match as it was, "leave it
and start" counts it as abandoned and starts the new one."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table import HUMAN_VS_BOT, hand_cards, opening_position, seed_storage  # noqa: F401

from scala40 import DrawStock, Rules, new_match
from scala40.record import Game
from web.daily.challenge import Challenge, fragment

pytestmark = pytest.mark.browser

# What a question's cancel must leave as it was: the match, its seats, the settings and
# the statistics. The table's other entries (the selection, the arranged hand) are the
# page's own upkeep, written with its snapshot whenever it draws.
KEPT = """() => ['scala40.game', 'scala40.table', 'scala40.settings', 'scala40.stats']
    .map((key) => localStorage.getItem(key))
    .map((text, index) => index === 1 && text ? JSON.stringify(JSON.parse(text).seats) : text)"""


def shown_hand(page) -> list[str]:
    return hand_cards(page).evaluate_all("els => els.map(e => e.dataset.card)")


def expect_abandoned(page) -> None:
    """The statistics: one match against the easy bot, left (−200 ranking points)."""
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="stats"]').click()
    expect(page.locator('[data-testid="ranking"]')).to_have_text("-200")
    easy = page.locator('.level-stats[data-level="easy"]')
    expect(easy.locator('[data-stat="stats_matches"] dd')).to_have_text("1")
    expect(easy.locator('[data-stat="stats_wins"] dd')).to_have_text("0")


def test_play_over_a_match_in_progress_asks_first(page, site_url, open_game,
                                                  opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    page.locator('[data-act="draw"]').click()  # a move: the match is in progress
    expect(hand_cards(page)).to_have_count(14)
    hand, stored = shown_hand(page), page.evaluate(KEPT)
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="new-game"]').click()
    page.locator('.ng-hero [data-act="start"]').click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "A match is in progress: if you start, you leave the match to 101 (hand 1, no "
        "points yet). It counts as abandoned (−200 ranking points).")
    expect(dialog.locator('[data-act="replace-yes"]')).to_have_text("Leave it and start")
    expect(dialog.locator('[data-act="replace-no"]')).to_be_focused()
    dialog.locator('[data-act="replace-no"]').click()
    expect(page.locator("#setup")).to_be_visible()  # back where it was asked
    assert page.evaluate(KEPT) == stored
    page.locator('[data-act="resume-game"]').click()
    expect(hand_cards(page)).to_have_count(14)
    assert shown_hand(page) == hand  # the same table
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="new-game"]').click()
    page.locator('.ng-hero [data-act="start"]').click()
    page.get_by_role("dialog").locator('[data-act="replace-yes"]').click()
    expect(hand_cards(page)).to_have_count(13)  # the new match
    assert page.evaluate(KEPT)[0] != stored[0]
    expect_abandoned(page)


def test_a_challenge_link_over_a_match_in_progress_asks_first(page, site_url, open_game,
                                                               opening_position):  # noqa: F811
    game = Game.from_record(opening_position[0].record)
    game.play(DrawStock())  # a move: the match is in progress
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})  # in Italian
    rules = Rules(mode="single")
    link = site_url + fragment(Challenge("life-1", rules, ("easy",)))
    page.goto(link)  # seeded, then opened on the link
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "Iniziare la sfida di un amico? C'è una partita in corso: se inizi, lasci la "
        "partita a 101 (mano 1, ancora nessun punto). Conta come persa per abbandono "
        "(−200 punti di classifica).")
    expect(hand_cards(page)).to_have_count(14)
    hand, stored = shown_hand(page), page.evaluate(KEPT)
    page.keyboard.press("Escape")  # cancel
    expect(dialog).to_have_count(0)
    assert shown_hand(page) == hand and page.evaluate(KEPT) == stored
    page.goto(link)
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    page.get_by_role("dialog").get_by_text("Lasciala e inizia").click()
    expect(hand_cards(page)).to_have_count(13)
    dealt = new_match(["Tu", "Bruno"], "life-1", rules).hand.hands[0]
    assert sorted(shown_hand(page)) == sorted(str(card) for card in dealt)
    expect_abandoned(page)


def test_a_challenge_link_opened_in_a_second_tab_waits_for_play_here(
        page, site_url, open_game, opening_position):  # noqa: F811
    """Issue #52: opened while the match is another tab's, the link's deal was dropped
    with the question it asked; it now waits for "Play here", then asks as one tab does,
    naming the friend's challenge."""
    game = Game.from_record(opening_position[0].record)
    game.play(DrawStock())  # a move: the match is in progress
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    expect(hand_cards(page)).to_have_count(14)
    rules = Rules(mode="single")
    other = page.context.new_page()
    other.goto(site_url + fragment(Challenge("tab-1", rules, ("easy",), by="Marta")))
    tab = other.locator(".overlay.tab")
    expect(tab).to_contain_text("This game is open in another tab.", timeout=60_000)
    other.locator('[data-act="play-here"]').click()
    dialog = other.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "Start the challenge from Marta? A match is in progress: if you start, you leave "
        "the match to 101 (hand 1, no points yet). It counts as abandoned (−200 ranking "
        "points).")
    dialog.locator('[data-act="replace-yes"]').click()
    expect(hand_cards(other)).to_have_count(13)
    dealt = new_match(["Tu", "Bruno"], "tab-1", rules).hand.hands[0]
    assert sorted(shown_hand(other)) == sorted(str(card) for card in dealt)
    other.close()
