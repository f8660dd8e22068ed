"""The guided first hand: a fixed deal, its moves, and what the coach says at each.

The lesson is one single hand between the player (seat 0) and an easy bot
(seat 1), dealt from :data:`SEED`. The deal was chosen in CPython so that the
player meets, in six turns, everything a first hand needs: drawing, a discard
ban (J♠ fits the bot's meld), a 40-point opening made of two melds (the live
total shows 31 of 40 after the first), attaching, two joker swaps and the
closing discard. The bot's moves are the easy bot's on this deal, written
down here, so the lesson plays the same on every device and never waits for
a bot to think.

The script is data: :data:`SCRIPT` lists every move of the hand in the
record's notation; the player's moves carry the key of the coach's words in
the catalog (:mod:`scala40.lang`). Where the lesson stands is not stored apart:
it is the number of moves the game has played (a resumed or undone lesson picks
up the right step by itself).

>>> lesson = Lesson()
>>> lesson.step(0).seat, lesson.step(4).action
(1, 'draw')
>>> lesson.expects(4, parse_action("draw"))
True
>>> lesson.expects(5, parse_action("discard JS"))
False
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scala40 import Action, Attach, LayMeld, RuleError, Rules, parse_action
from web.i18n import t

SEED = "learn-109"
RULES = Rules(mode="single")
BOT_LEVEL = "easy"


@dataclass(frozen=True)
class Step:
    """One move of the lesson's hand: ``action`` in the record's notation, played by
    ``seat``; a player's move has the coach's words (``words``: the catalog's key) said
    before it."""

    action: str
    seat: int = 0
    words: str = ""

    def text(self, lang: str) -> str:
        return t(self.words, lang)


def _bot(action: str) -> Step:
    return Step(action, seat=1)


def _you(action: str, words: str) -> Step:
    return Step(action, 0, words)


SCRIPT: tuple[Step, ...] = (
    _bot("draw"),
    _bot("meld 10D JD QD KD AD"),
    _bot("meld QS KS JK=AS"),
    _bot("discard 4C"),
    _you("draw", "coach_first_draw"),
    _you("discard AC", "coach_discard_ban"),
    _bot("draw"),
    _bot("discard 7C"),
    _you("draw", "coach_draw_again"),
    _you("meld QH KH AH", "coach_open_run"),
    _you("meld 9H 9C 9S", "coach_open_set"),
    _you("attach JS to 1 low", "coach_attach"),
    _you("discard 10C", "coach_end_turn"),
    _bot("draw"),
    _bot("discard 6D"),
    _you("draw", "coach_draw"),
    _you("discard KC", "coach_discard_costliest"),
    _bot("draw"),
    _bot("discard 6C"),
    _you("draw", "coach_draw_ace"),
    _you("swap AS in 1", "coach_swap"),
    _you("meld 7D 7S JK=7H", "coach_use_joker"),
    _you("discard 5C", "coach_discard_5c"),
    _bot("draw"),
    _bot("discard 7H"),
    _you("draw", "coach_draw"),
    _you("discard 5S", "coach_discard_5s"),
    _bot("draw"),
    _bot("discard 9S"),
    _you("draw", "coach_draw_seven"),
    _you("swap 7H in 4", "coach_swap_back"),
    _you("meld 3H JK=4H 5H", "coach_lay_run"),
    _you("discard 3S", "coach_close"),
)

class Lesson:
    """The script read as moves, and the coach's answers to what the player does."""

    def __init__(self, script: tuple[Step, ...] = SCRIPT) -> None:
        self.script = script
        self.actions: tuple[Action, ...] = tuple(parse_action(step.action) for step in script)

    def __len__(self) -> int:
        return len(self.script)

    def step(self, index: int) -> Step:
        return self.script[index]

    def expects(self, index: int, action: Action) -> bool:
        """Whether ``action`` is the lesson's move ``index``: a meld with the same cards
        in any order, an attachment of the same card to the same meld at either end."""
        if not 0 <= index < len(self.actions):
            return False
        wanted = self.actions[index]
        if isinstance(wanted, LayMeld) and isinstance(action, LayMeld):
            return Counter(wanted.cards) == Counter(action.cards) and (
                action.joker_as in (None, wanted.joker_as))
        if isinstance(wanted, Attach) and isinstance(action, Attach):
            return (wanted.card, wanted.target) == (action.card, action.target)
        return wanted == action

    def say(self, index: int, lang: str) -> str:
        """What the coach says with ``index`` moves played (the end: the congratulations)."""
        if index >= len(self.script):
            return t("coach_done", lang)
        return self.step(index).text(lang)

    def refusal(self, error: RuleError | None, lang: str) -> str:
        """Why the player's move is not taken, and only why: the engine's reason if the
        rules refuse it, else that the lesson waits for another (the instruction is on
        the table already)."""
        return error.message(lang) if error is not None else t("coach_not_now", lang)
