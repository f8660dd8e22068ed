"""Quick messages through the real page (web/friends/quick.py): two devices at a
friends' table, each in its own language; one picks a phrase, the other shows who said
it and says it in its live region; the picker is reached and left by keyboard."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from test_friends import SEATS, TIMEOUT, Device, join
from test_layout import assert_layout_holds

from scala40.record import Game

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}


@pytest.fixture
def pair(device_contexts, site_url):
    """Anna hosting in Italian, Bruno's phone in English, seated."""
    storage = {"scala40.game": Game.new(["Anna", "Bruno"], seed=1).to_save(),
               "scala40.table": json.dumps({"seats": SEATS[:2]})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    guest = Device(device_contexts[1], site_url, lang="en", viewport=PHONE, name="Bruno")
    for device in (host, guest):
        device.ready()
    join(host, guest, 1)
    host.page.locator('[data-act="to-table"]').click()
    yield host, guest
    assert host.errors == [] and guest.errors == []


def test_a_quick_message_shows_on_the_other_device_and_is_said(pair):
    host, guest = pair
    assert_layout_holds(guest.page)  # the top bar's one more button fits a phone
    guest.page.locator(".quick-open").click()
    picker = guest.page.locator("#quick-picker")
    expect(picker).to_be_visible()
    picker.get_by_role("button", name="Nice move!").click()
    expect(picker).to_be_hidden()
    expect(guest.page.locator(".quick-bubble")).to_have_text("You: Nice move!", timeout=TIMEOUT)
    expect(host.page.locator(".quick-bubble")).to_have_text("Bruno: Bella mossa!",
                                                            timeout=TIMEOUT)
    expect(host.page.locator("#speech")).to_contain_text("Bruno: Bella mossa!")

    # the host by keyboard: Enter opens the picker on its first phrase, Escape closes it
    # and gives the focus back to the button; Enter on a phrase sends it
    card = host.page.locator(".hand .in-hand").first
    card.click()  # a card selected stays so through the picker's keys
    expect(card).to_have_class(re.compile(r"\bsel\b"))
    button = host.page.locator(".quick-open")
    button.focus()
    host.page.keyboard.press("Enter")
    expect(host.page.locator("#quick-picker")).to_be_visible()
    expect(host.page.get_by_role("button", name="Bella mossa!")).to_be_focused()
    host.page.keyboard.press("Escape")
    expect(host.page.locator("#quick-picker")).to_be_hidden()
    expect(button).to_be_focused()
    expect(card).to_have_class(re.compile(r"\bsel\b"))
    host.page.keyboard.press("Enter")
    host.page.keyboard.press("Tab")
    host.page.keyboard.press("Enter")  # the second phrase
    expect(guest.page.locator(".quick-bubble").last).to_have_text("Anna: Your turn!",
                                                                  timeout=TIMEOUT)
    expect(guest.page.locator("#speech")).to_contain_text("Anna: Your turn!")
