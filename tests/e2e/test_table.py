"""The card table in a real Chromium: play a turn, the bot answers, saves, languages, layout.

Positions are built with the engine in CPython (``Game.new`` then actions),
and their save is put in localStorage before the page loads, so each test
knows the hand it holds. The init script seeds storage once per tab
(sessionStorage remembers it), so a reload resumes from what the page saved.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from scala40 import (
    DrawStock,
    LayMeld,
    NextHand,
    RuleError,
    Rules,
    apply,
    attach_options,
    format_cards,
    observe,
)
from scala40.bots import make_bot
from scala40.record import Game
from scala40.solver import cheapest_opening

pytestmark = pytest.mark.browser

HUMAN_VS_BOT = [
    {"name": "Tu", "kind": "human", "level": "medium"},
    {"name": "Bruno", "kind": "bot", "level": "easy"},
]


def seed_storage(page, *, game: str | None = None, table: dict | None = None,
                 settings: dict | None = None) -> None:
    """Fill localStorage before the page's scripts run (once per tab)."""
    items = {}
    if game is not None:
        items["scala40.game"] = game
    if table is not None:
        items["scala40.table"] = json.dumps(table)
    items["scala40.settings"] = json.dumps(settings or {"lang": "it", "speed": "fast"})
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  const items = {json.dumps(items)};"
        "  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('seeded', '1');"
        "}"
    )


def opening_plan(state):
    """Melds (two or more, no joker) that open, and a held-back card that attaches after."""
    solution = cheapest_opening(state.hand.hands[state.to_move], state.rules)
    if solution is None or len(solution.melds) < 2 or any(j for _, j in solution.melds):
        return None
    melds = [list(cards) for cards, _ in solution.melds]
    for index, cards in enumerate(melds):
        for held in (cards[-1], cards[0]) if len(cards) >= 4 else ():
            trial = [list(m) for m in melds]
            trial[index].remove(held)
            after = state
            try:
                for meld in trial:
                    after = apply(after, LayMeld(tuple(meld)))
            except RuleError:
                continue
            if after.hand.opened[after.to_move] and attach_options(after, held):
                return trial, held, after
    return None


@pytest.fixture(scope="module")
def opening_position():
    """A game where seat 0 (human) moves first and can open with two melds, then attach."""
    for seed in range(1000):
        game = Game.new(["Tu", "Bruno"], seed=seed)
        if game.state.to_move != 0:
            continue
        drawn = Game.new(["Tu", "Bruno"], seed=seed)
        drawn.play(DrawStock())
        plan = opening_plan(drawn.state)
        if plan and len(plan[2].hand.hands[0]) >= 3:
            return game, plan
    pytest.fail("no seed gives an opening with two melds and an attachment")


@pytest.fixture(scope="module")
def closing_position():
    """Two bots play a hand in CPython; the save is taken just before the closing discard."""
    for seed in range(50):
        game = Game.new(["Tu", "Bruno"], seed=f"close-{seed}")
        bots = [make_bot("easy", random.Random(i)) for i in range(2)]
        while not game.state.hand_over:
            seat = game.state.to_move
            game.play(bots[seat].choose(observe(game.state, seat)))
        result = game.state.hand.result
        if result.closer is None:
            continue
        record = game.record
        before = Game.new(record.players, record.seed, record.rules)
        for action in record.actions[:-1]:
            before.play(action)
        return before, result.closer, record.actions[-1]
    pytest.fail("no hand closed")


def click_card(page, code: str) -> None:
    page.locator(f'.hand .in-hand[data-card="{code}"]:not(.sel)').first.click()


def lay(page, cards) -> None:
    for card in cards:
        click_card(page, str(card))
    page.locator('[data-act="lay"]').click()
    chooser = page.locator(".choice .option")
    if chooser.count():
        chooser.first.click()


def hand_cards(page):
    return page.locator(".hand .in-hand")


