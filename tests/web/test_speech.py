"""What the table says aloud (issue #43, web/table/speech.py): every move of every seat
in order, from the one log; the player's turn and what to do; a refusal with its rule;
nothing lost when moves come faster than the page is drawn; R says the last again."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_render import Elements

from scala40 import Discard, DrawStock, full_deck, observe
from scala40.bots import make_bot
from web.i18n import card_in_sentence, card_name, t
from web.table import hand
from web.table.cards import sym
from web.table.names import spoken_cards
from web.table.seat import Seat
from web.table.speech import KEPT, speech_region


def bot_turn(table, *, redraw_each: bool) -> list:
    """Bruno's whole turn played through ``Table.move`` (as the page's bot loop does);
    ``redraw_each``: the page makes its markup after each move (else none comes
    between them). The log entries of the turn."""
    session = table.session
    bot = make_bot("easy", random.Random(1))
    start = len(session.state.hand.log)
    while session.state.to_move == 1 and not session.state.hand_over:
        assert table.move(bot.choose(observe(session.state, 1))) is None
        if redraw_each:
            table.speech.seal()
    return list(session.state.hand.log[start:])


def said(table) -> list[str]:
    return [text for _, text in table.speech.items]


def anna_discards(table, session) -> None:
    """Anna draws and discards her first card, by the table's actions."""
    table.click("draw")
    session.select_only(session.hand_keys(0)[0][0])
    table.click("discard")


def test_a_bots_turn_is_said_in_order_with_the_players_turn_after(table_for, solo):
    session = solo()
    table = table_for(session)
    table.speech.seal()
    anna_discards(table, session)
    table.speech.seal()
    entries = bot_turn(table, redraw_each=False)
    *_, (seat, last, _card) = entries
    assert seat == 1 and isinstance(last, Discard) and isinstance(entries[0][1], DrawStock)
    # no markup came between the moves: one announcement holds them all, in order
    text = said(table)[-1]
    assert text.startswith("Bruno draws from the stock.")
    assert f"Bruno discards {card_in_sentence(last.card, 'en', spoken=True)}. Your turn: draw" \
        in text
    assert text.count("Bruno") == len(entries)


def test_moves_faster_than_the_page_are_each_an_announcement_none_lost(table_for, solo):
    session = solo()
    table = table_for(session, "it")
    anna_discards(table, session)
    table.speech.seal()
    before = len(table.speech.items)
    entries = bot_turn(table, redraw_each=True)
    new = said(table)[before:]
    assert len(new) == min(len(entries), KEPT - 1) or len(entries) >= KEPT
    assert new[0] == "Bruno pesca dal tallone." or new[0].startswith("Bruno prende")
    assert new[-1].startswith("Bruno scarta ") and new[-1].endswith(
        ("Tocca a te: pesca dal tallone.", "Tocca a te: pesca dal tallone o dal pozzo."))
    # each its own element of one role=log region, kept by its id across redraws
    region = Elements(speech_region(table.speech, "it"))
    (log,) = region.having("div", role="log")
    assert log["aria-label"] == "Annunci" and log["aria-live"] == "polite"
    ids = [a["id"] for a in region.having("p")]
    assert len(ids) == len(set(ids)) == len(table.speech.items)


def test_the_players_own_moves_and_next_step_are_said(table_for, solo):
    session = solo()
    table = table_for(session)
    table.speech.seal()
    drawn = session.state.hand.stock[-1]
    table.click("draw")
    text = said(table)[-1]
    assert text.startswith(f"You drew {card_in_sentence(drawn, 'en', spoken=True)}.")
    assert text.endswith("Lay melds to open, or discard a card.")


def test_a_refusal_is_said_with_its_rule_each_time(table_for, solo):
    session = solo()
    table = table_for(session)
    key = session.hand_keys(0)[0][0]
    session.select_only(key)
    for _ in range(2):  # the same refusal again is said again
        table.speech.seal()
        table.click("discard")
        assert said(table)[-1] == "You must draw a card first."


