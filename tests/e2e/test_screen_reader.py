"""A whole hand against a bot with the keyboard alone, read as a screen reader reads it
(issue #43): the controls found by their role and accessible name, the bot's moves
known only from the announcements, each announcement checked against the move the
engine logged.

The hand is dealt from a seed where the hint's moves (key H) and the easy bot's end
it in a few turns (tests/web's bots and the page's are seeded alike); the hint marks
its place in the names ("in the hint"), so the test plays it as a blind player
would: D, P, M, X, or 2 then Tab to the meld and Enter.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_table import HUMAN_VS_BOT, seed_storage

from scala40.record import Game, load_save
from web.table.log import log_line
from web.table.seat import Seat
from web.table.session import Session

pytestmark = pytest.mark.browser

SEED = "a11y-23"  # Tu moves first; the hint's play closes the hand in 6 turns
HINTED = re.compile("in the hint")
#: Every element a live region adds, in order, as a screen reader is told it.
HEARD = """
window.__heard = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.nodeType === 1 && node.parentElement && node.parentElement.id === "speech") {
      window.__heard.push(node.textContent);
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def heard(page) -> list[str]:
    return page.evaluate("window.__heard.slice()")


def focus_kept(page) -> None:
    """The focus is on a control of the page, never dropped to the body."""
    assert page.evaluate("document.activeElement !== document.body && "
                         "document.getElementById('app').contains(document.activeElement)")


def play_the_hint(page) -> None:
    """Ask for the hint and play it with its key, from the names it marks."""
    page.keyboard.press("h")
    marked = page.get_by_role("button", name=HINTED)
    expect(marked.first).to_be_visible(timeout=30_000)
    stock = page.get_by_role("button", name=re.compile(r"^Stock.*in the hint$"))
    pile = page.get_by_role("button", name=re.compile(r"^Discard pile.*in the hint$"))
    melds = page.get_by_role("region", name="Melds on the table")
    meld = melds.get_by_role("button", name=HINTED)
    hand = page.get_by_role("region", name="Your hand")
    cards = hand.get_by_role("button", name=HINTED)
    if stock.count():
        page.keyboard.press("d")
    elif pile.count() and cards.count():
        page.keyboard.press("x")
    elif pile.count():
        page.keyboard.press("p")
    elif meld.count():
        page.keyboard.press("2")
        for _ in range(20):
            if meld.evaluate("e => e === document.activeElement"):
                break
            page.keyboard.press("Tab")
        expect(meld).to_be_focused()
        page.keyboard.press("Enter")
    else:
        assert cards.count() >= 3
        page.keyboard.press("m")


def test_a_whole_hand_by_keyboard_and_announcements(page, site_url, open_game):
    game = Game.new(["Tu", "Bruno"], seed=SEED)
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    page.add_init_script(HEARD)
    open_game(page, site_url)
    hint = page.get_by_role("button", name="Hint", disabled=False)  # on the player's turn
    sheet = page.get_by_role("dialog")
    said = page.get_by_role("log", name="Announcements")
    expect(said).to_have_count(1)
    # the zones, one key each: the focus goes there
    zones = {"1": page.get_by_role("region", name="Your hand"),
             "2": page.get_by_role("region", name="Melds on the table"),
             "3": page.get_by_role("button", name=re.compile("^Stock")),
             "4": page.get_by_role("button", name=re.compile("^Discard pile")),
             "5": page.get_by_role("region", name="Players"),
             "6": page.get_by_role("complementary", name="Moves")}
    for key, zone in zones.items():
        page.keyboard.press(key)
        assert zone.evaluate("z => z === document.activeElement || "
                             "z.contains(document.activeElement)"), key
    bruno_known = 0
    for _ in range(60):
        expect(hint.or_(sheet).first).to_be_visible(timeout=60_000)
        if sheet.count():
            break
        focus_kept(page)
        # what Bruno did, known from the announcements alone: his discard is the pile's top
        news = " ".join(heard(page)[bruno_known:])
        bruno_known = len(heard(page))
        discarded = re.findall(r"Bruno discards ([^.]+)\.", news)
        if discarded:
            expect(page.get_by_role("button", name=re.compile("^Discard pile"))).to_have_attribute(
                "aria-label", re.compile(f"^Discard pile, {discarded[-1]} on top"))
        before = len(heard(page))
        play_the_hint(page)
        page.wait_for_function(f"window.__heard.length > {before}", timeout=30_000)
    expect(sheet).to_be_visible()
    focus_kept(page)
    # every move the engine logged, said in order (the stored record replayed here)
    record = load_save(page.evaluate("localStorage.getItem('scala40.game')")).record
    replay = Session.new([Seat("Tu"), Seat("Bruno", "bot", "easy")], record.seed, record.rules)
    for action in record.actions:
        replay.play(action)
    log = replay.state.hand.log
    assert replay.state.hand_over and len(log) > 10
    text = " ".join(heard(page))
    at = 0
    for index, entry in enumerate(log):
        line = log_line(replay.names, entry, "en", 0, replay.drawn_card(index, 0), spoken=True)
        found = text.find(line + ".", at)
        assert found >= 0, (line, text[at:at + 300])
        at = found + len(line)
    # and none said twice: as many of Bruno's sentences as his moves
    assert len(re.findall(r"(?:^|\. )Bruno ", text)) == sum(1 for seat, *_ in log if seat == 1)
