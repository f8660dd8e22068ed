"""The deal of the day and challenges at the table: start one, say what is played, count
and compare its result once.

The page gives the local date (``YYYY-MM-DD``, from the browser's clock).
A deal of the day is a session whose match id is ``daily:<date>``; starting
it counts as the day's try (``scala40.daily`` in :mod:`web.store.storage`), so
leaving and starting again shows the day's result or its refusal instead.

A challenge (:mod:`web.daily.challenge`) is a session whose match id says who
challenges and their result, ``challenge:<deal>:<points>:<turn>:<closed>:<name>``
(``-`` for a result the link did not carry), so a reload still shows what is
played and the end still compares; the id stays within what the stored table
keeps (64 characters). Both are kinds of match the table asks (:data:`DAILY`,
:data:`CHALLENGED`, web/table/kinds.py): each is labelled on the table
(:func:`daily_label`, :func:`challenge_label`) and its end is said once: the day's
result line (:func:`daily_result`), or who did better (:func:`challenge_verdict`).

>>> from scala40 import Rules
>>> from web.daily.challenge import Challenge, Score
>>> dare = Challenge("s-1", Rules(mode="single"), ("hard",), by="Anna", score=Score(12, 9, False))
>>> session = challenge_session(dare, "en")
>>> session.names, session.match_id
(['You', 'Bruno'], 'challenge:6a840baf:12:9:0:Anna')
>>> challenge_label(session, "it")
'Sfida di Anna: batti 12 punti'
>>> daily_label(daily_session("2026-12-06", "en"), "en")
'Deal of the day · 6 Dec 2026'
"""

from __future__ import annotations

import hashlib

from scala40 import Discard, Rules
from scala40.record import Game
from web.daily.challenge import Challenge, Score, read_score, shown_name
from web.daily.deal import (
    DAILY_BOT,
    DAILY_RULES,
    DailyStats,
    daily_seed,
    day,
    streak,
)
from web.i18n import default_names, is_placeholder_name, shown_date, t
from web.store.saves import Saves
from web.store.seat import Seat, SeatKind
from web.store.settings import Settings
from web.table.kinds import Kind, register
from web.table.session import Session

PREFIX = "daily:"
CHALLENGE = "challenge:"


def result_line(today: str, *, closed: bool, turn: int, points: int, lang: str) -> str:
    """The line to send: the date, how the hand ended and on which of the player's turns.

    >>> result_line("2026-12-01", closed=True, turn=9, points=0, lang="it")
    'Scala 40 · 1 dic 2026 · chiusa al 9° turno · 0 punti'
    >>> result_line("2026-12-01", closed=False, turn=8, points=34, lang="it")
    "Scala 40 · 1 dic 2026 · persa all'8° turno · 34 punti"
    >>> result_line("2026-12-01", closed=False, turn=12, points=1, lang="en")
    'Scala 40 · 1 Dec 2026 · lost on turn 12 · 1 point'
    """
    # "al 9°" but "all'8°", "all'11°": ottavo, undicesimo begin with a vowel
    vowel = str(turn).startswith("8") or turn == 11
    on_turn = t("daily_on_turn_vowel" if vowel else "daily_on_turn", lang, turn=turn)
    how = t("daily_closed" if closed else "daily_lost", lang, on_turn=on_turn)
    return t("daily_result", lang, date=shown_date(day(today), lang), how=how,
             points=t("points_n", lang, n=points))


def daily_session(today: str, lang: str) -> Session:
    """The deal of ``today``: you against one bot, named as a new match names it."""
    names = default_names([SeatKind.HUMAN, SeatKind.BOT], lang)  # "You", "Bruno"
    seats = [Seat(names[0]), Seat(names[1], SeatKind.BOT, DAILY_BOT)]
    session = Session.new(seats, daily_seed(today), Rules.from_dict(DAILY_RULES))
    session.match_id = PREFIX + today
    return session


def day_of(session: Session | None) -> str | None:
    if session is None or not session.match_id.startswith(PREFIX):
        return None
    return session.match_id.removeprefix(PREFIX)


