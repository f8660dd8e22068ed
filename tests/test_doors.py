"""The doors of records and saves: whatever comes in is read or refused with a RuleError.

A save comes from a browser's storage and a record from a file, so both may
hold anything: truncated text, flipped characters, JSON nested thousands
deep, megabytes in one line, lone surrogates, a wrong type in any field.
Each must either load (and then be a sound game: it saves and loads again to
the same state) or be refused with ``RuleError`` (``bad_save``, ``bad_record``,
``unknown_save_version``), with a short message, never another exception.
The limits are in scala40/record.py and docs/engine.md ("Records and saves").
"""

from __future__ import annotations

import json
import os
import random
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40 import DrawStock, LayMeld, RuleError, TakeBack, apply, legal_actions, new_match
from scala40 import record as record_module
from scala40.actions import parse_action
from scala40.record import (
    MAX_ACTIONS,
    MAX_JSON_DEPTH,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    MAX_SAVE_CHARS,
    MAX_SEED_CHARS,
    RECORD_HEADER,
    Game,
    Record,
    load_save,
    read_json,
    state_digest,
)

EXPLORE = int(os.environ.get("SCALA40_EXPLORE", "0"))


def examples(count: int) -> settings:
    return settings(
        max_examples=count * max(1, EXPLORE),
        deadline=None,
        derandomize=not EXPLORE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def played(seed: int, steps: int, players=("Anna", "Bruno", "Carla")) -> Game:
    game = Game.new(players, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        game.play(chooser.choice(legal_actions(game.state)))
    return game


GAMES = [played(3, 40), played(5, 25, ("Zoë", "Nino", "A: b", "Ďa")), played(8, 0)]
SAVES = [game.to_save() for game in GAMES]
RECORDS = [game.record.text() for game in GAMES]

REFUSALS = {"bad_save", "bad_record", "unknown_save_version"}


def refused(text, door) -> RuleError:
    with pytest.raises(RuleError) as caught:
        door(text)
    return caught.value


def load_or_refuse(text) -> Game | None:
    """The property of the save door: a sound game, or a short RuleError."""
    try:
        game = load_save(text)
    except RuleError as error:
        assert error.code in REFUSALS
        for language in ("it", "en"):
            assert len(error.message(language)) < 600
        return None
    again = load_save(game.to_save())
    assert again.state == game.state and again.record == game.record
    return game


def parse_or_refuse(text) -> Record | None:
    """The property of the record door: a record that replays (or names its bad
    action), or a short RuleError."""
    try:
        record = Record.parse(text)
        state = record.replay()
    except RuleError as error:
        assert error.code == "bad_record"
        assert len(error.message("it")) < 600 and len(error.message("en")) < 600
        return None
    assert Record.parse(record.text()).replay() == state
    return record


# -- random damage ---------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
any_character = st.characters() | st.characters(categories=["Cs"])  # Cs: lone surrogates
nasty_strings = st.one_of(
    st.text(any_character, max_size=60),
    st.integers(1, 30).map(lambda n: "[" * n + "]" * n),
    st.integers(900, 60_000).map(lambda n: "[" * n),
    st.integers(900, 20_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.sampled_from(["\ud800", "\\ud800", "\udfff", "\\udc00x", "\ufeff", "\u2028", "\x85",
                     "\r", "\r\n", "\x00", '"', "\\", "\n\n", "#", ":"]),
    st.integers(1, 3).map(lambda n: "x" * (n * 700_000)),
)


@st.composite
def damaged(draw, texts: list[str]) -> str:
    text = draw(st.sampled_from(texts))
    places = draw(st.randoms(use_true_random=False))  # spread over the text, not near 0
    for _ in range(draw(st.integers(1, 3))):
        at = places.randrange(len(text) + 1)
        match draw(st.sampled_from(["cut", "flip", "insert", "drop"])):
            case "cut":
                text = text[:at]
            case "flip":
                text = text[:at] + draw(any_character) + text[at + 1 :]
            case "insert":
                text = text[:at] + draw(nasty_strings) + text[at:]
            case "drop":
                text = text[:at] + text[at + draw(st.integers(1, 40)) :]
    return text


@given(damaged(SAVES))
@examples(300)
def test_a_damaged_save_loads_soundly_or_is_refused(text):
    load_or_refuse(text)


@given(damaged(RECORDS))
@examples(300)
def test_a_damaged_record_reads_soundly_or_is_refused(text):
    parse_or_refuse(text)


@given(st.sampled_from(range(len(SAVES))), st.data())
@examples(200)
def test_a_save_holding_a_damaged_record_loads_soundly_or_is_refused(which, data):
    save = json.loads(SAVES[which])
    save["record"] = data.draw(damaged([RECORDS[which]]))
    load_or_refuse(json.dumps(save, ensure_ascii=data.draw(st.booleans())))


SAVE_FIELDS = ("format", "version", "record", "digest")


@given(st.sampled_from(range(len(SAVES))), st.sampled_from(SAVE_FIELDS),
       json_values | nasty_strings)
@examples(200)
def test_any_value_in_any_field_of_a_save(which, field, value):
    data = json.loads(SAVES[which])
    data[field] = value
    load_or_refuse(json.dumps(data, ensure_ascii=False))
    load_or_refuse(json.dumps(data))


@given(st.sampled_from(range(len(SAVES))), st.sampled_from(SAVE_FIELDS), st.booleans())
@examples(20)
def test_a_save_missing_a_field_is_refused(which, field, extra):
    data = json.loads(SAVES[which])
    del data[field]
    if extra:
        data["other"] = [1, 2, 3]
    assert load_or_refuse(json.dumps(data)) is None


def header_with(text: str, field: str, value: object, key: str | None = None) -> str:
    """``text`` with the header line ``field`` (or the rule ``key`` in it) set to ``value``."""
    lines = text.split("\n")
    number = next(n for n, line in enumerate(lines) if line.startswith(field + ":"))
    if key is None:
        lines[number] = f"{field}: {json.dumps(value)}"
    else:
        data = json.loads(lines[number].partition(":")[2])
        data[key] = value
        lines[number] = f"{field}: {json.dumps(data)}"
    return "\n".join(lines)


RULE_KEYS = sorted(GAMES[0].state.rules.to_dict())


@given(st.sampled_from(range(len(RECORDS))), st.sampled_from(["rules", "players", "seed"]),
       st.none() | st.sampled_from(RULE_KEYS), json_values | nasty_strings)
@examples(300)
def test_any_value_in_any_header_field_of_a_record(which, field, key, value):
    if field != "rules":
        key = None
    text = header_with(RECORDS[which], field, value, key)
    parse_or_refuse(text)
    # the same record inside a save: the save door holds too
    data = json.loads(SAVES[which])
    data["record"] = text
    load_or_refuse(json.dumps(data))


@given(st.lists(st.text(any_character, min_size=1, max_size=MAX_NAME_CHARS + 5), min_size=1,
                max_size=7),
       st.text(any_character, max_size=MAX_SEED_CHARS + 5) | st.integers())
@examples(200)
def test_any_names_and_seed_make_a_game_that_saves_and_loads_or_a_refusal(names, seed):
    try:
        game = Game.new(names, seed)
    except RuleError as error:
        assert error.code in {"bad_name", "bad_seed", "bad_players"}
        return
    game.play(DrawStock())
    text = game.to_save()
    text.encode("utf-8")  # a save is always plain UTF-8 text (a file, a download)
    loaded = load_or_refuse(text)
    assert loaded is not None and loaded.state == game.state
    assert game.record.text() == Record.parse(game.record.text()).text()


# -- the cases found by hand, each walked -----------------------------------------------


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1000, 50_000])
@pytest.mark.parametrize("field", ["save", "version", "digest", "rules", "players", "seed"])
def test_json_nested_deep_anywhere_is_refused(depth, field):
    deep = "[" * depth + "]" * depth
    data = json.loads(SAVES[0])
    if field == "save":
        text = deep
    elif field in ("version", "digest"):
        text = SAVES[0].replace(f'"{field}": {json.dumps(data[field])}', f'"{field}": {deep}')
    else:
        lines = data["record"].split("\n")
        lines = [f"{field}: {deep}" if line.startswith(field + ":") else line for line in lines]
        data["record"] = "\n".join(lines)
        text = json.dumps(data)
        error = refused(data["record"], Record.parse)
        assert error.code == "bad_record"
        assert error.facts["why"].code in {"json_too_deep", "line_too_long"}
    assert refused(text, load_save).code in REFUSALS


def test_the_json_door_refuses_depth_and_unbalanced_runs_before_the_parser():
    assert read_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    assert refused("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
                   read_json).code == "json_too_deep"
    assert refused("[" * 100_000, read_json).code == "json_too_deep"
    assert refused("[1," * 100_000, read_json).code == "json_too_deep"
    assert refused('{"a": "' + "[" * 100_000, read_json).code == "record_not_json"
    assert refused("]" * 100_000 + "[" * 5, read_json).code == "record_not_json"
    assert refused("[" * 5 + "[" * 5 + "]" * 5, read_json).code == "record_not_json"
    # no long run of "[" as written, but each "[]" dropped leaves one open: 100,000 deep
    assert refused("[[]," * 100_000, read_json).code == "json_too_deep"
    assert refused('{"a":[],' * 100_000, read_json).code == "json_too_deep"
    # brackets inside strings are text, not nesting
    assert read_json(json.dumps(["[" * 5000 + "{" * 5000])) == ["[" * 5000 + "{" * 5000]
    assert read_json(json.dumps({"a": ['\\"[' * 50]})) == {"a": ['\\"[' * 50]}


tricky_text = st.text(st.sampled_from('[]{}"\\ :,ax\ud800é\n'), max_size=30)
shallow_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | tricky_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(tricky_text, inner, max_size=3),
    max_leaves=10,
)


