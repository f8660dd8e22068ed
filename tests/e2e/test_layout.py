"""The table holds up on a crowded table: the hand always in view at four window sizes,
no horizontal overflow, no text over text; the drawn card marked and named; a
selection kept while a bot plays; a refusal gone once undo changed the state.

Crowded positions are played in CPython by a seeded policy through the engine's
own legal actions (draw; lay what the solver or ``legal_actions`` offers while
keeping two cards; discard what the medium bot would), until the table holds
enough melds and the human (seat 0) is to draw; the save goes into localStorage
before the page loads.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from playwright.sync_api import expect
from test_table import seed_storage

from scala40 import (
    Discard,
    DrawStock,
    LayMeld,
    Phase,
    Rules,
    apply,
    legal_actions,
    observe,
    opening_progress,
)
from scala40.bots import make_bot
from scala40.record import Game
from scala40.solver import cheapest_opening

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    # the narrowest in use: a 4-inch phone, or a larger one with its display zoomed
    "small phone": {"viewport": {"width": 320, "height": 568}, "has_touch": True,
                    "is_mobile": True},
    "landscape": {"viewport": {"width": 740, "height": 360}, "has_touch": True,
                  "is_mobile": True},
    # a phone of 640 px upright with the browser's bars, and a wide one on its side
    "short phone": {"viewport": {"width": 360, "height": 640}, "has_touch": True,
                    "is_mobile": True},
    "wide landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True,
                       "is_mobile": True},
    "tall phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                   "is_mobile": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
#: players, melds on the table, and the first seed searched: the seeds before 16 never
#: reach 20 melds at six players (searching them took 11 s)
CROWDS = {"6p-11": (6, 11, 0), "6p-20": (6, 20, 16), "4p-15": (4, 15, 0), "4p-2": (4, 2, 0)}
NAMES = ["Tu", "Bruno", "Carla", "Dario", "Elena", "Franco"]


def policy(state, bot):
    """Draw; lay a meld the engine allows while keeping two cards; discard as ``bot``
    would (or the last legal discard)."""
    hand = state.hand
    if hand.phase is Phase.DRAW:
        return DrawStock()
    held = hand.hands[hand.turn]
    legal = legal_actions(state)
    if len(held) >= 5:
        if not hand.opened[hand.turn]:
            opening = cheapest_opening(held, state.rules, keep=2,
                                       already=opening_progress(state).counted)
            if opening is not None and opening.melds:
                return LayMeld(*opening.melds[0])
        elif not hand.turn_melds or hand.opened_before_turn:
            for action in legal:
                if isinstance(action, LayMeld) and len(held) - len(action.cards) >= 2:
                    return action
    choice = bot.choose(observe(state, hand.turn))
    if isinstance(choice, Discard):
        return choice
    return [action for action in legal if isinstance(action, Discard)][-1]


@cache
def crowded(players: int, melds: int, first_seed: int) -> Game:
    """A seeded game where the table holds ``melds`` melds and seat 0 is to draw."""
    for seed in range(first_seed, first_seed + 300):
        game = Game.new(NAMES[:players], seed=f"crowd-{seed}")
        bots = [make_bot("medium", random.Random(seat)) for seat in range(players)]
        for _ in range(1500):
            state = game.state
            if state.hand_over:
                break
            if len(state.hand.melds) >= melds and state.to_move == 0 \
                    and state.hand.phase is Phase.DRAW:
                return game
            game.play(policy(state, bots[state.to_move]))
    pytest.fail(f"no seeded game reached {melds} melds at {players} players")


def seats(players: int, people: tuple[int, ...] = (0,)) -> list[dict]:
    return [{"name": NAMES[i], "kind": "human" if i in people else "bot", "level": "easy"}
            for i in range(players)]


def open_table(device_page, site_url, size: str, game: Game, *, lang: str = "it",
               speed: str = "slow", people: tuple[int, ...] = (0,), large: bool = False):
    """A page of the size's device showing ``game``'s table to seat 0, ``people`` the
    seats of persons (more than one: a hot seat, its cards shown by the button of the
    "pass the device" screen), with ``large`` cards and text or not; the ``device_page``
    fixture fails the test on any error the page reports."""
    page = device_page(**SIZES[size])
    seed_storage(page, game=game.to_save(),
                 table={"seats": seats(len(game.state.players), people)},
                 settings={"lang": lang, "speed": speed, "large_cards": large})
    page.goto(site_url)
    if len(people) > 1:
        page.locator('[data-act="pass-ready"]').click(timeout=90_000)
    page.wait_for_selector(".table .hand .in-hand", timeout=90_000)
    return page


#: text on the table that must never lie over other text (a card's rotated bottom index
#: is left out: a meld's or a fanned hand's next card covers it by design)
TEXT = (".topbar .title strong, .topbar .sub, .chip .nm, .chip .meta > span, .status p, "
        ".group h3, .meld .mpts, .card.mini .idx, .card.mini .as, .controls .btn, "
        ".hand .in-hand .idx:not(.idx2), .log .ticker, .msgbar .msg")

LAYOUT_FACTS = """(selector) => {
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const hand = [...document.querySelectorAll('.hand .in-hand')].map(box);
  const shown = (el) => { const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden' && el.getClientRects().length; };
  // texts inside the melds' scroller only count where the scroller shows them
  const clip = document.querySelector('.melds').getBoundingClientRect();
  const texts = [...document.querySelectorAll(selector)].filter(shown).map((el) => {
    const b = box(el); b.name = (el.className + ' ' + el.textContent).trim().slice(0, 40);
    b.card = el.closest('.card') !== null;
    b.inMelds = el.closest('.melds') !== null; return b; })
    .map((b) => b.inMelds ? Object.assign(b, {y: Math.max(b.y, clip.top),
                                               b: Math.min(b.b, clip.bottom)}) : b)
    .filter((b) => b.w > 0 && b.b - b.y > 0);
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], c = texts[j];
    const w = Math.min(a.r, c.r) - Math.max(a.x, c.x), h = Math.min(a.b, c.b) - Math.max(a.y, c.y);
    if (w > 1.5 && h > 1.5) overlaps.push(a.name + ' / ' + c.name);
  }
  // a chip's card count and points are never cut (its status may give way)
  const cut = [...document.querySelectorAll('.chip .meta')].filter(shown).flatMap((meta) =>
    [...meta.querySelectorAll('.count, .pts')].filter((span) =>
      span.scrollWidth > span.clientWidth + 1 ||
      span.getBoundingClientRect().right > meta.getBoundingClientRect().right + 0.5)
    .map((span) => span.textContent));
  // nor is a player's name, the dealer's beside the dealer's badge (the names are short)
  const names = [...document.querySelectorAll('.chip .nm')].filter(shown)
    .filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent);
  // the table's buttons, by their rows
  const rows = new Set([...document.querySelectorAll('.controls .btn')].filter(shown)
    .map((btn) => Math.round(btn.getBoundingClientRect().top)));
  // the buttons pressed all through a hand, and how small they are
  const small = [...document.querySelectorAll('.controls .btn, .topbar .btn')].filter(shown)
    .map((btn) => Object.assign(box(btn), {name: btn.textContent.trim() || btn.className}))
    .filter((b) => b.w < 40 || b.h < 40).map((b) => `${b.name} ${b.w}x${b.h}`);
  return {vw, vh, hand, overlaps, cut: cut.concat(names), buttonRows: rows.size, small,
          scrollW: document.documentElement.scrollWidth,
          docH: document.documentElement.scrollHeight};
}"""


#: the cards' travels (web/table/motion.js: none still waiting for its frame) and one-off CSS
#: effects have ended (one that follows a scroller, not the clock, is never over)
SETTLED = """() => !(window.s40motion && window.s40motion.waiting()) &&
  document.getAnimations().every((a) => a.playState !== 'running'
    || a.effect.getComputedTiming().iterations === Infinity
    || !(a.timeline instanceof DocumentTimeline))"""


def assert_layout_holds(page) -> None:
    page.wait_for_function(SETTLED, timeout=10_000)
    facts = page.evaluate(LAYOUT_FACTS, TEXT)
    vw, vh = facts["vw"], facts["vh"]
    assert facts["hand"], "no hand shown"
    outside = [card for card in facts["hand"]
               if card["x"] < 0 or card["y"] < 0 or card["r"] > vw + 0.5 or card["b"] > vh + 0.5]
    assert not outside, f"hand cards outside the {vw}x{vh} window: {outside}"
    assert min(card["w"] for card in facts["hand"]) >= 40 or vw > 1000, "cards too small to tap"
    assert facts["scrollW"] <= vw, f"horizontal overflow: {facts['scrollW']} > {vw}"
    assert facts["docH"] <= vh + 1, f"the page scrolls: {facts['docH']} > {vh}"
    assert not facts["overlaps"], f"text over text: {facts['overlaps'][:8]}"
    assert not facts["cut"], f"cut on a player's chip: {facts['cut']}"
    touch = page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert not (touch and facts["small"]), f"buttons under 40 px to a finger: {facts['small']}"
    if vw <= 720 and vh > vw:  # a phone upright: one row of buttons under the table
        assert facts["buttonRows"] == 1, f"the table's buttons in {facts['buttonRows']} rows"


#: sizes that share a device: one page is opened for each group and resized between them
#: (the layout follows a resize: a phone turned sideways), so each boot checks every size
GROUPS = {"touch": ("phone", "landscape", "small phone"), "mouse": ("laptop", "desktop")}


@pytest.mark.parametrize("crowd", CROWDS)
@pytest.mark.parametrize("group", GROUPS)
def test_crowded_table_keeps_the_hand_in_view(device_page, site_url, group, crowd):
    game = crowded(*CROWDS[crowd])
    first, *others = GROUPS[group]
    page = open_table(device_page, site_url, first, game, lang="en" if group == "mouse" else "it")
    assert page.locator(".melds .meld").count() == len(game.state.hand.melds)
    assert_layout_holds(page)
    # drawn: the new card is marked, and the melds still scroll on their own
    page.locator(".deck.stock").click()
    page.wait_for_selector(".hand .in-hand.drawn")
    assert_layout_holds(page)
    melds = page.locator(".melds")
    assert melds.evaluate("el => getComputedStyle(el).overflowY") == "auto"
    for size in others:
        page.set_viewport_size(SIZES[size]["viewport"])
        assert_layout_holds(page)


@cache
def late_in_match(names: tuple[str, ...] = tuple(NAMES)) -> Game:
    """Six players in a match to 201, easy bots, played until someone has 120 points
    (or everyone 100) and seat 0 is to draw: three-digit scores on several chips."""
    game = Game.new(list(names), seed="late", rules=Rules(elimination_score=201))
    bots = [make_bot("easy", random.Random(seat)) for seat in range(len(NAMES))]
    while not (min(game.state.scores) >= 100 or max(game.state.scores) >= 120) \
            or game.state.hand_over or game.state.to_move != 0 \
            or game.state.hand.phase is not Phase.DRAW:
        assert not game.state.is_over
        seat = game.state.to_move
        game.play(bots[seat].choose(observe(game.state, seat)))
    return game


@pytest.mark.parametrize("group", GROUPS)
def test_three_digit_points_fit_every_chip(device_page, site_url, group):
    """Three-digit points, and the bots' BOT tags: shown where a person sits among them
    (a hot seat here), they left the names two letters on a 320 px phone."""
    game = late_in_match()
    assert sum(score >= 100 for score in game.state.scores) >= 3
    first, *others = GROUPS[group]
    page = open_table(device_page, site_url, first, game, lang="en", people=(0, 3))
    expect(page.locator(".chip .botb")).to_have_count(len(NAMES) - 2)
    assert_layout_holds(page)
    for size in others:
        page.set_viewport_size(SIZES[size]["viewport"])
        assert_layout_holds(page)


LONG_NAMES = ("Massimiliano", "Bartolomeo", "Annunziata", "Gianfranco", "Margherita",
              "Crescenzo")


@pytest.mark.parametrize(("size", "lang", "names"), [
    ("phone", "it", NAMES), ("phone", "en", NAMES), ("small phone", "it", NAMES),
    ("phone", "it", LONG_NAMES)])
def test_six_players_scores_fit_the_sheet_on_a_phone(device_page, site_url, size, lang, names):
    """Every column of the score sheet, hands played and three-digit totals, within the
    dialog at 360 and 320 px: the sixth player's ran past its edge, out of sight. At 360
    px names of six letters show whole (3.6em cut "Franco" beside room to spare) and a
    score keeps its star on its line; six long names end in "…" and the sheet scrolls
    sideways to the last."""
    game = late_in_match(tuple(names))
    page = open_table(device_page, site_url, size, game, lang=lang)
    page.locator('[data-act="sheet"]').first.click()
    body = page.locator(".sheet-body")
    expect(body.locator(".sheet tbody tr").first).to_be_visible()
    heads = body.locator(".sheet thead .nm")
    assert heads.count() == len(NAMES)
    width, room = body.evaluate("el => [el.scrollWidth, el.clientWidth]")
    if names == LONG_NAMES:
        body.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        last, seen = heads.last.evaluate(
            "el => [el.getBoundingClientRect(), el.closest('.sheet-body')"
            ".getBoundingClientRect()]")
        assert seen["left"] <= last["left"] and last["right"] <= seen["right"] + 1
        return
    assert width <= room, f"the sheet is {width} px wide in {room} px"
    cells = body.locator(".sheet tbody td")
    tall = cells.evaluate_all("els => els.map((el) => el.clientHeight)")
    assert max(tall) < 1.6 * min(tall), "a score goes on two lines"
    if size == "phone":
        whole = heads.evaluate_all("els => els.map((el) => el.scrollWidth <= el.clientWidth)")
        assert all(whole), f"a name is cut: {whole}"


def test_a_finger_and_a_mouse_each_get_what_suits_them(device_page, site_url):
    """Eleven melds, on a phone and on a laptop. A touch screen keeps :hover on the card
    last tapped: selected then put back, it stayed half raised, as if half selected;
    under a mouse a card still lifts. The menu lists the keyboard's keys where there is
    a mouse, not on a phone. And with every meld in view, the melds' lower edge is sharp
    (it fades only while more lie below)."""
    game = crowded(*CROWDS["6p-11"])
    phone = open_table(device_page, site_url, "phone", game, lang="en")
    card = phone.locator(".hand .in-hand").nth(2)
    card.tap()
    expect(card).to_have_class(re.compile(r"\bsel\b"))
    phone.wait_for_timeout(700)  # two taps in quick succession are a double tap
    card.tap()
    expect(card).not_to_have_class(re.compile(r"\bsel\b"))
    phone.wait_for_timeout(400)  # the transition's 0.15 s
    assert lift(phone, 2) < 1
    laptop = open_table(device_page, site_url, "laptop", game, lang="en")
    laptop.locator(".hand .in-hand").nth(2).hover()
    laptop.wait_for_timeout(400)
    assert lift(laptop, 2) > 4
    assert laptop.locator(".melds").evaluate("el => el.scrollHeight <= el.clientHeight")
    assert fade(laptop) == "0px"
    for page, shown in ((phone, False), (laptop, True)):
        page.locator('[data-act="menu"]').click()
        keys = page.locator(".menu .keys-help")
        expect(keys).to_contain_text("Esc")
        assert keys.is_visible() is shown


def lift(page, index: int) -> float:
    """How far (px) the hand's card ``index`` stands above the card after it."""
    return page.locator(".hand .in-hand").evaluate_all(
        "(els, i) => els[i + 1].getBoundingClientRect().top - els[i].getBoundingClientRect().top",
        index)


