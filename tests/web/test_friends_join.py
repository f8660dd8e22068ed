"""A guest asks for its seat until the host's welcome answers (web/friends/joining.py).

The first message on a link that has just opened can be lost; ``keep_joining``
sends the join again, waiting longer each time up to a cap, and stops as soon
as a welcome answers, the link closes or another link replaces it. And the
host: an answer read while its link closes leaves the seat's new invitation."""

from __future__ import annotations

import re
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from test_storage_table import Full

from web.friends import hosting, joining, view
from web.friends.actions import friends_part
from web.friends.browser import Browser
from web.friends.hosting import CONNECT_S, Hosting
from web.friends.joining import JOIN_RETRY_MAX_S, JOIN_RETRY_S, Joining
from web.friends.page import Friends
from web.friends.view import SeatInvite
from web.store.saves import Saves
from web.store.settings import Settings, load_settings
from web.table.dialogs import menu_dialog
from web.table.shown import Screen
from web.table.table import Table


class Link:
    """A data channel: what was sent, and its state."""

    def __init__(self) -> None:
        self.state = "open"
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)


class Guest:
    """A guest table whose welcome comes after ``answered_after`` joins (never if None)."""

    def __init__(self, answered_after: int | None) -> None:
        self.answered_after = answered_after
        self.joins = 0
        self.names: list[str] = []

    def join(self, name: str) -> str:
        self.joins += 1
        self.names.append(name)
        return f"join {self.joins}"

    @property
    def awaiting_welcome(self) -> bool:
        return self.answered_after is None or self.joins < self.answered_after


