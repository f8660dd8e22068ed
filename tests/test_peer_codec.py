"""The observation as JSON: it round-trips over random reachable states, and it
follows the engine's fields with no list of names to keep in step."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from peer_helper import reachable_state

from scala40 import Rules, observe
from scala40.observation import Observation
from scala40.state import Phase
from web.friends.codec import CodecError, from_json, to_json

EXAMPLES = settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

rules_strategy = st.builds(
    Rules,
    mode=st.sampled_from(["points", "single"]),
    jokers=st.sampled_from([4, 0]),
    pile_before_opening=st.booleans(),
    elimination_score=st.sampled_from([101, 25]),
)


@EXAMPLES
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 6),
    rules=rules_strategy,
    steps=st.integers(0, 400),
)
def test_every_seats_view_round_trips_through_json_text(seed, players, rules, steps):
    state = reachable_state(seed, players, rules, steps)
    for seat in range(players):
        view = observe(state, seat)
        text = json.dumps(to_json(view, Observation))
        assert from_json(json.loads(text), Observation) == view


def test_a_renamed_field_and_new_fields_travel_with_no_change_to_the_codec():
    """The codec reads the fields from the class: an Observation with a field renamed
    (as ``pile_card`` became ``taken_from_pile``) and fields added round-trips as is."""
    first, *rest = dataclasses.fields(Observation)
    renamed = dataclasses.make_dataclass(
        "RenamedObservation",
        [(first.name + "_renamed", first.type), *((f.name, f.type) for f in rest),
         ("extra_count", int), ("extra_phase", Phase)],
        frozen=True,
        namespace={"__module__": Observation.__module__},
    )
    view = observe(reachable_state(5, 3, Rules(), 60), 1)
    values = {f.name: getattr(view, f.name) for f in rest}
    new = renamed(**values, **{first.name + "_renamed": getattr(view, first.name)},
                  extra_count=12, extra_phase=Phase.PLAY)
    data = to_json(new, renamed)
    assert data[first.name + "_renamed"] == to_json(view, Observation)[first.name]
    assert data["extra_count"] == 12 and data["extra_phase"] == "play"
    back = from_json(json.loads(json.dumps(data)), renamed)
    assert back == new and back.extra_phase is Phase.PLAY


def test_a_field_of_a_type_with_no_json_form_fails_on_the_host_not_on_the_wire():
    odd = dataclasses.make_dataclass("Odd", [("when", complex)])
    with pytest.raises(TypeError, match="no JSON form"):
        to_json(odd(1j), odd)


@pytest.mark.parametrize(
    ("path", "value", "where"),
    [
        (("seat",), True, "seat"),
        (("public", "hand", "hands", 0, 1), "ZZ", "public.hand.hands[0][1]"),
        (("public", "hand", "melds"), [{"owner": 0, "meld": "7H 8D 9S"}],
         "public.hand.melds[0].meld"),
        (("public", "hand", "log"), [[0, "fly away", None]], "public.hand.log[0][1]"),
        (("public", "hand", "log"), [[0, "draw"]], "public.hand.log[0]"),
        (("public", "rules"), {"jokers": 3}, "public.rules"),
        (("public", "hand", "phase"), 1, "public.hand.phase"),
        (("public", "winner"), 1.0, "public.winner"),
        (("spy",), [], "spy"),
    ],
)
def test_a_wrong_value_is_named_by_its_path(path, value, where):
    data = to_json(observe(reachable_state(1, 2, Rules(), 10), 0), Observation)
    data = json.loads(json.dumps(data))
    inner = data
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = value
    with pytest.raises(CodecError) as error:
        from_json(data, Observation)
    assert error.value.where == where


def test_a_missing_field_is_named():
    data = to_json(observe(reachable_state(1, 2, Rules(), 10), 0), Observation)
    del data["stock_count"]
    with pytest.raises(CodecError, match="stock_count: expected a value"):
        from_json(data, Observation)
