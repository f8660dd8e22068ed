"""The table on a laptop and a big screen (issue #41): at 1920x1080 the stock, the pile
and the turn line sat small in the top-left corner of an empty felt, and at 1366x768
"Your turn: draw from the stock" was small text.

Measured on a crowded table of four (seat 0 to draw), one page a language, resized
from the laptop to the big screen: the turn line is the largest text of the table,
the stock and the pile are in the middle of the window's width, the cards grow with
the screen, nothing runs past the window's edge and no text lies over another.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_layout import CROWDS, SIZES, crowded, open_table
from test_lesson_layout import overlapping_texts

pytestmark = pytest.mark.browser

#: the table's words and how big they are (a card's face apart: its glyphs are the card),
#: the turn line's, the decks' boxes, a hand card's width, the page's width
FACTS = """() => {
  const texts = [...document.querySelectorAll('.table *')].filter((el) =>
    [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim())
    && !el.closest('.card') && el.checkVisibility());
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  const largest = texts.filter((el) => !el.closest('.turn-msg'))
    .reduce((big, el) => size(el) > big.size ? {size: size(el), text: el.textContent} : big,
            {size: 0, text: ''});
  const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
  return {turn: size(document.querySelector('.status .turn-msg')), largest,
          stock: box('.deck.stock'), pile: box('.deck.pile'),
          card: box('.hand .in-hand').width, width: innerWidth,
          scrollWidth: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_table_fills_a_big_screen(device_page, site_url, lang):
    page = open_table(device_page, site_url, "laptop", crowded(*CROWDS["4p-15"]), lang=lang)
    cards = {}
    for size, least in (("laptop", 22), ("desktop", 26)):
        page.set_viewport_size(SIZES[size]["viewport"])
        assert not overlapping_texts(page), f"text over text at {size}"
        facts = page.evaluate(FACTS)
        width = facts["width"]
        assert facts["scrollWidth"] <= width, f"{size}: {facts['scrollWidth']} px wide in {width}"
        assert facts["turn"] >= least, f"{size}: the turn line in {facts['turn']} px"
        assert facts["turn"] > facts["largest"]["size"], f"{size}: {facts['largest']} is larger"
        middle = (facts["stock"]["left"] + facts["pile"]["right"]) / 2
        assert width / 3 < middle < width * 2 / 3, f"{size}: the decks are not in the middle"
        assert facts["stock"]["left"] > width / 4, f"{size}: the stock is at the left edge"
        cards[size] = facts["card"]
    assert cards["desktop"] > 1.3 * cards["laptop"], f"the cards do not grow: {cards}"


#: the start screen's measures: its width, its ways-in buttons' height, where "Play" and
#: the statistics' button stand, and the page's width
START = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
  return {screen: box('.newgame'), play: box('.ng-hero [data-act="start"]'),
          stats: box('.ng-more [data-act="stats"]'), width: innerWidth,
          scrollWidth: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_start_screen_uses_a_big_screen(device_page, site_url, lang):
    """Issue #52: at 1920x1080 the start screen took a third of the width in the laptop's
    type. There it is drawn larger, in two columns ("Play" on the left, the ways in on
    the right); on a phone it stays one column and nothing runs past the edge."""
    page = device_page(SIZES["desktop"]["viewport"])
    page.add_init_script("localStorage.setItem('scala40.settings', "
                         f"JSON.stringify({{lang: '{lang}', speed: 'fast'}}))")
    page.goto(site_url)
    expect(page.locator(".ng-hero .play")).to_be_visible(timeout=90_000)
    big = page.evaluate(START)
    assert big["scrollWidth"] <= big["width"]
    assert big["screen"]["width"] >= 0.6 * big["width"], big["screen"]
    assert big["stats"]["height"] >= 56, f"buttons of {big['stats']['height']} px"
    middle = big["width"] / 2
    assert big["play"]["right"] < middle < big["stats"]["left"], (big["play"], big["stats"])
    for size in ("laptop", "phone", "landscape"):
        page.set_viewport_size(SIZES[size]["viewport"])
        facts = page.evaluate(START)
        assert facts["scrollWidth"] <= facts["width"], f"{size}: {facts}"
        assert facts["stats"]["top"] > facts["play"]["bottom"], f"{size}: not one column"
