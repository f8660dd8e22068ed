"""Challenge links: the same deal against the same bots, labelled while it is played, the
results compared at its end and shared on; a hostile link is refused, never a break."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from urllib.parse import quote

import js
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import PRESETS, Rules, observe
from scala40.bots import LEVELS, make_bot
from web.daily import play as daily
from web.daily.challenge import (
    MARKUP,
    MAX_CHARS,
    PREFIX,
    Challenge,
    Score,
    fragment,
    parse,
    shown_name,
)
from web.newgame.actions import open_challenge
from web.newgame.share import challenge_dialog
from web.page import app as app_module
from web.page.view import whole_page
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import Settings
from web.store.stores import MemoryStore
from web.table.session import Session
from web.table.shown import Overlay
from web.table.table import Table
from web.ui.markup import escape

URL = "https://example.org/scala40/?x=1"


def table(lang: str = "en", store: MemoryStore | None = None, **settings: object) -> Table:
    return Table(Saves(store or MemoryStore()), Settings(lang=lang, **settings), clock=lambda: 0.0)


def play_out(table: Table) -> None:
    """Easy bots play every seat (the person's too) to the end of the hand."""
    session = table.session
    assert session is not None
    players = [make_bot("easy", random.Random(seat)) for seat in range(len(session.seats))]
    while not session.state.is_over:
        state = session.state
        assert table.move(players[state.to_move].choose(observe(state, state.to_move))) is None


def link_of(table: Table) -> str:
    link = table.challenge_link
    return link[link.index("#"):]


# -- the link ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_link_reads_back_as_its_deal(preset: str) -> None:
    rules = PRESETS[preset].with_options(mode="single")
    dare = Challenge("seed/é 1", rules, ("easy", "balanced:0.7"), ("Zoë", "Ugo"), 2, "Anna",
                     Score(12, 9, False))
    assert parse(fragment(dare)) == dare
    plain = Challenge("seed/é 1", rules, ("hard",))
    assert parse(fragment(plain)) == plain


HOSTILE = [
    "", "#", "#challenge=", "#challenge=%ZZ", "#challenge=" + "%5B" * 1500,
    PREFIX + quote('{"v":1,"seed":"s","rules":{},"bots":[]}'),
    PREFIX + quote('{"v":1,"seed":"s","rules":{},"bots":["god"]}'),
    PREFIX + quote('{"v":true,"seed":"s","rules":{},"bots":["easy"]}'),
    PREFIX + quote('{"v":1,"seed":{"a":1},"rules":{},"bots":["easy"]}'),
    PREFIX + quote('{"v":1,"seed":"s","rules":{"jokers":3},"bots":["easy"]}'),
    PREFIX + quote('{"v":1,"seed":"s","rules":{"nope":1},"bots":["easy"]}'),
    PREFIX + quote('{"v":1,"seed":"s","rules":[],"bots":["easy"],"x":1}'),
    PREFIX + quote('{"v":1,"seed":"' + "s" * 500 + '","rules":{},"bots":["easy"]}'),
    PREFIX + "x" * MAX_CHARS,
]
SINGLE = '"v":1,"seed":"s","rules":{"mode":"single"},"bots":["easy"]'
#: Each refused with its own reason (the catalog's words, in the player's language).
REFUSED = {
    "a points match": ('{"v":1,"seed":"s","rules":{},"bots":["easy"]}', "it is not a single"),
    "a huge rule": ('{"v":1,"seed":"s","rules":{"mode":"single","opening_minimum":1' + "0" * 60
                    + '},"bots":["easy"]}', "numbers out of range"),
    "a huge result": ("{" + SINGLE + ',"score":{"points":' + "9" * 40
                      + ',"turn":3,"closed":false}}', "result to beat"),
    "a result of text": ("{" + SINGLE + ',"score":{"points":"12","turn":3,"closed":false}}',
                         "result to beat"),
    "a closing that pays": ("{" + SINGLE + ',"score":{"points":5,"turn":3,"closed":true}}',
                            "result to beat"),
    "a true seat": ("{" + SINGLE + ',"seat":true}', "not a challenge"),
    "a far seat": ("{" + SINGLE + ',"seat":100000000000000000000}', "not a challenge"),
    "markup in a name": ("{" + SINGLE + ',"by":"<img src=x>"}', "a name"),
    "markup in a bot's name": ("{" + SINGLE + ',"bot_names":["<b>Bot</b>"]}', "a name"),
    "a bot called You": ("{" + SINGLE + ',"bot_names":["You"]}', "a name"),
    "a name of control characters": ("{" + SINGLE + ',"by":"A\\u0000B"}', "a name"),
    "a name too long": ("{" + SINGLE + ',"by":"' + "A" * 21 + '"}', "a name"),
    "a level with markup": ('{"v":1,"seed":"s","rules":{"mode":"single"},"bots":["<i>"]}',
                            "opponents"),
}


@pytest.mark.parametrize("link", HOSTILE + [PREFIX + quote(body) for body, _ in REFUSED.values()])
def test_a_hostile_link_is_refused_with_a_message(link: str) -> None:
    for lang, start in (("it", "Questo link di sfida"), ("en", "This challenge link")):
        refusal = parse(link, lang)
        assert isinstance(refusal, str) and refusal.startswith(start)


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_each_refusal_says_why(case: str) -> None:
    body, why = REFUSED[case]
    refusal = parse(PREFIX + quote(body), "en")
    assert isinstance(refusal, str) and why in refusal, refusal


JUNK = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=10**18),
                 st.floats(allow_nan=True), st.text(max_size=12),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=4),
                                                                      st.integers(), max_size=2))


