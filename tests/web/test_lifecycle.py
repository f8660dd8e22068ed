"""One lifecycle for a match (docs/lifecycle.md): every way into a new match goes
through ``Table.start_session``, which asks before it loses a match in progress.

Each way in is tried over a match in progress: the question names what is lost;
"cancel" leaves the table and every stored key as they were; "leave it and
start" counts the old match as "Leave the match" does and starts the new one,
with what that way in does after (the day's try marked, the form kept, the
coach's words). A finished match and an untouched deal are replaced unasked."""

from __future__ import annotations

import random
from collections.abc import Callable
from copy import deepcopy
from dataclasses import replace
from functools import cache

import pytest
from match_helper import closing_single_hand

from scala40 import DrawStock, NextHand, Rules, observe, parse_action
from scala40.bots import make_bot
from scala40.record import Game, Record
from web.daily.challenge import Challenge, fragment
from web.learn import lesson
from web.learn.coach import SCRIPT, SEED
from web.newgame.actions import open_challenge
from web.newgame.start import start
from web.page.view import whole_page
from web.replay import files
from web.store.match import load_game
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.storage import DAILY_KEY, GAME_KEY, LESSON_KEY
from web.store.stores import MemoryStore
from web.table.dialogs import match_at_stake
from web.table.session import Session
from web.table.shown import Overlay, Screen
from web.table.table import Table

TODAY = "2026-12-01"
RECORD = Record(Rules(mode="single"), ("Tu", "Bot"), SEED,
                tuple(parse_action(step.action) for step in SCRIPT[:12]))
CHALLENGE = fragment(Challenge("c-7", Rules(mode="single"), ("hard",)))


def form(*kinds: str) -> dict:
    """A new-game form's setup: Anna (human) and a seat per kind."""
    seats = [{"name": "Anna", "kind": "human", "level": "medium", "strength": 0.5}]
    seats += [{"name": name, "kind": kind, "level": "easy", "strength": 0.5}
              for name, kind in zip(("Zeno", "Ugo"), kinds, strict=False)]
    return {"count": len(seats), "mode": "single", "custom": 151, "preset": "classica",
            "rules": {}, "seats": seats}


#: Every way into a new match: (what the page calls, whether the table then holds the
#: match it starts, given the match it replaced).
WAYS: dict[str, tuple[Callable[[Table], None], Callable[[Table, Session], bool]]] = {
    "new-game form": (
        lambda table: start(table, form("bot"), "s2"),
        lambda table, _old: table.session.names == ["Anna", "Zeno"]
        and table.settings.last == form("bot")),
    "deal of the day": (
        lambda table: table.click("daily", TODAY),
        lambda table, _old: table.session.match_id == f"daily:{TODAY}"
        and table.saves.load_daily() == {TODAY: ""}),
    "import, play on": (
        lambda table: files.import_text(table, RECORD.text(), "continue"),
        lambda table, _old: table.session.state == RECORD.replay()),
    "challenge link": (
        lambda table: open_challenge(table, CHALLENGE),
        lambda table, _old: table.session.state.seed == "c-7"
        and [(s.kind, s.level) for s in table.session.seats][1] == ("bot", "hard")),
    "lesson": (
        lambda table: table.click("learn"),
        lambda table, _old: lesson.is_lesson(table.session)  # and the coach followed it:
        and table.saves.store.getItem(LESSON_KEY) is not None
        and table.saves.load_lesson() == lesson.played(table.session)),
    # the sheet offers a rematch once the match is over; the door asks all the same
    "rematch": (
        lambda table: table.click("rematch", "s3"),
        lambda table, old: table.session.state.seed == "s3"
        and table.session.seats == old.seats),
    "friends' table": (
        lambda table: start(table, form("remote", "bot"), "s4"),
        lambda table, _old: [s.kind for s in table.session.seats] == ["human", "remote", "bot"]),
}