def test_r_says_the_last_announcement_again(table_for, solo):
    session = solo()
    table = table_for(session)
    table.speech.seal()
    table.click("draw")
    last = said(table)[-1]
    table.speech.seal()
    count = table.speech.count
    table.press("repeat")
    assert said(table)[-1] == last and table.speech.count == count + 1


def test_a_match_taken_up_is_not_told_from_its_start(table_for, solo):
    session = solo(drawn=True)
    table = table_for(session)
    assert said(table) == ["Lay melds to open, or discard a card."]  # not the draw before
    table.speech.seal()
    session.select_only(session.hand_keys(0)[0][0])
    hand.discard(table, "")
    assert said(table)[-1].startswith("You discarded ")


@given(st.lists(st.sampled_from(full_deck()), min_size=1, max_size=6),
       st.sampled_from(["it", "en"]))
def test_every_card_written_in_a_sentence_is_said_by_its_name(cards, lang):
    written = "Open with " + " ".join(sym(card, lang) for card in cards) + "."
    spoken = spoken_cards(written, lang)
    assert spoken == "Open with " + ", ".join(card_name(str(c), lang) for c in cards) + "."


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_of_a_hand_is_said_who_closed_and_what_each_pays(table_for, closing_hand,
                                                                 lang):
    """Issue #52: the hand's end was only the closing discard; the sheet that opens says
    who closed and the points, and the live region now says them too."""
    session, closing = closing_hand([Seat("Tu"), Seat("Bruno", "bot", "easy")])
    session.viewer = 0
    closer = session.state.to_move
    table = table_for(session, lang)
    table.speech.seal()
    assert table.move(closing) is None
    state = session.state
    pays = state.hand.result.penalties
    words = {
        "en": ("End of hand 1.", "You closed." if closer == 0 else "Bruno closes.",
               f"You pay {t('points_n', 'en', n=pays[0])}, {state.scores[0]} in all.",
               f"Bruno pays {t('points_n', 'en', n=pays[1])}, {state.scores[1]} in all."),
        "it": ("Fine della mano 1.", "Hai chiuso." if closer == 0 else "Bruno chiude.",
               f"Paghi {t('points_n', 'it', n=pays[0])}, {state.scores[0]} in tutto.",
               f"Bruno paga {t('points_n', 'it', n=pays[1])}, {state.scores[1]} in tutto."),
    }[lang]
    assert said(table)[-1].endswith(" ".join(words)), said(table)[-1]
    # said once: the next redraw of the same sheet says nothing more
    table.speech.seal()
    count = table.speech.count
    table.redraw()
    assert table.speech.count == count


@pytest.mark.parametrize(("lang", "out", "said"), [
    ("en", (0,), "You are out"), ("en", (1,), "Bruno is out"),
    ("en", (0, 1), "Bruno and you are out"), ("it", (1,), "Bruno è fuori"),
    ("it", (0, 1), "Bruno e tu siete fuori")])
def test_the_end_of_a_hand_says_who_is_out_as_the_sheet_does(lang, out, said):
    """Who is out is heard in the words the sheet shows ("Bruno and you are out"): the
    announcement asked the catalog for the message without its person, and the page
    failed at the end of the hand that put someone out."""
    from dataclasses import replace

    from scala40 import HandResult, Phase
    from scala40.record import Game
    from web.table.session import Session
    from web.table.sheet import hand_end as sheet_end
    from web.table.speech import hand_end

    state = Game.new(["Tu", "Bruno"], seed="out").state
    result = HandResult(closer=None, in_mano=False, penalties=(0, 0), eliminated=out,
                        reentered=())
    over = replace(state, hand=replace(state.hand, phase=Phase.OVER, result=result))
    session = Session(Game(over), [Seat("Tu"), Seat("Bruno", "bot")], "m", viewer=0)
    assert said in hand_end(session, lang)
    assert said in str(sheet_end(session, lang))