def mostly(valid: st.SearchStrategy, *hostile: st.SearchStrategy) -> st.SearchStrategy:
    """``valid`` nine times in ten, so many bodies are wrong in one member only."""
    return st.integers(0, 9).flatmap(lambda n: valid if n else st.one_of(*hostile, JUNK))


NAMES = st.one_of(st.sampled_from(["Anna", "Zoë", "<b>Zeno</b>", "<script>x</script>",
                                   "Tu", "You", "", " Ugo", "a\nb", "é" * 21, "Bea & Co",
                                   "O'Hara", "\u202eevil"]), st.text(max_size=24))
BODIES = st.fixed_dictionaries(
    {"v": mostly(st.just(1), st.integers()),
     "seed": mostly(st.text(max_size=20), st.text(min_size=101, max_size=120)),
     "rules": mostly(st.sampled_from([{"mode": "single"}, {"mode": "single", "jokers": 0}]),
                     st.sampled_from([{}, {"mode": "single", "opening_minimum": 10**30},
                                      {"mode": "single", "elimination_score": -1},
                                      {"mode": "single", "jokers": 3}])),
     "bots": mostly(st.lists(st.sampled_from([*LEVELS, "balanced:0.7"]), min_size=1,
                             max_size=5),
                    st.lists(st.sampled_from(["balanced:2", "god", "<i>", ""]), max_size=6))},
    optional={"seat": mostly(st.integers(0, 5), st.integers(-2, 7),
                             st.integers(min_value=10**20)),
              "bot_names": mostly(st.lists(NAMES, max_size=6)),
              "by": mostly(NAMES),
              "score": mostly(st.fixed_dictionaries({
                  "points": mostly(st.integers(0, 999), st.integers(-5, 10**30)),
                  "turn": mostly(st.integers(1, 999), st.integers(-1, 10**30)),
                  "closed": mostly(st.booleans())}))})


