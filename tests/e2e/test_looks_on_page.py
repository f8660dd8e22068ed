"""The table's looks in a real Chromium (web/page/looks.css): with large cards, four
colours and the left-handed layout all on, at five sizes and in both languages, no
serious or critical axe-core violation, the hand in view and its text clear of other
text, ♦ and ♣ in colours of their own, the table's buttons in the mirrored order; and
what the browser asks for itself: reduced motion (no card flies, nothing animates) and
forced colours (every card and meld drawn by a border)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from test_a11y import audit
from test_layout import assert_layout_holds, policy
from test_table import seed_storage

from scala40 import Phase
from scala40.bots import make_bot
from scala40.record import Game

pytestmark = pytest.mark.browser

NAMES = ["Tu", "Bruno", "Carla", "Dario"]
SEATS = [{"name": name, "kind": "human" if i == 0 else "bot", "level": "easy"}
         for i, name in enumerate(NAMES)]
LOOKS = {"large_cards": True, "four_colours": True, "left_handed": True}
PHONE = {"has_touch": True, "is_mobile": True}
#: one page a device, resized from size to size (the layout follows a resize)
GROUPS = {"touch": ([(390, 844), (360, 640), (844, 390)], PHONE),
          "mouse": ([(1366, 768), (1920, 1080)], {})}


@cache
def full_hand() -> Game:
    """Four players, three or more melds on the table, seat 0 to draw with 13 cards or
    more: the widest hand beside a board that needs its room."""
    for seed in range(200):
        game = Game.new(NAMES, seed=f"full-{seed}")
        bots = [make_bot("medium", random.Random(seat)) for seat in range(len(NAMES))]
        for _ in range(400):
            state = game.state
            if state.hand_over:
                break
            if len(state.hand.melds) >= 3 and state.to_move == 0 \
                    and state.hand.phase is Phase.DRAW and len(state.hand.hands[0]) >= 13:
                return game
            game.play(policy(state, bots[state.to_move]))
    pytest.fail("no seeded game reached three melds with a full hand")


def open_table(device_page, site_url, size, device, settings):
    page = device_page({"width": size[0], "height": size[1]}, **device)
    seed_storage(page, game=full_hand().to_save(), table={"seats": SEATS},
                 settings={"speed": "slow", **settings})
    page.goto(site_url)
    # Python's table, not the snapshot of the last one (painted before Python is up)
    page.wait_for_function("window.__pyAllDone", timeout=90_000)
    page.wait_for_selector(".table .hand .in-hand")
    return page


SUIT_COLOURS = """() => Object.fromEntries(['hearts', 'spades', 'diamonds', 'clubs'].map((suit) =>
  [suit, [...new Set([...document.querySelectorAll('.card.' + suit + ' .idx')]
    .map((el) => getComputedStyle(el).color))]]))"""
BUTTONS_X = """() => [...document.querySelectorAll('.controls .btn')].map((el) =>
  [el.dataset.act + (el.dataset.arg ? ':' + el.dataset.arg : ''), el.getBoundingClientRect().left,
   el.getBoundingClientRect().top])"""


def buttons_in_reading_order(page) -> list[str]:
    """The table's buttons as the eye reads them: by row, then from left to right."""
    rows = page.evaluate(BUTTONS_X)
    return [act for act, _x, _y in sorted(rows, key=lambda b: (round(b[2] / 10), b[1]))]


#: the table's buttons in the page's order (web/table/view.py, controls)
BUTTONS = ["lay", "discard", "undo", "sort:suit", "sort:rank", "arrange"]


def assert_mirrored(page, where: str) -> None:
    """On each row of buttons, the later in the page's order is the further left."""
    order = buttons_in_reading_order(page)
    rows = page.evaluate(BUTTONS_X)
    row_of = {act: round(y / 10) for act, _x, y in rows}
    for row in set(row_of.values()):
        shown = [act for act in order if row_of[act] == row]
        assert shown == sorted(shown, key=BUTTONS.index, reverse=True), f"{where}: {order}"


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("group", GROUPS)
def test_every_look_on_at_five_sizes(device_page, site_url, group, lang):
    sizes, device = GROUPS[group]
    page = open_table(device_page, site_url, sizes[0], device, {"lang": lang, **LOOKS})
    assert {"large-cards", "four-colours", "left-handed"} <= set(
        page.evaluate("[...document.documentElement.classList]"))
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        where = f"{width}x{height} {lang}"
        assert_layout_holds(page)
        audit(page, f"table with every look on, {where}")
        colours = page.evaluate(SUIT_COLOURS)
        assert all(len(shades) == 1 for shades in colours.values()), colours
        shade = {suit: shades[0] for suit, shades in colours.items()}
        assert len(set(shade.values())) == 4, f"{where}: {shade}"
        assert_mirrored(page, where)
    page.locator("[data-act=menu]").click()
    for look in LOOKS:
        assert page.locator(f'.menu input[data-set="{look}"]').is_checked()
    audit(page, f"menu with every look on, {lang}")


