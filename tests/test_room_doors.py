"""The door of join by code (web/friends/room.py): whatever arrives through a room of
public relays, from a guest or from whoever says it is the host, is a message of the
few shapes that seat a friend or ``None``, never an exception; a knock's ticket seats
only its own seat, secret and all; a code is read only when it is one.

Hostile input is drawn by hypothesis: any text, any JSON, real messages with one field
changed, codes with one letter changed or two swapped.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.friends import room
from web.friends.protocol import Ticket

EXAMPLES = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats()
    | st.text(max_size=30) | st.sampled_from(["knock", "answer", "asked", "invite", "turned",
                                              "refused", "full", "v", "AbC-_09"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["v", "type", "name", "ticket", "text", "host", "why", "x"])
        | st.text(max_size=8), children, max_size=6),
    max_leaves=30,
)
TICKETS = {1: Ticket("match-1", 1, "secret-one"), 2: Ticket("match-1", 2, "secret-two")}
REAL = [room.knock("Bea", None), room.knock("Bea", TICKETS[1]), room.answer("AbC-_09"),
        room.asked("Anna"), room.invite("AbC-_09"), room.turned("full")]
READERS = (room.read_from_guest, room.read_from_host)
SHAPES = (room.Knock, room.Answer, room.Asked, room.Invite, room.Turned)


def read_everywhere(text: object) -> None:
    for read in READERS:
        message = read(text)
        assert message is None or isinstance(message, SHAPES)
        if isinstance(message, room.Knock):
            assert isinstance(message.name, str) and len(message.name) <= 200
            seat = room.returning_seat(message, TICKETS)
            assert seat is None or TICKETS[seat] == message.ticket
        if isinstance(message, room.Answer | room.Invite):
            assert room.SIGNAL_TEXT.fullmatch(message.text) and len(message.text) <= 4000


@EXAMPLES
@given(st.text(max_size=300) | st.binary(max_size=100) | st.integers() | st.none())
def test_any_text_is_a_message_or_nothing(text):
    read_everywhere(text)


@EXAMPLES
@given(json_values)
def test_any_json_is_a_message_or_nothing(value):
    read_everywhere(json.dumps(value))


@EXAMPLES
@given(st.sampled_from(REAL), st.sampled_from(["v", "type", "name", "ticket", "text", "host",
                                                 "why", "extra"]), json_values)
def test_a_real_message_with_one_field_changed_is_read_only_if_it_still_fits(real, key, value):
    data = json.loads(real)
    data[key] = value
    read_everywhere(json.dumps(data))


@EXAMPLES
@given(st.integers(1, 50_000), st.sampled_from(["knock", "answer", "invite"]))
def test_huge_and_deep_messages_are_nothing(size, kind):
    assert room.read_from_guest(room.knock("x" * size, None)) is None or size <= 200
    assert room.read_from_host(room.invite("A" * size)) is None or size <= 4000
    deep = "[" * size + "]" * size
    read_everywhere(json.dumps({"v": 1, "type": kind, "name": deep, "text": deep}))
    read_everywhere('{"v": 1, "type": "knock", "name": "x", "ticket": ' + deep + "}")


@EXAMPLES
@given(st.sampled_from(sorted(TICKETS)), st.text(max_size=20), st.text(max_size=12),
       st.integers(-3, 8))
def test_a_knock_comes_back_only_with_its_own_seat_s_secret(seat, token, match, other):
    real = room.read_from_guest(room.knock("Bea", TICKETS[seat]))
    assert isinstance(real, room.Knock) and room.returning_seat(real, TICKETS) == seat
    forged = room.read_from_guest(room.knock("Bea", Ticket(match, other, token)))
    assert isinstance(forged, room.Knock)
    if room.returning_seat(forged, TICKETS) is not None:
        assert Ticket(match, other, token) in TICKETS.values()


@EXAMPLES
@given(st.text(max_size=40))
def test_anything_typed_is_a_code_or_nothing(typed):
    code = room.read_code(typed)
    if code is not None:
        assert len(code) == 7 and set(code) <= set(room.ALPHABET)
        assert room.check_letter(code[:6]) == code[6]


@EXAMPLES
@given(st.text(room.ALPHABET, min_size=6, max_size=6), st.integers(0, 6),
       st.sampled_from(room.ALPHABET), st.integers(0, 5))
def test_one_letter_changed_or_two_swapped_is_never_another_code(letters, at, letter, swap):
    code = letters + room.check_letter(letters)
    assert room.read_code(room.show_code(code).lower()) == code
    changed = code[:at] + letter + code[at + 1:]
    assert room.read_code(changed) is None or changed == code
    swapped = code[:swap] + code[swap + 1] + code[swap] + code[swap + 2:]
    assert room.read_code(swapped) is None or swapped == code


def test_a_match_s_code_is_its_own_and_the_same_after_a_reload():
    code = room.code_for("m", ["a", "b"])
    assert room.read_code(code) == code == room.code_for("m", ["b", "a"])
    assert code != room.code_for("m", ["a", "c"]) and code != room.code_for("n", ["a", "b"])