@settings(max_examples=300, deadline=None)
@given(BODIES)
def test_any_link_is_a_challenge_a_table_can_show_or_a_refusal_in_both_languages(
        body: dict) -> None:
    link = PREFIX + quote(json.dumps(body, ensure_ascii=False), safe="")
    for lang, start in (("it", "Questo link di sfida"), ("en", "This challenge link")):
        read = parse(link, lang)
        if isinstance(read, str):
            assert read.startswith(start)
            continue
        assert read.rules.mode == "single" and 1 <= len(read.bots) <= 5
        assert 0 <= read.seat <= len(read.bots)
        assert len(read.bot_names) in (0, len(read.bots))
        for name in (*read.bot_names, *([read.by] if read.by else [])):
            assert shown_name(name) and not MARKUP & set(name)
        assert read.score is None or (0 <= read.score.points <= 999
                                      and 1 <= read.score.turn <= 999)
    friend = table("it")
    open_challenge(friend, link)
    read = parse(link, "it")
    if isinstance(read, str):
        assert friend.session is None and friend.notice == ("Sfida", read)
    else:
        assert friend.session is not None and friend.session.humans == [read.seat]
        assert [seat.level for seat in friend.session.seats if seat.is_bot] == list(read.bots)
    page = str(whole_page(friend))  # the page draws whatever came in
    assert "<script>" not in page and "<b>Zeno" not in page


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400).map(lambda tail: PREFIX + tail) | st.text(max_size=100))
def test_any_fragment_is_a_challenge_or_a_refusal(link: str) -> None:
    assert isinstance(parse(link), Challenge | str)


# -- made after a single hand, opened on another device ---------------------------------


def test_after_a_single_hand_the_link_opens_the_same_deal() -> None:
    challenger = table()
    rules = Rules(mode="single", opening_minimum=41)
    challenger.start_session(Session.new([Seat("Anna"), Seat("B", "bot", "hard")], "c-7",
                                         rules))
    challenger.click("challenge", URL + "#old")
    assert challenger.overlay is Overlay.CHALLENGE
    link = challenger.challenge_link
    assert link.startswith(URL + "#challenge=")
    assert f'value="{link}"' in challenge_dialog(link, "en")
    challenger.click("challenge-close")
    assert challenger.overlay is None  # the hand is not over: no score sheet to go back to
    friend = table("it")
    open_challenge(friend, link_of(challenger))
    assert friend.session is not None
    assert friend.session.state.hand == challenger.session.state.hand  # type: ignore[union-attr]
    assert [(seat.name, seat.level) for seat in friend.session.seats if seat.is_bot] == \
        [("B", "hard")]  # a name of the challenger's own is carried
    open_challenge(friend, "#challenge=%7B")
    assert friend.notice is not None and friend.notice[1].startswith("Questo link")


def test_the_bots_are_named_as_a_new_match_names_them_and_the_friend_takes_the_same_seat(
        ) -> None:
    dare = Challenge("seat-2", Rules(mode="single"), ("easy", "hard"), seat=1)
    friend = table("it")
    open_challenge(friend, fragment(dare))
    session = friend.session
    assert session is not None and session.names == ["Anna", "Tu", "Carla"]
    assert [seat.level for seat in session.seats if seat.is_bot] == ["easy", "hard"]
    assert session.humans == [1] and session.viewer == 1
    dealt = Session.new([Seat("A", "bot"), Seat("B"), Seat("C", "bot")], "seat-2",
                        Rules(mode="single")).state.hand.hands[1]
    assert session.state.hand.hands[1] == dealt  # the challenger's own cards


# -- labelled while played, compared at the end, shared on ------------------------------


def label_shown(tb: Table) -> str | None:
    page = str(whole_page(tb))
    if 'data-testid="played-label"' not in page:
        return None
    return page.split('data-testid="played-label">')[1].split("</p>")[0]


@pytest.mark.parametrize("lang, score, label", [
    ("en", Score(12, 9, False), "Challenge from Anna: beat 12 points"),
    ("it", Score(1, 9, False), "Sfida di Anna: batti 1 punto"),
    ("en", Score(0, 7, True), "Challenge from Anna: close in fewer than 7 turns"),
    ("it", Score(0, 7, True), "Sfida di Anna: chiudi in meno di 7 turni"),
    ("en", None, "Challenge from Anna: the same deal"),
])
def test_the_table_says_whose_challenge_and_the_result_to_beat(lang, score, label) -> None:
    friend = table(lang)
    open_challenge(friend, fragment(Challenge("lbl", Rules(mode="single"), ("easy",),
                                              by="Anna", score=score)))
    assert label_shown(friend) == label


