"""Sentences about players read right for any name, in both languages (#52).

A player's gender is not known: the bots are Bruno, Carla, Dario, Elena, Franco and
people type any name. So no Italian message says a participle or an adjective that
agrees with a player ("Carla eliminato", "Collegato: ..." said to a woman): each is
phrased with a verb or a noun instead ("Carla è fuori", "ha aperto"). A card named in
a sentence has its article ("Bruno attacca il jolly", "You attached the joker"), a
list of players ends in "e" / "and" with the player at this device as "tu" / "you",
and switching the language redraws every name, "Tu" / "You" included.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

import pytest
from test_render import Elements

from scala40 import Attach, Card, Discard, DrawStock, Phase, RuleError, SwapJoker, TakeDiscard
from scala40.errors import MESSAGES as REFUSALS
from scala40.record import Game
from scala40.state import HandResult
from scala40.words import PERSON, fields, say, templates
from web.friends.errors import MESSAGES as PEER_REFUSALS
from web.i18n import LANGS, STRINGS, t
from web.learn import lesson
from web.learn.coach import SCRIPT
from web.page.view import whole_page
from web.store.seat import Seat
from web.table.log import log_line
from web.table.menu import set_lang
from web.table.session import Session
from web.table.sheet import score_sheet
from web.table.shown import Overlay

#: Every message a player may read: the page's catalog and both kinds of refusal.
CATALOG = {**STRINGS, **REFUSALS, **PEER_REFUSALS}

#: Italian words that agree with a person in gender (and number): after a player's name,
#: or said to the player at this device, each would guess a gender nobody told us
#: ("Carla eliminato", "Sei pronto"). A message says the fact with a verb or a noun. A
#: participle after "avere" agrees with nobody ("Carla ha aperto"), so it is not one.
_AFTER_AVERE = "".join(rf"(?<!\b{have}\s)" for have in (
    "ho", "hai", "ha", "hanno", "aver", "avere", "abbia", "abbiano"))
_AGREEING_WORDS = [
    stem + ending for stem in ("eliminat", "apert", "collegat", "scollegat", "arrivat",
                               "uscit", "rientrat", "sedut", "pront", "stanc", "brav")
    for ending in ("o", "a", "i")] + ["disconnesso", "disconnessa", "ammesso", "ammessa",
                                      "vincitore", "vincitrice"]
AGREEING = re.compile(rf"{_AFTER_AVERE}\b(?:{'|'.join(_AGREEING_WORDS)})\b", re.IGNORECASE)
#: ...and beside a player's name, the noun for a friend: "Carla (amico)". Elsewhere it is
#: anyone's ("Gioca con amici", "Ogni amico inquadra il suo codice").
BESIDE_A_NAME = re.compile(rf"{AGREEING.pattern}|\bamic[oaie]\b", re.IGNORECASE)

#: Where one of those words agrees with a thing or a group, never with one player:
#: (message, word) and what it agrees with.
AGREES_WITH_A_THING = {
    ("state_failed", "pronto"),  # "invito non pronto": the invitation
    ("not_connected", "aperto"),  # "lo stesso invito aperto da due persone"
    ("tab_elsewhere", "aperta"),  # "Questa partita è aperta in un'altra scheda"
    ("code_nobody", "aperta"), ("stun_this_visit", "aperta"),  # "la pagina resta aperta"
    ("unsaved_lesson", "aperta"), ("unsaved_settings", "aperta"),
    ("no_closer", "vincitore"),  # "mano senza vincitore": nobody
    ("offline_note", "aperto"),  # "ogni dispositivo ha già aperto il gioco": avere
    ("friends_way_room_help", "aperto"),  # "se ha già aperto il gioco": avere
    ("pending_start", "pronto"), ("pending_learn", "pronto"),  # "il tavolo è pronto"
    ("pending_daily", "pronto"), ("pending_rules", "pronto"),  # "il gioco è pronto"
    ("pending_other", "pronto"),
    ("peer_stale", "arrivata"),  # "la mossa è arrivata": the move
    ("peer_out_of_order", "arrivati"),  # "messaggi arrivati": the messages
    ("peer_out_of_order", "arrivato"),  # "arrivato il n. 3": the message's number
}

#: The facts that hold a player's name (or a list of names).
NAMED = {"name", "names", "host", "challenger", "winner", "player"}


def italian_words(key: str) -> set[str]:
    return {found.group(0).lower() for text in templates(CATALOG[key]["it"])
            for found in AGREEING.finditer(text)}


def test_the_table_of_agreeing_words_catches_the_old_wordings():
    """The words #52 found, each caught (the table is what the next test checks with)."""
    for wrong in ("✖ Carla eliminato", "Bruno, Carla eliminati", "aperto", "non aperta",
                  "Collegato: l'host ti fa sedere…", "Non sei ancora seduto al tavolo",
                  "Carla si è scollegata", "Ammesso: collegamento…"):
        assert AGREEING.search(wrong), wrong
    assert BESIDE_A_NAME.search("Carla (amico)")


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_no_italian_message_guesses_a_players_gender(key):
    assert {(key, word) for word in italian_words(key)} <= AGREES_WITH_A_THING, key


