"""The returning player's table before Python is up (issue 16), in a real Chromium.

web/page/snapshot.js paints the snapshot the page kept of its last table
(``scala40.snapshot``) as soon as the parser reaches it: these tests check
that it is on screen before Python runs, that the live table replaces it
with the same content in the same places, that a tap on it is ignored
visibly (and not replayed later), and that stored markup which is not the
renderer's never gets on the page: DOMPurify runs on it, and a snapshot it
had to clean is dropped whole.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import expect
from test_table import HUMAN_VS_BOT, seed_storage

from scala40.record import Game
from web.store.match import save_text, snapshot_text

pytestmark = pytest.mark.browser

SNAPSHOT_SHOWN = re.compile(r"\bsnapshot\b")  # beside "loading": Python is not up yet

# Where the table's parts are, to the pixel: the snapshot and the live table must agree.
BOXES = """() => [...document.querySelectorAll(
    '#app .hand .in-hand, #app .btn, #app .chip, #app .deck, #app .status')]
  .map((e) => { const r = e.getBoundingClientRect();
                return [[...e.classList].join(' '), Math.round(r.x), Math.round(r.y),
                        Math.round(r.width), Math.round(r.height)]; })"""

# Registered before any page script: what the page looked like when the parser
# finished (the module scripts have run, so PyScript is only starting to load).
# Read then, not after ``page.reload()`` returns: on a loaded machine Python can be
# up by the time the load event comes, and the snapshot already replaced.
AT_PARSE = """
document.addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  const shown = (id) => { const el = document.getElementById(id);
                          return el !== null && getComputedStyle(el).display !== "none"; };
  window.__atParse = {
    snapshot: document.body.classList.contains("snapshot"),
    python: window.__pyAllDone === true,
    text: app.innerText,
    cards: app.querySelectorAll(".hand .in-hand").length,
    waiting: shown("snapshot-wait"),
    loading: shown("loading"),
    boxes: (""" + BOXES + """)(),
  };
});
"""

def human_to_move() -> Game:
    seed = next(s for s in range(100) if Game.new(["Tu", "Bruno"], seed=s).state.to_move == 0)
    return Game.new(["Tu", "Bruno"], seed=seed)


def first_visit(page, site_url, open_game, settings: dict | None = None) -> dict:
    """A visit that leaves a match and its snapshot in storage; the snapshot."""
    seed_storage(page, game=human_to_move().to_save(), table={"seats": HUMAN_VS_BOT},
                 **({"settings": settings} if settings else {}))
    open_game(page, site_url)
    expect(page.locator(".hand .in-hand").first).to_be_visible()
    page.wait_for_function("localStorage.getItem('scala40.snapshot') !== null")
    return json.loads(page.evaluate("localStorage.getItem('scala40.snapshot')"))


def test_the_snapshot_shows_at_once_and_the_live_table_replaces_it_unchanged(
        page, site_url, open_game):
    snap = first_visit(page, site_url, open_game)
    saved = json.loads(page.evaluate("localStorage.getItem('scala40.game')"))
    assert snap["saved"]
    assert (snap["match"], snap["revision"]) == (saved.get("match"), saved.get("revision", 0))
    live_boxes = page.evaluate(BOXES)
    live_text = page.locator("#app").inner_text()

    page.add_init_script(AT_PARSE)
    page.reload()
    at_parse = page.evaluate("window.__atParse")
    assert at_parse["snapshot"] and not at_parse["python"]
    assert at_parse["cards"] == 13
    assert at_parse["text"] == live_text
    assert at_parse["waiting"] and not at_parse["loading"]
    painted_boxes = at_parse["boxes"]

    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator("#snapshot-wait")).to_have_count(0)
    expect(page.locator("body")).not_to_have_class(SNAPSHOT_SHOWN)
    expect(page.locator("body")).not_to_have_class(re.compile("loading"))
    assert page.locator("#app").inner_text() == live_text
    assert page.evaluate(BOXES) == painted_boxes == live_boxes  # nothing moved
    assert page.locator("#app [inert]").count() == 0  # the live table's controls work
    page.locator(".hand .in-hand").first.click()
    expect(page.locator(".hand .in-hand.sel")).to_have_count(1)


def test_the_snapshot_is_painted_in_the_looks_the_player_chose(page, site_url, open_game):
    """Large cards (and the other looks) from the first paint: a player who needs them
    never sees the table small first, and nothing moves when Python takes over."""
    snap = first_visit(page, site_url, open_game,
                       {"lang": "it", "speed": "fast", "large_cards": True, "four_colours": True})
    assert sorted(snap["looks"]) == ["four-colours", "large-cards"]
    live_boxes = page.evaluate(BOXES)
    page.add_init_script(AT_PARSE)
    page.reload()
    at_parse = page.evaluate("window.__atParse")
    assert at_parse["snapshot"] and not at_parse["python"]
    assert at_parse["boxes"] == live_boxes
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator("html")).to_have_class(re.compile("large-cards"))
    assert page.evaluate(BOXES) == live_boxes


def test_a_tap_on_the_snapshot_is_ignored_visibly_and_not_replayed(page, site_url, open_game):
    first_visit(page, site_url, open_game)
    held = []
    page.route("**/game.zip", lambda route: held.append(route))  # no Python until let through
    page.reload()
    expect(page.locator("body")).to_have_class(SNAPSHOT_SHOWN)
    card = page.locator(".hand .in-hand").first
    box = card.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#snapshot-wait")).to_have_class("nudge")
    expect(page.locator(".hand .in-hand.sel")).to_have_count(0)
    assert page.evaluate("getComputedStyle(document.getElementById('app')).cursor") == "progress"
    for _ in range(600):  # PyScript asks for game.zip once the interpreter is up
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "game.zip was not asked for"
    expect(page.locator("body")).to_have_class(SNAPSHOT_SHOWN)  # still waiting for Python
    held[0].continue_()
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator("#snapshot-wait")).to_have_count(0)
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    expect(page.locator(".hand .in-hand.sel")).to_have_count(0)  # the tap was not queued



def test_a_lost_archive_takes_the_snapshot_away_and_brings_the_loading_card_back(
        page, page_log, site_url, open_game):
    """The connection drops while the game's one archive is on its way: no Python will
    draw (and PyScript fires no py:all-done), so the last table must not stay on screen
    looking alive, and the loading card says what happened."""
    first_visit(page, site_url, open_game)
    page.route("**/game.zip", lambda route: route.abort())
    page.reload()
    expect(page.locator("#loading.failed")).to_contain_text("did not load", timeout=60_000)
    game_step = page.locator('#boot-steps [data-step="game"]')
    expect(game_step).not_to_have_attribute("data-done", "true")
    expect(page.locator("#snapshot-wait")).to_have_count(0)
    expect(page.locator("body")).not_to_have_class(SNAPSHOT_SHOWN)
    expect(page.locator("#app .hand")).to_have_count(0)
    expect(page.locator("#loading")).to_be_visible()
    assert any("game.zip" in error for error in page_log.errors), page_log.errors
    page_log.errors.clear()  # the refused archive, as expected

# -- stored markup that is not the renderer's ----------------------------------------------

#: Markup an attacker (or a broken write) could leave in storage; each would run script,
#: load something or restyle the page if it got in. Every one is dropped whole.
HOSTILE = [
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    '<svg><animate onbegin="window.__pwned = \'svg\'" attributeName="x" dur="1s"/></svg>',
    '<div onmouseover="window.__pwned = \'div\'" style="position:fixed;inset:0">x</div>',
    '<a href="javascript:window.__pwned = \'link\'">play</a>',
    '<iframe srcdoc="<script>parent.__pwned = \'frame\'</script>"></iframe>',
    '<style>body { display: none }</style>',
    '<form action="https://example.com"><button formaction="javascript:alert(1)">x</button></form>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'">',
    '<button data-act="draw" onclick="window.__pwned = \'click\'">Pesca</button>',
    '<object data="javascript:window.__pwned=1"></object>',
    '<details open ontoggle="window.__pwned = \'toggle\'"><summary>x</summary></details>',
]

#: Pieces of the views' markup (web/*/view.py): none of them needs cleaning.
BENIGN = [
    '<div class="table seats-2"><header class="topbar"><button class="btn icon" data-act="menu" '
    'aria-label="Menu">☰</button></header></div>',
    '<button class="btn hint" data-act="hint" disabled aria-keyshortcuts="H">'
    '<span class="bulb" aria-hidden="true">?</span></button>',
    '<div class="chip turn" data-seat="1" data-anchor="seat:1"><span class="nm">Bruno</span></div>',
    '<button class="card in-hand" data-key="0" data-card="QH" data-drag="card:0" '
    'style="--i:3" aria-pressed="false"><span class="rank">Q</span></button>',
    '<p class="status">Tocca a te &lt;script&gt;</p>',
    '<form id="setup"><input type="radio" name="mode" value="101" checked>'
    '<select name="count"><option value="2">2</option></select></form>',
    '<div class="overlay" role="dialog" aria-modal="true"><h2>Tabellone</h2></div>',
]


def tied_snapshot(html: str) -> dict:
    """localStorage with a saved match and a snapshot of ``html`` that claims to show it."""
    save = save_text(human_to_move().to_save(), "m1", 4)
    snap = snapshot_text(html, ("m1", 4), "it")
    return {"scala40.game": save, "scala40.snapshot": snap,
            "scala40.table": json.dumps({"seats": HUMAN_VS_BOT})}


def seed_items(page, items: dict) -> None:
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('seeded', '1'); }"
    )


@pytest.mark.parametrize("hostile", HOSTILE[:4], ids=["script", "img", "svg", "overlay"])
def test_a_hostile_stored_snapshot_is_dropped_and_the_page_starts_as_before(
        page, page_log, site_url, open_game, hostile):
    seed_items(page, tied_snapshot(BENIGN[0] + hostile + BENIGN[3]))
    page.add_init_script(AT_PARSE)
    page.goto(site_url)
    at_parse = page.evaluate("window.__atParse")
    assert not at_parse["snapshot"] and at_parse["text"] == ""
    # dropped from storage; on a fast start the live table has already stored its own
    stored = page.evaluate("localStorage.getItem('scala40.snapshot')")
    assert stored is None or "__pwned" not in stored
    # the loading card, or on a loaded machine already the live table (never the snapshot)
    expect(page.locator("#loading:visible").or_(
        page.locator("body:not(.snapshot) .hand .in-hand")).first).to_be_visible()
    # An inline handler DOMPurify's parser met is also refused by the CSP, which says so
    # (and may say so late: the SVG's animation begins when the machine gets to it).
    page_log.errors[:] = [e for e in page_log.errors if "inline event handler" not in e]
    open_game(page, site_url)  # the second load of this tab: the seeded match, live
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    page_log.errors[:] = [e for e in page_log.errors if "inline event handler" not in e]
    assert page.evaluate("window.__pwned") is None


# The painter alone, on a page with no Content-Security-Policy: were a handler or a
# script to get through, it would run here (the site's CSP would also block it).
HARNESS = """<!doctype html><html><head><meta charset="utf-8"></head><body class="loading">
<main id="app"></main>
<script src="./web/vendor/purify.min.js"></script><script src="./web/page/snapshot.js"></script>
</body></html>"""

PAINT = """async (html) => {
  let fragment;
  try {
    fragment = scala40Snapshot.sanitize(html);
  } catch (error) {
    return { painted: false, refused: error instanceof scala40Snapshot.Refused };
  }
  const box = document.createElement("div");
  box.append(fragment);
  document.body.append(box);
  box.querySelectorAll("*").forEach((e) => e.dispatchEvent(new MouseEvent("mouseover")));
  await new Promise((done) => setTimeout(done, 30));  // an image's onerror fires late
  const unsafe = [...box.querySelectorAll("*")].filter((e) =>
      ["SCRIPT", "IFRAME", "OBJECT", "EMBED", "STYLE", "A", "IMG"].includes(e.tagName) ||
      [...e.attributes].some((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value)));
  const all = [...box.querySelectorAll("*")];
  const inert = [...box.children].every((e) => e.inert);
  box.remove();
  return { painted: true, unsafe: unsafe.length, inert, count: all.length };
}"""


@pytest.fixture
def harness(page, site_url):
    page.route(site_url + "snapshot-harness.html",
               lambda route: route.fulfill(body=HARNESS, content_type="text/html"))
    page.goto(site_url + "snapshot-harness.html")
    page.wait_for_function("window.scala40Snapshot !== undefined")
    return page


PIECES = st.one_of(
    st.sampled_from(BENIGN).map(lambda piece: ("benign", piece)),
    st.sampled_from(HOSTILE).map(lambda piece: ("hostile", piece)),
    st.text(alphabet=st.sampled_from('<>/="\' !-abcdeilmnoprstv&;'), max_size=24)
    .map(lambda piece: ("text", piece)),
)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(PIECES, min_size=1, max_size=5))
def test_nothing_executable_ever_survives_painting(harness, pieces):
    """Painted markup holds no script, handler, frame, link or image, and every child is
    inert; a hostile piece among the renderer's gets the whole snapshot refused (random
    text beside it may turn it into a comment or an attribute value: then it is only
    checked to be harmless); the renderer's own markup is never refused."""
    kinds = {kind for kind, _ in pieces}
    html = "".join(piece for _, piece in pieces)
    result = harness.evaluate(PAINT, html)
    assert harness.evaluate("window.__pwned") is None
    if result["painted"]:
        assert result["unsafe"] == 0 and result["inert"]
    if kinds == {"benign"}:
        assert result["painted"], f"the renderer's own markup was refused: {html}"
    elif "hostile" in kinds and "text" not in kinds:
        assert result == {"painted": False, "refused": True}


def test_a_reload_mid_turn_keeps_the_draw_in_the_log_and_the_selection(
        page, site_url, open_game):
    """The snapshot paints this turn's draw ("Hai pescato 8♦") and the cards selected;
    the live table that replaces it keeps both (issue #41)."""
    first_visit(page, site_url, open_game)
    page.locator('[data-act="draw"]').click()
    cards = page.locator(".hand .in-hand")
    expect(cards).to_have_count(14)
    cards.nth(2).click()
    cards.nth(5).click()
    selected = page.locator(".hand .in-hand.sel")
    expect(selected).to_have_count(2)
    line = page.locator(".log li").first.inner_text()
    assert line.startswith("Hai pescato ") and "tallone" not in line
    keys = selected.evaluate_all("els => els.map(e => e.dataset.key)")
    page.reload()
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator("body")).not_to_have_class(SNAPSHOT_SHOWN)
    expect(page.locator(".log li").first).to_have_text(line)
    assert selected.evaluate_all("els => els.map(e => e.dataset.key)") == keys
    expect(page.locator(".hand .in-hand.drawn")).to_have_count(1)  # the card drawn, marked
