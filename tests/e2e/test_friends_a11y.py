"""An accessibility audit (axe-core, as tests/e2e/test_a11y.py) of every screen of
"Play with friends" on a phone: in Italian on a small phone held upright, in English
on one on its side, large cards on, as the players most likely to need them play.

One walk per language, a host's phone and a friend's phone meeting on a relay of this
machine (the ``nostr_relay`` fixture), each screen audited as the walk reaches it: the
friends' screen, its Advanced part and the code's way with no relay answering; then a
saved match's invitations in the same room, the table waiting for the friend, the code
of the internet's way and the friend knocking, the friend's code screen with a bad code
and its waits, both tables seated with the quick messages' picker open and a bubble.
Every screen's violations are gathered, so one run tells them all; a screenshot of each
screen is kept in the test's temporary folder, to look at."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from test_a11y import violations
from test_friends import TIMEOUT, Device
from test_friends_by_code import admit, to_code_screen, type_code, use_relay

from scala40 import observe
from scala40.bots import make_bot
from scala40.record import Game
from web.friends.room import show_code

pytestmark = pytest.mark.browser

PHONES = {"it": {"width": 360, "height": 640}, "en": {"width": 844, "height": 390}}
#: A code whose check letter fits but that no table has: the guest looks, and waits
NOBODY_HOSTS = "KXMPQRA"


def friends_match() -> Game:
    """Anna and a friend's seat, the friend to move: the table waits on the friend."""
    game = Game.new(["Anna", "Amico 1"], seed="waiting")
    while game.state.to_move != 1:
        game.play(make_bot("easy", random.Random(0)).choose(observe(game.state, 0)))
    return game


def hold_bubbles(page) -> None:
    """The quick messages' bubbles held at the middle of their few seconds, shown (the
    audit waits for every animation to end, and theirs ends hidden)."""
    page.evaluate("""() => document.getAnimations()
        .filter((a) => a.animationName === 'quick-bubble')
        .forEach((a) => { a.pause(); a.currentTime = 3000; })""")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_friends_screen_passes_the_audit_on_a_phone(browser, shared_contexts,
                                                          new_shared_context, site_url,
                                                          nostr_relay, tmp_path, lang):
    phone = PHONES[lang]
    found: dict[str, list[str]] = {}
    shots = iter(range(100))

    def audit(device: Device, screen: str) -> None:
        device.page.screenshot(path=tmp_path / f"{next(shots):02}-{screen}.png", full_page=True)
        problems = violations(device.page, rules=("target-size",))
        if problems:
            found[screen] = problems

    settings = {"lang": lang, "speed": "fast", "large_cards": True}
    host = Device(shared_contexts[True], site_url, lang=lang, viewport=phone, storage={
        "scala40.settings": json.dumps({**settings, "name": "Anna"})})
    friend = Device(new_shared_context(browser, has_touch=True, is_mobile=True), site_url,
                    lang=lang, viewport=phone, storage={
                        "scala40.settings": json.dumps({**settings, "name": "Bruno"})})
    try:
        for device in (host, friend):
            device.ready()
        # the host: the friends' screen, its Advanced part, and the internet's way with
        # no relay answering (a closed port), which is said within ten seconds
        host.page.locator('.ng-more [data-act="friends"]').click()
        expect(host.page.locator(".friends-setup")).to_be_visible()
        audit(host, "friends screen")
        use_relay(host, "ws://127.0.0.1:9")
        audit(host, "friends screen advanced")
        host.page.locator('input[name="friends-way"][value="internet"]').check()
        host.page.locator('[data-act="friends-go"]').click()
        expect(host.page.locator(".internet .ng-error")).not_to_be_empty(timeout=15_000)
        audit(host, "host code no relay answers")
        # a saved match of Anna's and a friend's seat, the friend to move, opened again:
        # its invitations, the same room's way (a QR code)
        host.page.evaluate("""(items) => { localStorage.removeItem('scala40.friends');
            for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""", {
            "scala40.game": friends_match().to_save(),
            "scala40.table": json.dumps({"seats": [{"name": "Anna", "kind": "human"},
                                                   {"name": "Amico 1", "kind": "remote"}]})})
        host.page.reload()
        host.ready()
        expect(host.page.locator(".invite img.qr")).to_have_count(1, timeout=TIMEOUT)
        audit(host, "host invitations in the same room")
        # the table, the friend to move and nobody in the seat: the table says it waits
        host.page.locator('.ng-actions [data-act="to-table"]').click()
        banner = host.page.locator(".peer-banner.waiting")
        expect(banner).to_be_visible()
        audit(host, "host table waiting for the friend")
        banner.locator('[data-act="lobby"]').click()
        # over the internet: the code, on this machine's relay
        use_relay(host, nostr_relay.url)
        host.page.locator('[data-act="online"]').click()
        shown = host.page.locator(".room-code")
        expect(shown).to_be_visible(timeout=TIMEOUT)
        code = str(shown.get_attribute("data-code"))
        assert shown.evaluate("(code) => code.getClientRects().length") == 1  # one line
        audit(host, "host code")
        # the friend: "Join with a code", a code mistyped, a code nobody hosts
        to_code_screen(friend, nostr_relay.url)
        audit(friend, "guest join with a code")
        type_code(friend, code[:2] + ("B" if code[2] != "B" else "C") + code[3:])
        expect(friend.page.locator(".ng-error")).not_to_be_empty()
        audit(friend, "guest a bad code")
        type_code(friend, NOBODY_HOSTS)
        expect(friend.page.locator(".code-wait")).to_be_visible()
        # the code's field gone, the focus is on Back, not in "Your name" (a keyboard)
        expect(friend.page.locator('[data-act="join-back"]')).to_be_focused()
        audit(friend, "guest looking for the table")
        friend.page.locator('[data-act="join-back"]').click()
        friend.page.locator('[data-act="code"]').click()
        # the right code: the friend knocks, the host is asked, and lets the friend in
        type_code(friend, show_code(code))
        knock = host.page.locator(".knock", has_text="Bruno")
        expect(knock).to_be_visible(timeout=TIMEOUT)
        expect(knock).to_be_in_viewport(ratio=1)  # wherever the host's screen is scrolled
        audit(friend, "guest asked the host")
        audit(host, "host a friend knocks")
        admit(host, "Bruno")
        expect(friend.page.locator(".hand .in-hand").first).to_be_visible(timeout=TIMEOUT)
        audit(friend, "guest table")
        # both tables: the quick messages' picker open, then a bubble on each
        host.page.locator('[data-act="to-table"]').click()
        expect(banner).to_have_count(0)
        host.page.locator(".quick-open").click()
        expect(host.page.locator("#quick-picker")).to_be_visible()
        audit(host, "host quick messages picker")
        host.page.locator(".quick-phrase").first.click()
        for device in (host, friend):
            expect(device.page.locator(".quick-bubble")).to_be_visible(timeout=TIMEOUT)
            hold_bubbles(device.page)
        audit(host, "host quick message bubble")
        audit(friend, "guest quick message bubble")
    finally:
        shared_contexts[True].empty()
    assert not found, "\n".join(f"{screen}:\n  " + "\n  ".join(problems)
                                for screen, problems in found.items())
    assert all("WebSocket" in error for error in host.errors), host.errors
    assert friend.errors == []
