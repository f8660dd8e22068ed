"""Never lose a game, never trust stored data (issue 11, cases 1-5), in Chromium.

1. Storage full: the test fills localStorage, then plays; the game goes on,
   the player is told once, the record can be downloaded, and once space is
   freed the next save writes everything played.
2. Two tabs of one browser: the second says the game is open in another tab;
   "Play here" moves the match, and the first tab stops and says so.
3-4. Values that used to blank the page or reset the seats: set before the
   page loads; it starts, says what was refused, and keeps the text aside.
5. A bot of a level the bots don't know ("expert") is reported and replaced.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from match_helper import closing_single_hand
from playwright.sync_api import expect

from scala40 import Discard, DrawStock
from scala40.record import Game, Record
from scala40.solver import cheapest_opening
from web.store.match import read_save
from web.store.storage import GAME_KEY
from web.store.stores import MemoryStore

pytestmark = pytest.mark.browser

HUMAN_VS_BOT = [
    {"name": "Tu", "kind": "human", "level": "medium"},
    {"name": "Bruno", "kind": "bot", "level": "easy"},
]
SETTINGS = json.dumps({"lang": "en", "speed": "fast"})


def first_mover(seat: int) -> Game:
    for seed in range(100):
        game = Game.new(["Tu", "Bruno"], seed=seed)
        if game.state.to_move == seat:
            return game
    raise AssertionError("no seed lets that seat start")


def seed(page, items: dict[str, str]) -> None:
    """Put ``items`` in localStorage before the page's scripts run, once."""
    page.add_init_script(
        "if (!localStorage.getItem('test.seeded')) {"
        f"  for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "  localStorage.setItem('test.seeded', '1');"
        "}"
    )


def stored(page, key: str):
    return page.evaluate(f"localStorage.getItem({json.dumps(key)})")


def kept_aside(page) -> dict[str, str]:
    return page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).filter((k) => "
        "k.startsWith('scala40.broken.')).map((k) => [k, localStorage.getItem(k)]))"
    )


def saved_actions(page) -> list[str]:
    """The actions of the stored save (plain or deflated), read as the page reads it."""
    saved = read_save(MemoryStore({GAME_KEY: stored(page, GAME_KEY)}))
    return [str(a) for a in Record.parse(json.loads(saved.save)["record"]).actions]


def draw_and_discard(page, between: Callable[[], None] = lambda: None) -> None:
    """Draw, then discard the last card; ``between`` the two (a notice that the draw's
    save failed is closed there)."""
    cards = page.locator(".hand .in-hand")
    page.locator('[data-act="draw"]').click()
    expect(cards).to_have_count(14)
    between()
    cards.last.dblclick()
    expect(cards).to_have_count(13)


def your_turn(page) -> None:
    """Wait until the human is to move again (past the score sheet if a bot closed)."""
    mine = page.locator(".status", has_text="Your turn")
    sheet = page.locator(".sheet-dialog")
    for _hand in range(3):
        expect(mine.or_(sheet)).to_be_visible(timeout=60_000)
        if not sheet.count():
            return
        page.locator('[data-act="next-hand"]').click()
    expect(mine).to_be_visible(timeout=60_000)


# -- 1. storage full ------------------------------------------------------------------------


FILL = """() => {
  let chunk = "x".repeat(1 << 20), i = 0;
  while (chunk.length >= 8) {
    try { localStorage.setItem("test.fill." + i, chunk); i++; }
    catch { chunk = chunk.slice(chunk.length / 2); }
  }
  return i;
}"""


def played_for_a_while() -> Game:
    """Seat 0 to draw after 30 rounds of draw and discard (a save worth deflating), in a
    deal where the bot cannot open with the next cards of the stock either, so the
    hand goes on while the test plays."""
    for seed_ in range(200):
        game = Game.new(["Tu", "Bruno"], seed=seed_)
        if game.state.to_move != 0:
            continue
        for _turn in range(60):
            game.play(DrawStock())
            game.play(Discard(game.state.hand.hands[game.state.to_move][-1]))
        hand = game.state.hand
        if cheapest_opening(tuple(hand.hands[1]) + tuple(hand.stock[-10:]),
                            game.state.rules) is None:
            return game
    raise AssertionError("no deal keeps the bot from opening")