def fade(page) -> str:
    """How far up the melds' lower edge fades (``--more``: 0px when sharp)."""
    return page.locator(".melds").evaluate(
        "el => getComputedStyle(el).getPropertyValue('--more').trim()")


def test_a_crowded_table_fades_where_more_melds_lie_below(device_page, site_url):
    """Twenty melds on a small phone: the scroller shows a row or two, and its lower edge
    fades while it can scroll on (a hard cut looked like the whole table); scrolled to
    the end, the edge is sharp."""
    page = open_table(device_page, site_url, "small phone", crowded(*CROWDS["6p-20"]))
    melds = page.locator(".melds")
    assert melds.evaluate("el => el.scrollHeight > el.clientHeight + 40")
    assert fade(page) not in ("0px", "")
    melds.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    page.wait_for_function("() => getComputedStyle(document.querySelector('.melds'))"
                           ".getPropertyValue('--more').trim() === '0px'")


def test_drawn_card_is_marked_and_named_only_for_me(device_page, site_url):
    game = crowded(*CROWDS["6p-11"])
    page = open_table(device_page, site_url, "laptop", game, lang="en")
    drawn = str(game.state.hand.stock[-1])
    page.locator(".deck.stock").click()
    marked = page.locator(".hand .in-hand.drawn")
    marked.wait_for()
    assert marked.count() == 1 and marked.get_attribute("data-card") == drawn
    symbol = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}[drawn[-1]]
    first = page.locator(".log ol li").first
    assert first.inner_text() == f"You drew the {drawn[:-1]}{symbol}"
    # the next action ends the mark
    marked.click()
    page.locator('[data-act="discard"]').click()
    page.wait_for_selector(".hand .in-hand.drawn", state="detached")