def test_new_game_screen_and_start(page, site_url, open_game):
    seed_storage(page, settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator("#setup")).to_be_visible()
    # every option of RULES.md §9 is on the screen, with the presets
    for name in ("opening_minimum", "jokers", "pile_before_opening", "clean_opening",
                 "mano_doubles", "unopened_pays_100", "attachable_discard", "reentry"):
        expect(page.locator(f'[name="opt_{name}"]')).to_have_count(1)
    page.locator(".ng-setup > summary").click()  # the options are folded under "Gioca"
    page.select_option('[name="preset"]', "wikipedia")
    expect(page.locator('[name="opt_opening_minimum"]')).to_have_value("41")
    page.select_option('[name="preset"]', "classica")
    page.locator('[data-act="start"]').first.click()
    expect(hand_cards(page)).to_have_count(13)
    expect(page.locator(".chip")).to_have_count(1)


def test_unreadable_last_rules_are_reported_not_silently_replaced(page, site_url, open_game):
    # the stored options of the last game hold a value RULES.md §9 does not allow
    settings = {"lang": "it", "speed": "fast", "last": {"rules": {"jokers": 3}}}
    seed_storage(page, settings=settings)
    open_game(page, site_url)
    expect(page.locator(".rules-note")).to_contain_text(
        "Le regole dell'ultima partita non si possono leggere (Regola non valida: jokers = 3."
    )
    expect(page.locator('[name="opt_jokers"]')).to_have_value("4")


def test_human_opens_attaches_discards_and_bot_plays(page, site_url, open_game,
                                                     opening_position):
    game, (melds, held, after) = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    expect(hand_cards(page)).to_have_count(13)
    page.locator('[data-act="draw"]').click()
    expect(hand_cards(page)).to_have_count(14)
    lay(page, melds[0])
    expect(page.locator('[data-testid="opening"]')).to_contain_text(" / 40")
    lay(page, melds[1])
    expect(page.locator(".meld")).to_have_count(2)
    expect(page.locator(".status")).to_contain_text("Hai aperto")
    # attach: the legal meld is highlighted, a click attaches
    click_card(page, str(held))
    target = page.locator(".meld.target")
    expect(target).to_have_count(1)
    target.click()
    expect(page.locator(".meld")).to_have_count(2)
    left = after.hand.hands[0]
    count = len(left) - 1
    expect(hand_cards(page)).to_have_count(count)
    # discard with a double tap
    keep = {str(c) for c in left if c != held}
    card = sorted(keep)[0]
    page.locator(f'.hand .in-hand[data-card="{card}"]').first.dblclick()
    expect(hand_cards(page)).to_have_count(count - 1)
    # the bot plays its turn, and it is the human's turn again
    expect(page.locator(".log li", has_text="Bruno")).not_to_have_count(0, timeout=60_000)
    expect(page.locator(".status")).to_contain_text("Tocca a te", timeout=60_000)


def test_reload_resumes_mid_turn_and_undo(page, site_url, open_game, opening_position):
    game, (melds, _held, _after) = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    page.locator('[data-act="draw"]').click()
    lay(page, melds[0])
    expect(page.locator(".meld")).to_have_count(1)
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    expect(page.locator(".meld")).to_have_count(1)
    expect(hand_cards(page)).to_have_count(14 - len(melds[0]))
    points = sum(c.rank if c.rank < 10 else 10 for c in melds[0])
    expect(page.locator('[data-testid="opening"]')).to_contain_text(f"{points} / 40")
    page.locator('[data-act="undo"]').click()
    expect(page.locator(".meld")).to_have_count(0)
    expect(hand_cards(page)).to_have_count(14)
    expect(page.locator('[data-act="undo"]')).to_be_disabled()


# Every element under the root as (tag, attributes but `inert`, own text), in document
# order: for #app as the page made it, and for the markup of the last redraw (stored
# as the snapshot) parsed afresh.
DOM_SHAPES = """() => {
  const shape = (root) => [...root.querySelectorAll('*')].map((e) => [
    e.tagName,
    [...e.attributes].filter((a) => a.name !== 'inert').map((a) => a.name + '=' + a.value).sort(),
    [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join('')]);
  const fresh = document.createElement('div');
  fresh.innerHTML = JSON.parse(localStorage.getItem('scala40.snapshot')).html;
  return [shape(document.getElementById('app')), shape(fresh)];
}"""


