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
from test_table import (
    HUMAN_VS_BOT,
    first_hand_position,
    joker_attach_position,  # noqa: F401
    seed_storage,
)

from scala40 import SwapJoker, attach_options, legal_actions
from scala40.record import Game, load_save
from web.i18n import card_name, t
from web.store.seat import Seat
from web.table.log import log_line
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
        discarded = re.findall(r"Bruno discards the ([^.]+)\.", news)
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
    moves, end = text.split("End of hand 1. ")
    assert len(re.findall(r"(?:^|\. )Bruno ", moves)) == sum(1 for seat, *_ in log if seat == 1)
    # then the end of the hand, once: who closed and what each pays (issue #52)
    result = replay.state.hand.result
    assert re.match(r"(You closed|Bruno closes|The stock ran out)", end), end
    assert f"Bruno pays {t('points_n', 'en', n=result.penalties[1])}, " in end, end


def can_swap(state) -> bool:
    """Seat 0, opened, may take a joker off the table with a card of its hand."""
    return (state.to_move == 0 and state.hand.phase == "play" and state.hand.opened[0]
            and any(isinstance(action, SwapJoker) for action in legal_actions(state)))


@pytest.fixture(scope="module")
def swap_position():
    """Seat 0 has opened and holds the card a joker on the table stands for."""
    return first_hand_position("sw", "medium", can_swap, 100) or \
        pytest.fail("no position where seat 0 can swap a joker")


def arrow_to(page, control) -> None:
    """Press the right arrow until ``control`` has the focus, as a player walks a zone."""
    for _ in range(40):
        if control.evaluate("e => e === document.activeElement"):
            return
        page.keyboard.press("ArrowRight")
    expect(control).to_be_focused()


def attach_by_keyboard(page, card, target: int, lang: str) -> None:
    """Key 1, arrows to ``card``, Enter; key 2, arrows to meld ``target``, Enter."""
    hand = page.get_by_role("region", name=t("hand_of", lang, you=True))
    named = hand.get_by_role("button", name=re.compile("^" + re.escape(card_name(str(card), lang))))
    page.keyboard.press("1")
    arrow_to(page, named.first)
    page.keyboard.press("Enter")
    expect(named.first).to_have_attribute("aria-label", re.compile(t("name_selected", lang)))
    page.keyboard.press("2")
    melds = page.get_by_role("region", name=t("table_melds", lang))
    meld = melds.locator(f'[data-arg="{target}"]')
    expect(meld).to_have_attribute("aria-label", re.compile("^" + re.escape(
        t("meld_attach_label", lang, label=""))))
    arrow_to(page, meld)
    page.keyboard.press("Enter")


def said_after(page, game: Game, action, lang: str) -> None:
    """The move is announced as the engine logs it, and the focus stays on the page."""
    game.play(action)
    line = log_line(["Tu", "Bruno"], game.state.hand.log[-1], lang, 0, spoken=True)
    said = page.get_by_role("log", name=t("speech_label", lang))
    expect(said).to_contain_text(line)
    focus_kept(page)


def test_a_joker_attached_at_the_chosen_end_by_keyboard(page, site_url, open_game,
                                                        joker_attach_position):  # noqa: F811
    game = joker_attach_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    joker = next(c for c in game.state.hand.hands[0] if c.is_joker)
    targets = [index for index, _ in attach_options(game.state, joker)]
    both = next(index for index in targets if targets.count(index) > 1)
    attach_by_keyboard(page, joker, both, "en")
    # two ends: the question takes the focus, its options are buttons
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    options = dialog.locator(".option")
    expect(options).to_have_count(2)
    for _ in range(10):
        if options.last.evaluate("e => e === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(options.last).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    chosen = [action for index, action in attach_options(game.state, joker) if index == both][-1]
    said_after(page, game, chosen, "en")


def test_a_joker_swapped_by_keyboard_in_italian(page, site_url, open_game, swap_position):
    game = swap_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    swap = next(a for a in legal_actions(game.state) if isinstance(a, SwapJoker))
    attach_by_keyboard(page, swap.card, swap.target, "it")
    dialog = page.get_by_role("dialog")
    if dialog.count():  # the card also attaches: the swap is one of the options
        option = dialog.get_by_role("button", name=re.compile(t("swap_joker_opt", "it")))
        for _ in range(10):
            if option.evaluate("e => e === document.activeElement"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    said_after(page, game, swap, "it")
    hand = page.get_by_role("region", name=t("hand_of", "it", you=True))
    joker = hand.get_by_role("button", name=re.compile("^" + card_name("JK", "it")))
    expect(joker).not_to_have_count(0)