def test_refusal_leaves_the_hand_in_place_and_a_selection_survives_the_bots(device_page, site_url):
    game = crowded(*CROWDS["6p-11"])
    page = open_table(device_page, site_url, "phone", game, lang="en", speed="slow")
    page.locator(".deck.stock").click()
    page.wait_for_selector(".hand .in-hand.drawn")
    cards = page.locator(".hand .in-hand")
    page.wait_for_function(SETTLED)
    top = page.locator(".hand").bounding_box()["y"]
    cards.nth(0).click()
    cards.nth(1).click()
    page.locator('[data-act="lay"]').click()
    message = page.locator(".msgbar .msg.error")
    message.wait_for()  # two cards are no meld: the engine says why
    page.wait_for_function(SETTLED)
    assert page.locator(".hand").bounding_box()["y"] == top, "the refusal pushed the hand"
    assert page.locator(".hand .in-hand.sel").count() == 2, "the refusal lost the selection"
    # the next move changes the state: its refusal goes
    for _ in range(2):
        page.locator(".hand .in-hand.sel").first.click()
    drawn = apply(game.state, DrawStock())
    legal = next(a.card for a in legal_actions(drawn) if isinstance(a, Discard))
    page.locator(f'.hand .in-hand[data-card="{legal}"]').first.dblclick()
    page.wait_for_selector(".msgbar .msg", state="detached")
    # a card selected while the bots play stays selected through their moves
    page.wait_for_selector(".chip.turn")
    keep = page.locator(".hand .in-hand").nth(0)
    key = keep.get_attribute("data-key")
    keep.click()
    moved = page.locator(".log ol li").first.inner_text()
    page.wait_for_function(
        "(moved) => document.querySelector('.log ol li').textContent !== moved", arg=moved,
        timeout=30_000)
    assert page.locator(f'.hand .in-hand.sel[data-key="{key}"]').count() == 1


