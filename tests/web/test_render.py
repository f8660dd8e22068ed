"""The markup drawn for given states: escaping, the hand, the score sheet's rows."""

from __future__ import annotations

import ast
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scala40 import DrawStock, Rules
from scala40.record import Game
from scala40.state import HandResult
from web.page import view as render
from web.store.seat import Seat
from web.store.settings import Settings
from web.table.session import Session
from web.table.sheet import Cell, score_sheet, sheet_rows
from web.ui.markup import Markup, html, join

REPO = Path(__file__).resolve().parents[2]


class Elements(HTMLParser):
    """Every start tag of a piece of HTML, with its attributes."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def having(self, tag: str, **attrs: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag
                and all(a.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def classes(self, tag: str, **attrs: str) -> list[list[str]]:
        return [(a.get("class") or "").split() for a in self.having(tag, **attrs)]


def table_page(session: Session, lang: str = "en", **options) -> Elements:
    return Elements(render.page(session, lang, on_table=True, **options))


# -- the markup helper ----------------------------------------------------------------------


def test_html_escapes_every_value_but_markup():
    value = '<img src=x onerror="alert(1)">'
    built = html('<p title="{v}">{v}{safe}</p>', v=value, safe=Markup("<br>"))
    page = Elements(built)
    assert [tag for tag, _ in page.tags] == ["p", "br"]
    assert page.having("p")[0]["title"] == value and "".join(page.text) == value


def test_adding_or_joining_plain_text_to_markup_escapes_it():
    assert Markup("<b>") + "<i>" == "<b>&lt;i&gt;"
    assert "<i>" + Markup("<b>") == "&lt;i&gt;<b>"
    assert join(["<i>", Markup("<b>")]) == "&lt;i&gt;<b>"


#: The table's drawing beside its view: the modules that write markup.
RENDERER_PARTS = ("cards", "sheet", "dialogs", "rules")


def test_no_renderer_writes_html_in_an_f_string_or_wraps_data_in_markup():
    """Templates go through html(); Markup() is for literal HTML only."""
    renderers = [*(REPO / "web").glob("*/view.py"),
                 *(REPO / "web" / "table" / f"{name}.py" for name in RENDERER_PARTS)]
    for path in sorted(renderers):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                assert "<" not in text and '="' not in text, f"{path}:{node.lineno}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Markup":
                literal = [a.left if isinstance(a, ast.BinOp) else a for a in node.args]
                assert all(isinstance(a, ast.Constant) for a in literal), f"{path}:{node.lineno}"


# -- the table ----------------------------------------------------------------------------------


def test_the_hand_is_drawn_in_the_players_order_with_the_selection(solo):
    session = solo(drawn=True)
    keyed = session.hand_keys(0)
    session.toggle(keyed[2][0])
    page = table_page(session)
    cards = page.having("button", data_act="card")
    assert [c["data-key"] for c in cards] == [key for key, _ in keyed]
    assert [c["data-card"] for c in cards] == [str(card) for _, card in keyed]
    pressed = [c["data-key"] for c in cards if c["aria-pressed"] == "true"]
    assert pressed == [keyed[2][0]]
    assert "sel" in page.classes("button", data_key=keyed[2][0])[0]
    assert page.having("span", **{"class": "selcount"})  # "1 selected"


def test_a_drawn_card_is_animated_once(solo):
    session = solo()
    drawn = session.state.hand.stock[-1]
    session.play(DrawStock())
    fresh = [c["data-card"] for c in table_page(session).having("button", data_act="card")
             if "fx-in" in (c.get("class") or "")]
    assert fresh == [str(drawn)]
    session.drawn()
    assert not [c for c in table_page(session).having("button", data_act="card")
                if "fx-in" in (c.get("class") or "")]


def test_nobody_shown_the_hand_is_face_down(hot_seat):
    session = hot_seat()
    page = table_page(session)
    assert not page.having("button", data_act="card")
    assert page.having("section", **{"class": "hand hidden-hand"})
    assert page.having("button", data_act="pass-ready")  # the hand-over screen


def test_buttons_follow_the_turn(solo):
    session = solo()
    page = table_page(session)
    assert "disabled" not in page.having("button", data_act="hint")[0]
    assert "disabled" in page.having("button", data_act="discard")[0]  # nothing selected
    session.toggle(session.hand_keys(0)[0][0])
    session.play(DrawStock())
    page = table_page(session)
    assert "disabled" not in page.having("button", data_act="discard")[0]
    assert "drop-ok" in page.classes("button", data_act="take")[0]


def test_the_other_players_are_chips_with_their_counts(solo):
    session = solo()
    page = table_page(session, "it")
    chips = page.having("div", data_seat="1")
    assert len(chips) == 1 and "Bruno" in page.text
    assert "13 carte" in page.text


@pytest.mark.parametrize(("others", "tagged"), [
    ([Seat("Bruno", "bot", "easy"), Seat("Carla", "bot", "hard")], []),
    ([Seat("Bruno", "bot", "easy"), Seat("Carla")], ["1"]),  # a hot seat with a bot
    ([Seat("Bruno", "remote"), Seat("Carla", "bot", "hard")], ["2"]),  # friends and a bot
])
def test_the_bot_tag_is_shown_only_where_a_person_sits_among_the_bots(others, tagged):
    """Against bots alone every chip would say BOT, and on a phone the tag left a name
    its initial; where a person sits among them, it tells who is who."""
    session = Session.new([Seat("Anna"), *others], 0)
    session.viewer = 0
    seat, marked = None, []
    for _, attrs in table_page(session).tags:  # each chip's seat, then its tag if any
        if "chip" in (attrs.get("class") or "").split():
            seat = attrs["data-seat"]
        elif attrs.get("class") == "botb":
            marked.append(seat)
    assert marked == tagged


def test_a_hot_seat_pass_screen_reads_right_for_any_name(hot_seat):
    session = hot_seat()
    text = " ".join(table_page(session, "it").text)
    assert "Passa il dispositivo a Anna" in text and "Mostra le carte di Anna" in text
    assert "Sono" not in text and "pronto" not in text


# -- the score sheet ------------------------------------------------------------------------------


def finished_hands(rules: Rules | None = None) -> Session:
    game = Game.new(["Anna", "Bruno", "Carla"], seed=5, rules=rules)
    results = (
        HandResult(closer=0, in_mano=False, penalties=(0, 35, 100)),
        HandResult(closer=2, in_mano=True, penalties=(44, 12, 0), eliminated=(0,),
                   reentered=()),
    )
    state = replace(game.state, results=results, scores=(44, 47, 100),
                    out=(True, False, False))
    return Session(Game(state), [Seat("Anna"), Seat("Bruno"), Seat("Carla")], "m")


def test_the_sheet_rows_are_the_hands_with_their_marks():
    rows = sheet_rows(finished_hands().state)
    assert [row.hand for row in rows] == [1, 2]
    assert rows[0].cells[0] == Cell(0, closed=True)
    assert [cell.text for cell in rows[1].cells] == ["44 ✖", "12", "0 ★ ×2"]
    plain = sheet_rows(finished_hands(Rules(mano_doubles=False)).state)
    assert plain[1].cells[2].text == "0 ★"


def test_the_sheet_table_has_a_row_a_hand_and_the_totals():
    session = finished_hands()
    page = Elements(score_sheet(session, "en"))
    assert len(page.having("tr")) == 1 + 2 + 1  # head, hands, totals
    assert "Anna" in page.text and "0 ★ ×2" in page.text
    assert page.classes("td", **{"class": "out"}) == [["out"]]  # Anna is out
    assert page.having("button", data_act="close")  # mid-hand: just close it


def test_a_huge_name_does_not_reach_the_sheet_whole():
    game = Game.new(["N" * 10_000, "Bruno"], seed=1)
    session = Session.restore(game, None)
    sheet = score_sheet(session, "en")
    assert "N" * 100 not in sheet and "N" * 19 + "…" in sheet


# -- the new-game screen ---------------------------------------------------------------------


def form(last: object, lang: str = "en") -> Elements:
    return Elements(render.page(None, lang, on_table=False,
                                 settings=Settings(lang=lang, last=last)))


def test_the_form_offers_names_that_fit_the_seats():
    seats = [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]
    page = form({"count": 3, "seats": seats})
    names = [page.having("input", name=f"name{i}")[0]["value"] for i in range(3)]
    assert names == ["Anna", "Bruno", "Carla"]  # an all-bot table has no "You"
    hot = form({"count": 3, "seats": [{"kind": "human", "name": "Tu"}, {"kind": "human"},
                                      {"kind": "bot"}]}, "it")
    names = [hot.having("input", name=f"name{i}")[0]["value"] for i in range(3)]
    assert names == ["Giocatore 1", "Giocatore 2", "Carla"]
    mine = form({"count": 2, "seats": [{"kind": "human", "name": "Giovanna"}]})
    assert mine.having("input", name="name0")[0]["value"] == "Giovanna"


def test_the_form_ignores_stored_values_it_does_not_offer():
    page = form({"count": "x", "mode": [], "custom": "9" * 400,
                 "seats": [{"kind": "robot", "level": "expert", "strength": "lots"}]})
    assert page.having("fieldset", data_seat="0")[0]["data-kind"] == "human"
    assert page.having("fieldset", data_seat="0")[0]["data-level"] == "medium"
    assert page.having("input", name="strength0")[0]["value"] == "0.5"
    assert page.having("input", name="custom")[0]["value"] == "151"
    assert "checked" in page.having("input", type="radio", value="101")[0]
    hidden = [a for a in page.having("fieldset") if "hidden" in (a.get("class") or "")]
    assert len(hidden) == 4  # two seats shown