def open_on_a_full_storage(page, site_url, open_game, game: Game) -> None:
    """Open ``game`` (Tu against the bot Bruno), then fill the site's storage. The
    snapshot of the table (web/page/snapshot.js) would give way first when a save needs room:
    it is removed, so the next save itself must shrink or fail."""
    seed(page, {"scala40.game": game.to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": SETTINGS})
    open_game(page, site_url)
    page.evaluate("localStorage.removeItem('scala40.snapshot')")
    assert page.evaluate(FILL) > 0


def test_a_full_storage_is_told_once_and_the_game_goes_on(page, site_url, open_game):
    open_on_a_full_storage(page, site_url, open_game, played_for_a_while())
    cards = page.locator(".hand .in-hand")
    notice = page.locator(".overlay.notice")
    # the save no longer fits: it is written deflated, which frees space
    page.locator('[data-act="draw"]').click()
    expect(cards).to_have_count(14)
    assert "record_z" in stored(page, "scala40.game")
    expect(notice).to_have_count(0)
    # full again: a save soon fails (a deflated one grows little), and the player is told
    page.evaluate(FILL)
    told: list[str] = []

    def close_notices() -> None:
        while notice.count():
            told.append(notice.inner_text())
            notice.locator('[data-act="close"]').click()

    cards.last.dblclick()
    expect(cards).to_have_count(13)
    for _turn in range(4):
        close_notices()
        if told:
            break
        your_turn(page)
        close_notices()
        draw_and_discard(page, close_notices)
    assert any("Saving fails: the browser's storage for this site is full." in text
               for text in told)
    for _turn in range(2):  # the game goes on: the bot plays, the player plays
        your_turn(page)
        close_notices()
        draw_and_discard(page, close_notices)
        close_notices()
    your_turn(page)
    close_notices()
    assert sum("Saving fails" in text for text in told) == 1  # said once
    # nothing is lost: the record, from the menu, holds every move
    page.locator('[data-act="menu"]').click()
    with page.expect_download() as download:
        page.locator('[data-act="download"]').click()
    record = Record.parse(Path(download.value.path()).read_text(encoding="utf-8"))
    assert len(record.actions) >= 60 + 6
    page.keyboard.press("Escape")
    # space frees: the next save writes all of it
    page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('test.fill.'))"
                  ".forEach((k) => localStorage.removeItem(k))")
    page.locator('[data-act="draw"]').click()
    expect(cards).to_have_count(14)
    close_notices()
    assert any("Saving works again." in text for text in told)
    assert saved_actions(page)[: len(record.actions)] == [str(a) for a in record.actions]