#: What the question says is lost, for the match of :func:`in_progress`.
LOST = {
    "en": "A match is in progress: if you start, you leave the match to 101 (hand 2, Bruno "
          "leads with 0 points). It counts as abandoned (−200 ranking points).",
    "it": "C'è una partita in corso: se inizi, lasci la partita a 101 (mano 2, Bruno è in "
          "testa con 0 punti). Conta come persa per abbandono (−200 punti di classifica).",
}
#: What it says first when the new match is a friend's challenge (issue #52).
CHALLENGED = {"en": "Start the challenge from a friend? ",
              "it": "Iniziare la sfida di un amico? "}


@cache
def second_hand() -> tuple:
    """The moves of a match to 101 of Tu against Bruno (easy bots) into its second hand,
    a draw made there."""
    game = Game.new(["Tu", "Bruno"], seed="life", rules=Rules(elimination_score=101))
    bots = [make_bot("easy", random.Random(i)) for i in range(2)]
    while not game.state.hand_over:
        game.play(bots[game.state.to_move].choose(observe(game.state, game.state.to_move)))
    assert not game.state.is_over
    game.play(NextHand())
    game.play(DrawStock())
    return game.record.actions


def in_progress(seats: list[Seat] | None = None) -> Session:
    """The match of :func:`second_hand`, as a session (a new one each call)."""
    seats = seats or [Seat("Tu"), Seat("Bruno", "bot", "easy")]
    game = Game.new([seat.name for seat in seats], seed="life", rules=Rules(elimination_score=101))
    for action in second_hand():
        game.play(action)
    session = Session(game, seats, "m1")
    session.pick_viewer()
    session.arrange()
    return session


def table_with(session: Session, lang: str = "en") -> Table:
    table = Table(Saves(MemoryStore()), Settings(lang=lang), clock=lambda: 0.0)
    table.start_session(session)
    table.take_effects()
    return table


def answer_of(table: Table) -> str:
    assert table.overlay is Overlay.REPLACE
    markup = str(whole_page(table))
    assert 'data-act="replace-yes"' in markup and 'data-act="replace-no"' in markup
    return table.question()


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_question_names_the_match_and_cancel_changes_nothing(way, lang):
    table = table_with(in_progress(), lang)
    old, stored, settings = table.session, dict(table.saves.store.data), deepcopy(table.settings)
    assert (old.state.scores, old.state.hand.number) == ((37, 0), 2)
    WAYS[way][0](table)
    asked = (CHALLENGED[lang] if way == "challenge link" else "") + LOST[lang]
    assert answer_of(table) == asked
    assert f'<p>{asked}</p>'.replace("'", "&#x27;") in str(whole_page(table))
    assert table.session is old and table.saves.store.data == stored  # asking stores nothing
    table.click("replace-no")
    assert table.session is old and table.screen is Screen.TABLE and table.overlay is None
    assert table.saves.store.data == stored and table.settings == settings
    assert table.replacing is None


@pytest.mark.parametrize("way", WAYS)
def test_leave_it_and_start_counts_as_leave_does_and_starts_the_new_match(way):
    left = table_with(in_progress())
    left.click("leave")
    left.click("leave-yes")
    table = table_with(in_progress())
    old = table.session
    start, started = WAYS[way]
    start(table)
    table.click("replace-yes")
    assert table.saves.load_stats() == left.saves.load_stats()
    [row] = table.saves.load_stats()["table"]["101"].values()
    assert (row["played"], row["abandoned"]) == (1, 1)
    assert table.screen is Screen.TABLE and table.overlay is None and started(table, old)
    game, _meta, _refusal = load_game(table.saves.store, "0")
    assert game is not None and game.state == table.session.state  # the old save replaced


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("old", ["finished", "untouched", "lesson"])
def test_nothing_to_lose_needs_no_question(way, old):
    if old == "finished":
        game, last = closing_single_hand()
        game.play(last)
        session = Session(game, [Seat("Tu"), Seat("Bruno", "bot", "easy")], "f")
    elif old == "untouched":
        session = Session.new([Seat("Tu"), Seat("Bruno", "bot", "easy")], "u")
    else:
        session = lesson.new_lesson("en", 5)
    table = table_with(session)
    stats = table.saves.load_stats()
    WAYS[way][0](table)
    assert table.overlay is None and table.session is not session
    assert WAYS[way][1](table, session)
    assert table.saves.load_stats() == stats  # nothing counted (a finished match was)


