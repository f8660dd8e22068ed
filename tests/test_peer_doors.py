"""Every door that reads a message from another device: whatever arrives, the answer
is a refusal (or nothing), never an exception, and the match is untouched.

The host reads guests' messages (``HostTable.receive``); a guest reads the
host's (``GuestTable.receive``), the observation and refusals inside them
included. Hostile input is drawn by hypothesis: any text, any JSON, deep
nesting, huge sizes, real messages with one field changed.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from peer_helper import Wire

from scala40 import RuleError
from web.friends.errors import PeerError
from web.friends.guest import GuestTable
from web.friends.protocol import GUEST_LIMIT, HOST_LIMIT, TEXT_LIMIT, Ticket, refusal_from_json

EXAMPLES = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(["7H", "JK", "draw", "discard QS", "join", "action", "v"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(["v", "type", "match", "seq", "seat", "token", "step", "action", "x"])
            | st.text(max_size=8),
            children,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def a_table() -> Wire:
    return Wire.new(["Anna", "Bruno"], seed=3)


def host_answers_with_refusals_only(wire: Wire, text: object) -> None:
    """``text`` reaches the host over every seat's connection: only refusals come back,
    the match is unchanged."""
    before = wire.host.game.state, wire.host.step
    for link in wire.host.tickets:
        out = wire.host.receive(text, link)
        assert (wire.host.game.state, wire.host.step) == before
        for answer in out:
            data = json.loads(answer.text)
            assert data["type"] == "refused"
        assert len(answer.text) < 20_000  # a refusal, not an echo of what came in
        error = refusal_from_json(data["error"])
        assert error.message("it") and error.message("en")


def guest_shows_a_refusal_at_most(wire: Wire, text: object) -> None:
    """``text`` reaches a guest: it returns a renderable refusal or None, its table
    is still one the host sent."""
    guest = wire.guests[0]
    before = guest.observation
    refusal = guest.receive(text)
    assert refusal is None or isinstance(refusal, RuleError)
    if refusal is not None:
        assert refusal.message("it") and refusal.message("en")
        assert guest.observation == before


@EXAMPLES
@given(text=st.text(max_size=300) | st.binary(max_size=50) | st.integers() | st.none())
def test_any_text_is_refused_by_host_and_guest(text):
    wire = a_table()
    host_answers_with_refusals_only(wire, text)
    guest_shows_a_refusal_at_most(wire, text)


@EXAMPLES
@given(data=json_values)
def test_any_json_is_refused_by_host_and_guest(data):
    wire = a_table()
    text = json.dumps(data)
    host_answers_with_refusals_only(wire, text)
    guest_shows_a_refusal_at_most(wire, text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 3000 + "]" * 3000,
        '{"a":' * 1500 + "1" + "}" * 1500,
        "9" * 3999,
        '{"v": 1e999}',
        '{"v": NaN}',
        "\ud800",
        "x" * (GUEST_LIMIT + 1),
    ],
    ids=["deep lists", "deep objects", "a huge number", "inf", "NaN", "lone surrogate", "big"],
)
def test_pathological_json_is_refused_by_host_and_guest(text):
    wire = a_table()
    host_answers_with_refusals_only(wire, text)
    guest_shows_a_refusal_at_most(wire, text)


def test_a_huge_message_is_refused_by_its_size_before_it_is_parsed():
    wire = a_table()
    huge = '{"v":1,"type":"join","pad":"' + "x" * (50 * HOST_LIMIT) + '"}'
    started = time.perf_counter()
    [answer] = wire.host.receive(huge, 0)
    refusal = wire.guests[0].receive(huge)
    elapsed = time.perf_counter() - started
    assert json.loads(answer.text)["error"]["facts"]["why"]["error"]["code"] == "peer_too_large"
    assert refusal.facts["why"].code == "peer_too_large"
    print(f"a {len(huge) / 1e6:.0f} MB message refused by both sides in {elapsed * 1000:.2f} ms")


# -- real messages with one field changed ---------------------------------------------


def a_guest_move(wire: Wire) -> dict:
    mover = wire.host.game.state.to_move
    return json.loads(wire.guests[mover].act("draw"))


@EXAMPLES
@given(
    key=st.sampled_from(["v", "type", "match", "seq", "seat", "token", "step", "action"]),
    value=json_values,
    link=st.sampled_from([0, 1]),
)
def test_a_guest_move_with_any_field_changed_is_applied_only_if_still_sound(key, value, link):
    """Over either seat's connection: a move is made only for the seat that connection
    was made for, with its own token, when it is that seat's turn."""
    wire = a_table()
    move = a_guest_move(wire)
    changed = {**move, key: value}
    before = wire.host.game.state
    out = wire.host.receive(json.dumps(changed), link)
    if wire.host.game.state != before:  # the change kept it a valid move of the right seat
        assert changed["seat"] == before.to_move == link
        assert changed["token"] == move["token"]
        assert [json.loads(o.text)["type"] for o in out] == ["state", "state"]
    else:
        for answer in out:
            assert json.loads(answer.text)["type"] == "refused"


