"""Play over the internet, with no internet: three devices join by code through a Nostr
relay on 127.0.0.1 (the ``nostr_relay`` fixture, set as each page's relay under
"Advanced", as a player may), the host admitting each friend, and play a whole hand.

What the relay received is recorded: it must hold trystero's encrypted offers and
nothing readable about the match (no match id, secret, code, name, card list or plain
connection offer). What the guests' pages received is checked as in test_friends.py:
no card a seat may not know.
"""

from __future__ import annotations

import json

import pytest
from match_helper import closing_single_hand
from peer_helper import card_words, play_in_page, public_cards, simple_hand
from playwright.sync_api import expect
from test_friends import (
    CHOSEN,
    HOST_TURN_LATE_IN_THE_HAND,
    PLAYERS,
    SEATS,
    TIMEOUT,
    Device,
    assert_named,
    guest_turn,
    play_all,
)

from scala40.record import Game
from web.friends.room import show_code

pytestmark = pytest.mark.browser


#: Every WebRTC connection a page makes, kept to count those still open.
COUNT_CONNECTIONS = """
window.__connections = [];
const Native = RTCPeerConnection;
window.RTCPeerConnection = class extends Native {
  constructor(...args) { super(...args); window.__connections.push(this); }
};
"""
#: The page holds only the match's link: the room's connections are closed.
ONLY_THE_LINK = "window.__connections.filter((c) => c.connectionState !== 'closed').length === 1"


def use_relay(device: Device, url: str) -> None:
    """The device's relay, set under "Advanced" on the friends' screen it shows."""
    page = device.page
    page.locator("details.advanced summary").click()
    page.locator("#relay-urls").fill(url)
    page.locator('[data-act="stun-save"]').click()
    expect(page.locator(".stun-note")).not_to_be_empty()


def to_code_screen(device: Device, relay: str) -> None:
    """A friend's device: "Join with a code" on the start screen, the test's relay."""
    device.page.locator('[data-act="code"]').click()
    expect(device.page.locator("#room-code")).to_be_visible(timeout=TIMEOUT)
    use_relay(device, relay)


def type_code(device: Device, code: str) -> None:
    device.page.locator("#room-code").fill(code)
    device.page.locator('[data-act="join-code"]').click()


def admit(host: Device, name: str, *, refuse: bool = False) -> None:
    """The host's prompt "<name> wants to join": Admit (or Refuse)."""
    knock = host.page.locator(".knock", has_text=name)
    expect(knock).to_be_visible(timeout=TIMEOUT)
    knock.locator(f'[data-act="{"refuse" if refuse else "admit"}"]').click()


