"""Play with friends through the real page: a host and two guests in three browser
contexts, the invitation and the answer carried between the pages as text.

Every guest page records every data-channel message it sends or receives (an
init script wraps RTCDataChannel), so a test can check that no card of another
hand or of the stock ever reached it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from peer_helper import (
    PAGE_TIMEOUT_MS,
    card_words,
    carry,
    invitation,
    play_in_page,
    public_cards,
    simple_hand,
)
from playwright.sync_api import expect
from test_layout import assert_layout_holds

from scala40 import DrawStock, TakeDiscard, observe
from scala40.bots import make_bot
from scala40.record import Game

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Bruno", "Carla"]
SEATS = [{"name": "Anna", "kind": "human"}, {"name": "Bruno", "kind": "remote"},
         {"name": "Carla", "kind": "remote"}]
#: The names each guest's device keeps in its settings (Carla's gave none: her seat's)
CHOSEN = {1: "Bea"}
#: Each seat's name as every device shows it
NAMES = {0: "Anna", 1: "Bea", 2: "Carla"}

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


class Device:
    """One device: a page of its own context (one of ``device_contexts``), its errors
    recorded. Its scripts (the wire's recorder, the test's, the storage's seed) are the
    page's, added again to a page opened later (a guest coming back)."""

    def __init__(self, shared, site_url, *, lang: str, record: bool = False,
                 storage: dict | None = None, viewport: dict | None = None,
                 scripts: tuple[str, ...] = (), name: str = ""):
        self.context = shared.open()
        self.errors: list[str] = []
        settings = {"lang": lang, "speed": "fast", **({"name": name} if name else {})}
        items = {"scala40.settings": json.dumps(settings),
                 **(storage or {})}
        seed = ("if (!sessionStorage.getItem('seeded')) {"
                f"  for (const [k, v] of Object.entries({json.dumps(items)})) "
                "localStorage.setItem(k, v);"
                "  sessionStorage.setItem('seeded', '1');"
                "}")
        self.scripts = (*((RECORD_CHANNEL,) if record else ()), *scripts, seed)
        self.viewport = viewport
        self.url = site_url
        self.new_page()
        self.page.goto(site_url)  # the devices start together; ready() waits for Python

    def new_page(self) -> None:
        """A new tab of this device, as the game's page (not yet opened)."""
        self.page = self.context.new_page()
        if self.viewport:
            self.page.set_viewport_size(self.viewport)
        for script in self.scripts:
            self.page.add_init_script(script)
        self.page.on("console", lambda msg: self.errors.append(msg.text)
                     if msg.type == "error" else None)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.ready()

    def ready(self) -> None:
        self.page.wait_for_function("window.__pyAllDone === true", timeout=TIMEOUT * 4)
        assert self.page.locator(".py-error").all_text_contents() == []

    def step(self) -> str:
        return self.page.locator(".peer-step").get_attribute("data-step") or ""


TIMEOUT = PAGE_TIMEOUT_MS  # a shared, slow machine: generous waits, never fixed sleeps


def join(host, guest, seat: int, old: str = "", seated: str = ".hand .in-hand") -> str:
    """Carry seat's invitation to the guest and its answer back, as text."""
    return carry(host.page, guest.page, seat, old, seated)


def play(device, action) -> None:
    play_in_page(device.page, action)


def to_the_lobby(host) -> None:
    """The host's way back to the invitations: the menu, "Friends' invitations"."""
    host.page.locator('[data-act="menu"]').click()
    host.page.locator('.dialog [data-act="lobby"]').click()
    expect(host.page.locator(".invite").first).to_be_visible(timeout=TIMEOUT)


def hand_of(device) -> list[str]:
    return sorted(device.page.locator(".hand .in-hand").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"))


@dataclass
class Table:
    """Three devices seated at :func:`simple_hand`'s hand, ``played`` of its ``actions``
    played before they sat (the host's save); the host's steps count from there."""

    devices: dict[int, Device]
    actions: list
    seed: str
    links: dict[int, str]
    played: int

    @property
    def to_play(self) -> list:
        return self.actions[self.played:]


#: Bruno's device: the narrowest phone in use (the host's and Carla's are computers)
SMALL_PHONE = {"width": 320, "height": 568}


@pytest.fixture
def table(request, device_contexts, site_url):
    """A host (Anna, in Italian) with the saved match, and two guests in English whose
    pages record the wire, Bruno's on a small phone. Parametrized indirectly, the
    number of the hand's actions played in the save (0: its start)."""
    seed, actions = simple_hand(PLAYERS)
    played = getattr(request, "param", 0)
    game = Game.new(PLAYERS, seed=seed)
    for _, action in actions[:played]:
        game.play(action)
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": SEATS})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    guests = {seat: Device(device_contexts[seat], site_url, lang="en", record=True,
                           viewport=SMALL_PHONE if seat == 1 else None,
                           name=CHOSEN.get(seat, ""))
              for seat in (1, 2)}
    for device in (host, *guests.values()):
        device.ready()
    links = {seat: join(host, guest, seat) for seat, guest in guests.items()}
    host.page.locator('[data-act="to-table"]').click()
    devices = {0: host, **guests}
    yield Table(devices, actions, seed, links, played)
    assert all(device.errors == [] for device in devices.values()), \
        [device.errors for device in devices.values()]


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


