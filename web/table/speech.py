"""What the table says aloud: the one live region a screen reader follows (issue #43).

A player who cannot see the table hears every move of every seat in order ("Bruno
draws from the stock. Bruno lays 7 of spades, 8 of spades, 9 of spades. Bruno
discards king of hearts."), then their own turn and what to do, and the table's
messages (a refusal and its rule, a hint, the coach), their cards said by name. The
moves are read from the one log of the hand (:func:`web.table.log.log_line`), so a
bot's, a friend's and the player's own take the same path; :meth:`Speech.hear` runs
whenever the table asks to be redrawn (:meth:`web.table.table.Table.redraw`) and
says only what is new since the last time.

Nothing is lost when moves come faster than the page is drawn or the reader
speaks: what is heard goes into the newest announcement until the page makes its
next markup (:meth:`Speech.seal`), and each announcement is its own element of a
``role="log"`` region, added, never rewritten, so a screen reader queues them.
The last few stay in the region; ``R`` says the last again (:func:`repeat`).
"""

from __future__ import annotations

from typing import Any

from scala40 import Phase
from web.i18n import names_list, shown_names, t
from web.page.markup import Markup, html, join
from web.table.log import log_line
from web.table.names import spoken_cards
from web.table.registry import action
from web.table.session import Session

KEPT = 12  # announcements left in the region (older ones are gone from the page)


def turn_prompt(session: Session) -> str | None:
    """The catalog key of what the player to move at this device is to do now, if it is
    their turn: draw (from the pile too, when the engine allows it), then open or play."""
    if not session.my_turn():
        return None
    hand = session.state.hand
    if hand.phase is Phase.DRAW:
        return "your_turn_draw" if session.draw_options().get("pile") else "your_turn_draw_stock"
    return "your_turn_play" if hand.opened[hand.turn] else "your_turn_open"


def hand_end(session: Session, lang: str) -> list[str]:
    """The end of a hand as the score sheet shows it, said at once: who closed, what each
    player in the hand pays and their total (a single hand has none), who is out or back
    in, and once the match is over, who won.

    >>> from dataclasses import replace
    >>> from scala40.record import Game
    >>> from scala40.state import HandResult
    >>> from web.table.seat import Seat
    >>> state = Game.new(["Tu", "Bruno"], seed=1).state
    >>> result = HandResult(closer=1, in_mano=False, penalties=(25, 0), eliminated=(),
    ...                     reentered=())
    >>> hand = replace(state.hand, phase=Phase.OVER, result=result)
    >>> over = replace(state, hand=hand, scores=(25, 0))
    >>> session = Session(Game(over), [Seat("Tu"), Seat("Bruno", "bot")], "m", viewer=0)
    >>> hand_end(session, "en")
    ['End of hand 1', 'Bruno closes', 'You pay 25 points, 25 in all', 'Bruno pays 0 points, \
0 in all']
    """
    state = session.state
    result = state.hand.result
    assert result is not None
    you = session.viewer if len(session.humans) == 1 else None
    said = [t("hand_over", lang, n=state.hand.number), closer_line(session, lang)]
    single = state.rules.mode == "single"
    for seat in state.hand.seats:
        points = t("points_n", lang, n=result.penalties[seat])
        said.append(t("hand_pays_single", lang, name=session.name(seat), you=seat == you,
                      points=points) if single else
                    t("hand_pays", lang, name=session.name(seat), you=seat == you,
                      points=points, total=state.scores[seat]))
    if result.eliminated:
        said.append(t("eliminated", lang, **players(session, result.eliminated, lang)))
    if result.reentered:
        said.append(t("reentered", lang, **players(session, result.reentered, lang)))
    if state.winner is not None:
        said.append(winner_line(session, lang))
    return said


def closer_line(session: Session, lang: str) -> str:
    """Who closed the hand just over, and how (in mano: doubled or not), or that the stock
    ran out; "you" for the one person at this device."""
    state = session.state
    result = state.hand.result
    assert result is not None
    if result.closer is None:
        return t("no_closer", lang)
    key = "closed"
    if result.in_mano:
        key = "closed_in_mano" if state.rules.mano_doubles else "closed_in_mano_plain"
    you = len(session.humans) == 1 and result.closer == session.viewer
    return t(key, lang, name=shown_names(session.names, lang)[result.closer], you=you)