def test_three_devices_join_by_code_through_a_relay_and_play_a_whole_hand(
        device_contexts, site_url, nostr_relay):
    """Two friends join by code (a mistyped code refused, a knock refused then admitted,
    the link opened), the hand is played to its end, the host's page reloads and both
    rejoin with the same code; what the guests and the relay received is checked."""
    seed, actions = simple_hand(PLAYERS)
    game = Game.new(PLAYERS, seed=seed)
    for _, action in actions[:HOST_TURN_LATE_IN_THE_HAND]:
        game.play(action)
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    guests = {seat: Device(device_contexts[seat], site_url, lang="en", record=True,
                           name=CHOSEN.get(seat, ""), scripts=(COUNT_CONNECTIONS,))
              for seat in (1, 2)}
    devices = {0: host, **guests}
    for device in devices.values():
        device.ready()
    # the host: the lobby of the saved match; "Play over the internet" says first what
    # leaves the device, then gives the code and its link
    expect(host.page.locator(".internet")).to_contain_text(
        "Solo un messaggio per collegarvi, cifrato con il codice, passa da server pubblici")
    use_relay(host, nostr_relay.url)
    host.page.locator('[data-act="online"]').click()
    shown = host.page.locator(".room-code")
    expect(shown).to_be_visible(timeout=TIMEOUT)
    code = str(shown.get_attribute("data-code"))
    assert shown.inner_text() == show_code(code)
    link = host.page.locator(".room-link").input_value()
    assert link.endswith("#room=" + code)
    # Bea types it wrong (one letter changed: refused at once, in her words), then right;
    # the host refuses her first knock, she knocks again and is let in
    bea, carla = guests[1], guests[2]
    to_code_screen(bea, nostr_relay.url)
    wrong = code[:2] + ("B" if code[2] != "B" else "C") + code[3:]
    type_code(bea, wrong)
    expect(bea.page.locator(".ng-error")).to_have_text(
        "This is not a table code: it is 7 letters, like KXM-PQRT. Check it with the host.")
    expect(bea.page.locator("#room-code")).to_have_value(wrong)  # to be corrected
    # the host is typing in "Your name" as Bea knocks: the knock redraws the host's
    # screen, and what the host typed stays (it was emptied), the focus in the field
    yours = host.page.locator("#player-name")
    yours.click()
    yours.press("End")
    yours.press_sequentially(" M")
    type_code(bea, show_code(code).lower())
    expect(bea.page.locator(".code-wait")).to_have_text("Waiting for Anna to let you in…",
                                                        timeout=TIMEOUT)
    expect(host.page.locator(".knock", has_text="Bea")).to_be_visible(timeout=TIMEOUT)
    expect(yours).to_have_value("Anna M")
    expect(yours).to_be_focused()
    yours.press("Backspace")
    yours.press("Backspace")
    admit(host, "Bea", refuse=True)
    expect(bea.page.locator(".ng-error")).to_have_text("The host did not let you in.",
                                                       timeout=TIMEOUT)
    type_code(bea, code)
    admit(host, "Bea")
    # Carla opens the link instead (her relay set first, on the code's screen)
    to_code_screen(carla, nostr_relay.url)
    carla.page.evaluate("(url) => { location.hash = url.split('#')[1]; }", link)
    admit(host, "Un amico")  # Carla's device keeps no name: her seat's is not said
    for seat, guest in guests.items():
        expect(guest.page.locator(".hand .in-hand").first).to_be_visible(timeout=TIMEOUT)
        expect(host.page.locator(f'.invite[data-seat="{seat}"] .link-state')).to_have_attribute(
            "data-state", "open", timeout=TIMEOUT)
        # seated, the guest left the room: the match goes over its link, and trystero's
        # connection to the host is closed, not kept idle for another room
        guest.page.wait_for_function(ONLY_THE_LINK, timeout=TIMEOUT)
    host.page.locator('[data-act="to-table"]').click()
    # the hand to its end, with moves from all three devices
    to_play = actions[HOST_TURN_LATE_IN_THE_HAND:]
    first = guest_turn(to_play)
    play_all(devices, to_play[:first])
    assert_named(devices, to_play[first - 1][0])
    play_all(devices, to_play[first:])
    for seat in (1, 2):
        expect(devices[seat].page.locator(".sheet-dialog")).to_contain_text(
            "The host deals the next hand", timeout=TIMEOUT)
    # no hidden card reached a guest: each observation of step k names only cards its
    # seat may know after the hand's first k actions (the host's step 0: its save)
    game = Game.new(PLAYERS, seed=seed)
    states = [game.state]
    for _, action in actions:
        game.play(action)
        states.append(game.state)
    states = states[HOST_TURN_LATE_IN_THE_HAND:]
    for seat in (1, 2):
        wire = devices[seat].page.evaluate("window.__wire")
        received = [json.loads(text) for way, text in wire
                    if way == "in" and text.startswith('{"v":')]
        observed = [message for message in received if message.get("observation")]
        assert len(observed) > len(to_play) // 2
        for message in observed:
            assert set(card_words(message)) <= public_cards(states[message["step"]], seat)
    # the host's page reloads at the score sheet: its "Play over the internet" opens the
    # same code (drawn from the match's secrets), and both friends rejoin with it, their
    # tickets seating them again with no prompt, at the sheet of the hand that is over
    host.page.reload()
    host.ready()
    use_relay(host, nostr_relay.url)  # the relays typed hold for a visit
    host.page.locator('[data-act="online"]').click()
    expect(host.page.locator(".room-code")).to_have_attribute("data-code", code,
                                                              timeout=TIMEOUT)
    for seat, guest in guests.items():
        guest.page.locator('[data-act="rejoin-code"]').click(timeout=TIMEOUT)
        expect(guest.page.locator(".sheet-dialog")).to_contain_text(
            "The host deals the next hand", timeout=TIMEOUT)
        expect(host.page.locator(f'.invite[data-seat="{seat}"] .link-state')).to_have_attribute(
            "data-state", "open", timeout=TIMEOUT)
        guest.page.wait_for_function(ONLY_THE_LINK, timeout=TIMEOUT)
    expect(host.page.locator(".knock")).to_have_count(0)
    # nothing readable about the match went through the relay: trystero's events, their
    # offers encrypted with the code
    friends = json.loads(host.page.evaluate("localStorage.getItem('scala40.friends')"))
    secrets = [friends["match"], *friends["tokens"].values(), code, show_code(code)]
    heard = nostr_relay.heard
    assert any(frame.startswith('["EVENT"') for frame in heard), heard[:3]
    readable = ['"observation"', '"hand"', '"Bea"', '"Carla"', '"Anna"', "a=fingerprint",
                "a=ice-ufrag", "candidate:", "#join=", "#room=", '"knock"', '"invite"']
    for frame in heard:
        assert not [word for word in (*secrets, *readable) if word in frame], frame[:300]
    # a seated guest's page reloads: the host sees the seat's link drop, and nothing
    # else (a connection of the room kept open would abort, which trystero logs as an
    # error: "Trystero peer error: OperationError: User-Initiated Abort")
    bea.page.reload()
    bea.ready()
    expect(host.page.locator('.invite[data-seat="1"] .link-state')).not_to_have_attribute(
        "data-state", "open", timeout=TIMEOUT)
    assert [device.errors for device in devices.values()] == [[], [], []]