#: The whole-hand test's save: the hand's first 40 actions played (draws and discards,
#: and a guest's two melds) and the last 35 to play, from the host's turn (a guest
#: opening with three melds, another closing): the kinds of move all there, in half the time.
HOST_TURN_LATE_IN_THE_HAND = 40


@pytest.mark.parametrize("table", [HOST_TURN_LATE_IN_THE_HAND], indirect=True)
def test_a_whole_hand_with_moves_from_all_three_devices(table):
    """The hand to its end from all three devices, a guest's illegal move refused on the
    way in its own language (the host's is Italian); then both guests drop at the score
    sheet at once, the host is told of each, and they rejoin before the next hand."""
    devices, links, actions = table.devices, table.links, table.to_play
    assert actions[0][0] == 0 and isinstance(actions[0][1], DrawStock)  # the host's turn
    first = guest_turn(actions)
    play_all(devices, actions[:first])
    assert_named(devices, actions[first - 1][0])
    assert_layout_holds(devices[1].page)  # a guest's table on a small phone, melds on it
    guest = devices[actions[first][0]]
    step = devices[0].step()
    guest.page.locator(".hand .in-hand").first.click()
    guest.page.locator('[data-act="discard"]').click()  # before drawing: the host refuses
    expect(guest.page.locator(".msgbar .msg.error")).to_have_text(
        "You must draw a card first.", timeout=TIMEOUT)
    assert devices[0].step() == step
    guest.page.keyboard.press("Escape")  # the card put down again
    expect(guest.page.locator(".hand .in-hand.sel")).to_have_count(0)
    play_all(devices, actions[first:])  # and the hand goes on
    expect(devices[0].page.locator(".sheet-dialog")).to_have_count(1, timeout=TIMEOUT)
    for seat in (1, 2):  # each guest's sheet: the host deals the next hand
        sheet = devices[seat].page.locator(".sheet-dialog")
        expect(sheet).to_contain_text("The host deals the next hand", timeout=TIMEOUT)
        expect(sheet.locator('[data-act="next-hand"]')).to_have_count(0)
    # the no-hidden-cards capture: a message of step k names only cards its seat may
    # know after the hand's first k actions
    game = Game.new(PLAYERS, seed=table.seed)
    states = [game.state]
    for _, action in table.actions:
        game.play(action)
        states.append(game.state)
    states = states[table.played:]  # the host's step 0
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
    # both guests drop at the sheet at once: the host is told of each over it, in
    # turn, before dealing the next hand
    host = devices[0]
    for seat in (1, 2):
        devices[seat].page.close()
    notice = host.page.locator(".notice")
    expect(notice).to_contain_text("Collegamento perso con ", timeout=TIMEOUT)
    first_told = "Bea" if "Bea" in notice.inner_text() else "Carla"
    notice.locator('[data-act="close"]').first.click()
    other = "Carla" if first_told == "Bea" else "Bea"
    expect(notice).to_contain_text(f"Collegamento perso con {other}", timeout=TIMEOUT)
    notice.locator('[data-act="close"]').first.click()
    expect(notice).to_have_count(0)
    # the sheet is back, and leads to the invitations (the menu is behind it): each
    # guest comes back through a new one, to the sheet of the hand that is over
    expect(host.page.locator(".sheet-dialog")).to_have_count(1)
    host.page.locator('.sheet-dialog [data-act="lobby"]').click()
    expect(host.page.locator(".invite").first).to_be_visible(timeout=TIMEOUT)
    for seat in (1, 2):
        guest = devices[seat]
        guest.new_page()
        guest.open(guest.url)
        join(host, guest, seat, old=links[seat], seated=".sheet-dialog")
        expect(guest.page.locator(".sheet-dialog")).to_contain_text(
            "The host deals the next hand", timeout=TIMEOUT)
    # back at the table the host finds the sheet and deals: both sheets close on 13 cards
    host.page.locator('[data-act="to-table"]').click()
    host.page.locator('.sheet-dialog [data-act="next-hand"]').click()
    for seat in (1, 2):
        expect(devices[seat].page.locator(".sheet-dialog")).to_have_count(0, timeout=TIMEOUT)
        expect(devices[seat].page.locator(".hand .in-hand")).to_have_count(13, timeout=TIMEOUT)
    expect(host.page.locator(".hand .in-hand")).to_have_count(13, timeout=TIMEOUT)