@EXAMPLES
@given(data=st.data())
def test_a_host_message_with_any_part_of_its_observation_changed_never_breaks_a_guest(data):
    wire = a_table()
    guest = wire.guests[0]
    mover = wire.host.game.state.to_move
    out = wire.host.receive(wire.guests[mover].act("draw"), mover)
    [state_for_0] = [o for o in out if o.seat == 0]
    message = json.loads(state_for_0.text)
    path, target = _random_leaf(message["observation"], data)
    target[path] = data.draw(json_values, label="new value")
    before = guest.observation
    refusal = guest.receive(json.dumps(message))
    if refusal is None:  # the change was still a sound observation: the guest took it
        assert guest.observation is not before
    else:
        assert refusal.code == "peer_bad_message" and guest.observation == before
        assert refusal.message("it") and refusal.message("en")


def _random_leaf(node, data):
    """A (key, container) somewhere inside ``node``, drawn by hypothesis."""
    while True:
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys), label="key")
        child = node[key]
        if not (isinstance(child, dict | list) and child) or data.draw(st.booleans()):
            return key, node
        node = child


@EXAMPLES
@given(data=json_values)
def test_any_refusal_from_the_host_renders_in_both_languages(data):
    for candidate in (data, {"code": "card_not_in_hand", "facts": data}, {"code": data}):
        try:
            error = refusal_from_json(candidate)
        except PeerError as bad:
            assert bad.code == "peer_bad_message"
            continue
        assert error.message("it") and error.message("en")


@EXAMPLES
@given(data=json_values)
def test_any_ticket_in_an_invitation_is_read_or_refused(data):
    for candidate in (data, [data, 1, "t"], ["m", data, "t"], ["m", 1, data]):
        try:
            ticket = Ticket.from_json(candidate)
        except PeerError as bad:
            assert bad.code == "peer_bad_message" and bad.message("it")
            continue
        assert Ticket.from_json(ticket.to_json()) == ticket


# -- who may speak on a connection ----------------------------------------------------


@EXAMPLES
@given(
    key=st.sampled_from(["match", "token", "action", "type"]),
    surrogate=st.integers(0xD800, 0xDFFF).map(chr),
    escaped=st.booleans(),
    at=st.integers(0, 40),
)
def test_a_lone_surrogate_in_any_text_is_refused_over_every_connection(
        key, surrogate, escaped, at):
    """Text that is not valid Unicode, raw or as a JSON escape, in any string of a real
    move: refused before anything reads it (a token compared with it raised)."""
    wire = a_table()
    move = a_guest_move(wire)
    value = str(move[key])
    move[key] = value[:at] + surrogate + value[at:]
    text = json.dumps(move, ensure_ascii=escaped)
    host_answers_with_refusals_only(wire, text)
    guest_shows_a_refusal_at_most(wire, text)


def test_a_seat_speaks_only_over_its_own_connection():
    """Another seat's real ticket (read from its invitation link, posted in a group chat
    with the others) moves nobody over this seat's connection, its join included."""
    wire = a_table()
    mover = wire.host.game.state.to_move
    other = 1 - mover
    thief = GuestTable(wire.host.tickets[mover])  # the mover's own ticket, on other's link
    before = wire.host.game.state, wire.host.step
    for text in (thief.join(), wire.guests[mover].act("draw")):
        [answer] = wire.host.receive(text, other)
        assert answer.seat is None
        assert json.loads(answer.text)["error"]["code"] == "peer_bad_seat"
    assert (wire.host.game.state, wire.host.step) == before
    wire.send(other, wire.guests[other].act("draw"))  # its own seat: out of turn, refused
    assert wire.host.game.state == before[0]


# -- names: a join's, and the seats' in every table --------------------------------------


@EXAMPLES
@given(name=json_values | st.text(max_size=300))
def test_a_join_with_any_name_seats_the_player_with_a_text_name_or_is_refused(name):
    """The join's ``name``: a text within TEXT_LIMIT seats the player, named as the host
    shows it (``shown_name``; "" keeps the seat's); anything else is refused, the seat's
    name unchanged."""
    wire = a_table()
    join = {**json.loads(wire.guests[1].join()), "name": name}
    answer, *others = wire.host.receive(json.dumps(join), 1)
    if isinstance(name, str) and len(name) <= TEXT_LIMIT:
        assert json.loads(answer.text)["type"] == "welcome"
        assert wire.host.names[1] == (name.strip() or "Bruno")
        assert [(o.seat, json.loads(o.text)["type"]) for o in others] == \
            ([(0, "state")] if name.strip() not in ("", "Bruno") else [])  # seat 0 told
    else:
        assert json.loads(answer.text)["type"] == "refused" and others == []
        assert wire.host.names[1] == "Bruno"


@EXAMPLES
@given(names=json_values)
def test_a_table_with_any_names_is_taken_with_one_text_a_seat_or_refused(names):
    wire = a_table()
    guest = wire.guests[0]
    mover = wire.host.game.state.to_move
    [state_for_0] = [o for o in wire.host.receive(wire.guests[mover].act("draw"), mover)
                     if o.seat == 0]
    message = {**json.loads(state_for_0.text), "names": names}
    before = guest.observation, guest.names
    refusal = guest.receive(json.dumps(message))
    if refusal is None:
        assert guest.names == names and len(names) == 2
        assert all(isinstance(name, str) and len(name) <= TEXT_LIMIT for name in names)
    else:
        assert refusal.code == "peer_bad_message" and (guest.observation, guest.names) == before
