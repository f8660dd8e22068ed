"""No text of the table over another, at every step of the lesson on two phones, in
Italian and English (issue #41: the coach's words were drawn over the line of the last
moves, both unreadable, at nearly every step); the coach over no card, and the meld a
step names in view, on phones upright and on their side, with large cards too.

The check is generic: every element of the table that holds text of its own is
compared with every other, by their boxes (clipped by the scrollers they are in), save
an element and what it holds, and the faces of the hand's cards (a fanned hand's cards
overlap by design).
"""

from __future__ import annotations

import pytest
from test_layout import SETTLED
from test_learn import open_fresh, walk_lesson

from scala40 import Attach, SwapJoker, parse_action
from web.learn.coach import Step

pytestmark = pytest.mark.browser

#: The pairs of the table's texts that overlap by more than ``tolerance`` px each way.
#: A text is an element of ``.table`` with a text node of its own, drawn (not hidden,
#: transparent or clipped away by an ancestor that scrolls or clips).
OVERLAPS = """(tolerance) => {
  const table = document.querySelector('#app .table');
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
  const clipped = (el) => {
    let r = el.getBoundingClientRect();
    let box = {x: r.left, y: r.top, r: r.right, b: r.bottom};
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = up.getBoundingClientRect();
      box = {x: Math.max(box.x, c.left), y: Math.max(box.y, c.top),
             r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom)};
    }
    return box;
  };
  const texts = [...table.querySelectorAll('*')]
    .filter((el) => own(el) && !el.closest('.hand .in-hand')
      && el.checkVisibility({opacityProperty: true, visibilityProperty: true}))
    .map((el) => ({el, box: clipped(el)}))
    .filter(({box}) => box.r - box.x > 0 && box.b - box.y > 0);
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ` +
    `"${el.textContent.trim().slice(0, 30)}"`;
  const found = [];
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], c = texts[j];
    if (a.el.contains(c.el) || c.el.contains(a.el)) continue;
    const w = Math.min(a.box.r, c.box.r) - Math.max(a.box.x, c.box.x);
    const h = Math.min(a.box.b, c.box.b) - Math.max(a.box.y, c.box.y);
    if (w > tolerance && h > tolerance) found.push(`${name(a.el)} / ${name(c.el)}`);
  }
  return found;
}"""


def overlapping_texts(page, tolerance: float = 4) -> list[str]:
    """The table's texts that lie over one another, once its motion has settled."""
    page.wait_for_function(SETTLED, timeout=10_000)
    return page.evaluate(OVERLAPS, tolerance)


PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("phone", PHONES)
def test_no_text_of_the_lesson_lies_over_another(device_page, site_url, open_game, phone,
                                                 lang):
    page = device_page(PHONES[phone], has_touch=True, is_mobile=True)
    open_fresh(page, site_url, open_game, {"lang": lang, "speed": "fast"})
    page.locator('[data-act="learn"]').click()
    seen: list[tuple[str, list[str]]] = []

    def check(step: Step) -> None:
        overlaps = overlapping_texts(page)
        if overlaps:
            seen.append((step.action, overlaps))

    walk_lesson(page, lang, check)
    assert not seen, f"text over text at {phone} in {lang}: {seen}"


#: The boxes the coach's words must not lie over (every card's, as far as the scroller it
#: is in shows it), and where the meld the step is about stands against the melds'
#: scroller, and the window.
CARDS_UNDER_COACH = """(named) => {
  const coach = document.querySelector('.msgbar .coach').getBoundingClientRect();
  const seen = (el) => {
    let r = el.getBoundingClientRect();
    let box = {x: r.left, y: r.top, r: r.right, b: r.bottom};
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = up.getBoundingClientRect();
      box = {x: Math.max(box.x, c.left), y: Math.max(box.y, c.top),
             r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom)};
    }
    return box;
  };
  const covered = [...document.querySelectorAll('#app .table .card')].filter((card) => {
    const b = seen(card);
    return Math.min(b.r, coach.right) - Math.max(b.x, coach.left) > 1
      && Math.min(b.b, coach.bottom) - Math.max(b.y, coach.top) > 1;
  }).map((card) => card.getAttribute('aria-label') || card.className);
  const inView = (meld) => {
    if (!meld) return null;
    const m = meld.getBoundingClientRect();
    const v = meld.closest('.melds').getBoundingClientRect();
    return m.top >= v.top - 1 && m.bottom <= v.bottom + 1 && m.bottom <= innerHeight;
  };
  const target = named === null ? null : document.querySelector(`.meld[data-arg="${named}"]`);
  return {covered, named: inView(target),
          spotlit: inView(document.querySelector('.melds [data-spotlight]')),
          lit: target ? target.hasAttribute('data-spotlight') : null};
}"""

SIZES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844},
         "844x390": {"width": 844, "height": 390}}


@pytest.mark.parametrize(("size", "lang", "large"), [
    ("360x640", "it", True), ("360x640", "en", False), ("844x390", "en", True),
    ("390x844", "it", True)])
def test_the_coach_covers_no_card_and_the_meld_it_names_is_in_view(
        device_page, site_url, open_game, size, lang, large):
    """At every step of the lesson: the coach's words over no card (the hand's, the
    pile's, a meld's), the meld the step names (where J♠ goes, the joker to take back)
    in the melds' view, and the meld just laid or grown in view too (at 360x640 with
    large cards, the coach and the last move's line left the melds 16 px: the Q♠ K♠ the
    words named, and the melds the player had just laid, out of sight)."""
    page = device_page(SIZES[size], has_touch=True, is_mobile=True)
    open_fresh(page, site_url, open_game, {"lang": lang, "speed": "fast", "large_cards": large})
    page.locator('[data-act="learn"]').click()
    wrong: list[tuple[str, dict]] = []

    def check(step: Step) -> None:
        page.wait_for_function(SETTLED, timeout=10_000)
        page.wait_for_timeout(100)  # the spotlit meld is scrolled to in the frame after
        action = parse_action(step.action)
        named = action.target if isinstance(action, Attach | SwapJoker) else None
        facts = page.evaluate(CARDS_UNDER_COACH, named)
        if facts["covered"] or facts["named"] is False or facts["lit"] is False \
                or facts["spotlit"] is False:
            wrong.append((step.action, facts))

    walk_lesson(page, lang, check)
    assert not wrong, f"at {size} in {lang}{' with large cards' if large else ''}: {wrong}"