def players(session: Session, seats: tuple[int, ...], lang: str) -> dict[str, object]:
    """The facts that say ``seats`` as a sentence's subject: the names listed
    ("Bruno, Carla e tu": the one person at this device last, spoken to), whether they
    include that person (``you``) and how many they are (``n``), so the verb agrees:
    "Carla è fuori", "Dario e tu siete fuori", "You are out"."""
    you = len(session.humans) == 1 and session.viewer in seats
    shown = shown_names(session.names, lang)
    listed = [shown[seat] for seat in seats if not (you and seat == session.viewer)]
    if you:
        listed.append(t("you_listed", lang))
    return {"names": names_list(listed, lang), "you": you, "n": len(seats)}


def winner_line(session: Session, lang: str) -> str:
    """Who won the match: "You won!" to the one person at this device, "You lost: Bruno
    wins." when they did not, the winner named where several people play here."""
    winner = session.state.winner
    assert winner is not None
    name = shown_names(session.names, lang)[winner]
    if len(session.humans) != 1:
        return t("winner", lang, name=name, you=False)
    won = session.viewer == winner
    return t("winner", lang, name=name, you=True) if won else t("you_lost", lang, name=name)


class Speech:
    """The announcements of the table, newest last, each ``(number, text)``."""

    def __init__(self) -> None:
        self.items: list[tuple[int, str]] = []
        self.count = 0  # announcements made: the next one's number
        self.open = False  # the newest announcement takes more until it is drawn
        self.session: Session | None = None  # the match heard so far
        self.heard: tuple[int, int] = (0, 0)  # (hand number, log entries) said
        self.message: object = None  # the session's message last said (by identity)
        self.coach = ""
        self.prompted: object = None  # the turn and phase last prompted
        self.ended = 0  # the number of the hand whose end was said last

    def hear(self, session: Session, lang: str) -> None:
        """Say what happened since the last call: the hand's new moves, in order, then a
        new message, the coach's new words and the player's turn. A match not heard
        before (started, resumed) is not told from its start: only what follows."""
        hand = session.state.hand
        if session is not self.session:
            self.session = session
            self.heard = (hand.number, len(hand.log))
            self.message, self.coach, self.prompted = session.message, session.coach, None
            self.ended = hand.number if hand.result is not None else 0
        said: list[str] = []
        number, done = self.heard
        if number != hand.number:
            said.append(t("hand_n", lang, n=hand.number))
            done = 0
        you = session.viewer if len(session.humans) == 1 else None
        for index in range(min(done, len(hand.log)), len(hand.log)):
            said.append(log_line(session.names, hand.log[index], lang, you,
                                 session.drawn_card(index, session.viewer), spoken=True))
        self.heard = (hand.number, len(hand.log))
        if hand.result is not None and self.ended != hand.number:
            said.extend(hand_end(session, lang))
            self.ended = hand.number
        if session.message is not None and session.message is not self.message:
            said.append(spoken_cards(session.message[1], lang))
        self.message = session.message
        if session.coach and session.coach != self.coach:
            said.append(spoken_cards(session.coach, lang))
        self.coach = session.coach
        prompt = turn_prompt(session)
        turn = (hand.number, hand.turn_id, hand.phase) if prompt else None
        if prompt and turn != self.prompted:
            said.append(t(prompt, lang))
        self.prompted = turn
        self.say(said)

    def say(self, sentences: list[str]) -> None:
        """Add ``sentences`` to the newest announcement while it is not drawn, else make
        a new one."""
        if not sentences:
            return
        text = " ".join(sentence if sentence.endswith((".", "!", "?", "…")) else sentence + "."
                        for sentence in sentences)
        if self.open and self.items:
            number, before = self.items[-1]
            self.items[-1] = (number, f"{before} {text}")
        else:
            self.items = [*self.items[-(KEPT - 1):], (self.count, text)]
            self.count += 1
            self.open = True

    def seal(self) -> None:
        """The page makes its markup now: what is heard next is a new announcement."""
        self.open = False

    def repeat(self) -> None:
        """Say the last announcement again (a new element, so it is read again)."""
        if self.items:
            self.seal()
            self.say([self.items[-1][1]])


def speech_region(speech: Speech, lang: str) -> Markup:
    """The live region: the last announcements, each an element of its own (kept by its
    id across redraws, web/page/draw.js), out of sight (the log panel shows the moves)."""
    items = join(html('<p id="say-{}">{}</p>', number, text) for number, text in speech.items)
    return html('<div class="speech" id="speech" role="log" aria-live="polite" '
                'aria-label="{}">{}</div>', t("speech_label", lang), items)


@action("repeat")
def repeat(table: Any, _arg: str = "") -> None:
    """The ``R`` key: the last announcement again."""
    table.speech.repeat()
    table.redraw()