def test_a_redraw_changes_only_what_differs_and_draws_the_markup_exactly(
        page, site_url, open_game, opening_position):
    game, (melds, _held, _after) = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    expect(hand_cards(page)).to_have_count(13)
    # elements the next moves do not change are marked, to see whether they survive
    page.evaluate("""() => { for (const e of document.querySelectorAll(
        '#app [data-act="menu"], #app .hand .in-hand')) e.__kept = true; }""")
    stock = page.locator('[data-anchor="stock"]').bounding_box()
    page.locator('[data-act="draw"]').click()
    # the card drawn travels from the stock (web/table/motion.js): its first frame puts it there
    travel = page.wait_for_function(TRAVEL, arg="stock").json_value()
    assert abs(travel["x"] - (stock["x"] + stock["width"] / 2)) < 3, (travel, stock)
    assert abs(travel["y"] - (stock["y"] + stock["height"] / 2)) < 3, (travel, stock)
    lay(page, melds[0])
    expect(page.locator(".meld")).to_have_count(1)
    expect(hand_cards(page)).to_have_count(14 - len(melds[0]))
    kept = page.evaluate("""() => [
        document.querySelector('#app [data-act="menu"]').__kept === true,
        [...document.querySelectorAll('#app .hand .in-hand')].filter((e) => e.__kept).length]""")
    assert kept[0]  # the menu button is the same element
    assert kept[1] == 13 - len(melds[0])  # and so is every card still in hand
    page.locator('[data-act="menu"]').click()  # a dialog over the table, then closed
    page.keyboard.press("Escape")
    expect(page.locator('[role="dialog"]')).to_have_count(0)
    expect(page.locator("#app [inert]")).to_have_count(0)
    drawn, markup = page.evaluate(DOM_SHAPES)
    assert len(drawn) > 100 and drawn == markup


#: where the travel of the card marked data-from=<arg> starts: the centre of its place
#: moved by the first keyframe's translation (web/table/motion.js), once its animation runs
TRAVEL = r"""(anchor) => {
  const card = document.querySelector(`#app [data-from="${anchor}"]`);
  const moving = card && card.getAnimations().find((a) => !(a instanceof CSSAnimation));
  if (!moving) return null;
  moving.pause();  // its first frame, where it is read
  moving.currentTime = 0;
  const shift = moving.effect.getKeyframes()[0].transform;
  const [dx, dy] = shift.match(/translate\(([^,]+)px, ([^)]+)px\)/).slice(1).map(Number);
  for (const running of card.getAnimations()) running.finish();  // the card's own pop too
  const place = card.getBoundingClientRect();
  return { x: place.left + place.width / 2 + dx, y: place.top + place.height / 2 + dy };
}"""


@pytest.mark.parametrize("missing", [["morphdom.js"], ["morphdom.js", "draw.js"]])
def test_the_table_plays_when_its_redraw_scripts_fail_to_load(page, site_url, page_log,
                                                              opening_position, missing):
    # a blocked or lost file: each redraw replaces the whole content instead
    for name in missing:
        page.route(f"**/web/**/{name}", lambda route: route.abort())
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    page.goto(site_url)
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(hand_cards(page)).to_have_count(13)
    page.locator('[data-act="draw"]').click()
    expect(hand_cards(page)).to_have_count(14)
    card = page.locator(".hand .in-hand").first.get_attribute("data-card")
    click_card(page, card)
    expect(page.locator(".hand .in-hand.sel")).to_have_count(1)
    assert page.locator(".py-error").count() == 0
    failed = [e for e in page_log.errors if "Failed to load resource" in e]
    assert len(failed) == len(missing)  # the files refused, and nothing else went wrong
    assert failed == page_log.errors
    page_log.errors.clear()


