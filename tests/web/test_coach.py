"""The guided first hand: the script walked through the engine reaches the end of the hand."""

from __future__ import annotations

import pytest

from scala40 import Discard, DrawStock, RuleError, SwapJoker, parse_action, parse_cards
from scala40.engine import discard_refusal, opening_progress
from scala40.record import Game
from web.learn.coach import RULES, SCRIPT, SEED, Lesson


def walk(upto: int | None = None) -> Game:
    game = Game.new(["Tu", "Bot"], SEED, RULES)
    for step in SCRIPT[:upto]:
        assert game.state.to_move == step.seat, step
        game.play(parse_action(step.action))
    return game


def index_of(action: str) -> int:
    return next(n for n, step in enumerate(SCRIPT) if step.action == action)


def test_the_script_plays_the_whole_hand_and_the_player_closes() -> None:
    state = walk().state
    assert state.hand_over and state.hand.result is not None
    assert state.hand.result.closer == 0


def test_every_player_move_has_words_in_both_languages_and_bot_moves_none() -> None:
    for step in SCRIPT:
        if step.seat == 0:
            assert step.text("it") != step.text("en")
        else:
            assert not step.words


def test_the_lesson_meets_every_topic() -> None:
    kinds = {type(parse_action(step.action)).__name__ for step in SCRIPT if step.seat == 0}
    assert {"DrawStock", "LayMeld", "Attach", "SwapJoker", "Discard"} <= kinds


def test_the_discard_ban_is_real_at_its_step() -> None:
    state = walk(index_of("discard AC")).state
    error = discard_refusal(state, parse_cards("JS")[0])
    assert error is not None and error.code == "discard_attachable"


def test_the_live_total_shows_31_after_the_first_meld() -> None:
    state = walk(index_of("meld QH KH AH") + 1).state
    progress = opening_progress(state)
    assert (progress.points, progress.needed) == (31, 40)


@pytest.mark.parametrize("index", range(len(SCRIPT)))
def test_the_expected_move_is_accepted_and_another_is_not(index: int) -> None:
    lesson = Lesson()
    assert lesson.expects(index, lesson.actions[index])
    other = Discard(parse_cards("KD")[0]) if not isinstance(lesson.actions[index], Discard) \
        else DrawStock()
    assert not lesson.expects(index, other)


def test_a_meld_in_another_order_is_the_expected_one() -> None:
    lesson = Lesson()
    assert lesson.expects(index_of("meld QH KH AH"), parse_action("meld AH QH KH"))
    assert lesson.expects(index_of("attach JS to 1 low"), parse_action("attach JS to 1"))
    assert not lesson.expects(index_of("swap AS in 1"), SwapJoker(parse_cards("AS")[0], 0))


def test_a_refusal_says_only_why() -> None:
    """The engine's reason when the rules refuse the move, else that the lesson waits
    for another; never the instruction again (it stays on the table, #41)."""
    lesson = Lesson()
    index = index_of("discard AC")
    error = RuleError("discard_attachable", card=parse_cards("JS")[0])
    for lang in ("it", "en"):
        assert lesson.refusal(error, lang) == error.message(lang)
        assert lesson.say(index, lang) not in lesson.refusal(None, lang)
    assert lesson.say(len(SCRIPT), "en").startswith("You closed")


def lesson_table(lang: str = "en"):
    from web.store.saves import Saves
    from web.store.settings import Settings
    from web.store.stores import MemoryStore
    from web.table.table import Table

    store = MemoryStore()
    return Table(Saves(store), Settings(lang=lang), clock=lambda: 0.0), store


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_table_walks_the_lesson_to_its_end_and_counts_nothing(lang: str) -> None:
    from web.learn import lesson
    from web.store.storage import STATS_KEY

    table, store = lesson_table(lang)
    table.click("learn")
    session = table.session
    assert session is not None and lesson.is_lesson(session)
    for step in SCRIPT:
        if step.seat == 1:
            assert table.move(lesson.bot_move(session)) is None
        else:
            assert session.coach == step.text(lang)
            assert table.play(parse_action(step.action))
    assert session.state.hand_over and session.coach == Lesson().say(len(SCRIPT), lang)
    table.count_result()
    assert store.getItem(STATS_KEY) is None


def test_a_refused_move_is_explained_and_nothing_is_played() -> None:
    table, _ = lesson_table()
    table.click("learn")
    session = table.session
    assert session is not None
    from web.learn import lesson

    while session.state.to_move == 1:
        table.move(lesson.bot_move(session))
    assert table.play(parse_action("draw"))
    before, step = session.state, session.coach
    hand = [key for key, _ in session.hand_keys(0)]
    session.selected = [next(key for key in hand if key.startswith("JS#"))]
    assert not table.play(parse_action("discard JS"))
    kind, text = session.message or ("", "")
    assert kind == "error" and "J♠" in text and step not in text
    assert session.selected == [] and session.coach == step  # the instruction stays
    table.click("card", hand[0])  # a tap keeps it too
    assert session.coach == step
    assert not table.play(parse_action("discard KH"))  # legal, but not the lesson's move
    assert session.message == ("error", "That is not the lesson's move: follow the instruction.")
    assert session.state == before and session.coach == step


def test_a_lesson_resumed_by_a_reload_shows_its_instruction() -> None:
    table, store = lesson_table()
    table.click("learn")
    session = table.session
    assert session is not None
    from web.learn import lesson

    while session.state.to_move == 1:  # the bot's opening moves: then the player's step
        table.move(lesson.bot_move(session))
    again, _ = lesson_table()
    again.saves.store = store
    again.resume_saved("2")
    assert again.session is not None and again.session.coach == session.coach != ""


def test_the_lesson_resumes_where_it_was_left() -> None:
    table, store = lesson_table()
    table.click("learn")
    session = table.session
    assert session is not None
    from web.learn import lesson

    for step in SCRIPT[:6]:
        table.move(parse_action(step.action))
    again, _ = lesson_table()
    again.saves.store = store
    again.click("learn")
    assert again.session is not None and lesson.played(again.session) == 6