def test_the_exceptions_are_still_in_the_catalog():
    for key, word in AGREES_WITH_A_THING:
        assert word in italian_words(key), (key, word)


def said_about_players(key: str) -> list[str]:
    """``key`` in both languages about a woman, a man, the player at this device and
    lists of them, at 1 and 2 (every form it has)."""
    message = CATALOG[key]
    named = set().union(*(fields(text) for side in message.values()
                          for text in templates(side)))
    person = any(not isinstance(side, str) and frozenset(side) == PERSON
                 for side in message.values())
    said = []
    for lang, name, n, you in itertools.product(
            LANGS, ("Carla", "Bruno", "Carla e Dario", "Dario e tu"), (1, 2),
            (True, False) if person else (None,)):
        facts = {fact: name if fact in NAMED else "7" for fact in named - {"n"}}
        said.append(say(message, lang, you=you, n=n, **facts))
    return said


@pytest.mark.parametrize("key", sorted(key for key in CATALOG if NAMED & set().union(
    *(fields(text) for side in CATALOG[key].values() for text in templates(side)))))
def test_a_message_naming_a_player_reads_right_for_any_name(key):
    for text in said_about_players(key):
        found = BESIDE_A_NAME.search(text)
        assert found is None or (key, found.group(0).lower()) in AGREES_WITH_A_THING, text


#: English words before a single joker: "the joker", "a joker", "your joker".
_BEFORE_JOKER = re.compile(r"\b(?:the|a|your|each|one|its|no)\s+(?:\w+\s+)?jokers?\b", re.I)


def english(key: str) -> str:
    return " ".join(templates(CATALOG[key]["en"]))


@pytest.mark.parametrize("key", sorted(k for k in CATALOG if "joker" in english(k).lower()))
def test_english_says_a_joker_with_its_article(key):
    """A joker in an English sentence has its article; a list of a meld's cards names it
    bare, as it names the others ("hearts, spades, joker as diamonds"), and the card's
    name is the word itself."""
    if key in {"joker", "joker_as", "meld_set_joker", "rules_swap"}:  # rules_swap: a heading
        return
    bare = re.sub(_BEFORE_JOKER, "", english(key))
    assert not re.search(r"\bjoker\b", bare, re.I), (key, english(key))


# -- the moves of the log --------------------------------------------------------------

JOKER, SEVEN, EIGHT, ACE = (Card.parse(code) for code in ("JK", "7H", "8D", "AS"))
NAMES = ["Tu", "Carla"]


def moves(card: Card) -> list[tuple]:
    """A move of each kind that names one card, as the hand's log keeps them (the
    mover, the action, the card taken from the pile)."""
    return [(DrawStock(), card), (TakeDiscard(), card), (Attach(card, 0), None),
            (Discard(card), None)] + ([] if card.is_joker else [(SwapJoker(card, 0), None)])


@pytest.mark.parametrize("card, it, en", [
    (JOKER, "il jolly", "the joker"), (SEVEN, "il 7♥", "the 7♥"), (EIGHT, "l'8♦", "the 8♦"),
    (ACE, "l'A♠", "the A♠")])
@pytest.mark.parametrize("seat", [0, 1])  # to you, about Carla
def test_a_move_names_its_card_with_the_article(card, it, en, seat):
    for action, taken in moves(card):
        drawn = card if isinstance(action, DrawStock) else None
        for lang, article in (("it", it), ("en", en)):
            line = log_line(NAMES, (seat, action, taken), lang, 0, drawn)
            assert article in line, line
            assert "Jolly" not in line and "Joker" not in line, line


@pytest.mark.parametrize("card, it, en", [
    (JOKER, "il jolly", "the joker"), (SEVEN, "il 7 di cuori", "the 7 of hearts"),
    (ACE, "l'asso di picche", "the ace of spades")])
def test_a_move_is_spoken_with_the_article(card, it, en):
    for (action, taken), seat in itertools.product(moves(card), (0, 1)):
        drawn = card if isinstance(action, DrawStock) else None
        for lang, article in (("it", it), ("en", en)):
            assert article in log_line(NAMES, (seat, action, taken), lang, 0, drawn,
                                       spoken=True)