#: What a player must be able to read and reach on a phone's table: every visible text's
#: size, any text its box cuts (an ellipsis, a clamp, a clipping parent), the melds'
#: scroller against a meld's card, and the turn's words against the board that holds them.
PHONE_FACTS = """() => {
  const shown = (el) => { for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false; }
    return el.getClientRects().length > 0; };
  const texts = [];
  const walk = document.createTreeWalker(document.querySelector('.table'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement;
    if (walk.currentNode.textContent.trim() && !texts.includes(el) && shown(el)) texts.push(el);
  }
  const small = texts.filter((el) => parseFloat(getComputedStyle(el).fontSize) < 12)
    .map((el) => `${el.className} "${el.textContent.trim().slice(0, 20)}" `
                 + getComputedStyle(el).fontSize);
  // a text cut by its own box or by the nearest box that hides what overflows it (the
  // melds' and the log's scrollers excepted: they scroll)
  const cut = [];
  for (const el of texts) {
    if (el.closest('.card')) continue;  // a card's face: its fanned neighbour covers it
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      cut.push(el.textContent.trim().slice(0, 30));
    for (let e = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
      if (e.matches('.melds, .opponents, .table')) break;  // scrollers, the window
      const c = e.getBoundingClientRect();
      if (r.top < c.top - 1 || r.bottom > c.bottom + 1 || r.left < c.left - 1
          || r.right > c.right + 1) cut.push(el.textContent.trim().slice(0, 30));
      break;
    }
  }
  const opponents = document.querySelector('.opponents');
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const card = document.querySelector('.melds .meld .card.mini');
  return {small, cut, melds: box('.melds').height, card: card ? card.offsetHeight : 0,
          status: box('.status').bottom, board: box('.board').bottom, dock: box('.dock').top,
          hidden: opponents.scrollHeight > opponents.clientHeight + 1};
}"""


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("crowd", ["4p-2", "6p-11"])
@pytest.mark.parametrize("size", ["short phone", "wide landscape"])
def test_large_cards_leave_room_to_play_on_a_phone(device_page, site_url, size, crowd, lang):
    """Large cards and text on a phone, upright at 360x640 and on its side at 844x390, the
    player's turn with a full hand: the hand in view, the melds' scroller at least a card
    tall, every player's chip in sight, the turn's words whole and inside the board (they
    were cut mid-sentence, and the melds left 16 px), no text under 12 px or cut."""
    game = crowded(*CROWDS[crowd])
    page = open_table(device_page, site_url, size, game, lang=lang, large=True)
    page.locator(".deck.stock").click()
    page.wait_for_selector(".hand .in-hand.drawn")
    assert_layout_holds(page)
    facts = page.evaluate(PHONE_FACTS)
    assert facts["card"] > 0, "no meld on the table"
    assert facts["melds"] >= facts["card"], f"the melds get {facts['melds']} px: {facts}"
    assert facts["status"] <= min(facts["board"], facts["dock"]) + 1, \
        f"the turn's words run under the hand: {facts}"
    assert not facts["hidden"], "a player's chip is scrolled out of sight"
    assert not facts["small"], f"text under 12 px: {facts['small'][:6]}"
    assert not facts["cut"], f"text cut: {facts['cut'][:6]}"


@pytest.mark.parametrize("size", ["short phone", "wide landscape"])
def test_no_text_under_12_px_on_a_phone(device_page, site_url, size):
    """The default cards on a phone: the players' facts (10.9 px at 844x390), the last
    turn's line (11.5 px), a meld's points and a small card's index were under 12 px."""
    page = open_table(device_page, site_url, size, crowded(*CROWDS["6p-11"]), lang="en")
    facts = page.evaluate(PHONE_FACTS)
    assert not facts["small"], f"text under 12 px: {facts['small'][:6]}"
    assert not facts["cut"], f"text cut: {facts['cut'][:6]}"