def test_a_code_nobody_hosts_is_refused_after_a_wait(device_contexts, site_url, nostr_relay):
    """A code that is one (its check letter fits) but that no open table has: the
    guest is told, in its language, after the room's wait. "Indietro" while it looks
    goes back to the start screen, and the code can be typed again from there; so does
    Escape, even in the code's field."""
    guest = Device(device_contexts[1], site_url, lang="it")
    guest.ready()
    to_code_screen(guest, nostr_relay.url)
    type_code(guest, "KXMPQRA")
    expect(guest.page.locator(".code-wait")).to_have_text("Cerco il tavolo…")
    guest.page.locator('[data-act="join-back"]').click()
    expect(guest.page.locator('#app [data-act="start"]').first).to_be_visible(timeout=TIMEOUT)
    guest.page.locator('[data-act="code"]').click()
    type_code(guest, "KXMPQRA")
    expect(guest.page.locator(".code-wait")).to_have_text("Cerco il tavolo…")
    expect(guest.page.locator(".ng-error")).to_have_text(
        "Nessun tavolo ha risposto a questo codice. Controllalo con chi ti ha invitato: vale "
        "finché la sua pagina resta aperta.", timeout=TIMEOUT)
    guest.page.locator("#room-code").press("Escape")  # in the field too, as Indietro
    expect(guest.page.locator('#app [data-act="start"]').first).to_be_visible(timeout=TIMEOUT)
    expect(guest.page.locator("#room-code")).to_have_count(0)
    assert guest.errors == []


def test_a_rematch_seats_the_friend_again_on_the_same_link(device_contexts, site_url,
                                                          nostr_relay):
    """A friend joins by code and closes a single hand; the host's "Rematch" deals the next
    match to the friend's device on the link already open (no invitation, the same
    secrets and code), which asks its player to play it; the first move reaches both."""
    game, last = closing_single_hand()
    seats = [{"name": "Tu", "kind": "remote"}, {"name": "Bruno", "kind": "human"}]
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": seats})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    guest = Device(device_contexts[1], site_url, lang="en", name="Bea")
    for device in (host, guest):
        device.ready()
    use_relay(host, nostr_relay.url)
    host.page.locator('[data-act="online"]').click()
    code = str(host.page.locator(".room-code").get_attribute("data-code", timeout=TIMEOUT))
    to_code_screen(guest, nostr_relay.url)
    type_code(guest, code)
    admit(host, "Bea")
    expect(guest.page.locator(".hand .in-hand").first).to_be_visible(timeout=TIMEOUT)
    host.page.locator('[data-act="to-table"]').click()
    secrets = json.loads(host.page.evaluate("localStorage.getItem('scala40.friends')"))
    play_in_page(guest.page, last)
    expect(guest.page.locator(".sheet-dialog")).to_be_visible(timeout=TIMEOUT)
    host.page.locator('.sheet-dialog [data-act="rematch"]').click(timeout=TIMEOUT)
    offer = guest.page.get_by_role("dialog", name="Rematch")
    expect(offer).to_contain_text("The host started a rematch", timeout=TIMEOUT)
    offer.get_by_role("button", name="Play the rematch").click()
    expect(offer).to_have_count(0)
    cards = guest.page.locator(".hand .in-hand")
    expect(cards.first).to_be_visible()
    assert cards.count() in (13, 14)
    kept = json.loads(host.page.evaluate("localStorage.getItem('scala40.friends')"))
    assert (kept["match"], kept["tokens"]) == (secrets["match"], secrets["tokens"])
    assert kept["game"] != secrets["game"]  # the new match's save, hosted with them
    # whoever is to move, the other device sees the move
    step = guest.step()
    # the stock is a target on the device whose player may draw now (it is never
    # disabled); the host's page holds the match, the guest's shows it
    may_draw = '[data-act="draw"].target'
    mover = host if host.page.locator(may_draw).count() else guest
    mover.page.locator(may_draw).click(timeout=TIMEOUT)
    for device in (host, guest):
        expect(device.page.locator(".peer-step")).not_to_have_attribute("data-step", step,
                                                                        timeout=TIMEOUT)
    assert host.errors == [] and guest.errors == []


def test_no_relay_answering_is_said_with_the_way_that_needs_none(device_contexts, site_url):
    """Over the internet with no relay reachable (here one whose port is closed): the host
    sees the code and, within ten seconds, that no connection server answers and that
    friends nearby join with the QR codes, which are there."""
    host = Device(device_contexts[0], site_url, lang="en")
    host.ready()
    page = host.page
    page.locator('.ng-more [data-act="friends"]').click()
    closed = "ws://127.0.0.1:9"  # the discard port: nothing listens
    use_relay(host, closed)
    page.locator('input[name="friends-way"][value="internet"]').check()
    page.locator('[data-act="friends-go"]').click()
    expect(page.locator(".room-code")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".internet .ng-error")).to_have_text(
        "No connection server answers: the internet is not working here, or the network "
        "blocks them. Friends nearby can join with the QR codes below.", timeout=15_000)
    expect(page.locator(".invite img.qr")).to_have_count(1)
    # the browser's own word for each refused socket, nothing of the page's
    assert all(closed in error and "WebSocket" in error for error in host.errors), host.errors
