"""Play with friends through the real page: a host and two guests in three browser
contexts, the invitation and the answer carried between the pages as text.

Every guest page records every data-channel message it sends or receives (an
init script wraps RTCDataChannel), so a test can check that no card of another
hand or of the stock ever reached it.
"""

from __future__ import annotations

import json
import random

import pytest
from peer_helper import card_words, public_cards
from playwright.sync_api import expect

from scala40 import Discard, DrawStock, LayMeld, TakeDiscard, observe
from scala40.bots import make_bot
from scala40.record import Game

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Bruno", "Carla"]
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "remote"},
         {"name": "Carla", "kind": "remote"}]

RECORD_CHANNEL = """
window.__wire = [];
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (text) { window.__wire.push(["out", String(text)]);
  return send.call(this, text); };
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (name, handler, options) {
  if (name === "message") {
    const wrapped = (event) => { window.__wire.push(["in", String(event.data)]); handler(event); };
    return add.call(this, name, wrapped, options);
  }
  return add.call(this, name, handler, options);
};
"""


def simple_hand():
    """A seed whose first hand three easy bots play with draws, plain melds and discards
    only (each is one click or a few in the page), and its actions."""
    for seed in range(300):
        game = Game.new(PLAYERS, seed=f"friends-{seed}")
        bots = [make_bot("easy", random.Random(i)) for i in range(3)]
        actions = []
        while not game.state.hand_over:
            seat = game.state.to_move
            action = bots[seat].choose(observe(game.state, seat))
            actions.append((seat, action))
            game.play(action)
        plain = all(
            isinstance(a, DrawStock | TakeDiscard | Discard)
            or (isinstance(a, LayMeld) and not any(c.is_joker for c in a.cards))
            for _, a in actions
        )
        if plain and len(actions) < 90:
            return f"friends-{seed}", actions
    pytest.fail("no simple hand")


ALL_DONE = """window.__pyAllDone = false;
addEventListener("py:all-done", () => { window.__pyAllDone = true; }, { once: true });"""


class Device:
    """One device: a browser context on the game's page, its errors recorded."""

    def __init__(self, browser, site_url, *, lang: str, record: bool = False,
                 storage: dict | None = None, viewport: dict | None = None):
        self.context = browser.new_context(viewport=viewport or {"width": 1366, "height": 768},
                                           service_workers="block")
        self.context.add_init_script(ALL_DONE)
        self.errors: list[str] = []
        if record:
            self.context.add_init_script(RECORD_CHANNEL)
        items = {"scala40.settings": json.dumps({"lang": lang, "speed": "fast"}),
                 **(storage or {})}
        self.context.add_init_script(
            "if (!sessionStorage.getItem('seeded')) {"
            f"  for (const [k, v] of Object.entries({json.dumps(items)})) "
            "localStorage.setItem(k, v);"
            "  sessionStorage.setItem('seeded', '1');"
            "}"
        )
        self.page = self.context.new_page()
        self.page.on("console", lambda msg: self.errors.append(msg.text)
                     if msg.type == "error" else None)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.url = site_url
        self.open(site_url)

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("window.__pyAllDone === true", timeout=90_000)
        assert self.page.locator(".py-error").all_inner_texts() == []

    def step(self) -> str:
        return self.page.locator(".peer-step").get_attribute("data-step") or ""


TIMEOUT = 60_000  # a shared, slow machine: generous waits, never fixed sleeps


def invitation(host, seat: int, old: str = "") -> str:
    """Seat's invitation link on the host's screen (a new one, when ``old`` is given)."""
    host.page.wait_for_function(
        "([seat, old]) => { const box = document.querySelector("
        "`.invite-text[data-seat=\"${seat}\"]`);"
        " return box && box.value.includes('#join=') && box.value !== old; }",
        arg=[seat, old], timeout=TIMEOUT)
    return host.page.locator(f'.invite-text[data-seat="{seat}"]').input_value()


def join(host, guest, seat: int, old: str = "") -> str:
    """Carry seat's invitation to the guest page and its answer back, as text; return
    the invitation carried."""
    link = invitation(host, seat, old)
    guest.page.evaluate("(url) => { location.hash = url.split('#')[1]; }", link)
    answer = guest.page.locator(".answer-out")
    expect(answer).to_have_count(1, timeout=TIMEOUT)
    host.page.locator(f'.answer-text[data-seat="{seat}"]').fill(answer.input_value())
    host.page.locator(f'[data-friend="accept"][data-arg="{seat}"]').click()
    expect(guest.page.locator(".hand .in-hand").first).to_be_visible(timeout=TIMEOUT)
    return link


def hand_of(device) -> list[str]:
    return sorted(device.page.locator(".hand .in-hand").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"))


@pytest.fixture
def table(browser, site_url):
    """A host (Anna, in Italian) with the saved start of a match, and two guests in
    English whose pages record the wire."""
    seed, actions = simple_hand()
    game = Game.new(PLAYERS, seed=seed)
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS})}
    host = Device(browser, site_url, lang="it", storage=storage)
    guests = {seat: Device(browser, site_url, lang="en", record=True)
              for seat in (1, 2)}
    links = {seat: join(host, guest, seat) for seat, guest in guests.items()}
    host.page.locator('[data-friend="to-table"]').click()
    devices = {0: host, **guests}
    yield devices, actions, seed, links
    for device in devices.values():
        device.context.close()
    assert all(device.errors == [] for device in devices.values()), \
        [device.errors for device in devices.values()]


