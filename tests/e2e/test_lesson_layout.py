"""No text of the table over another, at every step of the lesson on two phones, in
Italian and English (issue #41: the coach's words were drawn over the line of the last
moves, both unreadable, at nearly every step).

The check is generic: every element of the table that holds text of its own is
compared with every other, by their boxes (clipped by the scrollers they are in), save
an element and what it holds, and the faces of the hand's cards (a fanned hand's cards
overlap by design).
"""

from __future__ import annotations

import pytest
from test_layout import SETTLED
from test_learn import open_fresh, walk_lesson

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
