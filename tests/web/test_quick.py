"""Quick messages at the tables of a friends' match (web/friends/quick.py, seats.py,
page.py): every device shows and says who said what, in its own language; the button
is in the top bar at a friends' table only; the table imports nothing of it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_peer_quick import Clock
from test_seats import Shared

from web.friends import quick
from web.friends.errors import PeerError
from web.friends.host import QUICK_WINDOW_S
from web.friends.page import Friends
from web.friends.quick import SHOWN_S, bar
from web.page import view as render
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.table import Table


@pytest.fixture(autouse=True)
def talker():
    """Who sends quick messages, as the friends' part of the page said before each test."""
    kept = quick.talker
    yield
    quick.talker = kept


def test_every_table_shows_and_says_who_said_it_in_its_own_language():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")],
                    lang={1: "en", 2: "it"})
    shared.guests[1].session.say("nice")
    host, bruno, carla = shared.host, shared.guests[1], shared.guests[2]
    assert said(host).endswith("Bruno: Bella mossa!")
    assert said(bruno).endswith("You: Nice move!")
    assert said(carla).endswith("Bruno: Bella mossa!")
    shared.seats.say("gg")  # Anna, on the host's device
    assert said(bruno).endswith("Anna: Good game!")
    assert said(host).endswith("Tu: Bella partita!")
    markup = str(bar(carla.session.chat, carla.session, "it"))
    assert "Bruno: Bella mossa!" in markup and "Anna: Bella partita!" in markup


def test_a_bubble_goes_after_a_few_seconds_and_a_seat_shows_its_newest():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")])
    clock = Clock()
    shared.peer.clock = clock
    chat = shared.seats.chat
    chat.clock = clock
    shared.guests[1].session.say("oops")
    clock.now += QUICK_WINDOW_S
    shared.guests[1].session.say("thanks")
    assert [said.phrase for said in chat.shown()] == ["thanks"]
    clock.now += SHOWN_S
    assert chat.shown() == []
    assert "quick-bubble" not in str(bar(chat, shared.host.session, "it"))


def test_a_refused_quick_message_is_said_on_the_senders_table():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")], lang={1: "it"})
    shared.peer.clock = Clock()  # stands still: the second comes too soon
    shared.guests[1].session.say("oops")
    shared.guests[1].session.say("oops")
    assert shared.guests[1].session.message == \
        ("error", PeerError("peer_quick_too_fast").message("it"))
    shared.seats.say("gg")
    shared.seats.say("gg")
    assert shared.host.session.message[0] == "error"


def said(table: Table) -> str:
    """The newest announcement of ``table``'s live region."""
    return table.speech.items[-1][1]


def friends_of(table: Table, shared: Shared | None = None) -> Friends:
    friends = Friends(app=SimpleNamespace(table=table, page=None))  # type: ignore[arg-type]
    if shared is not None and table is shared.host:
        friends.hosting.remote = shared.seats
    return friends


def test_the_button_is_in_the_top_bar_at_a_friends_table_only():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")])
    friends_of(shared.guests[1])
    assert 'popovertarget="quick-picker"' in str(render.whole_page(shared.guests[1]))
    assert 'popovertarget="quick-picker"' not in str(render.whole_page(shared.host))
    friends_of(shared.host, shared)
    assert 'popovertarget="quick-picker"' in str(render.whole_page(shared.host))
    bots = Table(Saves(MemoryStore()), Settings(lang="it"), clock=lambda: 0.0)
    bots.start_session(Session.new([Seat("Tu"), Seat("Bruno", "bot", "easy")], 1))
    assert "quick-picker" not in str(render.whole_page(bots))


def test_a_phrase_chosen_in_the_picker_reaches_the_other_table():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote")], lang={1: "en"})
    friends_of(shared.host, shared)  # the host's page (a guest's finds its session alike)
    shared.guests[1].click("quick", "thanks")
    shared.guests[1].click("quick", "Free text!")  # not an id of the picker: nothing
    assert said(shared.host).endswith("Bruno: Grazie!")
    assert 'data-seat="1">Bruno: Grazie!</p>' in str(render.whole_page(shared.host))
