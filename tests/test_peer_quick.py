"""Quick messages at a friends' table, over the protocol (web/friends/host.py, guest.py)
and at the tables around it (web/friends/seats.py, quick.py): a fixed phrase's id goes
from one device to every device, with the sender the host knows from the link; nothing
else is ever shown; each seat is limited by the host's clock (injected: no sleeps)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from peer_helper import Wire
from test_peer_doors import EXAMPLES, json_values

from scala40.record import Game
from web.friends.errors import PeerError
from web.friends.guest import GuestTable
from web.friends.host import QUICK_BURST, QUICK_GAP_S, QUICK_WINDOW_S, HostTable
from web.friends.phrases import PHRASES
from web.friends.protocol import VERSION, write
from web.i18n import STRINGS, t


class Clock:
    """The host's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def three_guests() -> tuple[Wire, Clock]:
    wire = Wire.new(["Anna", "Bruno", "Carla"], seed=3)
    clock = Clock()
    wire.host.clock = clock
    return wire, clock


def everyone_heard(wire: Wire) -> list[list[tuple[int, str]]]:
    return [wire.host.heard, *(guest.heard for guest in wire.guests.values())]


def test_a_guests_quick_message_reaches_every_device_with_its_seat():
    wire, _ = three_guests()
    wire.send(1, wire.guests[1].say("nice"))
    assert everyone_heard(wire) == [[(1, "nice")]] * 4  # the host, and each guest, Bruno too
    relayed = [json.loads(sent.text) for sent in wire.sent if '"quick"' in sent.text]
    assert sorted(message["seat"] for message in relayed) == [1, 1, 1]
    assert all(message["phrase"] == "nice" and "Bella" not in json.dumps(message)
               for message in relayed)  # the id travels, never the words


def test_a_quick_message_leaves_the_count_of_moves_in_order():
    wire, _ = three_guests()
    mover = wire.host.game.state.to_move
    wire.send(mover, wire.guests[mover].say("hurry"))
    wire.send(mover, wire.guests[mover].act("draw"))
    assert wire.refusals == []
    assert wire.host.game.state.hand.phase.name == "PLAY"


@pytest.mark.parametrize("phrase", ["Bella mossa!", "", "NICE", "quick_nice", 1, None,
                                    ["nice"], {"id": "nice"}])
def test_a_phrase_not_in_the_catalog_is_refused_and_shown_nowhere(phrase):
    wire, _ = three_guests()
    guest = wire.guests[2]
    text = write("quick", wire.host.match_id, 2, seat=2, token=wire.host.tickets[2].token,
                 phrase=phrase)
    [answer] = wire.send(2, text)
    assert json.loads(answer.text)["type"] == "refused"
    assert [seat for seat, _ in wire.refusals] == [2]
    assert everyone_heard(wire) == [[]] * 4
    assert guest.observation is not None


def test_a_quick_message_claiming_another_seat_is_refused():
    wire, _ = three_guests()
    # Bruno's device holds Carla's ticket too (an invitation shown around): on his link
    # it speaks for nobody else
    text = write("quick", wire.host.match_id, 2, seat=2, token=wire.host.tickets[2].token,
                 phrase="oops")
    [answer] = wire.send(1, text)
    assert json.loads(answer.text)["error"]["code"] == "peer_bad_seat"
    assert everyone_heard(wire) == [[]] * 4


def test_each_seat_may_send_a_few_quick_messages_then_waits():
    wire, clock = three_guests()
    bruno, carla = wire.guests[1], wire.guests[2]
    for _ in range(QUICK_BURST):
        wire.send(1, bruno.say("clap"))
        clock.now += QUICK_GAP_S
    assert len(wire.host.heard) == QUICK_BURST
    wire.send(1, bruno.say("clap"))  # one more within the window
    assert len(wire.host.heard) == QUICK_BURST
    assert [(seat, error.code) for seat, error in wire.refusals] == \
        [(1, "peer_quick_too_fast")]
    wire.send(2, carla.say("laugh"))  # another seat has its own count
    assert wire.host.heard[-1] == (2, "laugh")
    clock.now += QUICK_WINDOW_S
    wire.send(1, bruno.say("gg"))
    assert wire.host.heard[-1] == (1, "gg")


def test_two_quick_messages_need_the_gap_between_them():
    wire, clock = three_guests()
    wire.send(1, wire.guests[1].say("thanks"))
    clock.now += QUICK_GAP_S / 2
    wire.send(1, wire.guests[1].say("thanks"))
    assert wire.host.heard == [(1, "thanks")]
    clock.now += QUICK_GAP_S
    wire.send(1, wire.guests[1].say("thanks"))
    assert wire.host.heard == [(1, "thanks")] * 2


def test_the_hosts_own_player_says_it_to_every_guest_and_is_limited_too():
    clock = Clock()
    host = HostTable(Game.new(["Anna", "Bruno"], seed=3), remote=[1], clock=clock)
    guest = GuestTable(host.tickets[1])
    for out in host.receive(guest.join(), 1):
        guest.receive(out.text)
    for out in host.say(0, "your_turn"):
        guest.receive(out.text)
    assert guest.heard == host.heard == [(0, "your_turn")]
    with pytest.raises(PeerError) as refused:
        host.say(0, "your_turn")
    assert refused.value.code == "peer_quick_too_fast"


def test_a_relayed_quick_message_of_no_seat_at_the_table_is_not_shown():
    wire, _ = three_guests()
    guest = wire.guests[1]
    for seat in (3, -1):
        guest.receive(write("quick", wire.host.match_id, 50 + seat, seat=seat, phrase="nice"))
    assert guest.heard == []


@EXAMPLES
@given(phrase=st.sampled_from([*PHRASES, "nicee", " nice", "Bella mossa!"]) | json_values,
       changed=st.dictionaries(st.sampled_from(["seat", "seq", "token", "match", "type", "x"]),
                               json_values, max_size=2),
       link=st.sampled_from([1, 1, 0, 2]))
def test_any_quick_message_from_a_guest_never_shows_words_outside_the_catalog(phrase, changed,
                                                                              link):
    """Bruno's quick message with any phrase, some of its other fields changed, over any
    link: the host never fails, and what any device is to show is a phrase of the
    catalog said by the seat whose link it came on."""
    wire, _ = three_guests()
    message = {"v": VERSION, "type": "quick", "match": wire.host.match_id, "seq": 2, "seat": 1,
               "token": wire.host.tickets[1].token, "phrase": phrase, **changed}
    wire.send(link, json.dumps(message))
    for heard in everyone_heard(wire):
        assert all(seat == link and phrase in PHRASES for seat, phrase in heard)
    for guest in wire.guests.values():
        assert guest.observation is not None


@EXAMPLES
@given(phrase=st.sampled_from([*PHRASES, "nicee"]) | json_values,
       seat=st.sampled_from([0, 2, 3, -1]) | json_values)
def test_any_quick_message_from_the_host_shows_only_a_phrase_of_a_seat(phrase, seat):
    wire, _ = three_guests()
    guest = wire.guests[1]
    guest.receive(json.dumps({"v": VERSION, "type": "quick", "match": wire.host.match_id,
                              "seq": 99, "seat": seat, "phrase": phrase}))
    assert all(said in PHRASES and 0 <= who < 3 for who, said in guest.heard)


def test_every_phrase_has_its_words_in_both_languages():
    assert {key.removeprefix("quick_") for key in STRINGS if key.startswith("quick_")} \
        >= set(PHRASES)
    texts = {t("quick_" + phrase, lang) for phrase in PHRASES for lang in ("it", "en")}
    assert "Bella mossa!" in texts and "Nice move!" in texts
