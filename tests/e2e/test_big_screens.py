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
