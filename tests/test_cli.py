"""`python -m scala40`: every bad invocation is one plain line on stderr and exit status 2.

No traceback, whatever the arguments or the file given to ``replay`` (missing,
a directory, binary, Latin-1, huge, nested JSON, an illegal move). A record
that starts with a UTF-8 byte order mark is read like any other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scala40.__main__ import main
from scala40.bots.tournament import house_rules
from scala40.record import MAX_RECORD_CHARS, Game
from scala40.rules import PRESETS

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "single_3p_seed9.record"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """Files a hostile or careless user may pass to ``replay``, by name."""
    record = GOLDEN.read_text(encoding="utf-8")
    start = Game.new(["A", "B"], seed=1).record.text()
    contents: dict[str, bytes] = {
        "binary": bytes(range(256)) * 4,
        "latin1": start.replace('"A"', '"José"').encode("latin-1"),
        "empty": b"",
        "nested": start.replace("rules: {", "rules: " + "[" * 900 + "]" * 900 + "{")
        .encode(),
        "nested_short": start.replace("rules: {", "rules: " + "[" * 50 + "]" * 50 + "{")
        .encode(),
        "huge": b"x" * (4 * MAX_RECORD_CHARS + 10),
        "long": b"draw " * (MAX_RECORD_CHARS // 5 + 1),
        "long_line": (start + "meld " + "AH " * 100_000 + "\n").encode(),
        "illegal": (start + "discard 7H\n").encode(),
        "header_only": b"# scala40 record 1\n",
        "utf16": record.encode("utf-16"),
        "nul": (start + "draw\x00\n").encode(),
        "escape": (start + "\x1b[2J\x1b]0;owned\x07\n").encode(),
    }
    paths = {}
    for name, data in contents.items():
        path = tmp_path / f"{name}.record"
        path.write_bytes(data)
        paths[name] = str(path)
    (tmp_path / "folder").mkdir()
    paths["folder"] = str(tmp_path / "folder")
    paths["missing"] = str(tmp_path / "missing.record")
    return paths


BAD = [
    [],
    ["bogus"],
    ["--games", "3"],
    ["simulate", "--games", "0"],
    ["simulate", "--games", "-1"],
    ["simulate", "--games", "x"],
    ["simulate", "--games", "1.5"],
    ["simulate", "--games", "9" * 5000],
    ["x" * 100_000],
    ["tournament", "--players", "y" * 100_000],
    ["simulate", "--players", "1"],
    ["simulate", "--players", "7"],
    ["simulate", "--players", "-2"],
    ["simulate", "--mode", "forever"],
    ["simulate", "--seed", "one"],
    ["simulate", "--unknown"],
    ["simulate", "extra"],
    ["replay"],
    ["replay", "{missing}"],
    ["replay", "{folder}"],
    ["replay", "{binary}"],
    ["replay", "{latin1}"],
    ["replay", "{empty}"],
    ["replay", "{nested}"],
    ["replay", "{nested_short}"],
    ["replay", "{huge}"],
    ["replay", "{long}"],
    ["replay", "{long_line}"],
    ["replay", "{illegal}"],
    ["replay", "{header_only}"],
    ["replay", "{utf16}"],
    ["replay", "{nul}"],
    ["replay", "{escape}"],
    ["replay", "nul\x00in/the/path"],
    ["replay", ""],
    ["replay", "{missing}", "{missing}"],
    ["replay", "{illegal}", "--language", "fr"],
    ["tournament", "--players", "foo,bar"],
    ["tournament", "--players", ","],
    ["tournament", "--players", ""],
    ["tournament", "--players", "hard,expert"],
    ["tournament", "--players", "balanced:2"],
    ["tournament", "--players", "balanced:x"],
    ["tournament", "--players", "balanced:nan"],
    ["tournament", "--table", "1"],
    ["tournament", "--table", "9"],
    ["tournament", "--table", "two"],
    ["tournament", "--hands", "0"],
    ["tournament", "--hands", "-2"],
    ["tournament", "--hands", "3"],
    ["tournament", "--hands", "many"],
    ["tournament", "--jobs", "0"],
    ["tournament", "--jobs", "100000"],
    ["tournament", "--seed", "1e3"],
]


@pytest.mark.parametrize("argv", BAD, ids=lambda argv: " ".join(argv)[:40])
def test_a_bad_invocation_is_one_line_and_status_2(argv, files, capsys):
    argv = [arg.format(**files) for arg in argv]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("python -m scala40") and "Traceback" not in err
    assert len(err) < 400 and err[:-1].isprintable()


def test_the_refusals_say_what_is_wrong(files, capsys):
    expected = {
        "{missing}": "no such file",
        "{folder}": "is a directory",
        "{binary}": "not UTF-8 text",
        "{latin1}": "not UTF-8 text",
        "{huge}": "too large",
        "{long}": "longer than 2000000 characters",
        "{nested_short}": "JSON nested deeper than 10 levels",
        "{illegal}": "action 1 “discard 7H”: You must draw a card first.",
    }
    for path, words in expected.items():
        assert main(["replay", path.format(**files)]) == 2
        assert words in capsys.readouterr().err
    assert main(["tournament", "--players", "foo,bar"]) == 2
    assert "unknown bot level 'foo'" in capsys.readouterr().err
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games: must be a whole number of at least 1, not 0" in capsys.readouterr().err


def test_a_record_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "bom.record"
    path.write_bytes(b"\xef\xbb\xbf" + GOLDEN.read_bytes())
    assert main(["replay", str(path)]) == 0
    with_bom = capsys.readouterr().out
    assert main(["replay", str(GOLDEN)]) == 0
    assert with_bom == capsys.readouterr().out
    assert "winner:" in with_bom


def test_the_tournament_plays_the_hands_it_says(capsys):
    assert main(["tournament", "--players", "easy,easy", "--hands", "2", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"hands": 2' in out


def test_the_tournament_plays_a_house_and_a_discard_rule_over_it(capsys):
    argv = ["tournament", "--players", "easy,easy", "--hands", "2", "--json"]
    assert main([*argv, "--house", "wikipedia", "--attachable-discard", "allowed"]) == 0
    played = json.loads(capsys.readouterr().out)["house_rules"]
    assert played == dict(house_rules(PRESETS["wikipedia"]), attachable_discard="allowed")
    assert main([*argv, "--house", "pozzo_libero"]) == 0
    assert json.loads(capsys.readouterr().out)["house_rules"] == {"pile_before_opening": True}


def run(*argv: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scala40", *argv], cwd=REPO, capture_output=True, text=True,
        env={**os.environ, **env}, timeout=120, check=False,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("replay", "no/such/file.record"),
        ("replay", "tests"),
        ("simulate", "--players", "7"),
        ("tournament", "--players", "foo,bar"),
        ("tournament", "--table", "9"),
        ("tournament", "--house", "nowhere"),
    ],
)
def test_a_bad_invocation_from_the_shell(argv):
    done = run(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_terminal_without_unicode_still_gets_the_state(tmp_path):
    path = tmp_path / "names.record"
    record = Game.new(["Zoë", "T\ud800"], seed=3).record.text()
    path.write_text(record, encoding="utf-8")
    done = run("replay", str(path), PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    # the position notation writes names as JSON, so they reach any terminal escaped
    assert "Zo\\u00eb" in done.stdout and "T\\ufffd" in done.stdout
