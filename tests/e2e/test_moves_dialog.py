"""The hand's moves on a phone: the line of the last move under the board opens the whole
hand's moves in a dialog (every turn, in order; each player's last discard), named for
screen readers, closed by its button or Escape with the focus back on the line."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_layout import CROWDS, crowded, open_table

from scala40 import Discard

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("size", "lang", "large"), [
    ("short phone", "it", True), ("wide landscape", "en", False), ("phone", "en", True)])
def test_the_last_move_opens_the_hand_s_moves(device_page, site_url, size, lang, large):
    game = crowded(*CROWDS["6p-11"])
    state = game.state
    page = open_table(device_page, site_url, size, game, lang=lang, large=large)
    ticker = page.locator(".log .ticker")
    expect(ticker).to_be_visible()
    ticker.click()
    title = {"it": "Mosse della mano", "en": "Moves of hand"}[lang]
    dialog = page.get_by_role("dialog", name=re.compile(title))
    expect(dialog).to_be_visible()
    # one line a turn: as many lines as the log has runs of one seat's moves
    log = list(state.hand.log)
    runs = sum(1 for i, entry in enumerate(log) if i == 0 or entry[0] != log[i - 1][0])
    expect(dialog.locator(".turns li")).to_have_count(runs)
    # the newest first, the player's name said once a turn
    names = [seat["name"] for seat in page.evaluate(
        "JSON.parse(localStorage.getItem('scala40.table')).seats")]
    newest = dialog.locator(".turns li").first
    expect(newest).to_contain_text(names[log[-1][0]] if log[-1][0] else "")
    # every player who has discarded, with the card they threw last
    thrown = {}
    for seat, action, _ in log:
        if isinstance(action, Discard):
            thrown[seat] = action.card
    items = dialog.locator(".last-discards li")
    expect(items).to_have_count(len(thrown))
    for row, seat in enumerate(sorted(thrown)):
        card = items.nth(row).locator(".card.mini")
        expect(card).to_have_attribute("aria-label", re.compile("."))
        if seat:
            expect(items.nth(row)).to_contain_text(names[seat])
    # the whole dialog within the window, its list scrolling inside it
    box = dialog.bounding_box()
    viewport = page.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1
    # Escape closes it, and the focus is back where it was
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(ticker).to_be_focused()
    ticker.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name={"it": "Chiudi", "en": "Close"}[lang]).click()
    expect(dialog).to_have_count(0)
    expect(ticker).to_be_focused()


def test_the_line_of_the_last_move_names_what_it_opens(device_page, site_url):
    """To a screen reader the line is a button that says it opens the hand's moves and
    what the last move was, where before it was hidden from it."""
    game = crowded(*CROWDS["4p-15"])
    page = open_table(device_page, site_url, "short phone", game, lang="it")
    button = page.get_by_role("button", name=re.compile("Tutte le mosse della mano"))
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-haspopup", "dialog")