def test_illegal_move_shows_rule_message_and_settings_persist(page, site_url, open_game,
                                                               opening_position):
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    hand_cards(page).first.click()
    page.keyboard.press("x")  # discard before drawing (the keyboard's discard)
    expect(page.locator(".msg.error")).to_have_text("Prima devi pescare una carta.")
    page.locator('[data-act="menu"]').click()
    page.select_option('[data-set="lang"]', "en")
    page.select_option('[data-set="speed"]', "slow")
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(hand_cards(page).first).to_have_class(re.compile(r"\bsel\b"))  # kept by the reload
    page.locator('[data-act="discard"]').click()
    expect(page.locator(".msg.error")).to_have_text("You must draw a card first.")
    page.locator('[data-act="menu"]').click()
    expect(page.locator('[data-set="speed"]')).to_have_value("slow")


def test_whole_hand_reaches_score_sheet_and_next_hand(page, site_url, open_game,
                                                       closing_position):
    before, closer, last = closing_position
    seats = [{"name": n, "kind": "bot", "level": "easy"} for n in before.state.players]
    seats[closer]["kind"] = "human"
    seed_storage(page, game=before.to_save(), table={"seats": seats})
    open_game(page, site_url)
    card = str(last.card)
    page.locator(f'.hand .in-hand[data-card="{card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    sheet = page.locator(".sheet-dialog")
    expect(sheet).to_contain_text("Fine della mano 1")
    expect(sheet.locator(".reveal-row")).to_have_count(2)
    expect(sheet.locator("table.sheet tbody tr")).to_have_count(1)
    sheet.locator('[data-act="next-hand"]').click()
    expect(page.locator(".topbar")).to_contain_text("Mano 2")
    expect(sheet).to_have_count(0)


def test_hot_seat_hides_the_hand_until_ready(page, site_url, open_game, opening_position):
    game, _plan = opening_position
    seats = [{"name": "Tu", "kind": "human"}, {"name": "Bruno", "kind": "human"}]
    seed_storage(page, game=game.to_save(), table={"seats": seats})
    open_game(page, site_url)
    expect(page.locator(".pass")).to_contain_text("Passa il dispositivo a Tu")
    expect(hand_cards(page)).to_have_count(0)
    page.locator('[data-act="pass-ready"]').click()
    expect(hand_cards(page)).to_have_count(13)
    page.locator('[data-act="draw"]').click()
    hand_cards(page).last.dblclick()
    expect(page.locator(".pass")).to_contain_text("Passa il dispositivo a Bruno")
    expect(hand_cards(page)).to_have_count(0)


def test_new_game_names_follow_the_seats(page, site_url, open_game):
    """One human is "Tu", hot-seat humans are numbered, an all-bot table has no "Tu"."""
    seed_storage(page, settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    page.locator(".ng-setup > summary").click()
    page.select_option('[name="count"]', "3")
    expect(page.locator('[name="name0"]')).to_have_value("Tu")
    page.select_option('[name="kind1"]', "human")
    expect(page.locator('[name="name0"]')).to_have_value("Giocatore 1")
    expect(page.locator('[name="name1"]')).to_have_value("Giocatore 2")
    page.select_option('[name="kind0"]', "bot")
    expect(page.locator('[name="name0"]')).to_have_value("Anna")
    expect(page.locator('[name="name1"]')).to_have_value("Tu")
    page.locator('[name="name1"]').fill("Giovanna")
    page.select_option('[name="kind1"]', "bot")
    expect(page.locator('[name="name1"]')).to_have_value("Giovanna")  # typed: kept
    page.locator('[data-act="start"]').first.click()
    expect(page.locator(".chip")).to_have_count(3)
    expect(page.locator(".chip .nm")).to_have_text(["Anna", "Giovanna", "Carla"])


def test_a_huge_name_from_a_save_does_not_push_the_score_sheet_apart(
        device_page, site_url, closing_position):
    before, _closer, last = closing_position
    record = before.record
    game = Game.new(["W" * 10_000, record.players[1]], record.seed, record.rules)
    for action in (*record.actions, last):
        game.play(action)  # the hand is over: the page opens on the score sheet
    page = device_page({"width": 360, "height": 740})
    seed_storage(page, game=game.to_save(),
                 table={"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]})
    page.goto(site_url)
    dialog = page.locator(".sheet-dialog .dialog")
    expect(dialog).to_be_visible(timeout=60_000)
    widths = dialog.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert widths[0] <= widths[1], widths
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.locator(".sheet thead .nm").first).to_have_text("W" * 19 + "…")


INJECT = '"><b id=inj>x</b><img src=x onerror=alert(1)>'


def test_stored_markup_never_becomes_an_element(page, site_url, open_game):
    """#11: markup stored in every field the page shows stays text, after a reload too.

    The human is to move, so no bot thinks meanwhile: on a loaded machine a bot's late
    first answer is reported in a notice, which would make the menu inert mid-test."""
    game = Game.new(["<b id=inj>x</b>", INJECT], seed=INJECT)
    seat = {"name": INJECT, "kind": INJECT, "level": INJECT, "strength": INJECT}
    settings = {"lang": "it", "speed": "fast",
                "last": {"count": 3, "seats": [seat] * 6, "mode": INJECT, "custom": INJECT,
                         "preset": INJECT}}
    row = {"played": INJECT, "won": INJECT, "abandoned": INJECT}
    stats = {"points": INJECT, "table": {INJECT: {INJECT: row}, "101": {"hard": row}}}
    seed_storage(page, game=game.to_save(),
                 table={"seats": [{"kind": "bot", "level": "easy"},
                                  {"kind": "human", "level": INJECT}], "id": INJECT},
                 settings=settings)
    page.add_init_script(
        f"localStorage.setItem('scala40.stats', {json.dumps(json.dumps(stats))});"
    )

    def nothing_injected():
        assert page.locator("#inj").count() == 0
        assert page.locator("#app img, #app b").count() == 0
        assert page.locator("[onerror]").count() == 0

    open_game(page, site_url)
    expect(page.locator(".chip .nm")).to_contain_text("id=inj")  # shown, as text
    nothing_injected()
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    nothing_injected()
    page.locator('[data-act="sheet"]').click()
    expect(page.locator(".sheet-dialog")).to_be_visible()
    nothing_injected()
    page.locator('.sheet-dialog [data-act="close"]').click()
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="stats"]').click()
    expect(page.locator(".stats")).to_be_visible()
    nothing_injected()
    page.locator('.stats [data-act="close"]').click()
    notice = page.locator(".notice")  # the markup counts were refused and kept aside: told
    expect(notice).to_contain_text("scala40.broken.")
    nothing_injected()
    notice.locator('[data-act="close"]').click()
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="new-game"]').click()
    expect(page.locator("#setup")).to_be_visible()
    nothing_injected()


def test_phone_portrait_has_no_horizontal_overflow(device_page, site_url, opening_position):
    game, (melds, _held, _after) = opening_position
    page = device_page({"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    page.goto(site_url)
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    page.locator('[data-act="draw"]').click()
    lay(page, melds[0])
    lay(page, melds[1])
    expect(page.locator(".meld")).to_have_count(2)
    wide = page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert wide, "the table scrolls horizontally at 360×740"
    # every card in hand is at least 40 px to tap, visible part included
    sizes = page.evaluate(
        "[...document.querySelectorAll('.hand .in-hand')].map(e => e.getBoundingClientRect())"
        ".map(r => [r.width, r.height])"
    )
    assert all(w >= 40 and h >= 40 for w, h in sizes)
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="new-game"]').click()
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    ), "the new-game screen scrolls horizontally at 360×740"


def test_unreadable_save_is_kept_aside(page, site_url, open_game):
    seed_storage(page, game="{not json", table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    expect(page.locator(".notice")).to_contain_text("Salvataggio illeggibile")
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('scala40.broken.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert kept == ["{not json"]
    page.locator('.notice [data-act="close"]').click()
    expect(page.locator("#setup")).to_be_visible()


def test_cards_have_spoken_names(page, site_url, open_game, opening_position):
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    labels = hand_cards(page).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 13
    assert all(" di " in label or label == "jolly" for label in labels), labels
    assert format_cards(game.state.hand.hands[0])  # the hand the labels describe


def test_leaving_counts_as_abandoned_in_statistics(page, site_url, open_game,
                                                   opening_position):
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="leave"]').click()
    page.locator('[data-act="leave-yes"]').click()
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("localStorage.getItem('scala40.game')") is None
    stats = page.evaluate("JSON.parse(localStorage.getItem('scala40.stats'))")
    assert stats["points"] == -200
    assert stats["table"]["101"]["easy"].items() >= {"played": 1, "won": 0, "abandoned": 1}.items()


# -- what a review of real play found (drag, joker choices, long hands, match end) --------


def bots_play_until(game, bots, stop):
    """Let bots move (dealing the next hand too) until ``stop(state)`` or the match ends."""
    while not game.state.is_over and not stop(game.state):
        state = game.state
        if state.hand.phase == "over":
            game.play(NextHand())
            continue
        game.play(bots[state.to_move].choose(observe(state, state.to_move)))
    return game


@pytest.fixture(scope="module")
def joker_attach_position():
    """Seat 0 has opened, holds a joker, and a table sequence takes it at either end."""

    def ready(state):
        if state.to_move != 0 or state.hand.phase != "play" or not state.hand.opened[0]:
            return False
        jokers = [c for c in state.hand.hands[0] if c.is_joker]
        if not jokers or state.hand.turn_melds or len(state.hand.hands[0]) < 3:
            return False
        targets = [index for index, _ in attach_options(state, jokers[0])]
        return any(targets.count(index) > 1 for index in targets)

    return first_hand_position("jk", "easy", ready, 200) or \
        pytest.fail("no position with a joker to attach at either end")


def first_hand_position(prefix: str, level: str, ready, deals: int):
    """The first of ``deals`` two-player games (seeds ``prefix0``, ``prefix1``, ...) whose
    first hand, played by two bots of ``level``, reaches a state where ``ready``; None if
    none does."""
    for seed in range(deals):
        game = Game.new(["Tu", "Bruno"], seed=f"{prefix}{seed}")
        bots = [make_bot(level, random.Random(i)) for i in range(2)]
        while game.state.hand.phase != "over" and not ready(game.state):
            state = game.state
            game.play(bots[state.to_move].choose(observe(state, state.to_move)))
        if ready(game.state):
            return game
    return None


@pytest.fixture(scope="module")
def match_end_position():
    """A 101 match by easy bots, saved just before the discard that ends it (seat 0 wins)."""
    for seed in range(60):
        game = Game.new(["Tu", "Bruno"], seed=f"m{seed}", rules=Rules(elimination_score=101))
        bots = [make_bot("easy", random.Random(i)) for i in range(2)]
        bots_play_until(game, bots, lambda state: False)
        if game.state.winner != 0:
            continue
        record = game.record
        before = Game.new(record.players, record.seed, record.rules)
        for action in record.actions[:-1]:
            before.play(action)
        return before, record.actions[-1]
    pytest.fail("no match won by seat 0")


def card_order(page):
    return hand_cards(page).evaluate_all("els => els.map(e => e.dataset.key)")


def mouse_drag(page, source, target) -> None:
    start, end = source.bounding_box(), target.bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + 20
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + 20
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10)
    page.mouse.up()


def test_drag_reorders_the_hand_and_discards_on_the_pile(page, site_url, open_game,
                                                         opening_position):
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    before = card_order(page)
    mouse_drag(page, hand_cards(page).nth(0), hand_cards(page).nth(4))
    moved = before[0]
    expect(hand_cards(page).nth(3)).to_have_attribute("data-key", moved)
    after = card_order(page)
    assert sorted(after) == sorted(before) and after != before
    # the arrangement is the player's and survives a reload
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    assert card_order(page) == after
    # dragging a card to the pile before drawing: the engine's refusal, above the buttons
    mouse_drag(page, hand_cards(page).nth(1), page.locator(".deck.pile"))
    expect(page.locator(".msgbar .msg.error")).to_have_text("Prima devi pescare una carta.")
    page.locator('[data-act="draw"]').click()
    expect(hand_cards(page)).to_have_count(14)
    mouse_drag(page, hand_cards(page).nth(1), page.locator(".deck.pile"))
    expect(hand_cards(page)).to_have_count(13)
    # the bot may have moved since (it thinks on the page, at once): the discard is logged
    expect(page.locator(".log li").filter(has_text="Hai scartato").first).to_be_visible()


def test_joker_meld_asks_where_the_joker_goes(page, site_url, open_game):
    for seed in range(500):
        game = Game.new(["Tu", "Bruno"], seed=f"jm{seed}")
        if game.state.to_move != 0:
            continue
        game.play(DrawStock())
        held = game.state.hand.hands[0]
        if not any(c.is_joker for c in held):
            continue
        pair = next(((a, b) for a in held for b in held
                     if not a.is_joker and not b.is_joker and a.suit == b.suit
                     and b.rank == a.rank + 1 and 3 <= a.rank <= 10), None)
        if pair:
            break
    else:
        pytest.fail("no hand with a joker and two cards in sequence")
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    for card in (*pair, "JK"):
        click_card(page, str(card))
    page.locator('[data-act="lay"]').click()
    options = page.locator(".choice .option")
    expect(options).to_have_count(2)
    low, high = pair[0].rank - 1, pair[1].rank + 1
    suit = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}[pair[0].suit]
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    expect(options.nth(0)).to_contain_text(f"jolly come {names.get(low, low)}{suit}")
    expect(options.nth(1)).to_contain_text(f"jolly come {names.get(high, high)}{suit}")
    options.nth(1).click()
    expect(page.locator(".meld")).to_have_count(1)
    # the meld says where its joker went (web/table/names.py): at the high end
    expect(page.locator(".meld")).to_have_attribute(
        "aria-label", re.compile(
            "con il jolly come " + {11: "fante", 12: "donna", 13: "re"}.get(high, str(high)) + ","))