def test_a_refusal_names_its_card_with_the_article():
    assert RuleError("discard_attachable", card=JOKER).message("en").startswith(
        "You may not discard the joker:")
    assert RuleError("attach_does_not_fit", card=EIGHT).message("it") == \
        "Non si può attaccare l'8♦ a questo gioco."


# -- the end of a hand: who is out, who is back in -------------------------------------

def hand_end(seats: list[Seat], eliminated: tuple[int, ...],
             reentered: tuple[int, ...] = ()) -> Session:
    """A hand over (Elena closed it) with these players out and back in."""
    game = Game.new([seat.name for seat in seats], seed=7)
    state = game.state
    result = HandResult(closer=len(seats) - 1, in_mano=False,
                        penalties=tuple(110 if s in eliminated else 0 for s in range(len(seats))),
                        eliminated=eliminated, reentered=reentered)
    state = replace(state, hand=replace(state.hand, result=result, phase=Phase.OVER))
    return Session(Game(state), seats, "m", viewer=0)


SEATS = [Seat("Tu"), Seat("Bruno", "bot"), Seat("Carla", "bot"), Seat("Dario", "bot"),
         Seat("Elena", "bot")]


def elim_line(session: Session, lang: str, cls: str = "elim") -> str:
    page = score_sheet(session, lang)
    found = re.search(rf'<p class="{cls}">(.*?)</p>', str(page))
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("eliminated, it, en", [
    ((2,), "✖ Carla è fuori", "✖ Carla is out"),
    ((0,), "✖ Sei fuori", "✖ You are out"),
    ((0, 3), "✖ Dario e tu siete fuori", "✖ Dario and you are out"),
    ((1, 2, 3), "✖ Bruno, Carla e Dario sono fuori", "✖ Bruno, Carla and Dario are out"),
])
def test_who_is_out_is_said_in_a_sentence_with_its_verb(eliminated, it, en):
    session = hand_end(SEATS, eliminated)
    assert (elim_line(session, "it"), elim_line(session, "en")) == (it, en)


@pytest.mark.parametrize("back, it, en", [
    ((4,), "↺ Elena rientra in gioco", "↺ Elena is back in"),
    ((0, 1), "↺ Bruno e tu rientrate in gioco", "↺ Bruno and you are back in"),
])
def test_who_is_back_in_is_said_in_a_sentence_with_its_verb(back, it, en):
    session = hand_end(SEATS, back, back)
    assert (elim_line(session, "it", "reent"), elim_line(session, "en", "reent")) == (it, en)


# -- switching the language ------------------------------------------------------------

def test_switching_the_language_redraws_the_score_sheet(table_for):
    """The match was started in Italian: its player is "Tu" in the record. After the
    switch to English, the sheet open at the hand's end calls them "You" (it said "Tu",
    while the replay said "You")."""
    session = hand_end(SEATS, (3,))
    table = table_for(session, "it")
    table.overlay = Overlay.SHEET  # as a hand's end opens it
    assert sheet_names(table) == ["Tu", "Bruno", "Carla", "Dario", "Elena"]
    set_lang(table, "en")
    assert sheet_names(table) == ["You", "Bruno", "Carla", "Dario", "Elena"]
    assert "Tu" not in Elements(str(whole_page(table))).text


def sheet_names(table) -> list[str]:
    """The names heading the score sheet's columns, as the whole page draws them."""
    head = re.search(r'<table class="sheet".*?</thead>', str(whole_page(table)))
    assert head is not None
    return re.findall(r'<span class="nm">(.*?)</span>', head.group(0))


@pytest.mark.parametrize("refuse", ["select_one", "must_draw_first"])
def test_switching_the_language_says_the_message_shown_again(table_for, solo, refuse):
    """A refusal on the table when the language is switched is said in the new one (it
    stayed in the old, the rest of the page redrawn around it)."""
    session = solo()
    table = table_for(session, "it")
    if refuse == "select_one":
        table.click("discard")  # no card selected
        said = {lang: t("select_one", lang) for lang in LANGS}
    else:
        card = session.state.hand.hands[session.viewer][0]
        table.play(Discard(card))  # before drawing
        said = {lang: RuleError("must_draw_first").message(lang) for lang in LANGS}
    assert session.message == ("error", said["it"])
    set_lang(table, "en")
    assert session.message == ("error", said["en"])
    assert said["en"] in Elements(str(whole_page(table))).text


def test_switching_the_language_says_the_lessons_instruction_again(table_for):
    table = table_for(None, "it")
    table.click("learn")
    session = table.session
    assert session is not None
    while session.state.to_move == 1:  # the bot's opening moves, as the lesson plays them
        assert table.move(lesson.bot_move(session)) is None
    first = next(step for step in SCRIPT if step.seat == 0)
    assert session.coach == first.text("it")
    set_lang(table, "en")
    assert session.coach == first.text("en")