def assert_named(devices, last: int) -> None:
    """Each device shows the others by the names they chose (the host's Italian page
    too), never another's "You"; the last move, ``last``'s, is in the second person on
    its own device's log and by name on the others'."""
    for seat, device in devices.items():
        chips = device.page.locator(".opponents .chip")
        expect(chips).to_have_count(2)
        shown = " ".join(chips.all_inner_texts())
        assert all(NAMES[other] in shown for other in NAMES if other != seat), shown
        assert "You" not in shown.split() and "Tu" not in shown.split(), shown
        log = (device.page.locator(".log ol li").first.text_content() or "").strip()
        mine = {"en": "You ", "it": "Hai "}["it" if seat == 0 else "en"]
        assert log.startswith(mine) if seat == last else log.startswith(NAMES[last]), log


def test_the_host_reloading_a_guest_closing_and_a_second_tab_all_rejoined(table):
    """One match, three drops: the host reloads its page mid-match and both guests
    reconnect with their hands; later a guest closes its page mid-turn and rejoins
    with its hand intact, the turn going on from where it was; last, the host opens the
    match in a second tab and plays there ("play here"), and everyone rejoins there."""
    devices, actions, links = table.devices, table.actions, table.links
    host = devices[0]
    play_all(devices, actions[:5])
    held = {seat: hand_of(devices[seat]) for seat in (1, 2)}
    host.page.reload()
    host.ready()
    for seat in (1, 2):  # each guest's table says the link is lost until it rejoins
        expect(devices[seat].page.locator(".peer-banner.lost")).to_have_count(1,
                                                                          timeout=TIMEOUT)
        links[seat] = join(host, devices[seat], seat, old=links[seat])
        assert hand_of(devices[seat]) == held[seat]
    host.page.locator('[data-act="to-table"]').click()
    first = 5 + guest_turn(actions[5:])
    play_all(devices, actions[5: first + 1])  # the guest has drawn: mid-turn
    seat = actions[first][0]
    guest = devices[seat]
    held = hand_of(guest)
    assert len(held) == 14
    guest.page.close()
    # the host is told, and finds the new invitation through the menu
    notice = host.page.locator(".notice")
    expect(notice).to_contain_text(f"Collegamento perso con {NAMES[seat]}", timeout=TIMEOUT)
    notice.locator('[data-act="close"]').first.click()
    to_the_lobby(host)
    guest.new_page()
    guest.open(guest.url)
    links[seat] = join(host, guest, seat, old=links[seat])
    assert hand_of(guest) == held
    host.page.locator('[data-act="to-table"]').click()
    play_all(devices, actions[first + 1: first + 4])  # the turn goes on from where it was
    take_to_a_second_tab(devices, links)
    play_all(devices, actions[first + 4: first + 7])