# -- challenges -------------------------------------------------------------------------


def challenge_session(challenge: Challenge, lang: str) -> Session:
    """The challenge's deal, you at the challenger's seat, the bots named as a new match
    names them unless the link names them."""
    kinds: list[str] = [SeatKind.BOT] * (len(challenge.bots) + 1)
    kinds[challenge.seat] = SeatKind.HUMAN
    names = default_names(kinds, lang)
    bots = iter(zip(challenge.bots, challenge.bot_names or [None] * len(challenge.bots),
                    strict=True))
    seats = []
    for name, kind in zip(names, kinds, strict=True):
        if kind == SeatKind.HUMAN:
            seats.append(Seat(name))
        else:
            level, given = next(bots)
            seats.append(Seat(given or name, SeatKind.BOT, level))
    session = Session.new(seats, challenge.seed, challenge.rules)
    session.match_id = challenge_id(challenge)
    return session


def challenge_id(challenge: Challenge) -> str:
    """The match id of a challenge: its deal (a digest of the seed, so two deals are two
    kept matches), the result to beat and who set it."""
    deal = hashlib.sha256(challenge.seed.encode("utf-8")).hexdigest()[:8]
    score = challenge.score
    said = f"{score.points}:{score.turn}:{int(score.closed)}" if score else "-:-:-"
    return f"{CHALLENGE}{deal}:{said}:{challenge.by}"


def rival_of(match_id: str) -> tuple[str, Score | None] | None:
    """Who challenges (a name, or "") and the result to beat, if ``match_id`` is a
    challenge's; an id that does not read as one (stored, imported) is none."""
    if not match_id.startswith(CHALLENGE):
        return None
    parts = match_id.split(":", 5)
    if len(parts) != 6:
        return None
    _, _deal, points, turn, closed, name = parts
    if name and not shown_name(name):
        return None
    if (points, turn, closed) == ("-", "-", "-"):
        return name, None
    if not (points.isdigit() and turn.isdigit() and closed in ("0", "1")) \
            or len(points) > 3 or len(turn) > 3:
        return None
    score = read_score(int(points), int(turn), closed == "1")
    return (name, score) if score is not None else None


def challenge_from(session: Session, by: str) -> Challenge | None:
    """The challenge of the single hand at the table, from its one person's seat against
    its bots; once the hand is over it carries their result, set by ``by``."""
    humans = session.humans
    state = session.state
    if state.rules.mode != "single" or len(humans) != 1 \
            or session.with_friends:
        return None
    seat = humans[0]
    kinds = [seat.kind for seat in session.seats]
    bots = [(index, seat) for index, seat in enumerate(session.seats) if seat.is_bot]
    usual = default_names(kinds, "en")
    names = tuple(seat.name for _, seat in bots)
    renamed = any(seat.name != usual[index] for index, seat in bots)
    score = score_of(session.game, seat) if state.hand.result is not None else None
    return Challenge(state.seed, state.rules, tuple(seat.level for _, seat in bots),
                     names if renamed else (), seat, by, score)


def challenger_name(session: Session, settings: Settings) -> str:
    """The name a challenge made here is sent with: the seat's, if the player gave one,
    else the one they gave on a friends' screen, else none ("")."""
    humans = session.humans
    name = session.name(humans[0]) if len(humans) == 1 else ""
    if is_placeholder_name(name) or not shown_name(name):
        name = settings.name
    return name if shown_name(name) and not is_placeholder_name(name) else ""


# -- what is played, and its end -------------------------------------------------------


def player_turns(game: Game, seat: int = 0) -> int:
    """The player's turns in the hand: their discards (the closing one too)."""
    return sum(1 for who, action, _ in game.state.hand.log
               if who == seat and isinstance(action, Discard))


def score_of(game: Game, seat: int) -> Score:
    """``seat``'s result in the hand just over: what they paid, on which of their turns."""
    result = game.state.hand.result
    assert result is not None
    return Score(result.penalties[seat], max(1, player_turns(game, seat)),
                 result.closer == seat)