def depth(value) -> int:
    if isinstance(value, list | dict):
        items = value.values() if isinstance(value, dict) else value
        return 1 + max(map(depth, items), default=0)
    return 0


@given(shallow_json, st.booleans(), st.integers(0, 12))
@examples(300)
def test_json_reads_back_within_the_depth_and_is_refused_beyond(value, ascii, wraps):
    # brackets, quotes and backslashes inside strings are text, never nesting
    for _ in range(wraps):
        value = [value]
    text = json.dumps(value, ensure_ascii=ascii)
    if depth(value) <= MAX_JSON_DEPTH:
        assert read_json(text) == value
    else:
        assert refused(text, read_json).code == "json_too_deep"


@pytest.mark.parametrize("door", [load_save, Record.parse])
def test_ten_megabytes_are_refused_by_their_size_and_not_echoed(door):
    for text in ("x" * 10_000_000, RECORD_HEADER + "\n\n" + "meld " + "AH " * 3_300_000):
        error = refused(text, door)
        assert error.code in REFUSALS
        assert error.facts["why"].code == "text_too_long"
        assert len(error.message("it")) < 200 and len(error.message("en")) < 200


def test_a_long_action_line_is_refused_by_its_length_and_not_echoed():
    text = RECORDS[0] + "meld " + "AH " * 300_000 + "\n"
    assert len(text) < MAX_RECORD_CHARS
    error = refused(text, Record.parse)
    assert error.facts["why"].code == "line_too_long"
    assert error.facts["line"] == len(RECORDS[0].split("\n"))
    assert len(error.message()) < 200
    # a line just under the limit that is not a move: the refusal shows its start only
    error = refused(RECORDS[0] + "fly " * (MAX_LINE_CHARS // 4), Record.parse)
    assert error.facts["why"].code == "bad_action" and len(error.message()) < 200


def test_too_many_lines_or_actions_are_refused():
    error = refused(RECORDS[2] + "\n" * MAX_LINES, Record.parse)
    assert error.facts["why"].code == "too_many_lines"
    error = refused(RECORDS[2] + "draw\n" * (MAX_ACTIONS + 1), Record.parse)
    assert error.facts["why"].code == "too_many_actions"


def test_a_game_refuses_an_action_past_the_longest_save(monkeypatch):
    monkeypatch.setattr(record_module, "MAX_ACTIONS", 6)
    game = played(3, 6)
    error = refused(DrawStock(), game.play)
    assert error.code == "game_too_long" and "6" in error.message("it")
    assert load_save(game.to_save()).state == game.state  # what it holds still loads


@pytest.mark.parametrize("door", [load_save, Record.parse])
@pytest.mark.parametrize("value", [None, b"{}", 42, ["a"], {"format": "scala40-save"}])
def test_a_value_that_is_not_text_is_refused(door, value):
    assert refused(value, door).facts["why"].code == "not_text"


def test_a_byte_order_mark_and_crlf_line_ends_are_read():
    assert Record.parse("\ufeff" + RECORDS[0]) == GAMES[0].record
    assert Record.parse(RECORDS[0].replace("\n", "\r\n")) == GAMES[0].record
    assert load_save("\ufeff" + SAVES[0]).state == GAMES[0].state


# -- names and seeds -------------------------------------------------------------------


def test_a_lone_surrogate_in_a_name_becomes_a_replacement_character():
    # a browser's storage can hold half of a character (an emoji cut in two)
    game = Game.new(["T\ud800", "\udfffB", "😀"], seed=4)
    assert game.state.players == ("T\ufffd", "\ufffdB", "😀")
    game.play(DrawStock())
    text = game.to_save()
    assert load_save(text).state == game.state
    text.encode("utf-8")
    # a record or save written elsewhere with the escape reads the same way
    escaped = game.record.text().replace("T\ufffd", "T\\ud800")
    assert Record.parse(escaped).players[0] == "T\ufffd"
    data = json.loads(text)
    data["record"] = escaped
    assert load_save(json.dumps(data)).state == game.state


def test_the_state_digest_takes_any_text():
    state = new_match(["T\ud800", "B"], seed=1)  # straight from the engine, not normalized
    assert len(state_digest(state)) == 16


def test_a_lone_surrogate_in_a_seed_is_refused():
    assert refused(["A", "B"], lambda names: Game.new(names, "s\ud800")).code == "bad_seed"
    text = header_with(RECORDS[0], "seed", "s\ud800")
    assert '"s\\ud800"' in text
    error = refused(text, Record.parse)
    assert error.facts["why"].code == "bad_seed" and error.facts["line"] == 4


@pytest.mark.parametrize("name", ["A\u2028B", "A\x85B", "A\nB", "A\rB", "A\x1cB", "A\u2029",
                                  "#", " ", "A\tB", "\x00"])
def test_a_name_with_any_line_break_survives_its_own_record(name):
    # splitting records on every kind of line break once made such a save unloadable
    game = Game.new([name, "B"], seed=2)
    game.play(DrawStock())
    assert Record.parse(game.record.text()) == game.record
    assert load_save(game.to_save()).state == game.state


def test_long_names_are_cut_and_seeds_have_a_length_limit():
    assert Game.new(["A" * MAX_NAME_CHARS, "B"], seed="s" * MAX_SEED_CHARS).state.players[0] == (
        "A" * MAX_NAME_CHARS)
    cut = Game.new(["A" * (MAX_NAME_CHARS + 1), "B"], seed=1).state.players[0]
    assert cut == "A" * (MAX_NAME_CHARS - 1) + "…"
    assert refused(["", "B"], Game.new).code == "bad_name"
    assert refused(["A", "B"], lambda names: Game.new(names, "s" * 101)).code == "bad_seed"
    assert refused(["A", "B"], lambda names: Game.new(names, 10**200)).code == "bad_seed"
    record = Record.parse(header_with(RECORDS[0], "players", ["A" * 10_000, "B", "C"]))
    assert [len(name) for name in record.players] == [MAX_NAME_CHARS, 1, 1]
    # names that are the same once cut make no match
    same = header_with(RECORDS[0], "players", ["A" * 50 + "x", "A" * 50 + "y", "C"])
    assert refused(same, Record.parse).facts["why"].code == "bad_players"


def test_a_save_whose_names_are_too_long_loads_with_the_names_cut():
    # a save written before names were cut (or by hand): its digest is of the long names
    long_names = ("W" * 10_000, "Bruno")
    state = new_match(long_names, seed=4)
    state = apply(state, DrawStock())
    record = Record(state.rules, long_names, "4", (DrawStock(),))
    save = json.dumps({"format": "scala40-save", "version": 1, "record": record.text(),
                       "digest": state_digest(state)})
    game = load_save(save)
    assert game.state.players == ("W" * (MAX_NAME_CHARS - 1) + "…", "Bruno")
    assert game.state.hand == state.hand
    assert load_save(game.to_save()).state == game.state
    # a wrong digest is still refused, long names or not
    wrong = json.loads(save) | {"digest": "0123456789abcdef"}
    assert refused(json.dumps(wrong), load_save).code == "bad_save"


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("players", ["A"], "bad_players"),
        ("players", ["A", "A"], "bad_players"),
        ("players", ["A", 1], "record_players"),
        ("players", "AB", "record_players"),
        ("players", [["A"], ["B"]], "record_players"),
        ("seed", True, "bad_seed"),
        ("seed", 1.5, "bad_seed"),
        ("seed", None, "bad_seed"),
        ("seed", ["1"], "bad_seed"),
        ("rules", [], "bad_rules"),
        ("rules", "x" * 1500, "bad_rules"),
    ],
)
def test_a_bad_header_field_names_its_line(field, value, why):
    error = refused(header_with(RECORDS[0], field, value), Record.parse)
    assert error.code == "bad_record" and error.facts["why"].code == why
    assert error.facts["line"] == {"rules": 2, "players": 3, "seed": 4}[field]
    assert len(error.message()) < 200


