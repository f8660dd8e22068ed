"""Game files: an import is the engine's record or a refusal that touches nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import RuleError, Rules, parse_action
from scala40.record import Record
from web.learn.coach import SCRIPT, SEED
from web.replay import actions as replay  # noqa: F401 - binds the actions
from web.replay import files
from web.replay.replay import Replay
from web.store.saves import Saves
from web.store.settings import Settings
from web.store.stores import MemoryStore
from web.table.shown import Overlay
from web.table.table import Table

RECORD = Record(Rules(mode="single"), ("Tu", "Bot"), SEED,
                tuple(parse_action(step.action) for step in SCRIPT[:12]))


def table() -> tuple[Table, MemoryStore]:
    store = MemoryStore()
    store.setItem("scala40.game", "kept as it is")
    return Table(Saves(store), Settings(lang="en"), clock=lambda: 0.0), store


def test_an_import_continues_from_the_last_position() -> None:
    tb, _ = table()
    files.import_text(tb, RECORD.text(), "continue")
    assert tb.session is not None and tb.session.state == RECORD.replay()


def test_an_import_opens_as_a_replay_at_its_end() -> None:
    tb, store = table()
    files.import_text(tb, RECORD.text(), "replay")
    assert tb.overlay is Overlay.REPLAY and tb.part(Replay) is not None
    assert tb.part(Replay).state == RECORD.replay()
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


def test_an_export_says_what_was_saved_under_which_name() -> None:
    from web.page import handlers  # noqa: F401 - every feature binds its actions
    from web.table.shown import Effect

    tb, _ = table()
    files.import_text(tb, RECORD.text(), "continue")
    tb.take_effects()
    tb.click("menu")
    tb.click("download")  # from the menu: the file, and the menu gives way to the notice
    assert Effect.DOWNLOAD in tb.take_effects()
    name = files.file_name(tb.session)  # type: ignore[arg-type]
    assert tb.overlay is Overlay.NOTICE and tb.notice == (
        "Export game", f"The match was saved as the file “{name}”, in your downloads. To "
        "open it again: Import, on the start screen or in the menu.")
    tb.click("close")
    assert tb.overlay is None  # back to the table


def test_an_export_from_the_final_score_sheet_comes_back_to_it() -> None:
    from match_helper import closing_single_hand

    from web.page import handlers  # noqa: F401 - every feature binds its actions
    from web.store.seat import Seat
    from web.table.session import Session

    game, last = closing_single_hand()
    tb, _ = table()
    tb.settings.lang = "it"
    tb.start_session(Session(game, [Seat("Tu"), Seat("Bruno", "bot")], "m-1"))
    tb.move(last)
    assert tb.overlay is Overlay.SHEET
    tb.click("download")
    assert tb.overlay is Overlay.NOTICE
    assert tb.notice is not None and "«scala40-m-1.txt»" in tb.notice[1]
    tb.click("close")
    assert tb.overlay is Overlay.SHEET


def test_the_start_screen_offers_the_import_through_the_same_handler() -> None:
    from web.page import handlers  # noqa: F401 - every feature binds its actions
    from web.page.view import whole_page
    from web.table.shown import Screen

    tb, _ = table()
    page = str(whole_page(tb))
    assert tb.screen is Screen.NEWGAME
    start = page.split('class="ng-more"')[1].split("</div>")[0]
    assert 'data-act="import">Import</button>' in start
    tb.click("import")
    page = str(whole_page(tb))
    assert tb.overlay is Overlay.IMPORT and 'id="import-text"' in page and 'id="setup"' in page
    files.import_text(tb, RECORD.text(), "continue")  # the page's "Play on from there"
    assert tb.screen is Screen.TABLE and tb.session is not None
    assert tb.session.state == RECORD.replay()