def take_to_a_second_tab(devices, links) -> None:
    """The host opens the match in a second tab of its browser and plays there. The
    first tab no longer saves the match, so it closes the friends' links (the guests
    played on in it, their moves kept nowhere): each guest is told, and rejoins through
    the second tab's invitation with its hand as saved."""
    host = devices[0]
    held = {seat: hand_of(devices[seat]) for seat in (1, 2)}
    first = host.page
    second = host.context.new_page()  # no seed: the storage is the first tab's
    second.on("pageerror", lambda exc: host.errors.append(str(exc)))
    second.goto(host.url)
    expect(second.locator(".overlay.tab")).to_contain_text("un'altra scheda",
                                                           timeout=TIMEOUT * 4)
    assert second.locator(".invite").count() == 0  # a tab standing aside invites nobody
    second.locator('[data-act="play-here"]').click()
    expect(first.locator(".overlay.tab")).to_be_visible(timeout=TIMEOUT)
    host.page = second
    for seat in (1, 2):
        expect(devices[seat].page.locator(".peer-banner.lost")).to_have_count(1,
                                                                          timeout=TIMEOUT)
        links[seat] = join(host, devices[seat], seat, old=links[seat])
        assert hand_of(devices[seat]) == held[seat]
    second.locator('[data-act="to-table"]').click()


#: The host's page loses the first join it hears, as a link that has just opened did
#: here under load (the guest then waited for ever on "the host is seating you").
LOSE_FIRST_JOIN = """
const listen = RTCDataChannel.prototype.addEventListener;
window.__lostJoins = 0;
RTCDataChannel.prototype.addEventListener = function (name, handler, options) {
  if (name !== "message") return listen.call(this, name, handler, options);
  const lossy = (event) => {
    if (window.__lostJoins === 0 && String(event.data).includes('"type":"join"')) {
      window.__lostJoins += 1;
      return;
    }
    handler(event);
  };
  return listen.call(this, name, lossy, options);
};
"""


def test_a_join_lost_as_the_link_opens_is_sent_again_and_the_guest_sits_down(device_contexts,
                                                                            site_url):
    players, seats = PLAYERS[:2], SEATS[:2]
    storage = {"scala40.game": Game.new(players, seed=1).to_save(),
               "scala40.table": json.dumps({"seats": seats})}
    host = Device(device_contexts[0], site_url, lang="en", storage=storage,
                  scripts=(LOSE_FIRST_JOIN,))
    guest = Device(device_contexts[1], site_url, lang="en", record=True)
    for device in (host, guest):
        device.ready()
    join(host, guest, 1)  # until the guest holds its hand
    assert host.page.evaluate("window.__lostJoins") == 1
    sent = [json.loads(text)["type"] for way, text in guest.page.evaluate("window.__wire")
            if way == "out"]
    assert sent[:2] == ["join", "join"]
    expect(host.page.locator('.invite[data-seat="1"] .link-state')).to_have_attribute(
        "data-state", "open")
    assert host.errors == [] and guest.errors == []