class Clock:
    """Stands in for ``asyncio`` in the module (it only sleeps): each wait is taken at
    once and recorded, then ``at_wait(table, joins sent)`` runs, if set."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.at_wait: Callable[[Joining, int], None] | None = None
        self.table: Joining | None = None

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        if self.at_wait is not None and self.table is not None:
            self.at_wait(self.table, len(self.table.guest_link.sent))


@pytest.fixture
def clock(monkeypatch) -> Clock:
    made = Clock()
    monkeypatch.setattr(joining, "asyncio", made)
    monkeypatch.setattr(hosting, "asyncio", made)
    return made


def joined(clock: Clock, guest: Guest, link: Link, run_alone) -> Joining:
    """Run ``keep_joining`` on ``link`` to its end."""
    app = SimpleNamespace(table=SimpleNamespace(settings=Settings(lang="en", name=" Bea ")))
    table = Joining(Browser(app=app))  # type: ignore[arg-type]  # keep_joining needs settings
    table.guest, table.guest_link = guest, link  # type: ignore[assignment]
    clock.table = table
    run_alone(table.keep_joining(link))
    assert table.joining is None  # a later opening of a link may start again
    return table


def test_the_join_is_sent_again_until_the_welcome_answers_it(clock, run_alone):
    link = Link()
    guest = Guest(answered_after=3)
    joined(clock, guest, link, run_alone)
    assert link.sent == ["join 1", "join 2", "join 3"]
    assert guest.names == ["Bea"] * 3  # each names the player, as the settings keep it
    assert clock.waits == [JOIN_RETRY_S, 2 * JOIN_RETRY_S, 4 * JOIN_RETRY_S]


def test_the_wait_doubles_up_to_its_cap_and_stays_there(clock, run_alone):
    link = Link()
    joined(clock, Guest(answered_after=9), link, run_alone)
    assert len(link.sent) == 9
    assert clock.waits[:3] == [2.0, 4.0, 8.0]
    assert max(clock.waits) == JOIN_RETRY_MAX_S == clock.waits[-1]
    assert clock.waits == sorted(clock.waits)


def test_a_guest_never_welcomed_stops_asking_when_the_link_closes(clock, run_alone):
    link = Link()

    def close_after_five(_table: Joining, sent: int) -> None:
        if sent == 5:
            link.state = "closed"

    clock.at_wait = close_after_five
    joined(clock, Guest(answered_after=None), link, run_alone)
    assert len(link.sent) == 5


def test_a_new_link_ends_the_old_links_asking(clock, run_alone):
    old, new = Link(), Link()

    def replaced(table: Joining, sent: int) -> None:
        if sent == 2:
            table.guest_link = new

    clock.at_wait = replaced
    joined(clock, Guest(answered_after=None), old, run_alone)
    assert len(old.sent) == 2 and new.sent == []


# -- the host accepting an answer while the seat's link is replaced ----------------------


class App:
    """What ``Hosting.accept`` needs of the page: a table to redraw, in English."""

    def __init__(self) -> None:
        self.table = SimpleNamespace(lang="en", redraw=lambda: None)

    def carry_out(self) -> None:
        pass


@pytest.mark.parametrize("answer_fails", [False, True])
def test_an_answer_read_as_its_link_closes_leaves_the_new_invitation(answer_fails, run_alone):
    # the link closed while the answer was being read (the guest left): the seat has a new
    # invitation by then, which the old answer's outcome must not overwrite
    table = Hosting(Browser(app=App()))  # type: ignore[arg-type]
    table.invites[1] = SeatInvite(1, "waiting", "old link", "old code")
    fresh = SeatInvite(1, "waiting", "new link", "new code")

    async def accept(_text: str) -> None:
        table.accepts[1] = object()
        table.invites[1] = fresh
        if answer_fails:
            raise ValueError("the old connection is closed")

    table.accepts[1] = accept
    run_alone(table.accept(1, "an answer"))
    assert table.invites[1] == fresh


# -- the STUN servers, in the friends' screens' advanced part ------------------------------


def test_the_stun_servers_are_an_advanced_setting_of_the_friends_screens_not_the_menus():
    settings = Settings(lang="en", stun=["stun:stun.example.org:3478"])
    menu = str(menu_dialog(None, "en", settings, "1"))
    assert "stun" not in menu.lower()
    advanced = view.advanced_box("en", settings)
    for screen in (view.lobby("en", [], [], advanced=advanced),
                   view.join_screen("en", host="Anna", seat=1, state="connecting",
                                    advanced=advanced)):
        [part] = re.findall(r'<details class="box advanced stun" id="friends-advanced">'
                            r".*?</details>", str(screen))
        assert "<summary>Advanced</summary>" in part
        assert "a STUN server helps two devices on different networks find each other" in part
        assert 'id="stun-urls"' in part and "stun:stun.example.org:3478</textarea>" in part


class StunBox:
    """The friends' screens' STUN box: its text and the note under it."""

    def __init__(self, typed: str) -> None:
        self.field = SimpleNamespace(value=typed)
        self.note = SimpleNamespace(textContent="")

    def find(self, selector: str) -> SimpleNamespace | None:
        return {"#stun-urls": self.field, ".stun-note": self.note}.get(selector)


@pytest.mark.parametrize(("typed", "full", "note", "stored"), [
    ("stun:stun.example.org:3478", False, "Saved.", ["stun:stun.example.org:3478"]),
    ("stun:stun.example.org:3478", True,
     "It holds while this page stays open: the browser did not keep it.", None),
    ("http://stun.example.org", False, "Not a STUN address: http://stun.example.org", None),
])
def test_the_stun_servers_typed_say_whether_they_were_kept(typed, full, note, stored):
    store = Full()
    table = Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0)
    box = StunBox(typed)
    app = SimpleNamespace(table=table, page=box)
    store.full = full
    friends_part(app)  # type: ignore[arg-type]
    table.click("stun-save")
    assert box.note.textContent == note
    assert load_settings(store)[0].stun == (stored or [])
    if full:  # in the page all the same, and the player told what the browser refused
        assert table.settings.stun == ["stun:stun.example.org:3478"]
        assert table.notice is not None and table.notice[0] == "Not saved"


# -- a seat whose answer was accepted but whose link never opens ----------------------------


@pytest.mark.parametrize("opens", [False, True])
def test_a_link_that_does_not_open_after_its_answer_gets_a_fresh_invitation(
        opens, clock, run_alone):
    """An answer to the seat's older invitation, or to one opened by two people, is
    accepted but its link never opens: after CONNECT_S the seat has a new invitation
    that says why. A link that opened keeps its seat."""
    table = Hosting(Browser(app=App()))  # type: ignore[arg-type]
    table.invites[1] = SeatInvite(1, "waiting", "old link", "old code")
    link = Link()
    link.state = "connecting"
    table.links[1] = link
    invited: list[tuple[int, str]] = []

    async def invite(seat: int, note: str = "") -> None:
        invited.append((seat, note))

    async def accept(_text: str) -> None:
        if opens:
            link.state = "open"

    table.invite = invite  # type: ignore[method-assign]
    table.accepts[1] = accept
    run_alone(table.accept(1, "an answer"))
    if opens:
        assert invited == [] and clock.waits == []
    else:
        assert clock.waits == [CONNECT_S]
        assert invited == [(1, "The connection did not open (an answer to an older invitation,"
                                " or one invitation opened by two people): here is a new "
                                "invitation for this seat.")]


def test_the_relays_and_the_turn_server_given_are_kept_with_the_settings():
    """Under Advanced a player gives their relays and TURN server once: a reload reads
    them back through the settings' door, and the friends' internet play uses them."""
    from web.friends.internet import ice_servers, relays
    from web.store.stores import MemoryStore

    store = MemoryStore()
    turn = {"urls": "turn:turn.example.org:3478", "username": "anna", "credential": "s3cret"}
    given = Settings(lang="en", relays=["wss://relay.example.org"], turn=turn)
    assert Saves(store).save_settings(given)
    settings, refusal = load_settings(store)
    assert refusal is None
    assert relays(settings) == ["wss://relay.example.org"]
    assert turn in ice_servers(settings, internet=True)


# -- "Back" on the join screen, while the join is under way --------------------------------


class Room:
    """A code's room (relay.js): whether it was left."""

    def __init__(self) -> None:
        self.left = False

    def leave(self) -> None:
        self.left = True

    def receive(self, _handler) -> None:
        pass

    def joined(self, _handler) -> None:
        pass


