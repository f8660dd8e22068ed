"""Game records, saves, in-turn undo, and the golden games in tests/golden/.

A golden game is a full seeded match played by the random player of
``python -m scala40 simulate`` (uniform among the legal actions), stored as
its record (``NAME.record``) and the final ``write_position(state)`` (``NAME.state``).
Replaying the record must give exactly that text: any change in behaviour —
a rule, a shuffle, the order of ``legal_actions`` — shows up here.

After an intended change, regenerate with ``SCALA40_REGEN_GOLDEN=1 python -m
pytest tests/test_record.py`` and review the diff of tests/golden/.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from scala40 import (
    PRESETS,
    Attach,
    Discard,
    DrawStock,
    LayMeld,
    RuleError,
    Rules,
    TakeDiscard,
    apply,
    legal_actions,
    new_match,
    write_position,
)
from scala40.__main__ import main, random_game
from scala40.record import RECORD_HEADER, SAVE_VERSION, Game, Record, load_save, state_digest
from scala40.state import Phase

GOLDEN = Path(__file__).parent / "golden"

GOLDEN_GAMES = {
    # name: (seed, players, rules)
    "single_3p_seed9": (9, 3, Rules(mode="single")),
    "points_classica_3p_seed2": (2, 3, PRESETS["classica"]),
    "points_wikipedia_3p_seed11": (11, 3, PRESETS["wikipedia"]),
}


def random_player_record(seed: int, players: int, rules: Rules) -> Record:
    """The game ``scala40.__main__.random_game`` plays, with its actions written down."""
    state = new_match([f"P{n + 1}" for n in range(players)], seed, rules)
    chooser = random.Random(f"{seed}/random-player")
    actions = []
    while not state.is_over:
        action = chooser.choice(legal_actions(state))
        state = apply(state, action)
        actions.append(action)
    return Record(state.rules, state.players, state.seed, tuple(actions))


def _regenerate(name: str) -> None:
    record = random_player_record(*GOLDEN_GAMES[name])
    (GOLDEN / f"{name}.record").write_text(record.text(), encoding="utf-8")
    (GOLDEN / f"{name}.state").write_text(write_position(record.replay()) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_record_replays_to_the_same_state(name):
    if os.environ.get("SCALA40_REGEN_GOLDEN"):
        _regenerate(name)
    record = Record.parse((GOLDEN / f"{name}.record").read_text(encoding="utf-8"))
    expected = (GOLDEN / f"{name}.state").read_text(encoding="utf-8")
    state = record.replay()
    assert state.is_over
    assert write_position(state) + "\n" == expected


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_record_is_what_the_random_player_plays(name):
    seed, players, rules = GOLDEN_GAMES[name]
    text = (GOLDEN / f"{name}.record").read_text(encoding="utf-8")
    record = random_player_record(seed, players, rules)
    assert record.text() == text


def test_golden_random_player_is_the_simulate_command_player():
    seed, players, rules = GOLDEN_GAMES["single_3p_seed9"]
    record = Record.parse((GOLDEN / "single_3p_seed9.record").read_text(encoding="utf-8"))
    state, steps = random_game(seed, players, rules)
    assert state == record.replay() and steps == len(record.actions)


def test_the_replay_command_prints_the_golden_state(capsys):
    name = "single_3p_seed9"
    assert main(["replay", str(GOLDEN / f"{name}.record")]) == 0
    printed = capsys.readouterr().out
    assert printed == (GOLDEN / f"{name}.state").read_text(encoding="utf-8")


def test_the_replay_command_explains_a_bad_record(tmp_path, capsys):
    path = tmp_path / "bad.record"
    path.write_text(Game.new(["A", "B"], seed=1).record.text() + "discard 7H\n", encoding="utf-8")
    assert main(["replay", str(path), "--language", "it"]) == 2
    assert "Registrazione della partita non valida" in capsys.readouterr().err


# -- records ---------------------------------------------------------------------------


def played(seed=4, steps=60, players=("Anna", "Bruno", "Carla"), rules=None) -> Game:
    """A game after ``steps`` random legal actions."""
    game = Game.new(players, seed, rules)
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.state.is_over:
            break
        game.play(chooser.choice(legal_actions(game.state)))
    return game


def test_record_text_has_a_header_then_one_action_per_line():
    game = Game.new(["Anna", "Bruno"], seed=11, rules=Rules(opening_minimum=41))
    game.play(DrawStock())
    card = game.state.hand.hands[game.state.to_move][0]
    game.play(Discard(card))
    lines = game.record.text().splitlines()
    assert lines[0] == RECORD_HEADER
    assert json.loads(lines[1].removeprefix("rules: "))["opening_minimum"] == 41
    assert lines[2] == 'players: ["Anna", "Bruno"]'
    assert lines[3] == 'seed: "11"'
    assert lines[4] == ""
    assert lines[5:] == ["draw", f"discard {card}"]


def test_record_round_trip():
    game = played()
    text = game.record.text()
    record = Record.parse(text)
    assert record == game.record
    assert record.text() == text
    assert record.replay() == game.state


def test_record_keeps_unusual_names():
    game = Game.new(["Zoë", 'Nino "il Pazzo"', "A: b"], seed="séme")
    assert Record.parse(game.record.text()) == game.record


def test_record_comments_and_blank_lines_between_actions():
    text = Game.new(["A", "B"], seed=3).record.text() + "# the first turn\n\ndraw\n"
    assert Record.parse(text).actions == (DrawStock(),)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("", 1),
        ("# scala40 record 2\n", 1),
        (f"{RECORD_HEADER}\nrules: {{\nplayers: []\nseed: 1\n\n", 2),
        (f"{RECORD_HEADER}\nrules: {{}}\nplayers: [\"A\", \"B\"]\n\ndraw\n", 4),
        (f'{RECORD_HEADER}\nrules: {{}}\nplayers: ["A", "B"]\nseed: "1"\n\ndraw\nfly away\n', 7),
        (f'{RECORD_HEADER}\nrules: {{}}\nplayers: "AB"\nseed: "1"\n\n', 3),
    ],
)
def test_bad_records_name_the_line(text, line):
    with pytest.raises(RuleError) as caught:
        Record.parse(text)
    assert caught.value.code == "bad_record" and caught.value.facts["line"] == line


def test_record_with_unknown_rules_is_refused():
    text = Game.new(["A", "B"]).record.text().replace('"jokers": 4', '"jolly": 4')
    with pytest.raises(RuleError) as caught:
        Record.parse(text)
    assert caught.value.code == "bad_record" and caught.value.facts["line"] == 2
    assert caught.value.facts["why"].code == "bad_rules"


def test_replay_stops_at_the_first_illegal_action():
    record = Record.parse(Game.new(["A", "B"], seed=2).record.text() + "draw\ndraw\n")
    with pytest.raises(RuleError) as caught:
        record.replay()
    # the second action sits on line 7 of the record's text (5 header lines)
    assert caught.value.code == "bad_record" and caught.value.facts["line"] == 7
    assert record.text().splitlines()[6] == "draw"
    assert "already drawn" in str(caught.value)
    assert caught.value.message("it") == (
        "Registrazione della partita non valida (riga 7): mossa 2 «draw»: "
        + RuleError("already_drew").message("it")
    )


# -- saves -----------------------------------------------------------------------------


def mid_turn_game() -> Game:
    """A game stopped in the middle of a turn, after melds or attachments."""
    game = Game.new(["Anna", "Bruno", "Carla"], seed=21)
    chooser = random.Random(21)
    while True:
        legal = legal_actions(game.state)
        playing = [a for a in legal if isinstance(a, LayMeld | Attach)]
        game.play(chooser.choice(playing or legal))
        if playing and game.state.hand.phase == Phase.PLAY:
            return game


def test_save_and_load_mid_turn_is_identity():
    game = mid_turn_game()
    assert game.can_undo
    loaded = load_save(game.to_save())
    assert loaded.state == game.state
    assert loaded.record == game.record
    assert loaded.can_undo
    # the loaded game goes on exactly like the original
    for action in legal_actions(game.state):
        assert apply(loaded.state, action) == apply(game.state, action)


def test_save_is_versioned_json():
    data = json.loads(played().to_save())
    assert data["format"] == "scala40-save" and data["version"] == SAVE_VERSION
    assert data["digest"] == state_digest(played().state)


def _save_with(**changes) -> str:
    data = json.loads(played(steps=30).to_save())
    data.update(changes)
    return json.dumps({key: value for key, value in data.items() if value is not None})


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad_save"),
        ("", "bad_save"),
        ("[]", "bad_save"),
        ('"a save"', "bad_save"),
        ('{"format": "other-game", "version": 1}', "bad_save"),
        (_save_with(version=2), "unknown_save_version"),
        (_save_with(version="1"), "unknown_save_version"),
        (_save_with(version=True), "unknown_save_version"),
        (_save_with(version=1.5), "unknown_save_version"),
        (_save_with(record=42), "bad_save"),
        (_save_with(digest="0123456789abcdef"), "bad_save"),
        (_save_with(record="# scala40 record 1\n"), "bad_save"),
    ],
)
def test_corrupt_saves_are_refused(text, code):
    with pytest.raises(RuleError) as caught:
        load_save(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("text", "italian"),
    [
        ("{not json", "Salvataggio illeggibile: non è JSON."),
        ('{"format": "other"}', "Salvataggio illeggibile: non è un salvataggio di Scala 40."),
        (
            _save_with(record="# scala40 record 1\nrules: {\n"),
            "Salvataggio illeggibile: Registrazione della partita non valida (riga 2): "
            "non è JSON valido",
        ),
        (
            _save_with(
                record=Game.new(["A", "B"]).record.text().replace('"jokers": 4', '"jokers": 3')
            ),
            "Salvataggio illeggibile: Registrazione della partita non valida (riga 2): "
            "Regola non valida: jokers = 3. 4 oppure 0.",
        ),
    ],
)
def test_a_refused_save_explains_itself_in_italian(text, italian):
    # the table shows this message in the player's language, reasons included
    with pytest.raises(RuleError) as caught:
        load_save(text)
    assert caught.value.message("it") == italian


def test_truncated_saves_are_refused():
    text = played(steps=30).to_save()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        with pytest.raises(RuleError) as caught:
            load_save(text[:cut])
        assert caught.value.code == "bad_save"


def test_a_save_whose_record_was_tampered_with_is_refused():
    data = json.loads(played(steps=40).to_save())
    lines = data["record"].splitlines()
    data["record"] = "\n".join(lines[:-1]) + "\n"  # one action fewer: a legal, different game
    with pytest.raises(RuleError) as caught:
        load_save(json.dumps(data))
    assert caught.value.code == "bad_save"
    data["record"] = data["record"] + "discard QQ\n"
    with pytest.raises(RuleError) as caught:
        load_save(json.dumps(data))
    assert caught.value.code == "bad_save"


def test_unknown_version_message():
    with pytest.raises(RuleError) as caught:
        load_save(_save_with(version=7))
    assert caught.value.message("it") == "Salvataggio di una versione sconosciuta (7)."


# -- the game session and undo within a turn -------------------------------------------


def test_undo_within_a_turn():
    game = mid_turn_game()
    start = len(game.record.actions)
    history = [game.state]
    while game.can_undo:
        action = game.undo()
        assert action not in (DrawStock(), TakeDiscard())
        history.append(game.state)
    assert len(game.record.actions) < start
    last = game.record.actions[-1]
    assert isinstance(last, DrawStock | Discard) or game.state.hand.phase != Phase.PLAY
    with pytest.raises(RuleError) as caught:
        game.undo()
    assert caught.value.code == "nothing_to_take_back"
    # the record shrinks with the undo: it replays to the state now shown
    assert game.record.replay() == game.state


def test_undo_gives_back_the_exact_earlier_state():
    game = Game.new(["A", "B"], seed=8)
    game.play(DrawStock())
    assert not game.can_undo  # a draw revealed a card
    before = game.state
    options = [a for a in legal_actions(game.state) if isinstance(a, LayMeld)]
    assert options  # this deal holds a meld
    game.play(options[0])
    assert game.can_undo
    assert game.undo() == options[0]
    assert game.state == before


def test_a_refused_action_leaves_the_game_as_it_was():
    game = mid_turn_game()
    before = (game.state, game.record, game.can_undo)
    with pytest.raises(RuleError):
        game.play(DrawStock())
    assert (game.state, game.record, game.can_undo) == before
    undone = game.undo()
    assert game.record.actions == before[1].actions[:-1] and undone == before[1].actions[-1]


def test_undo_after_loading_a_save():
    game = mid_turn_game()
    loaded = load_save(game.to_save())
    assert loaded.undo() == game.undo()
    assert loaded.state == game.state


def test_a_discard_ends_what_can_be_undone():
    game = Game.new(["A", "B"], seed=8)
    game.play(DrawStock())
    game.play(Discard(game.state.hand.hands[game.state.to_move][0]))
    assert not game.can_undo


def test_saves_written_before_the_position_notation_still_load():
    # tests/golden/saves_1.json: three saves of bot matches (mid-hand, between hands,
    # several hands in) written by the engine before State.text() became the position
    # notation; the digest is of its own frozen text, so they load as they were
    saves = json.loads((Path(__file__).parent / "golden" / "saves_1.json").read_text("utf-8"))
    for text in saves:
        game = load_save(text)
        assert game.to_save() == text  # and they are written back exactly