def daily_label(session: Session, lang: str) -> str | None:
    """A deal of the day as the table says it while it is played: its date (None for an
    id whose date does not read)."""
    today = day_of(session)
    if today is None:
        return None
    try:
        return t("daily_label", lang, day=shown_date(day(today), lang))
    except ValueError:
        return None


def challenge_label(session: Session, lang: str) -> str | None:
    """A challenge as the table says it while it is played: who, and the result to beat."""
    rival = rival_of(session.match_id)
    return None if rival is None else rival_label(*rival, lang)


def rival_label(name: str, score: Score | None, lang: str) -> str:
    """A challenge as the friend's table names it: who, and the result to beat."""
    who = name or t("challenge_friend", lang)
    if score is None:
        return t("challenge_label", lang, challenger=who)
    if score.closed:
        return t("challenge_label_turn", lang, challenger=who, n=score.turn)
    return t("challenge_label_points", lang, challenger=who, n=score.points)


def verdict(name: str, theirs: Score, yours: Score, lang: str) -> str:
    """The end of a challenge: the two results, and who did better."""
    who = name or t("challenge_friend", lang)
    facts = {"challenger": who, "yours": said(yours, lang), "theirs": said(theirs, lang)}
    if yours.rank() == theirs.rank():
        return t("challenge_tied", lang, **facts)
    return t("challenge_won" if yours.rank() < theirs.rank() else "challenge_lost", lang,
             **facts)


def said(score: Score, lang: str) -> str:
    """A result in words: "closed in 9 turns", "12 points"."""
    if score.closed:
        return t("score_closed", lang, n=score.turn)
    return t("points_n", lang, n=score.points)


def challenge_verdict(session: Session, _saves: Saves, lang: str) -> str | None:
    """At the end of a challenge: who did better (None where the link carried no result
    to beat, or not one person plays it)."""
    rival = rival_of(session.match_id)
    humans = session.humans
    if session.state.hand.result is None or rival is None or rival[1] is None \
            or len(humans) != 1:
        return None
    return verdict(rival[0], rival[1], score_of(session.game, humans[0]), lang)


def daily_result(session: Session, saves: Saves, lang: str) -> str | None:
    """At the end of a deal of the day: its result line, kept once."""
    today = day_of(session)
    if session.state.hand.result is None or today is None:
        return None
    tried = saves.load_daily()
    if tried.get(today):
        return tried[today]
    score = score_of(session.game, 0)
    line = result_line(today, closed=score.closed, turn=score.turn, points=score.points,
                       lang=lang)
    tried[today] = line
    saves.save_daily(tried)
    return line


def tried_today(saves: Saves, today: str) -> str | None:
    """The day's result line ("" if tried and unfinished), ``None`` if not tried yet."""
    return saves.load_daily().get(today)


def start_try(saves: Saves, today: str) -> None:
    tried = saves.load_daily()
    tried.setdefault(today, "")
    saves.save_daily(tried)


def finished_days(saves: Saves) -> list[str]:
    """The dates whose deal was played to its end (a try left unfinished is not one)."""
    return [when for when, line in saves.load_daily().items() if line]


def current_streak(saves: Saves, today: str) -> int:
    return streak(finished_days(saves), today)


def daily_stats(saves: Saves, today: str) -> DailyStats:
    """What the statistics show of the deals of the day, seen from ``today``."""
    return DailyStats.of(finished_days(saves), today)


def _challenger(session: Session) -> str | None:
    rival = rival_of(session.match_id)
    return None if rival is None else rival[0]


#: A deal of the day: at stake untouched (its one try is spent), said as the day's deal,
#: labelled with its date, shared (not dared) from the score sheet, its result kept.
DAILY = register(Kind("daily", owns=lambda session: day_of(session) is not None,
                      at_end=daily_result, stake="always", lost="lost_daily",
                      label=daily_label, dare="share"))
#: A friend's challenge: who dares is named before it replaces a match, the result to
#: beat is on the table, and the end says who did better.
CHALLENGED = register(Kind("challenge", owns=lambda session: _challenger(session) is not None,
                          at_end=challenge_verdict, challenger=_challenger,
                          label=challenge_label))