def test_the_deal_of_the_day_asks_even_untouched_and_marks_the_day_only_when_started():
    daily = Table(Saves(MemoryStore()), Settings(lang="en"), clock=lambda: 0.0)
    daily.click("daily", TODAY)
    daily.take_effects()
    daily.click("learn")
    assert "the deal of the day (you hold 13 cards)" in answer_of(daily)
    table = table_with(in_progress())
    table.click("daily", TODAY)
    assert table.saves.store.getItem(DAILY_KEY) is None
    table.click("replace-no")
    table.click("daily", TODAY)  # not refused as tried: it never started
    assert table.overlay is Overlay.REPLACE
    table.click("replace-yes")
    assert table.saves.load_daily() == {TODAY: ""}


def test_cancel_goes_back_to_the_dialog_or_screen_it_covered():
    table = table_with(in_progress())
    table.click("new-game")
    assert table.screen is Screen.NEWGAME
    start(table, form("bot", "bot"), "s")
    assert 'value="Ugo"' in str(whole_page(table))  # the form as filled in, behind it
    table.escape()  # Escape is "cancel"
    assert table.screen is Screen.NEWGAME and table.overlay is None
    assert 'value="Ugo"' in str(whole_page(table))  # kept for this visit only
    assert not table.settings.last
    table.click("import")
    files.import_text(table, RECORD.text(), "continue")
    table.click("replace-no")
    assert table.overlay is Overlay.IMPORT


def test_a_hand_ending_behind_the_question_waits_for_the_answer(closing_hand):
    session, last = closing_hand([Seat("Tu"), Seat("Bruno", "bot", "easy"),
                                  Seat("Carla", "bot", "easy")])
    table = table_with(session)
    table.click("learn")
    assert table.overlay is Overlay.REPLACE
    assert table.move(last) is None
    assert table.overlay is Overlay.REPLACE  # the question stays up
    table.click("replace-no")
    assert table.overlay is Overlay.SHEET  # and the hand's sheet is behind it


@pytest.mark.parametrize(("seats", "en", "it"), [
    ([Seat("Tu", "bot", "easy"), Seat("Bruno")], "you lead with 0 points",
     "sei in testa con 0 punti"),
    ([Seat("Anna"), Seat("Carla")], "Carla leads with 0 points",
     "Carla è in testa con 0 punti"),
    ([Seat("Anna"), Seat("Carla", "remote")], "Carla leads with 0 points",
     "Carla è in testa con 0 punti"),
])
def test_the_leader_is_you_or_named(seats, en, it):
    session = in_progress(seats)
    assert match_at_stake(session, "en") == f"the match to 101 (hand 2, {en})"
    assert match_at_stake(session, "it") == f"la partita a 101 (mano 2, {it})"


def test_a_tie_is_said_with_everyone_in_it():
    session = in_progress()
    tied = Session(Game(replace(session.state, scores=(20, 20))), session.seats, "m1")
    assert match_at_stake(tied, "en") == \
        "the match to 101 (hand 2, you are level with Bruno on 20 points)"
    assert match_at_stake(tied, "it") == \
        "la partita a 101 (mano 2, sei pari con Bruno a 20 punti)"


def test_a_single_hand_says_the_cards_held_or_the_fewest():
    solo = Session.new([Seat("Tu"), Seat("Bruno", "bot")], "x", Rules(mode="single"))
    assert match_at_stake(solo, "en") == "the single hand (you hold 13 cards)"
    assert match_at_stake(solo, "it") == "la partita singola (hai in mano 13 carte)"
    hot = Session.new([Seat("Anna"), Seat("Carla"), Seat("Ugo")], "x", Rules(mode="single"))
    assert match_at_stake(hot, "en") == \
        "the single hand (Anna, Carla and Ugo are level on 13 cards)"
    assert match_at_stake(hot, "it") == \
        "la partita singola (Anna, Carla e Ugo sono pari a 13 carte)"


