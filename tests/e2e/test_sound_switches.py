"""#12: optional sound and vibration, each a switch in the menu, kept with the settings,
and never in an embedded page."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from test_storage import HUMAN_VS_BOT, first_mover, seed, stored

pytestmark = pytest.mark.browser

#: records every cue the page asks web/table/cues.js for, then plays it as usual
SPY = """() => { window.__cues = []; const play = window.s40cues.play;
  window.s40cues.play = (names, sound, haptics) => {
    window.__cues.push({names: [...names], sound, haptics}); play(names, sound, haptics); }; }"""


def test_the_switches_turn_the_cues_on_and_are_remembered(page, site_url, open_game):
    seed(page, {"scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})})
    open_game(page, site_url)
    page.evaluate(SPY)
    page.locator('[data-act="draw"]').click()
    expect(page.locator(".hand .in-hand")).to_have_count(14)
    assert page.evaluate("window.__cues") == []  # off by default: nothing asked
    page.locator('[data-act="menu"]').click()
    sound = page.locator('.menu input[data-set="sound"]')
    expect(sound).not_to_be_checked()
    sound.check()
    expect(page.locator('.menu input[data-set="sound"]')).to_be_checked()
    assert page.evaluate("window.__cues") == [{"names": ["turn"], "sound": True,
                                               "haptics": False}]  # a sample
    assert json.loads(stored(page, "scala40.settings"))["sound"] is True
    page.locator('.menu [data-act="close"]').first.click()
    page.locator(".hand .in-hand").last.dblclick()
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    cues = [name for call in page.evaluate("window.__cues")[1:] for name in call["names"]]
    assert cues[0] == "discard"
    page.reload()
    page.wait_for_selector("body:not(.loading)", state="attached", timeout=60_000)
    page.locator('[data-act="menu"]').click()
    expect(page.locator('.menu input[data-set="sound"]')).to_be_checked()
    expect(page.locator('.menu input[data-set="haptics"]')).not_to_be_checked()


def test_an_embedded_page_has_no_switches(page, site_url, open_game):
    seed(page, {"scala40.game": first_mover(0).to_save(),
                "scala40.table": json.dumps({"seats": HUMAN_VS_BOT}),
                "scala40.settings": json.dumps({"lang": "it", "speed": "fast",
                                                 "sound": True, "haptics": True})})
    open_game(page, site_url + "?embed")
    page.locator('[data-act="menu"]').first.click()
    expect(page.locator(".menu")).to_be_visible()
    expect(page.locator('.menu input[data-set="sound"]')).to_be_hidden()