def test_play_with_friends_is_a_screen_of_its_own(device_contexts, site_url):
    """"Play with friends" opens its own screen (the bots' form untouched): Back and
    Escape return to the start screen; too many seats are refused on the screen; two
    friends, one bot, in the same room: the invitations, "To the table" and, back in the
    lobby from the menu, Escape lead to the table. Afterwards "Play" is a bots' match."""
    host = Device(device_contexts[0], site_url, lang="en")
    host.ready()
    page = host.page
    summary = page.locator(".ng-summary").inner_text()
    friends = page.locator('.ng-more [data-act="friends"]')
    friends.click()
    screen = page.locator(".friends-setup")
    expect(screen).to_be_visible(timeout=TIMEOUT)
    expect(screen.locator("h1")).to_have_text("Play with friends")
    page.locator('[data-act="friends-back"]').click()
    expect(page.locator(".ng-summary")).to_have_text(summary)  # the form as it was
    expect(page.locator('select[name="kind1"]')).to_have_value("bot")
    friends.click()
    page.keyboard.press("Escape")
    expect(screen).to_have_count(0)
    friends.click()
    page.locator("#friends-count").select_option("5")
    page.locator("#friends-bots").select_option("2")
    page.locator('[data-act="friends-go"]').click()
    expect(screen.locator(".ng-error")).to_have_text(
        "At most 6 sit at the table: choose fewer friends or computer players.")
    page.locator("#friends-count").select_option("2")
    page.locator("#friends-bots").select_option("1")
    page.locator('input[name="friends-way"][value="room"]').check()
    page.locator('[data-act="friends-go"]').click()
    for seat in (1, 2):
        assert "#join=" in invitation(page, seat)
    expect(page.locator(".invite img.qr")).to_have_count(2)
    expect(page.locator(".internet .room-code")).to_have_count(0)  # the room's way: no code
    page.locator('[data-act="to-table"]').click()
    expect(page.locator(".chip")).to_have_count(3)
    expect(page.locator('.chip[data-seat="3"] .nm')).to_have_text("Dario")
    to_the_lobby(host)
    expect(page.locator(".invite")).to_have_count(2)
    page.keyboard.press("Escape")  # as "To the table"
    expect(page.locator(".invite")).to_have_count(0)
    expect(page.locator("#app .hand")).to_be_visible()
    # the choice is the friends' screen's next one; the form's "Play" is the bots' match
    page.reload()
    host.ready()
    page.locator('[data-act="to-table"]').click()  # the saved match's invitations first
    page.locator('[data-act="menu"]').click()
    page.locator('[data-act="new-game"]').click()
    expect(page.locator(".ng-summary")).to_have_text(summary)
    friends.click()
    expect(page.locator("#friends-count")).to_have_value("2")
    expect(page.locator('input[name="friends-way"][value="room"]')).to_be_checked()
    assert host.errors == []


def test_the_form_starts_a_match_with_the_friends_seats_it_sets(device_contexts, site_url):
    """A friend's seat set in the form's options ("Friend, on their own device"): its
    own "Play with friends" starts that match and opens the invitations."""
    host = Device(device_contexts[0], site_url, lang="en")
    host.ready()
    page = host.page
    setup = page.locator(".ng-setup")
    setup.locator("> summary").click()
    page.locator('select[name="kind1"]').select_option("remote")
    page.locator('.ng-actions [data-act="setup"]').click()
    assert "#join=" in invitation(page, 1)
    expect(page.locator(".invite")).to_have_count(1)
    assert host.errors == []


NO_WEBRTC = "delete window.RTCPeerConnection;"  # a browser with WebRTC turned off