def test_a_challenge_without_a_name_is_a_friends_and_a_plain_match_has_no_label() -> None:
    friend = table("en")
    open_challenge(friend, fragment(Challenge("n", Rules(mode="single"), ("easy",),
                                              score=Score(3, 4, False))))
    assert label_shown(friend) == "Challenge from a friend: beat 3 points"
    plain = table()
    plain.start_session(Session.new([Seat("Tu"), Seat("Bruno", "bot")], "p",
                                    Rules(mode="single")))
    assert label_shown(plain) is None


def test_the_label_stays_through_a_reload() -> None:
    store = MemoryStore()
    first = table("en", store)
    open_challenge(first, fragment(Challenge("r", Rules(mode="single"), ("easy",), by="Anna",
                                             score=Score(12, 9, False))))
    again = table("en", store)
    again.resume_saved("1")
    assert again.session is not None and again.session.names == ["You", "Bruno"]
    assert label_shown(again) == "Challenge from Anna: beat 12 points"


@pytest.mark.parametrize("theirs, verdict", [
    (Score(0, 1, True), "You lost to Anna: "),  # closing on one's first turn is not beaten
    (Score(999, 999, False), "You beat Anna: "),
])
def test_the_end_compares_the_results(theirs: Score, verdict: str) -> None:
    friend = table("en")
    open_challenge(friend, fragment(Challenge("end-3", Rules(mode="single"), ("easy",),
                                              by="Anna", score=theirs)))
    play_out(friend)
    session = friend.session
    assert session is not None and friend.overlay is Overlay.SHEET
    assert session.message is not None and session.message[1].startswith(verdict)
    yours = daily.said(daily.score_of(session.game, 0), "en")
    assert session.message[1].endswith(f"{yours} against {daily.said(theirs, 'en')}.")
    assert escape(session.message[1]) in str(whole_page(friend)).split('class="sheet-body"')[1]


@pytest.mark.parametrize("lang, yours, theirs, said", [
    ("en", Score(0, 6, True), Score(0, 9, True),
     "You beat Anna: closed in 6 turns against closed in 9 turns."),
    ("it", Score(20, 9, False), Score(0, 9, True),
     "Hai perso contro Anna: 20 punti contro chiusa in 9 turni."),
    ("en", Score(1, 4, False), Score(1, 8, False), "Level with Anna: 1 point."),
    ("it", Score(0, 5, True), Score(0, 5, True), "Pari con Anna: chiusa in 5 turni."),
])
def test_who_did_better_in_words(lang, yours, theirs, said) -> None:
    assert daily.verdict("Anna", theirs, yours, lang) == said


def test_the_end_shares_the_players_result_as_a_link_to_the_same_deal() -> None:
    friend = table("en", name="Marco")  # the name given on a friends' screen
    dare = Challenge("share-1", Rules(mode="single"), ("easy",), by="Anna",
                     score=Score(12, 9, False))
    open_challenge(friend, fragment(dare))
    play_out(friend)
    friend.click("challenge", URL)
    session = friend.session
    assert session is not None and friend.overlay is Overlay.CHALLENGE
    answer = parse(link_of(friend))
    assert answer == Challenge("share-1", dare.rules, ("easy",), by="Marco",
                               score=daily.score_of(session.game, 0))
    dialog = str(challenge_dialog(friend.challenge_link, "en"))
    label = daily.rival_label("Marco", answer.score, "en")  # type: ignore[union-attr]
    assert f"Whoever opens it will see: “{label}”." in dialog
    assert 'data-act="share"' in dialog and 'aria-describedby="challenge-status"' in dialog
    friend.click("challenge-close")
    assert friend.overlay is Overlay.SHEET  # back to the sheet it was made from


def test_a_seat_named_by_its_player_is_the_challengers_name() -> None:
    session = Session.new([Seat("Bruno", "bot"), Seat("Giulia")], "n-1", Rules(mode="single"))
    marco = Settings(lang="en", name="Marco")
    assert daily.challenger_name(session, marco) == "Giulia"
    you = Session.new([Seat("Tu"), Seat("Bruno", "bot")], "n-1", Rules(mode="single"))
    assert daily.challenger_name(you, marco) == "Marco"
    assert daily.challenger_name(you, Settings(lang="en")) == ""
    assert daily.challenger_name(you, Settings(lang="en", name="<b>x</b>")) == ""