#: the hand's and a meld's cards, their indices, the turn's words, the rem (the page's text)
SIZES_SEEN = """() => {
  const size = (selector) =>
    parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
  const width = (selector) => document.querySelector(selector).getBoundingClientRect().width;
  return {hand: width('.hand .in-hand'), meld: width('.melds .card.mini'),
          index: size('.hand .in-hand .idx'), meldIndex: size('.melds .card.mini .idx'),
          turn: size('.status .turn-msg'), rem: size('html')};
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_large_cards_are_half_as_large_again_and_the_hand_stays_in_view(
        device_page, site_url, size):
    widths = {}
    for large in (False, True):
        page = open_table(device_page, site_url, size, PHONE,
                          {"lang": "it", "large_cards": large})
        assert_layout_holds(page)
        widths[large] = page.evaluate(SIZES_SEEN)
        page.close()
    for what in ("hand", "meld", "index", "meldIndex", "rem"):
        assert widths[True][what] >= 1.45 * widths[False][what], (what, widths)
    # the turn's words grow by less than the cards (the whole prompt shows beside the
    # stock and the pile, web/page/looks.css), and still larger than they were
    assert widths[True]["turn"] >= max(16, 1.1 * widths[False]["turn"]), widths


def test_the_buttons_are_mirrored_for_a_left_hand(device_page, site_url):
    orders = {}
    for left in (False, True):
        page = open_table(device_page, site_url, (390, 844), PHONE,
                          {"lang": "en", "left_handed": left})
        orders[left] = buttons_in_reading_order(page)
        page.close()
    assert orders[False] == BUTTONS
    assert orders[True] == orders[False][::-1]


def test_four_colours_tell_diamonds_and_clubs_apart(device_page, site_url):
    for four in (False, True):
        page = open_table(device_page, site_url, (1366, 768), {},
                          {"lang": "en", "four_colours": four})
        shade = {suit: shades[0] for suit, shades in page.evaluate(SUIT_COLOURS).items()}
        page.close()
        if four:
            assert shade["diamonds"] not in (shade["hearts"], shade["spades"])
            assert shade["clubs"] not in (shade["hearts"], shade["spades"], shade["diamonds"])
        else:
            assert shade["diamonds"] == shade["hearts"] and shade["clubs"] == shade["spades"]


ANIMATIONS = "() => document.getAnimations().map((a) => a.animationName || a.id || 'a card flight')"


def test_reduced_motion_stops_the_flights_and_the_animations(device_page, site_url):
    page = open_table(device_page, site_url, (1366, 768), {}, {"lang": "en"})
    page.emulate_media(reduced_motion="reduce")
    page.locator(".deck.stock").click()
    page.wait_for_selector(".hand .in-hand.drawn")
    page.wait_for_timeout(50)  # the frame in which a flight would start
    assert page.evaluate(ANIMATIONS) == []
    assert not page.evaluate("window.s40motion.waiting()")


def test_forced_colours_draw_every_card_and_meld_by_a_border(device_page, site_url):
    page = open_table(device_page, site_url, (1366, 768), {}, {"lang": "en", **LOOKS})
    page.emulate_media(forced_colors="active")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    faint = page.evaluate("""() => [...document.querySelectorAll('.card, .meld')].filter((el) => {
      const s = getComputedStyle(el);
      const colour = s.borderTopColor;
      return parseFloat(s.borderTopWidth) < 1 || s.borderTopStyle === 'none'
        || colour === 'transparent' || /rgba\\(.*, 0\\)$/.test(colour);
    }).map((el) => el.className)""")
    assert page.locator(".card").count() > 20
    assert faint == []
