"""The guided first hand at the table: the coach's gate on the player's moves.

A lesson is a session whose match id is :data:`LESSON_ID`, dealt from
:data:`web.learn.coach.SEED`. Where it stands is the number of moves played; that
number is kept under ``scala40.lesson`` (:mod:`web.store.storage`) so the lesson
can be left for another game and resumed later from the same move. The
player's moves pass :func:`refusal` first (the move the lesson waits for, or
the engine's reason and the coach's step); the bot's moves are the script's
(:func:`bot_move`), so the lesson never waits for a bot to think.
"""

from __future__ import annotations

from scala40 import Action, Attach, RuleError, SwapJoker, apply
from scala40.record import Game, Record
from web.i18n import t
from web.learn.coach import BOT_LEVEL, RULES, SEED, Lesson
from web.store.saves import Saves
from web.store.seat import Seat
from web.table.kinds import Kind, register
from web.table.session import Session

LESSON_ID = "lesson"
LESSON = Lesson()


def is_lesson(session: Session | None) -> bool:
    return session is not None and session.match_id == LESSON_ID


def played(session: Session) -> int:
    return len(session.game.record.actions)


def new_lesson(lang: str, moves: int = 0) -> Session:
    """The lesson's session with its first ``moves`` moves played (a resumed lesson)."""
    moves = max(0, min(moves, len(LESSON)))
    names = [t("you", lang), t("bot", lang)]
    record = Record(RULES, tuple(names), SEED, LESSON.actions[:moves])
    session = Session.new([Seat(names[0]), Seat(names[1], "bot", BOT_LEVEL)], SEED, RULES)
    session.game = Game.from_record(record)
    session.match_id = LESSON_ID
    session.counted = True  # a lesson is not a match of the statistics
    session.arrange()
    return session


def refusal(session: Session, action: Action, lang: str) -> str | None:
    """Why the player's ``action`` is not taken in the lesson, or ``None`` to play it."""
    index = played(session)
    if LESSON.expects(index, action):
        return None
    try:
        apply(session.state, action)
        error: RuleError | None = None
    except RuleError as refused:
        error = refused
    return LESSON.refusal(error, lang)


def coach_line(session: Session, lang: str) -> str:
    """What the coach says now (nothing while the bot plays its moves)."""
    index = played(session)
    if index < len(LESSON) and LESSON.step(index).seat != 0:
        return ""
    return LESSON.say(index, lang)


def named_meld(session: Session) -> int | None:
    """The meld on the table the coach's step is about (an attach, a joker's swap), which
    the table keeps in view; None while the bot plays or the step names none."""
    index = played(session)
    if index >= len(LESSON) or LESSON.step(index).seat != 0:
        return None
    action = LESSON.actions[index]
    return action.target if isinstance(action, Attach | SwapJoker) else None


def bot_move(session: Session) -> Action:
    return LESSON.actions[played(session)]




def coach(session: Session, saves: Saves, lang: str) -> None:
    """The coach's words for the next step and the meld it names; the progress kept."""
    session.coach = coach_line(session, lang)
    session.spotlight = named_meld(session)
    saves.save_lesson(played(session))


#: The lesson as the table sees it: the coach's gate before the engine, the script's bot,
#: the coach after each move; never at stake nor kept among the replays.
LESSON_KIND = register(Kind("lesson", owns=is_lesson, refusal=refusal, bot_move=bot_move,
                            after_move=coach, stake="never", kept=False))