def test_a_seed_may_be_a_whole_number():
    assert Record.parse(header_with(RECORDS[0], "seed", 3)).replay() == GAMES[0].state


@pytest.mark.parametrize(
    ("line", "why"),
    [("player: []", "record_unknown_field"), ('seed: "3"', "record_twice"),
     ("draw", "record_unknown_field")],
)
def test_an_unknown_or_repeated_header_field_is_refused(line, why):
    lines = RECORDS[0].split("\n")
    lines.insert(4, line)
    error = refused("\n".join(lines), Record.parse)
    assert error.facts["why"].code == why and error.facts["line"] == 5


# -- replaying a long game (docs: memory linear in its length) ------------------------


def one_long_turn(size: int) -> Record:
    """A draw, then one meld laid and taken back again and again: one turn, one hand."""
    state = apply(new_match(["A", "B"], seed=0), DrawStock())
    meld = next(action for action in legal_actions(state) if isinstance(action, LayMeld))
    actions = [DrawStock(), *((meld, TakeBack())[n % 2] for n in range(size - 1))]
    return Record(state.rules, state.players, state.seed, tuple(actions))


def test_a_long_turn_replays_in_memory_linear_in_its_length():
    # each state holds the hand's log: keeping every state (as Game once did, for
    # undo) took 17 MB for these 2,000 actions and grew with their square
    record = one_long_turn(2000)
    tracemalloc.start()
    try:
        game = Game.from_record(record)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3_000_000
    assert game.state == record.replay()
    # undo still reaches back through the whole turn, exactly
    before = Record(record.rules, record.players, record.seed, record.actions[:-1]).replay()
    assert game.can_undo and game.undo() == record.actions[-1]
    assert game.state == before and game.record.actions == record.actions[:-1]


