"""Replays in a real Chromium: stepped forward and back, the page matches the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scala40 import Rules, format_cards, parse_action
from scala40.record import Game, Record
from web.learn.coach import SCRIPT, SEED

pytestmark = pytest.mark.browser

SEATS = [{"name": "Tu", "kind": "human", "level": "medium"},
         {"name": "Bot", "kind": "bot", "level": "easy"}]
RECORD = Record(Rules(mode="single"), ("Tu", "Bot"), SEED,
                tuple(parse_action(step.action) for step in SCRIPT))


def seed(page, items: dict) -> None:
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  const items = {json.dumps(items)};"
        "  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('seeded', '1');"
        "}"
    )


def test_a_replay_stepped_forward_and_back_matches_the_record(page, site_url, open_game):
    game = Game.from_record(Record(RECORD.rules, RECORD.players, RECORD.seed,
                                   RECORD.actions[:-1]))
    seed(page, {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS}),
                "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})})
    open_game(page, site_url)
    last = RECORD.actions[-1]
    page.locator(f'.hand .in-hand[data-card="{last.card}"]').first.dblclick()
    expect(page.locator(".sheet-dialog")).to_be_visible()
    page.locator('.sheet-dialog [data-act="replay"]').click()
    states = list(RECORD.states())
    position = page.locator('[data-testid="replay-pos"]')
    expect(position).to_have_attribute("data-index", str(len(states) - 1))
    mine = page.locator('.replay-seat[data-seat="0"] .replay-cards')

    def shows(index: int) -> None:
        expect(position).to_have_attribute("data-index", str(index))
        expect(mine).to_have_attribute("data-cards", format_cards(states[index].hand.hands[0]))
        expect(page.locator(".replay-log li")).to_have_count(len(states[index].hand.log))

    for index in range(len(states) - 2, len(states) - 8, -1):
        page.locator('[data-act="replay-back"]').click()
        shows(index)
    page.locator('[data-act="replay-hand"][data-arg="1"]').click()
    shows(0)
    expect(page.locator('.replay-seat[data-seat="1"] .replay-cards')).to_have_count(0)
    for index in range(1, 8):
        page.locator('[data-act="replay-forward"]').click()
        shows(index)
    page.locator('[data-act="replay-view"]').click()
    expect(page.locator('.replay-seat[data-seat="1"] .replay-cards')).to_have_attribute(
        "data-cards", format_cards(states[7].hand.hands[1]))
    # kept for later, as the record only
    page.locator('[data-act="replay-close"]').click()
    expect(page.locator(".sheet-dialog")).to_be_visible()
    stored = page.evaluate("JSON.parse(localStorage.getItem('scala40.replays'))")
    assert len(stored) == 1 and Record.parse(stored[0]["record"]) == RECORD


def test_export_then_import_gives_the_same_position(page, site_url, open_game):
    record = Record(RECORD.rules, RECORD.players, RECORD.seed, RECORD.actions[:12])
    game = Game.from_record(record)
    seed(page, {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS}),
                "scala40.settings": json.dumps({"lang": "it", "speed": "fast"})})
    open_game(page, site_url)
    held = page.locator(".hand .in-hand")
    expect(held).to_have_count(len(game.state.hand.hands[0]))
    page.locator('[data-act="menu"]').click()
    with page.expect_download() as download:
        page.locator('[data-act="download"]').click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert Record.parse(text) == record
    saved = page.get_by_role("dialog")  # the export says where the file went
    expect(saved).to_contain_text(download.value.suggested_filename)
    page.keyboard.press("Escape")
    expect(saved).to_have_count(0)
    # a bad file is refused with the engine's message, the match stays as it was
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="import"]').click()
    page.fill("#import-text", text + "take\n")
    stored = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    page.locator('[data-act="import-go"][data-arg="continue"]').click()
    expect(page.locator(".import .msg.error")).to_contain_text("riga 18")
    assert page.evaluate("localStorage.getItem('scala40.game')") == game.to_save()
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == stored
    # the file itself: the same position
    page.set_input_files("#import-file", files=[{"name": "game.txt", "mimeType": "text/plain",
                                                 "buffer": text.encode()}])
    expect(page.locator("#import-text")).to_have_value(text)
    page.locator('[data-act="import-go"][data-arg="continue"]').click()
    expect(page.locator(".import")).to_have_count(0)
    codes = sorted(held.evaluate_all("els => els.map(e => e.dataset.card)"))
    assert codes == sorted(str(card) for card in game.state.hand.hands[0])
    expect(page.locator(".meld")).to_have_count(len(game.state.hand.melds))


def test_the_player_deletes_a_kept_match(page, site_url, open_game):
    kept = [{"id": f"m{n}", "when": float(n), "players": ["Tu", f"Bot {n}"],
             "record": RECORD.text()} for n in (2, 1)]
    seed(page, {"scala40.replays": json.dumps(kept),
                "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})})
    open_game(page, site_url)
    page.locator('.ng-more [data-act="replays"]').click()  # from the start screen
    rows = page.locator(".replays li")
    expect(rows).to_have_count(2)
    page.locator('[data-act="replay-open"][data-arg="m1"]').click()
    expect(page.locator('[data-testid="replay-pos"]')).to_have_attribute("data-index", "0")
    page.locator('[data-act="replay-close"]').click()
    page.locator('.ng-more [data-act="replays"]').click()
    page.locator('[data-act="replay-delete"][data-arg="m2"]').click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-id", "m1")
    stored = page.evaluate("JSON.parse(localStorage.getItem('scala40.replays'))")
    assert [entry["id"] for entry in stored] == ["m1"]
    page.locator('[data-act="replay-delete"][data-arg="m1"]').click()
    expect(page.locator(".replays-dlg")).to_contain_text("No finished game to replay.")


def test_a_kept_match_whose_id_holds_quotes_is_replayed_and_deleted(page, site_url, open_game):
    """A match id comes from outside (a challenge link's seed, an imported record): the
    page looks its buttons up by it when it keeps the focus, and a quote in one put a
    traceback over the page (issue #41)."""
    odd = 'a"b]\\c'
    kept = [{"id": match_id, "when": when, "players": ["Tu", "Bot"], "record": RECORD.text()}
            for match_id, when in ((odd, 2.0), ("m1", 1.0))]
    seed(page, {"scala40.replays": json.dumps(kept),
                "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})})
    open_game(page, site_url)
    page.locator('.ng-more [data-act="replays"]').click()
    rows = page.locator(".replays li")
    expect(rows.first).to_have_attribute("data-id", odd)
    rows.first.locator('[data-act="replay-open"]').click()
    expect(page.locator('[data-testid="replay-pos"]')).to_have_attribute("data-index", "0")
    page.locator('[data-act="replay-close"]').click()
    page.locator('.ng-more [data-act="replays"]').click()
    rows.first.locator('[data-act="replay-delete"]').click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-id", "m1")
    expect(page.locator(".py-error")).to_have_count(0)
    stored = page.evaluate("JSON.parse(localStorage.getItem('scala40.replays'))")
    assert [entry["id"] for entry in stored] == ["m1"]
