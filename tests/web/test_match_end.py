"""The end of a hand and of a match, the statistics, the dialogs' modal markup, Escape.

Sheets are read as data (:func:`sheet_rows`, :func:`sheet_totals`) from
positions the engine really reached (bots play them out) and from results
built by hand for the eliminations (RULES.md §8: an eliminated player is
dealt no more hands, unless the re-entry rule brings them back).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_render import Elements

from scala40 import Rules, observe
from scala40.bots import LEVELS, make_bot
from scala40.record import Game
from scala40.state import HandResult
from web.friends import view as _friends_view  # noqa: F401 - draws the friends' part of the sheet
from web.newgame.form import rematch
from web.page import keys
from web.page import view as render
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.stats import WIN_POINTS, count_result, empty_stats, match_tally, win_points
from web.store.stores import MemoryStore
from web.table import dialogs as table_dialogs
from web.table.dialogs import level_stats
from web.table.session import Session
from web.table.sheet import Cell, Total, score_sheet, sheet_rows, sheet_totals


def flagged(page: Elements, tag: str, flag: str) -> list[dict[str, str | None]]:
    """The ``tag`` elements carrying the attribute ``flag`` (valueless, like ``data-esc``)."""
    return [attrs for name, attrs in page.tags if name == tag and flag in attrs]


SEATS = [Seat("Tu"), Seat("Bruno", "bot", "easy"), Seat("Carla", "bot", "balanced:0.7")]


def played_out(rules: Rules, seed: str = "end1") -> Game:
    """A hand (or a whole match) played to its end by easy bots."""
    game = Game.new([seat.name for seat in SEATS], seed=seed, rules=rules)
    bots = [make_bot("easy", random.Random(i)) for i in range(3)]
    while not game.state.hand_over:
        state = game.state
        game.play(bots[state.to_move].choose(observe(state, state.to_move)))
    return game


def session_of(game: Game) -> Session:
    return Session(game, list(SEATS), "m")


# -- the sheet's totals -----------------------------------------------------------------


def test_a_single_hand_totals_what_each_player_pays():
    state = played_out(Rules(mode="single")).state
    (row,) = sheet_rows(state)
    totals = sheet_totals(state)
    assert [total.score for total in totals] == [cell.penalty for cell in row.cells]
    assert any(total.score > 0 for total in totals)  # the bug: the foot read 0 / 0 / 0


def test_a_points_match_totals_the_engine_scores():
    state = played_out(Rules(elimination_score=101)).state
    assert [total.score for total in sheet_totals(state)] == list(state.scores)


def eliminations() -> Session:
    """Anna goes out after hand 1; Bruno after hand 2 and comes back in with re-entry."""
    game = Game.new(["Anna", "Bruno", "Carla"], seed=5, rules=Rules(reentry=True))
    results = (
        HandResult(closer=2, in_mano=False, penalties=(120, 30, 0), eliminated=(0,)),
        HandResult(closer=2, in_mano=False, penalties=(0, 80, 0), eliminated=(1,)),
        HandResult(closer=2, in_mano=False, penalties=(0, 0, 0), reentered=(1,)),
        HandResult(closer=1, in_mano=False, penalties=(0, 0, 25)),
    )
    state = replace(game.state, results=results, scores=(120, 110, 25),
                    out=(True, False, False))
    return Session(Game(state), [Seat("Anna"), Seat("Bruno"), Seat("Carla")], "m")


def test_an_eliminated_player_is_out_of_the_later_hands():
    rows = sheet_rows(eliminations().state)
    assert [row.cells[0] for row in rows] == [
        Cell(120, eliminated=True), Cell(0, out=True), Cell(0, out=True), Cell(0, out=True)]
    # Bruno, eliminated in hand 2, sits hand 3 out and is back for hand 4
    assert [row.cells[1].text for row in rows] == ["30", "80 ✖", "out", "0 ★"]
    assert sheet_totals(eliminations().state)[0] == Total(120, out=True)


def test_the_sheet_says_out_in_the_players_language():
    for lang, word in (("it", "fuori"), ("en", "out")):
        page = Elements(score_sheet(eliminations(), lang))
        # Anna's three later hands and her total, Bruno's hand 3
        assert page.text.count(word) == 3 + 1 + 1


@given(st.lists(st.tuples(st.integers(0, 2), st.booleans()), max_size=8))
def test_out_cells_follow_eliminations_and_reentries(events):
    """Whatever the sequence of eliminations and re-entries, a cell is out exactly when
    the seat was eliminated in an earlier hand and has not come back since."""
    game = Game.new(["A", "B", "C"], seed=1)
    results = tuple(
        HandResult(closer=None, in_mano=False, penalties=(1, 2, 3),
                   eliminated=(seat,) if gone else (), reentered=() if gone else (seat,))
        for seat, gone in events
    )
    rows = sheet_rows(replace(game.state, results=results))
    out: set[int] = set()
    for row, (seat, gone) in zip(rows, events, strict=True):
        assert {s for s, cell in enumerate(row.cells) if cell.out} == out
        out = (out | {seat}) if gone else (out - {seat})


# -- the end of a hand, of the match: what the sheet offers -----------------------------


def named_by(markup: str, ids: str) -> str:
    """The accessible name ``aria-labelledby="ids"`` gives: the text of each element, its
    hidden parts left out, joined by spaces."""
    texts = []
    for id_ in ids.split():
        (inner,) = re.findall(rf'id="{id_}">(.*?)</(?:h2|h3|p)>', markup)
        inner = re.sub(r'<span aria-hidden="true">.*?</span>', "", inner)
        texts.append(" ".join(re.sub(r"<[^>]+>", "", inner).split()))
    return " ".join(texts)


def autofocused(page: Elements) -> list[dict[str, str | None]]:
    """The elements web/page/modal.js may give the focus to when the dialog opens."""
    return [attrs for _, attrs in page.tags if "data-autofocus" in attrs]


def test_after_a_hand_the_sheet_shows_the_table_then_the_next_hand():
    game = played_out(Rules())
    markup = str(score_sheet(session_of(game), "en"))
    page = Elements(markup)
    # the dialog is named by its heading; the focus lands on the sheet itself, named by
    # the heading and who closed, not on the next hand's button (issue #52)
    (box,) = page.having("div", role="dialog")
    assert named_by(markup, box["aria-labelledby"]) == f"End of hand {game.state.hand.number}"
    (first,) = autofocused(page)
    assert first["class"] == "sheet-body" and first["tabindex"] == "0"
    closer = SEATS[game.state.hand.result.closer].name
    assert named_by(markup, first["aria-labelledby"]) == \
        f"End of hand {game.state.hand.number} {closer} closes"
    assert page.having("button", data_act="next-hand")
    assert [b["aria-expanded"] for b in flagged(page, "button", "data-peek")] == ["true"]
    assert not flagged(page, "button", "data-esc")  # Escape does not deal the next hand


def test_the_hosts_sheet_leads_to_the_friends_invitations_before_the_deal():
    # a friend who dropped during the hand is invited again from the sheet: the menu
    # that also leads there is behind it until the next hand is dealt
    with_friend = [SEATS[0], Seat("Bruno", "remote"), SEATS[2]]
    hosted = Elements(score_sheet(Session(played_out(Rules()), with_friend, "m"), "it"))
    lobby = hosted.having("button", data_act="lobby")
    assert len(lobby) == 1 and "Inviti degli amici" in hosted.text
    assert hosted.having("button", data_act="next-hand")
    alone = Elements(score_sheet(session_of(played_out(Rules())), "it"))
    assert not alone.having("button", data_act="lobby")


def test_after_the_match_the_rematch_comes_first():
    game = played_out(Rules(mode="single"))
    page = Elements(score_sheet(session_of(game), "it"))
    buttons = [attrs.get("data-act") for attrs in page.having("button") if "data-act" in attrs]
    # then the replay, after a single hand the challenge to a friend, and the record
    # as a file (the menu that also exports it is behind the sheet)
    assert buttons == ["rematch", "new-game", "replay", "challenge", "download"]
    # the focus lands on the sheet, named by the winner, the hand and who closed
    (first,) = autofocused(page)
    assert first["aria-labelledby"] == "sheet-title sheet-hand sheet-closer"
    assert "Rivincita" in page.text


def test_a_rematch_keeps_seats_and_rules_with_new_cards():
    rules = Rules(elimination_score=201, reentry=True)
    game = Game.new([seat.name for seat in SEATS], seed="old", rules=rules)
    again = rematch(Session(game, list(SEATS), "old"), "new")
    assert again.seats == SEATS and again.state.rules == rules
    assert again.state.seed == "new" and again.state.results == ()
    assert again.state.hand.hands != game.state.hand.hands


# -- statistics -------------------------------------------------------------------------


def test_a_match_tally_counts_only_the_hands_the_player_was_dealt():
    state = eliminations().state
    assert match_tally(state, 0) == {"hands": 1, "closed": 0, "in_mano": 0, "penalty": 120}
    assert match_tally(state, 1) == {"hands": 3, "closed": 1, "in_mano": 0, "penalty": 110}
    assert match_tally(state, 2) == {"hands": 4, "closed": 3, "in_mano": 0, "penalty": 25}


def test_statistics_per_level_add_up_matches_and_keep_the_best_streak():
    stats = empty_stats()
    tally = {"hands": 3, "closed": 2, "in_mano": 1, "penalty": 45}
    for outcome in ("won", "won", "lost", "won", "abandoned"):
        count_result(stats, mode="101", levels=["hard", "easy"], outcome=outcome, tally=tally)
    count_result(stats, mode="single", levels=["hard"], outcome="won", tally=tally)
    count_result(stats, mode="single", levels=["balanced:0.3"], outcome="lost")
    by_level = {row.level: row for row in level_stats(stats)}
    assert list(by_level) == ["hard", "balanced"]  # easy, medium, hard, balanced order
    hard = by_level["hard"]
    assert (hard.matches, hard.wins, hard.abandoned, hard.win_rate) == (6, 4, 1, 67)
    assert (hard.closed, hard.in_mano, hard.average_penalty) == (12, 6, 15.0)
    assert hard.best_streak == 2
    assert by_level["balanced"].matches == 1 and by_level["balanced"].average_penalty == 0


def test_the_balanced_opponent_is_counted_under_its_own_name():
    saves = Saves(MemoryStore())
    game = played_out(Rules(mode="single"))
    session = Session(game, [Seat("Tu"), Seat("Carla", "bot", "balanced:0.7"),
                             Seat("Dario", "bot", "balanced:0.2")], "m")
    saves.count_match(session, "lost")
    (row,) = level_stats(saves.load_stats())
    assert row.level == "balanced" and row.hands == 1
    page = Elements(table_dialogs.stats_dialog(saves.load_stats(), "it"))
    assert "Equilibrato" in page.text or "equilibrato" in "".join(page.text).lower()


def test_every_bot_level_has_its_points_for_a_win_and_its_row_in_the_statistics():
    """The engine's levels are the one list: each earns its points and has its place and
    its name in the statistics (a balanced bot at its default strength earns its own)."""
    assert set(WIN_POINTS) == set(LEVELS)
    assert win_points("balanced:0.5") == WIN_POINTS["balanced"]
    assert table_dialogs.STATS_LEVELS[:len(LEVELS)] == LEVELS
    stats = empty_stats()
    for level in LEVELS:
        count_result(stats, mode="101", levels=[level], outcome="won")
    assert [row.level for row in level_stats(stats)] == list(LEVELS)


def test_the_statistics_offer_a_reset_only_when_something_was_counted():
    def reset(stats: dict) -> bool:
        return 'data-act="reset-stats"' in table_dialogs.stats_dialog(stats, "en")

    assert not reset(empty_stats())
    assert reset(count_result(empty_stats(), mode="101", levels=["easy"], outcome="lost"))
    assert reset({"points": 5, "table": {}})  # the ranking alone is something to delete


def test_unreadable_stored_counters_count_as_zero():
    stats = {"table": {"101": {"hard": {"played": "x", "won": True, "hands": -3}},
                       "single": ["not a dict"], "201": {"easy": None}}}
    (row,) = level_stats(stats)
    assert (row.matches, row.wins, row.hands) == (0, 0, 0)


def test_the_stats_dialog_reads_per_level():
    stats = count_result(empty_stats(), mode="101", levels=["medium"], outcome="won",
                         tally={"hands": 4, "closed": 3, "in_mano": 1, "penalty": 50})
    page = Elements(table_dialogs.stats_dialog(stats, "it"))
    assert page.having("section", data_level="medium")
    text = " ".join(page.text)
    assert "100%" in text and "12,5" in text  # win rate, average penalty 50 / 4


# -- every dialog is a modal; Escape ----------------------------------------------------


def dialogs(lang: str = "en") -> dict[str, str]:
    session = session_of(Game.new([seat.name for seat in SEATS], seed="d"))
    table = {"menu": table_dialogs.menu_dialog(session, lang, Settings(lang=lang), "1"),
             "stats": table_dialogs.stats_dialog({}, lang),
             "confirm": table_dialogs.confirm_dialog("Sure?", "leave-yes", "Leave", lang),
             "notice": table_dialogs.notice_dialog("Title", "Text", lang),
             "sheet": score_sheet(session, lang)}
    return {name: str(markup) for name, markup in table.items()}


@pytest.mark.parametrize("name", ["menu", "stats", "confirm", "notice", "sheet"])
def test_each_dialog_is_a_labelled_modal_that_escape_closes(name):
    page = Elements(dialogs()[name])
    (box,) = page.having("div", role="dialog", aria_modal="true")
    assert box.get("aria-label") or named_by(dialogs()[name], box["aria-labelledby"])
    (esc,) = flagged(page, "button", "data-esc")
    assert esc["data-act"] == "close"


def test_escape_is_bound_whatever_the_key_reports():
    assert keys.binding("Escape", ctrl=False) == "escape"
    assert keys.binding("escape", ctrl=True) is None  # Ctrl+Esc is the system's


def test_the_start_screen_leads_with_play():
    page = Elements(render.page(None, "it", on_table=False))
    (play,) = flagged(page, "button", "data-focus-home")
    assert play["data-act"] == "start"
    (details,) = page.having("details")
    assert "open" not in details  # the options are folded away on a first visit
    assert page.having("button", data_act="stats")
    assert "hidden" in flagged(page, "button", "data-install")[0]
