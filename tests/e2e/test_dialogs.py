"""Dialogs walked with the keyboard, the end of a hand and of a match, the start screen.

Every dialog is a modal (web/page/modal.js): the focus moves in when it opens,
Tab and Shift+Tab cycle inside it, Escape closes it where it has a close
control, and the focus goes back where it was. Positions are built with the
engine in CPython, as in test_table.py.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from test_table import (
    HUMAN_VS_BOT,
    bots_play_until,
    click_card,
    hand_cards,
    joker_attach_position,  # noqa: F401  (fixtures: the positions test_table.py builds)
    match_end_position,  # noqa: F401
    opening_position,  # noqa: F401
    seed_storage,
)

from scala40 import DrawStock, Rules, attach_options
from scala40.bots import make_bot
from scala40.record import Game, load_save

pytestmark = pytest.mark.browser

FOCUSED = """() => {
  // a dialog's name: its label, or its heading's text (aria-labelledby)
  const name = (d) => !d ? null : d.ariaLabel
    || document.getElementById(d.getAttribute('aria-labelledby')).textContent;
  const el = document.activeElement;
  return {
    act: el.dataset.act || el.dataset.key || el.tagName.toLowerCase(),
    inDialog: Boolean(el.closest('[role="dialog"]')),
    dialog: name(el.closest('[role="dialog"]')),
  };
}"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def walk_tab(page, steps: int, *, back: bool = False) -> list[dict]:
    seen = []
    for _ in range(steps):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        seen.append(focused(page))
    return seen


def assert_trapped(page, label: str) -> None:
    """Tab and Shift+Tab, twice round the dialog's controls, never leave it."""
    count = page.get_by_role("dialog", name=label, exact=True).evaluate(
        "d => [...d.querySelectorAll('button:not([disabled]), select, input, textarea, summary, "
        "[tabindex=\"0\"]')]"
        ".filter(e => e.getClientRects().length)"
        # a folded <details> shows its summary alone (its content may keep boxes)
        ".filter(e => { const f = e.closest('details:not([open])');"
        "  return !f || (e.tagName === 'SUMMARY' && e.parentElement === f); }).length")
    assert count >= 1
    forward = walk_tab(page, 2 * count + 1)
    assert all(step["dialog"] == label for step in forward), forward
    assert forward[0]["act"] == forward[count]["act"]  # it went round
    backward = walk_tab(page, count + 1, back=True)
    assert all(step["dialog"] == label for step in backward), backward