def test_in_a_hot_seat_leaving_counts_nothing():
    table = table_with(in_progress([Seat("Anna"), Seat("Carla")]))
    stats = table.saves.load_stats()
    table.click("learn")
    assert "abandoned" not in table.question()  # no statistics with two people here
    table.click("replace-yes")
    assert lesson.is_lesson(table.session) and table.saves.load_stats() == stats


def test_a_friends_match_on_a_guests_device_counts_nothing_here():
    class Guests(Session):
        kept_here = False  # what web.friends.seats.GuestSession says

    session = in_progress()
    guest = Guests(session.game, session.seats, "m1")
    guest.pick_viewer()
    table = table_with(guest)
    stats = table.saves.load_stats()
    table.click("learn")
    text = table.question()
    assert "hand 2" in text and "abandoned" not in text
    table.click("replace-yes")
    assert lesson.is_lesson(table.session) and table.saves.load_stats() == stats


def test_joining_a_friends_table_keeps_the_match_saved_here_unasked():
    class Guests(Session):
        kept_here = False

    table = table_with(in_progress())
    stored = dict(table.saves.store.data)
    fresh = in_progress()
    table.start_session(Guests(fresh.game, fresh.seats, "theirs"))
    assert table.overlay is None and table.session.match_id == "theirs"
    assert table.saves.store.data == stored


class GuestsSession(Session):
    kept_here = False  # what web.friends.seats.GuestSession says


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("kind, says", [
    ("against bots", ("Conta come persa per abbandono", "counts as abandoned")),
    ("hot seat", ("Non si potrà riprendere", "cannot be taken up again")),
    ("a friend's", ("resta a chi ti ha invitato", "stays with the host")),
])
def test_leave_the_match_says_what_leaving_costs_at_this_table(kind, says, lang):
    if kind == "a friend's":
        mine = in_progress()
        session = GuestsSession(mine.game, mine.seats, "m1")
        session.pick_viewer()
    else:
        session = in_progress([Seat("Anna"), Seat("Carla")] if kind == "hot seat" else None)
    table = table_with(session, lang)
    table.click("pass-ready")  # the hot seat's first player takes the device
    stats = table.saves.load_stats()
    table.click("leave")
    assert says[lang == "en"] in str(whole_page(table))
    counted = table.saves.load_stats() != stats
    table.click("leave-yes")
    assert (table.saves.load_stats() != stats) == (kind == "against bots") and not counted


@pytest.mark.parametrize("way_out", ["new-game", "leave-yes"])
def test_after_a_friends_table_the_match_saved_here_is_offered_and_asked_about(way_out):
    """A match in progress here, then a friend's table joined (the match stays stored):
    leaving the friend's table gives the table back to the saved match (Resume on the
    new-game screen), and a new match asks before replacing it: never lost unasked."""
    mine = in_progress()
    table = table_with(mine)
    stored = table.saves.store.getItem(GAME_KEY)
    theirs = in_progress()
    guest = GuestsSession(theirs.game, theirs.seats, "theirs")
    guest.pick_viewer()
    table.start_session(guest)
    assert table.session is guest and table.saves.store.getItem(GAME_KEY) == stored
    if way_out == "new-game":  # the friend's match is over: the sheet's New game
        over, last = closing_single_hand()
        over.play(last)
        guest.game = over
    table.click(way_out)
    assert table.screen is Screen.NEWGAME
    assert table.session is not None and table.session.match_id == mine.match_id
    assert 'data-act="resume-game"' in str(whole_page(table))
    table.start_session(Session.new([Seat("Tu"), Seat("Bruno", "bot")], "new"))
    assert table.overlay is Overlay.REPLACE
    assert table.saves.store.getItem(GAME_KEY) == stored
