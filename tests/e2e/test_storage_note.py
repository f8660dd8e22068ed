"""The storage note (web/page/storage_note.js, issue 41): a page the browser gives no
storage says the match lives in this page only.

- It covers nothing: during a hand against a bot, on a phone and on a laptop, with the
  board full, its box meets no card of the hand and no control, and the hand and the
  buttons stay whole in the window (the table gives up the note's height).
- Its close button, named in the page's language, takes it away, and the table has the
  whole window again.
- In another site's frame (third-party storage blocked, Chromium's default in
  Playwright's contexts) it links to the full page, without ``?embed``, in a new tab; at
  the top level (storage turned off: reading it throws, as in a private window that
  refuses it) that page is this one: no link, and nothing about embedding.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}

#: Before any script of the page: reading localStorage throws, as where storage is off.
NO_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
  configurable: true,
});
"""

WORDS = {
    "en": {"says": "the match lives in this page only", "embedded": "embedded",
           "open": "Open the full page", "close": "Close the notice"},
    "it": {"says": "la partita vive solo in questa pagina", "embedded": "incorporati",
           "open": "Apri la pagina intera", "close": "Chiudi l'avviso"},
}

#: The note's box, and those of every card of the hand and every control on the table
#: that is drawn, in the page's window (the frame's, in a frame).
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const shown = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length)
    .map((el) => ({what: el.outerHTML.slice(0, 90), ...box(el)}));
  const note = document.querySelector(".storage-note");
  return {
    note: note && box(note),
    dock: shown(".hand .in-hand, .dock button"),
    controls: shown("#app :is(.in-hand, button, a, input, select, [data-act])"),
    table: box(document.querySelector(".table")),
    width: innerWidth, height: innerHeight,
  };
}"""

#: A board with more melds than it has room for, as late in a match: they scroll on their
#: own, and the table must not grow to hold them (the note's height would push the hand
#: out of the window). Their height is what counts, so one tall block stands for them.
FULL_BOARD = """() => {
  const melds = document.createElement("div");
  melds.style.height = "3000px";
  document.querySelector(".melds").append(melds);
}"""


def meets(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] \
        and b["top"] < a["bottom"]


def inside(box: dict, width: float, height: float) -> bool:
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= height + .5 \
        and box["right"] <= width + .5


def open_top_level(page, site_url):
    page.add_init_script(NO_STORAGE)
    page.goto(site_url)
    return page.main_frame


def open_in_a_frame(page, site_url, serve_folder, folder):
    """A blog on localhost whose page is the site, from 127.0.0.1, in a frame as big as
    the window: two sites, so the frame is a third party. The blog is served with no
    security headers (the site's would forbid the frame)."""
    (folder / "index.html").write_text(
        '<!doctype html><meta name="viewport" content="width=device-width"><title>A blog</title>'
        '<link rel="icon" href="data:,">'  # no favicon.ico to ask the blog for
        "<style>html, body { margin: 0; height: 100% } iframe { display: block; border: 0;"
        " width: 100%; height: 100% }</style>"
        f'<iframe src="{site_url}?embed" title="Scala 40"></iframe>', encoding="utf-8")
    blog = serve_folder(folder, host="github")
    page.goto(blog.url.replace("127.0.0.1", "localhost", 1))
    page.frame_locator("iframe").locator("body").wait_for(state="attached")
    return page.frames[1]


def play_to_my_draw(frame, lang: str) -> None:
    """On the first screen, choose the language and press Play (you against one bot);
    on your turn, draw: the hand holds 14 cards, two rows on a phone."""
    expect(frame.locator("body:not(.loading)")).to_have_count(1, timeout=90_000)
    frame.locator(f'[data-act="lang"][data-arg="{lang}"]').click()
    expect(frame.locator("html")).to_have_attribute("lang", lang)
    frame.locator('[data-act="start"]').first.click()
    expect(frame.locator(".table.my-turn")).to_have_count(1, timeout=60_000)
    frame.locator('[data-act="draw"]').click()
    expect(frame.locator(".hand .in-hand")).to_have_count(14)


@pytest.mark.parametrize(("where", "viewport", "lang"), [
    ("top", PHONE, "en"), ("top", LAPTOP, "it"), ("frame", PHONE, "it"), ("frame", LAPTOP, "en"),
], ids=["top-phone-en", "top-laptop-it", "frame-phone-it", "frame-laptop-en"])
def test_the_note_covers_nothing_closes_and_links_only_from_a_frame(
        device_page, site_url, serve_folder, tmp_path, where, viewport, lang):
    phone = viewport is PHONE
    page = device_page(viewport, has_touch=phone, is_mobile=phone)
    frame = open_in_a_frame(page, site_url, serve_folder, tmp_path) if where == "frame" \
        else open_top_level(page, site_url)
    assert frame.evaluate("window.scala40Storage") == "memory"
    play_to_my_draw(frame, lang)
    words = WORDS[lang]
    note = frame.locator(".storage-note")
    expect(note).to_contain_text(words["says"])
    if where == "frame":
        expect(note).to_contain_text(words["embedded"])
        link = note.get_by_role("link", name=words["open"])
        expect(link).to_have_attribute("href", site_url)
        expect(link).to_have_attribute("target", "_blank")
    else:
        expect(note.locator("a")).to_have_count(0)
        expect(note).not_to_contain_text(words["embedded"])

    frame.evaluate(FULL_BOARD)
    boxes = frame.evaluate(BOXES)
    width, height = boxes["width"], boxes["height"]
    assert inside(boxes["note"], width, height)
    assert len(boxes["dock"]) >= 14 + 6  # the cards, and the buttons above them
    for control in boxes["controls"]:
        assert not meets(boxes["note"], control), control["what"]
    for shown in boxes["dock"]:
        assert inside(shown, width, height), shown["what"]

    note.get_by_role("button", name=words["close"]).click()
    expect(note).to_have_count(0)
    boxes = frame.evaluate(BOXES)
    assert boxes["table"]["top"] == 0 and abs(boxes["table"]["bottom"] - height) < .5  # all of it
    for shown in boxes["dock"]:
        assert inside(shown, width, height), shown["what"]
