"""What a screen reader calls the table's things (issue #43): a card of the hand with
its state, a meld by its kind, cards, points and owner, in both languages; every meld a
control, the zones named and keyed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_render import table_page

from scala40 import Card, DrawStock, TableMeld, make_meld, parse_cards
from scala40.record import Game
from web.i18n import rank_name
from web.table.names import hand_card_name, meld_name


@pytest.mark.parametrize(("rank", "lang", "said"), [
    ("K", "en", ["kings", "king", "kings"]), ("K", "it", ["re", "re", "re"]),
    ("A", "it", ["assi", "asso", "assi"]), ("Q", "en", ["queens", "queen", "queens"]),
    ("7", "en", ["7s", "7", "7s"]), ("7", "it", ["7", "7", "7"]),
])
def test_a_rank_is_said_in_the_number_of_its_cards(rank, lang, said):
    """A set names its rank in the plural from the catalog's forms ("set of 7s",
    "combinazione di assi"), never by adding a letter in code."""
    assert [rank_name(rank, lang, n=n) for n in (0, 1, 2)] == said


@pytest.mark.parametrize(("lang", "plain", "full"), [
    ("en", "7 of hearts",
     "7 of hearts, selected, drawn this turn, must be used this turn, in the hint"),
    ("it", "7 di cuori",
     "7 di cuori, selezionata, pescata ora, da usare in questo turno, nel suggerimento"),
])
def test_a_hand_card_says_its_state(lang, plain, full):
    card = Card.parse("7H")
    assert hand_card_name(card, lang) == plain
    assert hand_card_name(card, lang, selected=True, drawn=True, must=True,
                          hinted=True) == full
    assert hand_card_name(Card.parse("KS"), lang, selected=True) == (
        "king of spades, selected" if lang == "en" else "re di picche, selezionata")


@pytest.mark.parametrize(("cards", "lang", "you", "name"), [
    ("5H 6H JK 8H", "en", False, "run of hearts 5 to 8 with the joker as 7, 26 points, Bruno's"),
    ("5H 6H JK 8H", "it", False,
     "scala di cuori da 5 a 8 con il jolly come 7, 26 punti, di Bruno"),
    ("QS KS AS", "en", True, "run of spades queen to ace, 31 points, yours"),
    ("AD 2D 3D", "it", True, "scala di quadri da asso a 3, 6 punti, tuo"),
    ("7H 7S JK", "en", False, "set of 7s: hearts, spades, joker as diamonds, 21 points, "
                              "Bruno's"),
    ("KH KS KC", "it", False, "combinazione di re: cuori, picche, fiori, 30 punti, di Bruno"),
    ("AH AS AC", "en", True, "set of aces: hearts, spades, clubs, 33 points, yours"),
])
def test_a_meld_says_its_kind_cards_points_and_owner(cards, lang, you, name):
    meld = make_meld(parse_cards(cards))
    assert meld_name(meld, lang, owner="Bruno", you=you) == name


def changed_hand(session, **changes):
    """``session`` playing on from its hand with ``changes`` (melds, hands, opened)."""
    state = session.state
    session.game = Game(replace(state, hand=replace(state.hand, **changes)))
    session.arrange()
    return session


def with_melds(session, melds):
    """``session`` with ``melds`` ((cards, owner), ...) on the table, Anna to play."""
    session.play(DrawStock())
    return changed_hand(session, melds=tuple(
        TableMeld(owner, make_meld(parse_cards(cards))) for cards, owner in melds))


def test_every_meld_is_a_button_named_by_the_engines_meld(solo):
    session = with_melds(solo(), [("5H 6H JK 8H", 1), ("KH KS KC", 0)])
    page = table_page(session)
    melds = page.having("button", data_act="attach")
    assert [m["aria-label"] for m in melds] == [
        "run of hearts 5 to 8 with the joker as 7, 26 points, Bruno's",
        "set of kings: hearts, spades, clubs, 30 points, yours",
    ]
    assert [m["data-arg"] for m in melds] == ["0", "1"]  # Enter runs hand.attach on it


def test_a_meld_the_selected_card_goes_to_says_so(solo):
    session = with_melds(solo(), [("5H 6H 7H", 1)])
    held, other = session.state.hand.hands
    changed_hand(session, opened=(True, False), hands=((*held[:-1], Card.parse("8H")), other))
    key = next(key for key, card in session.hand_keys(0) if str(card) == "8H")
    session.toggle(key)
    page = table_page(session, "it")
    (meld,) = page.having("button", data_act="attach")
    assert meld["aria-label"] == "Attacca qui: scala di cuori da 5 a 7, 18 punti, di Bruno"
    (card,) = page.having("button", data_key=key)
    assert card["aria-label"] == "8 di cuori, selezionata" and card["aria-pressed"] == "true"


def test_the_zones_are_named_and_keyed(solo):
    session = solo()
    page = table_page(session)
    zones = {a["data-zone"]: a for _, a in page.tags if a.get("data-zone")}
    assert sorted(zones) == ["hand", "log", "melds", "pile", "players", "stock"]
    assert {zone: a["aria-keyshortcuts"].split()[-1] for zone, a in zones.items()} == {
        "hand": "1", "melds": "2", "stock": "3", "pile": "4", "players": "5", "log": "6"}
    assert all(a.get("aria-label") for a in zones.values())


def test_a_hinted_place_says_it_is_in_the_hint(solo):
    session = solo()
    session.hint_target = "stock"
    (stock,) = table_page(session).having("button", data_act="draw")
    left = len(session.state.hand.stock)
    assert stock["aria-label"] == f"Stock, {left} cards: draw, in the hint"
    session.hint_target = None
    (stock,) = table_page(session).having("button", data_act="draw")
    assert stock["aria-label"] == f"Stock, {left} cards: draw"