def test_the_record_of_a_game_is_built_once_per_move():
    game = played(3, 10)
    assert game.record is game.record
    first = game.record
    game.play(legal_actions(game.state)[0])
    assert game.record is not first and game.record.actions[:-1] == first.actions


def test_every_game_play_allows_fits_a_record_and_a_save():
    # the longest action texts: a 14-card sequence with a declared joker, an attach
    longest = max(
        (
            parse_action("meld AH 2H 3H 4H 5H 6H 7H 8H 9H JK=10H JH QH KH AH"),
            parse_action("attach JK=10H to 99 high"),
            parse_action("swap 10H in 99"),
        ),
        key=lambda action: len(str(action)),
    )
    # names JSON writes longest: each character as \u0001 in the record, \\u0001 in a save
    names = tuple(f"{n}" + "\x01" * (MAX_NAME_CHARS - 1) for n in range(6))
    record = Record(GAMES[0].state.rules, names, "\x01" * MAX_SEED_CHARS,
                    (longest,) * MAX_ACTIONS)
    text = record.text()
    assert len(text) <= MAX_RECORD_CHARS
    assert len(text.split("\n")) <= MAX_LINES
    assert max(map(len, text.split("\n"))) <= MAX_LINE_CHARS
    save = json.dumps({"format": "scala40-save", "version": 1, "record": text,
                       "digest": "0123456789abcdef"}, ensure_ascii=False)
    assert len(save) <= MAX_SAVE_CHARS