def test_a_device_that_cannot_connect_says_why_and_the_host_tries_again(device_contexts,
                                                                        site_url):
    """The code that connects devices not loaded (a first visit gone offline before the
    game was kept for offline play): the host's seat says so, and makes its invitation
    on the next try once the code loads; with no camera, "Scan the answer" says to paste
    it. A browser without WebRTC: the guest's join screen says so, where it said nothing
    and waited for ever."""
    players, seats = PLAYERS[:2], SEATS[:2]
    storage = {"scala40.game": Game.new(players, seed=1).to_save(),
               "scala40.table": json.dumps({"seats": seats})}
    host = Device(device_contexts[0], site_url, lang="en", storage=storage)
    code = "**/web/friends/connection.js"
    host.page.route(code, lambda route: route.abort())  # before Python asks for it
    host.ready()
    page = host.page
    seat = page.locator('.invite[data-seat="1"]')
    expect(seat.locator(".link-state")).to_have_attribute("data-state", "failed",
                                                          timeout=TIMEOUT)
    expect(seat.locator(".ng-error")).to_contain_text("did not load: are you offline?")
    expect(seat.locator(".invite-text")).to_have_count(0)
    host.page.unroute(code)
    seat.locator('[data-act="renew"]').click()
    link = invitation(page, 1)
    expect(seat.locator(".link-state")).to_have_attribute("data-state", "waiting")
    seat.locator('[data-act="scan"]').click()  # this machine has no camera
    expect(seat.locator(".ng-error")).to_have_text(
        "The camera is not available: paste the answer's text here.", timeout=TIMEOUT)
    expect(page.locator(".scan-layer")).to_have_count(0)
    guest = Device(device_contexts[1], site_url, lang="it", scripts=(NO_WEBRTC,))
    guest.open(link)
    expect(guest.page.locator(".ng-error")).to_contain_text(
        "Questo browser non permette collegamenti diretti", timeout=TIMEOUT)
    expect(guest.page.locator("#app h1")).to_have_text("Non si entra al tavolo")
    # the failed fetch is the browser's own console line, nothing else
    assert all("Failed to load" in error or "connection.js" in error
               for error in host.errors), host.errors
    assert guest.errors == []


FRAME = (640, 480)
LUMA = """async ([selector, width, height]) => {
  const image = document.querySelector(selector);
  await image.decode();
  const canvas = Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  const side = height - 40;
  context.drawImage(image, (width - side) / 2, 20, side, side);
  const rgba = context.getImageData(0, 0, width, height).data;
  let text = "";
  for (let i = 0; i < width * height; i++) {
    text += String.fromCharCode(Math.round(
      0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]));
  }
  return btoa(text);
}"""


