"""What the list of kept matches says of each: when it was played, what kind of match it
was, and how it ended for the player at this device.

A kept match is its record (:mod:`web.replay.replay`), which knows the rules and the
moves but not who sat here, nor whether it was the deal of the day, a challenge or a
match with friends; and the result is at the end of a replay the list cannot afford
for twenty matches. So when a match is kept, :func:`about` notes those few facts beside
its record (``about`` in ``scala40.replays``, read through the storage door), and
:func:`described` words them for the list. A match kept before they were noted is
listed with its date and players only: as far as its record says.

>>> from web.table.session import Session

>>> from web.store.seat import Seat
>>> from scala40 import Rules
>>> session = Session.new([Seat("Tu"), Seat("Bruno", "bot")], "s", Rules(mode="single"))
>>> about(session)
{'kind': '', 'limit': 0, 'points': [0, 0], 'you': 0}
>>> described({"when": 1_765_000_000_000, "players": ["Tu", "Bruno"], "about": {
...     "kind": "daily", "limit": 0, "points": [0, 12], "you": 0, "winner": 0}}, "en")[1:]
('Deal of the day', 'Won · 0 points', True)
"""

from __future__ import annotations

from datetime import datetime

from web.daily import play as daily
from web.i18n import shown_date, t
from web.table.kinds import PLAIN, kind_of
from web.table.session import Session


def about(session: Session) -> dict:
    """The facts the list shows of a match, noted when it is kept: its kind ("daily",
    "challenge", "friends", or "" for any other), its points limit (0: a single hand),
    each seat's points (a single hand's penalties, a match's scores), the winner and the
    one person at this device, where there are."""
    state = session.state
    kind = kind_of(session).name  # "daily", "challenge" (web/daily/play.py)
    if kind == PLAIN.name:
        kind = "friends" if session.with_friends else ""
    single = state.rules.mode == "single"
    points = [sum(result.penalties[seat] for result in state.results)
              for seat in range(len(state.players))] if single else list(state.scores)
    facts: dict = {"kind": kind, "limit": 0 if single else state.rules.elimination_score,
                   "points": points}
    if state.winner is not None:
        facts["winner"] = state.winner
    if len(session.humans) == 1:
        facts["you"] = session.humans[0]
    return facts


def described(entry: dict, lang: str) -> tuple[str, str, str, bool | None]:
    """A kept match in words: when, what kind of match, its result ("" where unknown),
    and whether the player here won it (None: no one person here, or not known)."""
    when = played_on(entry["when"], lang)
    facts = entry.get("about")
    if not isinstance(facts, dict):
        return when, "", "", None
    kind, limit = facts["kind"], facts["limit"]
    if kind == "daily":
        mode = t("daily", lang)
    elif kind == "challenge":
        rival = daily.rival_of(entry["id"])
        mode = t("kept_challenge", lang, challenger=(rival[0] if rival else "")
                 or t("challenge_friend", lang))
    else:
        mode = t("mode_single", lang) if not limit else \
            t(f"mode_{limit}", lang) if limit in (101, 201) else \
            t("mode_custom_short", lang, n=limit)
        if kind == "friends":
            mode = f"{t('kept_friends', lang)} · {mode}"
    you, winner, points = facts.get("you"), facts.get("winner"), facts["points"]
    players = entry["players"]
    if you is not None and you < len(points):
        won = winner == you
        result = f"{t('kept_won' if won else 'kept_lost', lang)} · " \
                 f"{t('points_n', lang, n=points[you])}"
        return when, mode, result, won
    if winner is not None and winner < len(players):
        return when, mode, t("kept_winner", lang, winner=players[winner]), None
    return when, mode, "", None


def played_on(when: float, lang: str) -> str:
    """The kept time (the page's clock, in milliseconds) as a local date and hour."""
    try:
        moment = datetime.fromtimestamp(when / 1000)
    except (OverflowError, OSError, ValueError):
        return ""
    return f"{shown_date(moment.date(), lang)}, {moment:%H:%M}"
