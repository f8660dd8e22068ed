"""The end of a hand and the moves around it, heard and reached by keyboard (issue #52):
the live region says who closed and what each player pays; the score sheet that opens
takes the focus on itself, named by who closed (not on "Next hand"); and a meld laid
leaves the focus in the hand, not on the stock."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_screen_reader import HEARD, heard
from test_table import (
    HUMAN_VS_BOT,
    closing_position,  # noqa: F401
    hand_cards,
    opening_position,  # noqa: F401
    seed_storage,
)

from scala40.record import Game
from web.i18n import t

pytestmark = pytest.mark.browser


def card(page, code: str):
    """The hand's first card ``code`` (a double deck holds two of each)."""
    return page.locator(f'.hand .in-hand[data-card="{code}"]').first


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_of_a_hand_is_said_and_the_sheet_takes_the_focus_by_name(
        page, site_url, open_game, closing_position, lang):  # noqa: F811
    before, closer, last = closing_position
    seats = [{"name": n, "kind": "bot", "level": "easy"} for n in before.state.players]
    seats[closer]["kind"] = "human"
    seed_storage(page, game=before.to_save(), table={"seats": seats},
                 settings={"lang": lang, "speed": "fast"})
    page.add_init_script(HEARD)
    open_game(page, site_url)
    card(page, str(last.card)).dblclick()
    sheet = page.get_by_role("dialog", name=t("hand_over", lang, n=1))
    expect(sheet).to_be_visible()
    # the move that closed, then the end: who closed, what each pays and in all
    after = Game.from_record(before.record)
    after.play(last)
    result = after.state.hand.result
    words = {"en": ("You pay {points}, {total} in all", "{name} pays {points}, {total} in all"),
             "it": ("Paghi {points}, {total} in tutto", "{name} paga {points}, {total} in tutto")}
    pays = [words[lang][seat != closer].format(  # in seat order, as the sheet lists them
        name=before.state.players[seat], total=after.state.scores[seat],
        points=t("points_n", lang, n=result.penalties[seat])) for seat in (0, 1)]
    closed = t("closed_in_mano" if result.in_mano else "closed", lang, you=True)
    ending = ". ".join([t("hand_over", lang, n=1), closed, *pays]) + "."
    expect(page.locator("#speech")).to_contain_text(ending)
    assert ending in " ".join(heard(page))
    # the focus lands on the sheet, named by the hand and who closed, not on "Next hand"
    focused = sheet.get_by_role("group", name=f"{t('hand_over', lang, n=1)} {closed}")
    expect(focused).to_be_focused()
    expect(sheet.locator('[data-act="next-hand"]')).not_to_be_focused()


@pytest.mark.parametrize("way", ["keyboard", "tap"])
def test_after_a_meld_the_focus_stays_in_the_hand(page, site_url, open_game,
                                                  opening_position, way):  # noqa: F811
    game, plan = opening_position
    seed_storage(page, game=game.to_save(), table={"seats": HUMAN_VS_BOT},
                 settings={"lang": "en", "speed": "fast"})
    open_game(page, site_url)
    page.locator('[data-act="draw"]').click()
    expect(hand_cards(page)).to_have_count(14)
    meld = [str(card) for card in plan[0][0]]
    if way == "keyboard":
        page.keyboard.press("1")
        for code in meld:
            named = card(page, code)
            for _ in range(20):
                if named.evaluate("e => e === document.activeElement"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            expect(named).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("m")
    else:
        for code in meld:
            card(page, code).click()
        page.locator('[data-act="lay"]').click()
    expect(hand_cards(page)).to_have_count(14 - len(meld))
    expect(page.locator(".table .melds .meld")).to_have_count(1)
    inside = page.evaluate("""() => {
      const el = document.activeElement;
      return {hand: Boolean(el && el.closest('[data-zone="hand"]')),
              card: el ? el.dataset.card || null : null,
              stock: Boolean(el && el.closest('[data-act="draw"]'))};
    }""")
    assert inside["hand"] and not inside["stock"], inside
    if way == "keyboard":  # the card after the last one selected, still in the hand
        assert inside["card"] and inside["card"] not in meld, inside