def camera_video(path, luma: bytes = b"") -> None:
    """A one-frame grey Y4M video of ``luma`` (white when empty), for Chromium's fake camera."""
    width, height = FRAME
    luma = luma or bytes([255]) * (width * height)
    path.write_bytes(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode()
                     + b"FRAME\n" + luma + bytes([128]) * (width * height // 2))


def test_the_host_scans_the_guests_answer_with_the_camera(browser, launch_options, site_url,
                                                         tmp_path, device_contexts,
                                                         new_shared_context):
    """A friend at the same table: the host points the camera at the QR code on the
    guest's screen, and the guest sits down (the camera is a video of that code)."""
    import base64

    video = tmp_path / "camera.y4m"
    camera_video(video)
    camera = browser.browser_type.launch(
        executable_path=launch_options["executable_path"],
        args=[*launch_options["args"], "--use-fake-device-for-media-stream",
              "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
    players, seats = PLAYERS[:2], SEATS[:2]
    storage = {"scala40.game": Game.new(players, seed=1).to_save(),
               "scala40.table": json.dumps({"seats": seats})}
    camera_context = new_shared_context(camera)
    host = Device(camera_context, site_url, lang="en", storage=storage)
    guest = Device(device_contexts[1], site_url, lang="en")
    for device in (host, guest):
        device.ready()
    guest.page.evaluate("(url) => { location.hash = url.split('#')[1]; }",
                        invitation(host.page, 1))
    expect(guest.page.locator(".join img.qr")).to_be_visible(timeout=TIMEOUT)
    luma = guest.page.evaluate(LUMA, [".join img.qr", *FRAME])
    camera_video(video, base64.b64decode(luma))
    host.page.locator('.invite[data-seat="1"] [data-act="scan"]').click()
    guest.page.locator(".hand .in-hand").first.wait_for(state="visible", timeout=TIMEOUT)
    expect(host.page.locator('.invite[data-seat="1"] .link-state')).to_have_attribute(
        "data-state", "open", timeout=TIMEOUT)
    expect(host.page.locator(".scan-layer")).to_have_count(0)
    camera_context.close()
    camera.close()
    assert host.errors == [] and guest.errors == []



def test_the_table_says_which_friend_it_waits_for_and_the_ways_on(device_contexts,
                                                                  site_url):
    """A host goes to the table of its saved match with nobody joined, the friend's seat
    to move: the table says it waits for that friend, by the seat's name, instead of
    "Tocca a Amico 1" for ever; "Invita di nuovo" opens the invitations, and "Dai il
    posto a un bot" has a bot of the host's device play the seat at once."""
    game = Game.new(["Anna", "Amico 1"], seed="waiting")
    while game.state.to_move != 1:  # Anna's turn played, if hers came first
        game.play(make_bot("easy", random.Random(0)).choose(observe(game.state, 0)))
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Amico 1", "kind": "remote"}]
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": seats})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    host.ready()
    page = host.page
    expect(page.locator(".absent-note")).to_contain_text(
        "Al tavolo la partita aspetta chi non è ancora entrato", timeout=TIMEOUT)
    go = page.locator('.ng-actions [data-act="to-table"]')
    expect(go).to_have_text("Vai al tavolo")
    go.click()
    banner = page.locator(".peer-banner.waiting")
    expect(banner).to_contain_text("In attesa che Amico 1 entri")
    banner.get_by_role("button", name="Invita di nuovo").click()
    expect(page.locator('.invite[data-seat="1"]')).to_be_visible()
    expect(banner).to_have_count(0)
    go.click()
    step = host.step()
    banner.get_by_role("button", name="Dai il posto a un bot").click()
    expect(banner).to_have_count(0)
    expect(page.locator(".peer-step")).not_to_have_attribute("data-step", step,
                                                             timeout=TIMEOUT)
    assert host.errors == []


@pytest.mark.parametrize("run", range(4))
def test_an_invitation_opened_on_two_pages_still_seats_the_one_whose_answer_is_read(
        device_contexts, site_url, run):
    """The seat's invitation is opened twice (sent to a group, forwarded, opened on a
    phone and a laptop): both pages answer it, the host reads one answer, and that
    device sits down; the other one's attempt to connect must not spoil it (repeated:
    it failed in about half the tries)."""
    game = Game.new(["Anna", "Amico 1"], seed="twice")
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Amico 1", "kind": "remote"}]
    storage = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": seats})}
    host = Device(device_contexts[0], site_url, lang="it", storage=storage)
    pages = [Device(device_contexts[n], site_url, lang="en", name=name)
             for n, name in ((1, "Bea"), (2, "Carla"))]
    for device in (host, *pages):
        device.ready()
    link = invitation(host.page, 1)
    for device in pages:
        device.page.evaluate("(url) => { location.hash = url.split('#')[1]; }", link)
        device.page.locator(".answer-out").wait_for(state="attached", timeout=TIMEOUT)
    rightful = pages[run % 2]  # the answer of the page that opened it first, or last
    host.page.locator('.answer-text[data-seat="1"]').fill(
        rightful.page.locator(".answer-out").input_value())
    host.page.locator('[data-act="accept"][data-arg="1"]').click()
    expect(rightful.page.locator(".hand .in-hand").first).to_be_visible(timeout=TIMEOUT)
    expect(host.page.locator('.invite[data-seat="1"] .link-state')).to_have_attribute(
        "data-state", "open")
    assert host.errors == [] and rightful.errors == []