def play(device, action) -> None:
    page = device.page
    if isinstance(action, DrawStock):
        page.locator('[data-act="draw"]').click()
    elif isinstance(action, TakeDiscard):
        page.locator('[data-act="take"]').click()
    else:
        cards = action.cards if isinstance(action, LayMeld) else (action.card,)
        for card in cards:
            page.locator(f'.hand .in-hand[data-card="{card}"]:not(.sel)').first.click()
        page.locator('[data-act="lay"]' if isinstance(action, LayMeld)
                     else '[data-act="discard"]').click()
        chooser = page.locator(".choice .option")
        if chooser.count():
            chooser.first.click()


def wait_all(devices, step: int) -> None:
    """Every device shows the match at ``step`` or later."""
    for device in devices.values():
        device.page.wait_for_function(
            "(step) => +(document.querySelector('.peer-step')?.dataset.step ?? -1) >= step",
            arg=step, timeout=TIMEOUT)


def play_all(devices, actions) -> None:
    """Each action from the device of its seat, waiting for every device to show it."""
    for index, (seat, action) in enumerate(actions):
        step = int(devices[0].step()) + 1
        try:
            play(devices[seat], action)
            wait_all(devices, step)
        except Exception:
            for n, device in devices.items():
                device.page.screenshot(path=f"/tmp/shots-friends/fail-{n}.png")
            raise AssertionError(f"action {index}: seat {seat} {action}") from None


def guest_turn(actions) -> int:
    """The index of the first action that starts a guest's turn."""
    return next(i for i, (seat, action) in enumerate(actions)
                if seat != 0 and isinstance(action, DrawStock | TakeDiscard))


def test_a_whole_hand_with_moves_from_all_three_devices(table):
    devices, actions, seed, _links = table
    play_all(devices, actions)
    expect(devices[0].page.locator(".sheet-dialog")).to_have_count(1, timeout=TIMEOUT)
    for seat in (1, 2):  # each guest's sheet: the host deals the next hand
        sheet = devices[seat].page.locator(".sheet-dialog")
        expect(sheet).to_contain_text("The host deals the next hand", timeout=TIMEOUT)
        expect(sheet.locator('[data-act="next-hand"]')).to_have_count(0)
    # the no-hidden-cards capture: a message of step k names only cards its seat may
    # know after the hand's first k actions
    game = Game.new(PLAYERS, seed=seed)
    states = [game.state]
    for _, action in actions:
        game.play(action)
        states.append(game.state)
    for seat in (1, 2):
        wire = devices[seat].page.evaluate("window.__wire")
        received = [json.loads(text) for way, text in wire if way == "in"]
        assert len(received) > len(actions) // 2
        for message in received:
            if message.get("observation") is None:
                continue
            named = set(card_words(message))
            assert named, message  # the capture sees cards (its own hand at least)
            assert named <= public_cards(states[message["step"]], seat), message["step"]
    # the host deals the next hand; the guests' sheets close and they hold their new cards
    devices[0].page.locator('.sheet-dialog [data-act="next-hand"]').click()
    for seat in (1, 2):
        expect(devices[seat].page.locator(".sheet-dialog")).to_have_count(0, timeout=TIMEOUT)
        expect(devices[seat].page.locator(".hand .in-hand")).to_have_count(13, timeout=TIMEOUT)


def test_a_guests_illegal_move_is_refused_in_its_language(table):
    devices, actions, _seed, _links = table
    first = guest_turn(actions)
    play_all(devices, actions[:first])
    seat = actions[first][0]
    guest = devices[seat]
    step = devices[0].step()
    guest.page.locator(".hand .in-hand").first.click()
    guest.page.locator('[data-act="discard"]').click()  # before drawing: the host refuses
    expect(guest.page.locator(".msgbar .msg.error")).to_have_text(
        "You must draw a card first.", timeout=TIMEOUT)
    assert devices[0].step() == step
    play(guest, actions[first][1])  # and the turn goes on
    wait_all(devices, int(step) + 1)


def test_a_guest_closing_its_page_mid_turn_rejoins_with_its_hand_intact(table):
    devices, actions, _seed, links = table
    first = guest_turn(actions)
    play_all(devices, actions[: first + 1])  # the guest has drawn: mid-turn
    seat = actions[first][0]
    guest, host = devices[seat], devices[0]
    held = hand_of(guest)
    assert len(held) == 14
    guest.page.close()
    host.page.locator('[data-friend="lobby"]').click()
    guest.page = guest.context.new_page()
    guest.open(guest.url)
    join(host, guest, seat, old=links[seat])
    assert hand_of(guest) == held
    host.page.locator('[data-friend="to-table"]').click()
    play_all(devices, actions[first + 1: first + 4])  # the turn goes on from where it was


def test_the_host_reloading_mid_match_and_everyone_reconnecting(table):
    devices, actions, _seed, links = table
    play_all(devices, actions[:5])
    host = devices[0]
    held = {seat: hand_of(devices[seat]) for seat in (1, 2)}
    host.page.reload()
    host.page.wait_for_function("window.__pyAllDone === true", timeout=TIMEOUT * 2)
    for seat in (1, 2):  # each guest's table says the link is lost until it rejoins
        expect(devices[seat].page.locator(".peer-banner.lost")).to_have_count(1,
                                                                          timeout=TIMEOUT)
        join(host, devices[seat], seat, old=links[seat])
        assert hand_of(devices[seat]) == held[seat]
    host.page.locator('[data-friend="to-table"]').click()
    play_all(devices, actions[5:12])