def test_joker_attach_offers_both_ends(page, site_url, open_game, joker_attach_position):
    game = joker_attach_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    state = game.state
    cards = len(state.hand.hands[0])
    targets = [index for index, _ in attach_options(state, next(
        c for c in state.hand.hands[0] if c.is_joker))]
    both = next(index for index in targets if targets.count(index) > 1)
    click_card(page, "JK")
    expect(page.locator(".meld.target")).to_have_count(len(set(targets)))
    page.locator(f'.meld.target[data-arg="{both}"]').click()
    options = page.locator(".choice .option")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_contain_text("jolly come")
    options.nth(0).click()
    expect(page.locator(".choice")).to_have_count(0)
    expect(hand_cards(page)).to_have_count(cards - 1)


def test_points_match_ends_on_the_winner_screen(page, site_url, open_game,
                                                match_end_position):
    before, last = match_end_position
    seed_storage(page, game=before.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    # a long hand: the move log must not push the hand off a laptop screen
    box = hand_cards(page).last.bounding_box()
    assert box["y"] + box["height"] <= 768, box
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    sheet = page.locator(".sheet-dialog")
    expect(sheet.locator(".match-end")).to_contain_text("Hai vinto!")
    expect(sheet).to_contain_text("Bruno è fuori")
    expect(sheet.locator("table.sheet tbody tr")).to_have_count(before.state.hand.number)
    stats = page.evaluate("JSON.parse(localStorage.getItem('scala40.stats'))")
    assert stats["table"]["101"]["easy"].items() >= {"played": 1, "won": 1, "abandoned": 0}.items()
    sheet.locator('[data-act="new-game"]').click()
    expect(page.locator("#setup")).to_be_visible()
