"""The score sheet folded to look at the table (issue #41): what was left of it covered
the cards the player pays for, and the menu could not be opened.

A hand is played to its end in CPython (a plain policy, no bot: seat 2 closes, seat 0
is left holding 13 cards and seven melds lie on the table) and saved; the page opens
on its sheet. Folded, the sheet is a bar that covers no card of the hand and no part
of the melds, the table is no longer behind a modal, its menu opens above the sheet
and closes back to the folded bar, which unfolds the sheet again.
"""

from __future__ import annotations

from functools import cache

import pytest
from playwright.sync_api import expect
from test_table import seed_storage

from scala40 import (
    Attach,
    Discard,
    DrawStock,
    LayMeld,
    Phase,
    Rules,
    legal_actions,
    opening_progress,
)
from scala40.record import Game
from scala40.solver import cheapest_opening

pytestmark = pytest.mark.browser

NAMES = ["Tu", "Bruno", "Carla"]


def plain_move(state):
    """Draw; open with the solver's cheapest opening, a meld at a time; once open, lay or
    attach what the engine allows; else discard the highest card."""
    hand = state.hand
    if hand.phase is Phase.DRAW:
        return DrawStock()
    legal = legal_actions(state)
    if not hand.opened[hand.turn]:
        opening = cheapest_opening(hand.hands[hand.turn], state.rules,
                                   already=opening_progress(state).counted)
        if opening is not None and opening.melds:
            return LayMeld(*opening.melds[0])
    else:
        laid = [action for action in legal if isinstance(action, LayMeld | Attach)]
        if laid:
            return laid[0]
    discards = [action for action in legal if isinstance(action, Discard)]
    return max(discards, key=lambda action: 0 if action.card.is_joker else action.card.rank)


@cache
def hand_over() -> Game:
    """A match to 101 whose first hand has just ended, seat 0 holding a full hand."""
    game = Game.new(NAMES, seed="peek-6", rules=Rules(elimination_score=101))
    while not game.state.hand_over:
        game.play(plain_move(game.state))
    state = game.state
    assert state.hand.result.closer != 0 and len(state.hand.hands[0]) >= 10
    assert len(state.hand.melds) >= 5 and not state.is_over
    return game


#: the hand's cards whose middle shows something else (the sheet), and the hand's cards
#: and the melds' scroller that the sheet's box (folded: the bar) overlaps
COVERED = """() => {
  const bar = document.querySelector('.sheet-dialog .dialog').getBoundingClientRect();
  const meets = (r) => r.left < bar.right && bar.left < r.right && r.top < bar.bottom
    && bar.top < r.bottom;
  const cards = [...document.querySelectorAll('.table .hand .in-hand')];
  const hidden = cards.filter((card) => {
    const r = card.getBoundingClientRect();
    const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !seen || seen.closest('.in-hand') !== card;
  }).map((card) => card.dataset.card);
  const under = cards.filter((card) => meets(card.getBoundingClientRect()))
    .map((card) => card.dataset.card);
  return {cards: cards.length, hidden, under,
          melds: meets(document.querySelector('.table .melds').getBoundingClientRect())};
}"""

DEVICES = {
    "phone-it": ({"width": 390, "height": 844}, True, "it"),
    "laptop-en": ({"width": 1366, "height": 768}, False, "en"),
}


@pytest.mark.parametrize("device", DEVICES)
def test_the_folded_sheet_leaves_the_hand_and_the_menu_free(device_page, site_url, device):
    viewport, touch, lang = DEVICES[device]
    page = device_page(viewport, has_touch=touch, is_mobile=touch)
    game = hand_over()
    seats = [{"name": name, "kind": "bot", "level": "easy"} for name in NAMES]
    seats[0]["kind"] = "human"
    seed_storage(page, game=game.to_save(), table={"seats": seats},
                 settings={"lang": lang, "speed": "fast"})
    page.goto(site_url)
    sheet = page.locator(".sheet-dialog")
    expect(sheet.locator("table.sheet")).to_be_visible(timeout=90_000)
    assert page.evaluate(COVERED)["hidden"], "the whole sheet hides none of the hand"
    page.locator("[data-peek]").click()
    expect(page.locator(".overlay.peek")).to_have_count(1)
    expect(sheet.locator("table.sheet")).to_be_hidden()
    page.wait_for_timeout(300)  # the table moving up
    facts = page.evaluate(COVERED)
    assert facts["cards"] == len(game.state.hand.hands[0])
    assert not facts["hidden"], f"cards of the hand hidden by the folded sheet: {facts}"
    assert not facts["under"] and not facts["melds"], f"the bar lies over the table: {facts}"
    # the menu opens above the folded sheet, and closes back to it
    menu = page.locator('.topbar [data-act="menu"]')
    menu.click(timeout=5_000)
    dialog = page.locator('.menu [role="dialog"]')
    expect(dialog).to_be_visible()
    expect(page.locator(".overlay.peek")).to_have_count(1)
    assert page.evaluate("document.querySelector('.menu').compareDocumentPosition("
                         "document.querySelector('.sheet-dialog')) & Node.DOCUMENT_POSITION_"
                         "PRECEDING"), "the menu is not drawn above the sheet"
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator(".overlay.peek")).to_have_count(1)
    expect(menu).to_be_focused()
    assert not page.evaluate(COVERED)["hidden"]
    # and the sheet unfolds again, a modal over the table
    page.locator("[data-peek]").click()
    expect(sheet.locator("table.sheet")).to_be_visible()
    expect(page.locator(".overlay.peek")).to_have_count(0)
    assert page.locator(".table").evaluate("el => el.inert")


@cache
def match_over() -> Game:
    """A single hand played to its end: the match is over, its sheet offers the rematch."""
    game = Game.new(NAMES, seed="peek-6", rules=Rules(mode="single"))
    while not game.state.hand_over:
        game.play(plain_move(game.state))
    assert game.state.is_over
    return game


@pytest.mark.parametrize("ended", ["hand", "match"])
def test_scores_in_the_top_bar_brings_the_folded_sheet_back(device_page, site_url, ended):
    """Issue #52: with the sheet folded to look at the table, the top bar's "Scores" did
    nothing (the sheet was open already, only folded); it unfolds it, a modal again, and
    the focus goes into it."""
    page = device_page({"width": 1366, "height": 768})
    game = hand_over() if ended == "hand" else match_over()
    seats = [{"name": name, "kind": "bot", "level": "easy"} for name in NAMES]
    seats[0]["kind"] = "human"
    seed_storage(page, game=game.to_save(), table={"seats": seats},
                 settings={"lang": "en", "speed": "fast"})
    page.goto(site_url)
    sheet = page.locator(".sheet-dialog")
    expect(sheet.locator("table.sheet")).to_be_visible(timeout=90_000)
    page.locator("[data-peek]").click()
    expect(sheet.locator("table.sheet")).to_be_hidden()
    scores = page.locator('.topbar [data-act="sheet"]')
    expect(scores).to_have_text("Scores")
    scores.click()
    expect(sheet.locator("table.sheet")).to_be_visible()
    expect(page.locator(".overlay.peek")).to_have_count(0)
    assert page.locator(".table").evaluate("el => el.inert")
    expect(sheet.locator(".sheet-body")).to_be_focused()
    # and it folds and comes back again, as often as the player likes
    page.locator("[data-peek]").click()
    expect(sheet.locator("table.sheet")).to_be_hidden()
    scores.click()
    expect(sheet.locator("table.sheet")).to_be_visible()