def test_a_match_ending_on_a_full_storage_says_what_was_not_kept(page, site_url, open_game):
    game, closing = closing_single_hand()
    open_on_a_full_storage(page, site_url, open_game, game)
    cards = page.locator(".hand .in-hand")
    expect(cards).to_have_count(1)
    cards.first.dblclick()  # Tu's last card: the match is over
    notice = page.locator(".overlay.notice")
    told: list[str] = []
    expect(notice).to_be_visible()
    while notice.count():
        told.append(notice.inner_text())
        notice.locator('[data-act="close"]').click()
    assert any("This match is not counted in the statistics. This match is not among those "
               "to replay" in text for text in told), told
    expect(page.locator(".sheet-dialog")).to_be_visible()  # the sheet comes back
    assert stored(page, "scala40.replays") is None and stored(page, "scala40.stats") is None
    # the match is not lost: the sheet's export holds it to the closing discard
    with page.expect_download() as download:
        page.locator('.sheet-dialog [data-act="download"]').click()
    record = Record.parse(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record.actions == (*game.record.actions, closing)


# -- 2. two tabs ------------------------------------------------------------------------------


def test_one_tab_owns_the_match_and_play_here_moves_it(page, site_url, open_game):
    seed(page, {"scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": SETTINGS})
    open_game(page, site_url)
    page.locator('[data-act="draw"]').click()
    expect(page.locator(".hand .in-hand")).to_have_count(14)

    other = page.context.new_page()
    other.goto(site_url)
    tab = other.locator(".overlay.tab")
    expect(tab).to_contain_text("This game is open in another tab.", timeout=60_000)
    other.locator('[data-act="play-here"]').click()
    expect(tab).to_have_count(0)
    cards = other.locator(".hand .in-hand")
    expect(cards).to_have_count(14)  # the first tab's draw is here
    expect(page.locator(".overlay.tab")).to_contain_text(
        "The game went on in another tab: this tab stopped saving.")
    cards.last.dblclick()
    expect(cards).to_have_count(13)
    expect(other.locator(".status")).to_contain_text("Your turn", timeout=60_000)
    played = saved_actions(other)
    assert played[:2] == ["draw", played[1]] and played[1].startswith("discard")
    # the first tab wrote nothing meanwhile, and takes the match back with what was played
    page.locator('[data-act="play-here"]').click()
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    expect(other.locator(".overlay.tab")).to_contain_text("The game went on in another tab")
    assert saved_actions(page)[: len(played)] == played
    other.close()


BOTS = ("Bruno", "Carla", "Dario", "Elena", "Franco")
SIX_SEATS = [HUMAN_VS_BOT[0]] + [{"name": name, "kind": "bot", "level": "easy"} for name in BOTS]


def bots_first_round() -> Game:
    """A six-player deal where Bruno, after the human, moves first: five bots' turns
    (at the slow speed, some twenty seconds of moves) before the human's."""
    for seed_ in range(100):
        game = Game.new([seat["name"] for seat in SIX_SEATS], seed=seed_)
        if game.state.to_move == 1:
            return game
    raise AssertionError("no seed lets Bruno start")


def test_a_second_tab_during_the_bots_first_round_takes_the_match_whole(
        page, site_url, open_game):
    """The second tab opens, and takes the match, while the first tab's bots play their
    first round: the first tab's bots stop with it (a move thought out there after it lost
    the match is not written), the second's go on from the last move saved, and each bot
    plays its turn once before the human's."""
    seed(page, {"scala40.game": bots_first_round().to_save(),
                "scala40.table": json.dumps({"seats": SIX_SEATS}),
                "scala40.settings": json.dumps({"lang": "en", "speed": "slow"})})
    open_game(page, site_url)
    other = page.context.new_page()
    other.goto(site_url)
    tab = other.locator(".overlay.tab")
    expect(tab).to_contain_text("This game is open in another tab.", timeout=60_000)
    played = saved_actions(other)
    assert sum(a.startswith("discard") for a in played) < len(BOTS), (
        "the bots' round was over before the second tab opened: nothing tested")
    other.locator('[data-act="play-here"]').click()
    expect(page.locator(".overlay.tab")).to_contain_text(
        "The game went on in another tab: this tab stopped saving.")
    stopped_at = page.locator(".status").text_content()
    expect(other.locator(".status")).to_contain_text("Your turn", timeout=60_000)
    expect(other.locator(".hand .in-hand")).to_have_count(13)
    final = saved_actions(other)
    assert final[: len(played)] == played
    assert sum(a.startswith("discard") for a in final) == len(BOTS), final
    assert sum(a in ("draw", "take") for a in final) == len(BOTS), final
    page.wait_for_timeout(2 * 1500)  # two of the slow speed's moves: the first tab is still
    assert saved_actions(other) == final
    expect(other.locator(".overlay.tab")).to_have_count(0)
    # the first tab's bots stopped where it lost the match: its table did not move on
    assert page.locator(".status").text_content() == stopped_at
    assert "Your turn" not in stopped_at
    other.close()


def test_a_tab_whose_start_failed_holds_no_match_and_a_second_tab_plays_it(
        page, page_log, site_url):
    """The first tab's start failed before its Python could claim the match: the second
    plays it at once; the first, reloaded once the connection is back, finds it taken."""
    seed(page, {"scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": SETTINGS})
    page.route("**/web/main.py", lambda route: route.abort())
    page.goto(site_url)
    expect(page.locator("#loading.failed")).to_contain_text("did not load", timeout=60_000)
    page_log.errors.clear()  # the lost script's own console errors
    other = page.context.new_page()
    other.goto(site_url)
    expect(other.locator(".hand .in-hand")).to_have_count(13, timeout=60_000)
    expect(other.locator(".overlay.tab")).to_have_count(0)
    draw_and_discard(other)
    page.unroute("**/web/main.py")
    page.locator("#loading.failed button").click()
    expect(page.locator(".overlay.tab")).to_contain_text("This game is open in another tab.",
                                                         timeout=60_000)
    assert saved_actions(page)[0] == "draw"
    other.close()


def test_two_tabs_starting_together_give_the_match_to_one(page, site_url):
    """Both tabs start at once, each claiming the match before the other has it: exactly
    one plays, the other says the game is open in another tab."""
    seed(page, {"scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": SETTINGS})
    other = page.context.new_page()
    for tab in (page, other):
        tab.goto(site_url, wait_until="commit")
    for tab in (page, other):
        tab.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    for _ in range(600):  # each claim is answered soon after its table is drawn
        told = [tab.locator(".overlay.tab").count() for tab in (page, other)]
        if any(told):
            break
        page.wait_for_timeout(100)
    elsewhere, owner = (page, other) if told[0] else (other, page)
    expect(elsewhere.locator(".overlay.tab")).to_contain_text("This game is open in another tab.")
    expect(owner.locator(".overlay.tab")).to_have_count(0)
    draw_and_discard(owner)
    assert saved_actions(owner)[0] == "draw"
    other.close()


# -- 3 and 4. values that blanked the page ----------------------------------------------------


def deep_rules_save() -> str:
    data = json.loads(first_mover(0).to_save())
    lines = data["record"].split("\n")
    lines[1] = "rules: " + "[" * 20_000 + "]" * 20_000
    data["record"] = "\n".join(lines)
    return json.dumps(data)


def surrogate_save() -> str:
    data = json.loads(first_mover(0).to_save())
    data["record"] = data["record"].replace('["Tu", "Bruno"]', '["T\\ud800", "Bruno"]')
    return json.dumps(data)


CASES = {
    "game-brackets": ("scala40.game", "[" * 50_000, "Unreadable save"),
    "game-deep-rules": ("scala40.game", deep_rules_save(), "Unreadable save"),
    "game-surrogate-name": ("scala40.game", surrogate_save(), "Unreadable save"),
    "table-seats-number": ("scala40.table", '{"seats":5}', "Unreadable saved data"),
    "table-seats-object": ("scala40.table", '{"seats":{"0":{}}}', "Unreadable saved data"),
    "table-truncated": ("scala40.table", '{"seats": [{"name": "Tu", "ki', "Unreadable saved data"),
    "table-garbage": ("scala40.table", "garbage", "Unreadable saved data"),
    "table-empty": ("scala40.table", "", "Unreadable saved data"),
    "table-list": ("scala40.table", "[]", "Unreadable saved data"),
    "settings-last-list": ("scala40.settings", '{"last":[]}', "Unreadable saved data"),
    "settings-last-count": ("scala40.settings", '{"last":{"count":"x"}}', "Unreadable saved data"),
    "settings-speed-list": ("scala40.settings", '{"speed":[]}', "Unreadable saved data"),
}


#: What follows the notice depends on the key, not on its bad value: walked with one a key.
WALKED_ON = {"game-brackets", "table-truncated", "settings-speed-list"}
assert {CASES[case][0] for case in WALKED_ON} == {key for key, _, _ in CASES.values()}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_bad_stored_value_is_kept_aside_and_the_page_starts(page, site_url, open_game, case):
    """Each value is told, kept aside and the page starts; with one of each key, the game
    goes on and a reload does not tell it again."""
    key, text, title = CASES[case]
    items = {"scala40.game": first_mover(0).to_save(),
             "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
             "scala40.settings": SETTINGS}
    items[key] = text
    seed(page, items)
    open_game(page, site_url)
    notice = page.locator(".overlay.notice")
    expect(notice).to_contain_text(title)
    assert list(kept_aside(page).values()) == [text]
    notice.locator('[data-act="close"]').click()
    if key == "scala40.game":
        expect(page.locator("#setup")).to_be_visible()
    else:
        expect(page.locator(".hand .in-hand")).to_have_count(13)
    if case not in WALKED_ON:
        return
    if key != "scala40.game":
        draw_and_discard(page)
        your_turn(page)
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    expect(notice).to_have_count(0)  # told once: the bad value is no longer in the way


def test_broken_statistics_open_empty_and_are_told(page, site_url, open_game):
    seed(page, {"scala40.stats": '{"table":[]}', "scala40.settings": SETTINGS,
                "scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT})})
    open_game(page, site_url)
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="stats"]').click()
    expect(page.locator(".overlay.stats")).to_be_visible()
    page.locator('.overlay.stats [data-act="close"]').click()
    expect(page.locator(".overlay.notice")).to_contain_text("The statistics could not be read")
    assert list(kept_aside(page).values()) == ['{"table":[]}']


# -- 5. a bot that fails ---------------------------------------------------------------------


def test_a_bot_of_an_unknown_level_is_reported_and_replaced(page, site_url, open_game,
                                                            page_log):
    seats = [HUMAN_VS_BOT[0], dict(HUMAN_VS_BOT[1], level="expert")]
    seed(page, {"scala40.game": first_mover(1).to_save(),
                "scala40.table": json.dumps({"seats": seats}),
                "scala40.settings": SETTINGS})
    open_game(page, site_url)
    notice = page.locator(".overlay.notice")
    expect(notice).to_contain_text("Bruno could not choose at level expert", timeout=60_000)
    notice.locator('[data-act="close"]').click()
    your_turn(page)
    table = json.loads(stored(page, "scala40.table"))
    assert table["seats"][1]["level"] == "medium"
    page_log.errors[:] = [e for e in page_log.errors if "unknown bot level" not in e]
