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
record's notation; the player's moves carry the coach's words in Italian and
English. Where the lesson stands is not stored apart: it is the number of
moves the game has played (a resumed or undone lesson picks up the right
step by itself).

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
from scala40.words import say

SEED = "learn-109"
RULES = Rules(mode="single")
BOT_LEVEL = "easy"


@dataclass(frozen=True)
class Step:
    """One move of the lesson's hand: ``action`` in the record's notation, played by
    ``seat``; a player's move has the coach's words (``it``, ``en``) said before it."""

    action: str
    seat: int = 0
    it: str = ""
    en: str = ""

    def text(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


def _bot(action: str) -> Step:
    return Step(action, seat=1)


def _you(action: str, it: str, en: str) -> Step:
    return Step(action, 0, it, en)


SCRIPT: tuple[Step, ...] = (
    _bot("draw"),
    _bot("meld 10D JD QD KD AD"),
    _bot("meld QS KS JK=AS"),
    _bot("discard 4C"),
    _you("draw",
         "Tocca a te. Ogni turno comincia pescando: tocca il tallone (il mazzo coperto).",
         "Your turn. Every turn starts with a draw: tap the stock (the face-down deck)."),
    _you("discard AC",
         "Ogni turno finisce scartando una carta sul pozzo. Prova a scartare il J♠: non si "
         "può, si attacca alla scala di Q♠ K♠ del bot e chi non ha ancora aperto non può "
         "scartare una carta attaccabile. Scarta l'A♣.",
         "Every turn ends with a discard on the pile. Try discarding J♠: you may not, it "
         "fits the bot's Q♠ K♠ run and a player who has not opened may not discard a card "
         "that can be attached. Discard A♣."),
    _bot("draw"),
    _bot("discard 7C"),
    _you("draw",
         "Pesca di nuovo dal tallone.",
         "Draw from the stock again."),
    _you("meld QH KH AH",
         "Per aprire servono combinazioni che valgano almeno 40 punti, nello stesso turno. "
         "Seleziona Q♥ K♥ A♥ e calali: una scala di 31 punti (il totale resta 31/40).",
         "To open you need melds worth at least 40 points, in the same turn. Select Q♥ K♥ "
         "A♥ and lay them: a run worth 31 (the total shows 31/40)."),
    _you("meld 9H 9C 9S",
         "Ora il tris di 9 (9♥ 9♣ 9♠, tre semi diversi): 31 + 27 = 58, hai aperto.",
         "Now the set of nines (9♥ 9♣ 9♠, three different suits): 31 + 27 = 58, you have "
         "opened."),
    _you("attach JS to 1 low",
         "Hai aperto, quindi puoi attaccare carte alle combinazioni in tavola: attacca il J♠ "
         "sotto la Q♠ del bot.",
         "Once open you may attach cards to the melds on the table: attach J♠ below the "
         "bot's Q♠."),
    _you("discard 10C",
         "Chiudi il turno scartando il 10♣.",
         "End the turn by discarding 10♣."),
    _bot("draw"),
    _bot("discard 6D"),
    _you("draw", "Pesca.", "Draw."),
    _you("discard KC",
         "Niente da calare: scarta il K♣, la carta che costa di più.",
         "Nothing to lay: discard K♣, your costliest card."),
    _bot("draw"),
    _bot("discard 6C"),
    _you("draw", "Pesca: è l'A♠.", "Draw: it is A♠."),
    _you("swap AS in 1",
         "Il jolly della scala del bot sta per l'A♠, e tu l'A♠ ce l'hai: mettilo al suo "
         "posto e prendi il jolly (sostituzione del jolly).",
         "The joker in the bot's run stands for A♠, and you hold A♠: put it in its place "
         "and take the joker (a joker swap)."),
    _you("meld 7D 7S JK=7H",
         "Il jolly preso va usato in questo turno: cala 7♦ 7♠ con il jolly come 7♥.",
         "A joker you take must be used this turn: lay 7♦ 7♠ with the joker as 7♥."),
    _you("discard 5C", "Scarta il 5♣.", "Discard 5♣."),
    _bot("draw"),
    _bot("discard 7H"),
    _you("draw", "Pesca.", "Draw."),
    _you("discard 5S", "Scarta il 5♠.", "Discard 5♠."),
    _bot("draw"),
    _bot("discard 9S"),
    _you("draw", "Pesca: è il 7♥.", "Draw: it is 7♥."),
    _you("swap 7H in 4",
         "Il tuo jolly nel tris dei 7 sta per il 7♥: riprendilo mettendo il 7♥ al suo posto.",
         "Your joker in the set of sevens stands for 7♥: take it back by putting 7♥ in "
         "its place."),
    _you("meld 3H JK=4H 5H",
         "Cala 3♥ 5♥ con il jolly come 4♥.",
         "Lay 3♥ 5♥ with the joker as 4♥."),
    _you("discard 3S",
         "Ti resta una carta: scartandola chiudi la mano e vinci. Scarta il 3♠.",
         "One card left: discarding it closes the hand and wins. Discard 3♠."),
)

DONE = {
    "it": "Hai chiuso la mano: hai vinto la tua prima partita! Ora sai giocare a Scala 40.",
    "en": "You closed the hand and won your first game! Now you know how to play Scala 40.",
}
#: A move the rules allow but the lesson does not take now: said alone, under the
#: coach's instruction, which stays until its step is done.
NOT_NOW = ("Non è la mossa della lezione: segui l'istruzione.",
           "That is not the lesson's move: follow the instruction.")


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
            return DONE[lang]
        return self.step(index).text(lang)

    def refusal(self, error: RuleError | None, lang: str) -> str:
        """Why the player's move is not taken, and only why: the engine's reason if the
        rules refuse it, else that the lesson waits for another (the instruction is on
        the table already)."""
        return error.message(lang) if error is not None else say(NOT_NOW, lang)