class Closable(Link):
    """A guest's link: closed, or told whom to call when a message or a state comes."""

    def close(self) -> None:
        self.state = "closed"

    def receive(self, _handler) -> None:
        pass

    def watch(self, _handler) -> None:
        pass


class Pressed(Browser):
    """The page's scripts, with the player pressing Back on the join screen (``back``)
    while one of them works: the room's script loading, or the answer being made."""

    def __init__(self, app, when: str) -> None:
        super().__init__(app)
        self.when = when
        self.rooms: list[Room] = []
        self.links: list[Closable] = []
        self.peer = SimpleNamespace(answer=self.make_answer)
        self.qr = SimpleNamespace(qrSvg=lambda _text: "<svg></svg>")

    def press(self, now: str) -> None:
        if now == self.when:
            self.app.joining.back()

    async def link_problem(self) -> str:
        return ""

    async def room_problem(self) -> str:
        self.press("room")
        return ""

    async def open_room(self, code: str) -> Room:
        self.rooms.append(Room())
        return self.rooms[-1]

    async def make_answer(self, _invitation, _ice) -> SimpleNamespace:
        self.press("answer")
        self.links.append(Closable())
        return SimpleNamespace(data={"t": {}, "h": "Anna"}, link=self.links[-1], text="answer")

    def proxy(self, handler):
        return handler

    def ice(self, *, internet: bool) -> list:
        return []


@pytest.mark.parametrize("when", ["room", "answer"])
def test_back_while_joining_leaves_the_room_and_the_link_being_made(when, run_alone,
                                                                   monkeypatch):
    """The player gives up a join (Back) while the room is being opened or the answer
    made: what those steps bring once done is left at once (the room, the link), and
    the start screen stays; nothing of the join comes back over it."""
    monkeypatch.setattr(joining, "to_js", lambda value, **_: value)
    monkeypatch.setattr("web.friends.protocol.Ticket.from_json",
                        staticmethod(lambda _data: SimpleNamespace(seat=1)))
    table = SimpleNamespace(lang="en", settings=Settings(lang="en"), session=None,
                            screen=Screen.TABLE, redraw=lambda: None)
    app = SimpleNamespace(table=table, carry_out=lambda: None, spawn=lambda _c: None)
    browser = Pressed(app, when)
    app.joining = guest = Joining(browser)  # type: ignore[arg-type]
    if when == "room":
        run_alone(guest.join_code("KXMPQRA"))
        [room] = browser.rooms
        assert room.left and guest.room is None
    else:
        run_alone(guest.answer("an invitation"))
        [link] = browser.links
        assert link.state == "closed" and guest.guest_link is None
    assert guest.join_state is None and guest.guest is None and guest.code is None
    assert table.screen == Screen.NEWGAME
    friends = Friends(app=app)  # type: ignore[arg-type]
    friends.joining = guest
    assert str(friends.screen(view.EMPTY)) == ""  # no join screen: the start screen's own


def test_the_join_screens_have_a_way_back_in_both_languages():
    for lang, word in (("it", "Indietro"), ("en", "Back")):
        for screen in (view.join_screen(lang, host="", seat=None, state="code"),
                       view.join_screen(lang, host="", seat=None, state="looking",
                                        code="KXMPQRA"),
                       view.join_screen(lang, host="Anna", seat=1, state="connecting",
                                        answer="text", qr="data:,")):
            assert re.search(f'data-act="join-back"[^>]*>{word}</button>', str(screen))


@pytest.mark.parametrize("when", ["answer", "never"])
def test_back_while_rejoining_a_friends_table_keeps_that_table_and_its_banner(
        when, run_alone, monkeypatch):
    """A guest whose link dropped answers a new invitation, then presses Back: while the
    answer is made, or with the new link made and not yet welcomed. The friend's table
    it sat at comes back, with its player and the banner of the lost link (to try
    again); the new link is closed."""
    from test_seats import Shared

    from web.store.seat import Seat

    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")])
    table = shared.guests[1]
    session = table.session
    monkeypatch.setattr(joining, "to_js", lambda value, **_: value)
    monkeypatch.setattr("web.friends.protocol.Ticket.from_json",
                        staticmethod(lambda _data: session.guest.ticket))
    app = SimpleNamespace(table=table, carry_out=lambda: None, spawn=lambda _c: None)
    browser = Pressed(app, when)
    app.joining = guest = Joining(browser)  # type: ignore[arg-type]
    dropped = Closable()
    dropped.state = "closed"
    guest.guest, guest.guest_link = session.guest, dropped
    run_alone(guest.answer("a new invitation"))
    [made] = browser.links
    if when == "never":  # the answer is shown; Back before the host's welcome
        assert guest.guest is not session.guest and guest.guest_link is made
        guest.back()
    assert made.state == "closed"
    assert guest.join_state is None and guest.guest is session.guest
    assert table.session is session and table.screen == Screen.TABLE
    friends = Friends(app=app)  # type: ignore[arg-type]
    friends.joining = guest
    assert 'class="peer-banner lost"' in str(friends.screen(view.EMPTY))