def test_menu_keeps_the_focus_and_escape_gives_it_back(page, site_url, open_game,
                                                        opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    page.locator('[data-act="menu"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".menu [role=dialog]")).to_have_attribute("aria-modal", "true")
    assert focused(page) == {"act": "close", "inDialog": True, "dialog": "Menu"}
    assert_trapped(page, "Menu")  # it used to reach "Pesca" behind it
    assert page.locator(".table").evaluate("e => e.inert")
    page.keyboard.press("Escape")
    expect(page.locator(".menu")).to_have_count(0)
    assert focused(page)["act"] == "menu"
    assert not page.locator(".table").evaluate("e => e.inert")


def test_the_scores_dialog_closes_with_escape(page, site_url, open_game,
                                              opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    page.locator('[data-act="sheet"]').click()
    expect(page.locator(".sheet-dialog")).to_be_visible()
    assert focused(page)["dialog"] == "Tabellone"
    assert_trapped(page, "Tabellone")
    page.keyboard.press("Escape")
    expect(page.locator(".sheet-dialog")).to_have_count(0)
    assert focused(page)["act"] == "sheet"


def test_joker_choice_holds_the_focus_and_escape_cancels_only_the_choice(
        page, site_url, open_game, joker_attach_position):  # noqa: F811
    game = joker_attach_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    state = game.state
    joker = next(c for c in state.hand.hands[0] if c.is_joker)
    targets = [index for index, _ in attach_options(state, joker)]
    both = next(index for index in targets if targets.count(index) > 1)
    click_card(page, "JK")
    page.locator(f'.meld.target[data-arg="{both}"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".choice .option")).to_have_count(2)
    label = page.locator(".choice [role=dialog]").get_attribute("aria-label")
    assert focused(page) == {"act": "choose", "inDialog": True, "dialog": label}
    assert_trapped(page, label)  # "Annulla" behind it (undo) is out of reach
    cards = hand_cards(page).count()
    page.keyboard.press("Escape")
    expect(page.locator(".choice")).to_have_count(0)
    expect(hand_cards(page)).to_have_count(cards)  # nothing was played or undone
    assert focused(page)["act"] == "attach"


def test_after_starting_the_focus_is_on_the_table(page, site_url, open_game):
    seed_storage(page, settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator(".ng-hero [data-act=start]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".table")).to_be_visible()
    where = page.evaluate("document.activeElement.closest('.table') !== null")
    assert where, focused(page)


def test_the_start_screen_leads_with_play_and_folds_the_options(page, site_url, open_game):
    seed_storage(page, settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator(".ng-setup")).not_to_have_attribute("open", "")
    expect(page.locator("[name=opt_mano_doubles]")).to_be_hidden()
    expect(page.locator(".ng-summary")).to_have_text(
        "Tu, Bruno (bot medio) · A punti: fuori a 101")
    expect(page.locator("[data-install]")).to_be_hidden()  # no install offer here
    # the browser offers it: shown, and still after a redraw (the markup draws it hidden)
    page.evaluate("""() => {
      const offer = new Event("beforeinstallprompt", {cancelable: true});
      offer.prompt = async () => {};
      dispatchEvent(offer);
    }""")
    expect(page.locator("[data-install]")).to_be_visible()
    page.locator('[data-act="lang"][data-arg="en"]').dispatch_event("click")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-install]")).to_be_visible()
    page.locator('[data-act="lang"][data-arg="it"]').dispatch_event("click")
    page.locator(".ng-setup > summary").click()
    page.locator("[name=count]").select_option("4")
    page.locator("[name=kind3]").select_option("remote")
    page.locator("[name=level1]").select_option("hard")
    expect(page.locator(".ng-summary")).to_have_text(
        "Tu, Bruno (bot difficile), Carla (bot medio), Dario (da remoto) · A punti: fuori a 101")
    page.locator("[name=kind3]").select_option("bot")  # "Gioca" with a friend would invite
    page.locator(".ng-setup [data-act=start]").click()
    expect(page.locator(".chip")).to_have_count(3)


# -- the end of a hand, of a match ---------------------------------------------------------


@pytest.fixture(scope="module")
def elimination_position():
    """A 101 match of three: a hand over, one player already out, the match going on."""
    for seed in range(80):
        game = Game.new(["Tu", "Bruno", "Carla"], seed=f"el{seed}",
                        rules=Rules(elimination_score=101))
        bots = [make_bot("easy", random.Random(i)) for i in range(3)]

        def later_hand_over(state):
            earlier = state.results[:-1]
            return (state.hand_over and not state.is_over and not state.out[0]
                    and any(r.eliminated for r in earlier))

        bots_play_until(game, bots, later_hand_over)
        if not game.state.is_over:
            return game
    pytest.fail("no match with a player out before a later hand")


def test_an_eliminated_player_is_shown_out_and_the_table_can_be_seen(
        page, site_url, open_game, elimination_position):
    game = elimination_position
    state = game.state
    gone = next(seat for seat, out in enumerate(state.out) if out)
    seats = [{"name": n, "kind": "bot", "level": "easy"} for n in state.players]
    seats[0]["kind"] = "human"
    seed_storage(page, game=game.to_save(), table={"seats": seats})
    open_game(page, site_url)
    sheet = page.locator(".sheet-dialog")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".sheet-body")).to_be_focused()  # the sheet, named (issue #52)
    column = sheet.locator(f"table.sheet tbody tr td:nth-of-type({gone + 1})")
    texts = column.all_inner_texts()
    first_out = next(i for i, r in enumerate(state.results) if gone in r.eliminated) + 1
    assert texts[first_out:] and all(text == "FUORI" or text.lower() == "fuori"
                                     for text in texts[first_out:]), texts
    foot = sheet.locator(f"table.sheet tfoot td:nth-of-type({gone + 1})")
    expect(foot).to_contain_text(str(state.scores[gone]))
    expect(foot).to_contain_text("fuori", ignore_case=True)
    # look at the final table, then back to the scores
    page.locator("[data-peek]").click()
    expect(page.locator(".overlay.peek")).to_have_count(1)
    expect(sheet.locator("table.sheet")).to_be_hidden()
    expect(page.locator(".table .board")).to_be_visible()
    page.locator("[data-peek]").click()
    expect(sheet.locator("table.sheet")).to_be_visible()
    sheet.locator("[data-act=next-hand]").click()
    expect(sheet).to_have_count(0)


def test_a_single_hand_totals_and_rematch_keep_seats_and_rules(page, site_url, open_game):
    for seed in range(40):
        game = Game.new(["Tu", "Bruno", "Carla"], seed=f"sg{seed}", rules=Rules(mode="single"))
        bots = [make_bot("easy", random.Random(i)) for i in range(3)]
        bots_play_until(game, bots, lambda state: len(state.hand.hands[0]) == 0
                        or state.hand_over)
        if game.state.is_over and game.state.hand.result.closer is not None:
            break
    record = game.record
    before = Game.new(record.players, record.seed, record.rules)
    for action in record.actions[:-1]:
        before.play(action)
    closer = game.state.hand.result.closer
    seats = [{"name": n, "kind": "bot", "level": "hard"} for n in before.state.players]
    seats[closer] = {"name": before.state.players[closer], "kind": "human", "level": "medium"}
    seed_storage(page, game=before.to_save(), table={"seats": seats})
    open_game(page, site_url)
    last = record.actions[-1]
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    sheet = page.locator(".sheet-dialog")
    expect(sheet.locator(".match-end")).to_contain_text("Hai vinto!")
    penalties = game.state.results[0].penalties
    hand_row = sheet.locator("table.sheet tbody tr td").all_inner_texts()
    totals = sheet.locator("table.sheet tfoot td").all_inner_texts()
    assert [int(t.split()[0]) for t in hand_row] == list(penalties)
    assert [int(t) for t in totals] == list(penalties)  # was 0 / 0 / 0
    # the focus is on the sheet, named by the winner, the hand and who closed; the
    # rematch comes first of its buttons
    expect(sheet.locator(".sheet-body")).to_be_focused()
    rematch = sheet.locator('[data-act="rematch"]')
    for _ in range(4):
        if focused(page)["act"] == "rematch":
            break
        page.keyboard.press("Tab")
    expect(rematch).to_be_focused()
    stats = page.evaluate("JSON.parse(localStorage.getItem('scala40.stats'))")
    assert stats["table"]["single"]["hard"]["closed"] == 1
    page.keyboard.press("Enter")  # one key: same seats and rules, new cards
    expect(sheet).to_have_count(0)
    saved = page.evaluate("JSON.parse(localStorage.getItem('scala40.game'))")
    table = page.evaluate("JSON.parse(localStorage.getItem('scala40.table'))")
    assert [s["name"] for s in table["seats"]] == list(before.state.players)
    assert [s["kind"] for s in table["seats"]] == [s["kind"] for s in seats]
    again = load_save(json.dumps(saved))
    assert again.record.rules == record.rules and again.record.seed != record.seed
    assert table["id"] == again.record.seed
    expect(page.locator(".topbar")).to_contain_text("Mano 1")


def test_statistics_after_a_won_match_read_per_level(page, site_url, open_game,
                                                    match_end_position):  # noqa: F811
    before, last = match_end_position
    seed_storage(page, game=before.to_save(), table={"seats": HUMAN_VS_BOT})
    open_game(page, site_url)
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.click()
    page.locator('[data-act="discard"]').click()
    page.locator(".sheet-dialog [data-act=new-game]").click()
    page.locator(".ng-hero [data-act=stats]").click()
    card = page.locator('.level-stats[data-level="easy"]')
    expect(card).to_contain_text("Facile")
    expect(card.locator(".rate strong")).to_have_text("100%")
    expect(card.locator('[data-stat="stats_matches"] dd')).to_have_text("1")
    expect(card.locator('[data-stat="stats_wins"] dd')).to_have_text("1")
    expect(card.locator('[data-stat="stats_best_streak"] dd')).to_have_text("1")
    closed = sum(1 for r in before.state.results if r.closer == 0) + 1
    expect(card.locator('[data-stat="stats_closed"] dd')).to_have_text(str(closed))
    expect(card).to_contain_text(f"{before.state.hand.number} mani giocate")
    assert_trapped(page, "Statistiche")
    page.keyboard.press("Escape")
    expect(card).to_have_count(0)
    assert focused(page)["act"] == "stats"


def test_hot_seat_pass_screen_is_a_modal_and_names_read_right(page, site_url, open_game):
    game = Game.new(["Giocatore 1", "Giocatore 2"], seed=3)
    if game.state.to_move != 0:
        game.play(DrawStock())
    seats = [{"name": "Giocatore 1", "kind": "human"}, {"name": "Giocatore 2", "kind": "human"}]
    seed_storage(page, game=game.to_save(), table={"seats": seats})
    open_game(page, site_url)
    who = game.state.players[game.state.to_move]
    expect(page.locator(".pass h2")).to_have_text(f"Passa il dispositivo a {who}")
    assert focused(page)["act"] == "pass-ready"
    page.keyboard.press("Escape")  # the hand stays hidden
    expect(page.locator(".pass")).to_have_count(1)



def test_the_bots_wait_behind_an_open_dialog_and_a_redraw_under_it_leaves_the_table_inert(
        page, site_url, open_game):
    # the bot to move waits while the menu is open (web.table.shown.PAUSING) and plays once
    # it is closed; a redraw under the dialog (the language changed in it) changes the
    # table in place (web/page/draw.js): what modal.js made inert stays so, and the focus
    # stays in the dialog
    seed = next(s for s in range(100) if Game.new(["Tu", "Bruno"], seed=s).state.to_move == 1)
    game = Game.new(["Tu", "Bruno"], seed=seed)
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    page.locator('[data-act="menu"]').click()
    expect(page.locator(".menu [role=dialog]")).to_be_visible()
    moves = page.locator(".log li").count()
    page.wait_for_timeout(1500)  # six times the bot's pace at this speed
    assert page.locator(".log li").count() == moves
    page.locator('.menu select[data-set="lang"]').select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.locator(".table").evaluate("e => e.inert")
    assert focused(page)["dialog"] == "Menu"
    page.keyboard.press("Escape")
    expect(page.locator(".menu")).to_have_count(0)
    assert not page.locator(".table").evaluate("e => e.inert")
    expect(page.locator(".log li")).not_to_have_count(moves, timeout=60_000)  # the bot plays


# -- the browser's Back --------------------------------------------------------------------

def visit_before(page, site_url: str) -> str:
    """Open a page of the site that is not the game, to be the tab's history before it:
    its address (a blank page, with an icon of its own: nothing asked of the server)."""
    url = site_url + "before.html"
    page.route(url, lambda route: route.fulfill(
        body="<!doctype html><title>before</title><link rel=icon href='data:,'>",
        content_type="text/html"))
    page.goto(url)
    return url


def test_back_closes_the_open_dialog_and_stays_in_the_game(page, site_url, open_game,
                                                           opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    visit_before(page, site_url)  # Back must not go there
    open_game(page, site_url)
    page.locator('[data-act="menu"]').click()
    page.locator('.menu [data-act="rules"]').click()  # the rules take the menu's place
    expect(page.locator(".rules [role=dialog]")).to_be_visible()
    page.go_back()
    expect(page.locator("[role=dialog]")).to_have_count(0)
    assert page.url == site_url
    expect(page.locator("#app .table")).to_be_visible()
    assert not page.locator(".table").evaluate("e => e.inert")
    expect(page.locator(".py-error")).to_have_count(0)
    # the score sheet too
    page.locator('[data-act="sheet"]').click()
    expect(page.locator(".sheet-dialog")).to_be_visible()
    page.go_back()
    expect(page.locator(".sheet-dialog")).to_have_count(0)
    assert page.url == site_url


def test_dialogs_closed_by_their_buttons_leave_no_history_behind(page, site_url, open_game,
                                                                 opening_position):  # noqa: F811
    game, _plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT})
    before = visit_before(page, site_url)
    open_game(page, site_url)
    length = page.evaluate("history.length")
    for _ in range(3):
        page.locator('[data-act="menu"]').click()
        page.locator('.menu [data-act="rules"]').click()
        page.locator('.rules [data-act="close"]').click()
        expect(page.locator("[role=dialog]")).to_have_count(0)
    page.locator('[data-act="menu"]').click()
    expect(page.locator(".menu [role=dialog]")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".menu")).to_have_count(0)
    # each dialog's entry was taken back: at most one left over, ahead of the table's
    page.wait_for_function("history.state === null")
    assert page.evaluate("history.length") <= length + 1
    page.locator('[data-act="menu"]').click()
    expect(page.locator(".menu [role=dialog]")).to_be_visible()
    page.go_back()  # closes the menu, and only that
    expect(page.locator(".menu")).to_have_count(0)
    assert page.url == site_url
    page.go_back()  # with no dialog open, Back is the browser's: it leaves the game
    assert page.url == before
