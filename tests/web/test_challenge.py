"""Challenge links: the same deal against the same bots; a hostile link is refused."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import PRESETS, Rules
from web.newgame.actions import open_challenge
from web.newgame.challenge import MAX_CHARS, PREFIX, Challenge, fragment, parse
from web.store.saves import Saves
from web.store.stores import MemoryStore
from web.table.dialogs import challenge_dialog
from web.table.session import Seat, Session
from web.table.shown import Overlay
from web.table.table import Table


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_link_reads_back_as_its_deal(preset: str) -> None:
    rules = PRESETS[preset].with_options(mode="single")
    read = parse(fragment("seed/é 1", rules, ["easy", "hard"]))
    assert read == Challenge("seed/é 1", rules, ("easy", "hard"))


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


@pytest.mark.parametrize("link", HOSTILE)
def test_a_hostile_link_is_refused_with_a_message(link: str) -> None:
    for lang, start in (("it", "Questo link di sfida"), ("en", "This challenge link")):
        refusal = parse(link, lang)
        assert isinstance(refusal, str) and refusal.startswith(start)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400).map(lambda tail: PREFIX + tail) | st.text(max_size=100))
def test_any_fragment_is_a_challenge_or_a_refusal(link: str) -> None:
    assert isinstance(parse(link), Challenge | str)


def test_after_a_single_hand_the_link_opens_the_same_deal() -> None:
    store = MemoryStore()
    table = Table(Saves(store), {"lang": "en"}, clock=lambda: 0.0)
    rules = Rules(mode="single", opening_minimum=41)
    table.start_session(Session.new([Seat("Anna"), Seat("B", "bot", "hard")], "c-7", rules))
    table.click("challenge", "https://example.org/scala40/?x=1#old")
    assert table.overlay is Overlay.CHALLENGE
    link = table.challenge_link
    assert link.startswith("https://example.org/scala40/?x=1#challenge=")
    assert f'value="{link}"' in challenge_dialog(link, "en")
    table.click("challenge-close")
    assert table.overlay is None  # the hand is not over: no score sheet to go back to
    friend = Table(Saves(MemoryStore()), {"lang": "it"}, clock=lambda: 0.0)
    open_challenge(friend, link[link.index("#"):])
    assert friend.session is not None
    assert friend.session.state.hand == table.session.state.hand  # type: ignore[union-attr]
    assert [seat.level for seat in friend.session.seats if seat.is_bot] == ["hard"]
    open_challenge(friend, "#challenge=%7B")
    assert friend.notice is not None and friend.notice[1].startswith("Questo link")