def test_no_challenge_from_a_points_match_or_a_table_with_friends() -> None:
    points = table()
    points.start_session(Session.new([Seat("Tu"), Seat("Bruno", "bot")], "p"))
    points.click("challenge", URL)
    friends = table()
    friends.start_session(Session.new([Seat("Tu"), Seat("Bea", "remote")], "f",
                                      Rules(mode="single")))
    friends.click("challenge", URL)
    assert points.overlay is None and friends.overlay is None


# -- the page's share button ------------------------------------------------------------


class Box:
    """The link box of the challenge dialog."""

    def __init__(self) -> None:
        self.value = "https://example.org/#challenge=x"
        self.selected = False

    def select(self) -> None:
        self.selected = True

    def getAttribute(self, name: str) -> str | None:  # the DOM's name
        return {"data-text": "Challenge from Anna: beat 12 points",
                "aria-describedby": "challenge-status"}.get(name)


class Status:
    def __init__(self) -> None:
        self.textContent = ""  # the DOM's names
        self.classList = SimpleNamespace(toggle=self.toggle)
        self.refused = False

    def toggle(self, name: str, on: bool) -> None:
        self.refused = on


class Page:
    def __init__(self, _root: object = None) -> None:
        self.box, self.status = Box(), Status()

    def find(self, selector: str) -> object:
        return {"#challenge-link": self.box, "#challenge-status": self.status}.get(selector)

    def draw(self, markup: object, *, lang: str) -> None:
        """Nothing drawn: the share button's answer is on the status line."""


async def answered() -> None:
    """A browser's promise kept."""


async def refused() -> None:
    raise RuntimeError("NotAllowedError")


@pytest.fixture
def page_with(table_for, monkeypatch, clock):
    """The App around a table, its navigator ``navigator``: the page and the tasks started."""

    def make(navigator: object, lang: str = "en"):
        tb = table_for(None, lang)
        monkeypatch.setattr(app_module, "window", SimpleNamespace(
            localStorage=MemoryStore(), navigator=navigator))
        monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
        monkeypatch.setattr(app_module, "Page", Page)
        monkeypatch.setattr(app_module, "Table", lambda *_args, **_kwargs: tb)
        app = app_module.App()
        tasks: list = []
        app.spawn = tasks.append  # type: ignore[method-assign]
        return app, tasks

    return make


def test_share_copies_the_link_and_says_so_where_there_is_no_share_sheet(page_with,
                                                                        run_alone) -> None:
    copied: list[str] = []
    clipboard = SimpleNamespace(writeText=lambda text: copied.append(text) or answered())
    app, tasks = page_with(SimpleNamespace(language="it", clipboard=clipboard), "it")
    app.act("share", "challenge-link")
    for task in tasks:
        run_alone(task)
    assert copied == [app.page.box.value] and app.page.box.selected
    assert app.page.status.textContent == "Link copiato: incollalo in un messaggio."
    assert not app.page.status.refused


def test_a_refused_clipboard_leaves_the_link_selected_and_says_so(page_with, run_alone) -> None:
    clipboard = SimpleNamespace(writeText=lambda _text: refused())
    app, tasks = page_with(SimpleNamespace(language="en", clipboard=clipboard))
    app.act("share", "challenge-link")
    for task in tasks:
        run_alone(task)
    assert app.page.box.selected and app.page.status.refused
    assert app.page.status.textContent.startswith("The browser did not allow copying")
    bare, _ = page_with(SimpleNamespace(language="en"))  # no clipboard at all
    bare.act("share", "challenge-link")
    assert bare.page.status.textContent.startswith("The browser did not allow copying")


def test_share_opens_the_devices_share_sheet_where_there_is_one(page_with, run_alone) -> None:
    shared: list[dict] = []
    navigator = SimpleNamespace(language="en", share=lambda data: shared.append(data)
                                or refused())  # the player closes the sheet
    app, tasks = page_with(navigator)
    app.act("share", "challenge-link")
    for task in tasks:
        run_alone(task)
    assert shared == [{"title": "Scala 40", "text": "Challenge from Anna: beat 12 points",
                       "url": app.page.box.value}]
    assert app.page.status.textContent == "" and not app.page.box.selected
