"""Game files: an import is the engine's record or a refusal that touches nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import RuleError, Rules, parse_action
from scala40.record import Record
from web.learn.coach import SCRIPT, SEED
from web.replay import actions as replay  # noqa: F401 - binds the actions
from web.replay import files
from web.store.saves import Saves
from web.store.stores import MemoryStore
from web.table.shown import Overlay
from web.table.table import Table

RECORD = Record(Rules(mode="single"), ("Tu", "Bot"), SEED,
                tuple(parse_action(step.action) for step in SCRIPT[:12]))


def table() -> tuple[Table, MemoryStore]:
    store = MemoryStore()
    store.setItem("scala40.game", "kept as it is")
    return Table(Saves(store), {"lang": "en"}, clock=lambda: 0.0), store


def test_an_import_continues_from_the_last_position() -> None:
    tb, _ = table()
    files.import_text(tb, RECORD.text(), "continue")
    assert tb.session is not None and tb.session.state == RECORD.replay()


def test_an_import_opens_as_a_replay_at_its_end() -> None:
    tb, store = table()
    files.import_text(tb, RECORD.text(), "replay")
    assert tb.overlay is Overlay.REPLAY and tb.replay is not None
    assert tb.replay.state == RECORD.replay()
    assert store.getItem("scala40.game") == "kept as it is"


def test_an_illegal_move_in_the_file_is_refused_with_the_engines_message() -> None:
    tb, store = table()
    text = RECORD.text() + "take\n"  # the player to move has drawn already
    files.import_text(tb, text, "continue")
    refusal = files.read_record(text)
    assert isinstance(refusal, RuleError) and tb.import_error == refusal.message("en")
    assert "line 18" in tb.import_error
    assert tb.session is None and store.data == {"scala40.game": "kept as it is"}


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_record_or_a_refusal_and_nothing_is_stored(text: str) -> None:
    tb, store = table()
    files.import_text(tb, text, "continue")
    if tb.session is None:
        assert tb.import_error and store.data == {"scala40.game": "kept as it is"}


def test_the_file_name_is_safe() -> None:
    tb, _ = table()
    files.import_text(tb, RECORD.text(), "continue")
    assert tb.session is not None
    tb.session.match_id = '../"<x>'
    assert files.file_name(tb.session) == "scala40------x-.txt"


LINES = RECORD.text().splitlines(keepends=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(LINES)), st.integers(0, len(LINES)),
       st.sampled_from(["", "take\n", "draw\n", "discard KS\n", "# x\n", "meld 9H 9C\n"]))
def test_a_record_cut_or_changed_is_played_exactly_or_refused_untouched(
        cut: int, at: int, line: str) -> None:
    lines = LINES[:cut]
    lines.insert(min(at, len(lines)), line)
    text = "".join(lines)
    tb, store = table()
    files.import_text(tb, text, "continue")
    read = files.read_record(text)
    if isinstance(read, RuleError):
        assert tb.session is None and tb.import_error == read.message("en")
        assert store.data == {"scala40.game": "kept as it is"}
    else:
        assert tb.session is not None and tb.session.state == read.replay()
