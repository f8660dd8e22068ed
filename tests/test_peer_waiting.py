"""The host's table never waits on a friend's seat nobody holds without saying so
(issue #53): the banner names each seat waited for, in words that fit any name (no
Italian word agreeing with the friend's gender), with its ways on; the lobby's button
to the table says the match waits there."""

from __future__ import annotations

import re

import pytest

from web.friends import view
from web.friends.view import SeatInvite

#: Italian words that would guess a gender beside a name ("Carla collegata", "entrato"):
#: those of tests/web/test_grammar.py that a wait could be said with.
AGREEING = re.compile(r"\b(?:collegat|entrat|rientrat|arrivat|sedut|pront|amic)[oaie]\b",
                      re.IGNORECASE)


@pytest.mark.parametrize(("lang", "line"), [("it", "In attesa che Carla entri"),
                                            ("en", "Waiting for Carla to join")])
def test_the_banner_names_each_seat_waited_for_with_its_ways_on(lang, line):
    banner = str(view.waiting_banner(lang, [(1, "Carla"), (2, "Dario")]))
    assert line in banner and line.replace("Carla", "Dario") in banner
    assert banner.count('data-act="to-bot"') == 2
    assert 'data-act="to-bot" data-arg="2"' in banner
    assert banner.count('data-act="lobby"') == 1
    if lang == "it":
        words = re.sub(r"<[^>]+>", " ", banner).replace("Carla", "").replace("Dario", "")
        assert not AGREEING.findall(words), words


def test_no_banner_when_every_seat_is_held():
    assert str(view.waiting_banner("it", [])) == ""


@pytest.mark.parametrize(("states", "said"), [(("waiting",), True), (("closed",), True),
                                              (("open", "bot"), False),
                                              (("interrupted",), False)])
def test_the_lobby_says_the_match_waits_at_the_table_for_a_seat_nobody_holds(states, said):
    seats = [SeatInvite(seat, state) for seat, state in enumerate(states, start=1)]
    lobby = str(view.lobby("en", seats, ["Anna", "Bea", "Carla"]))
    assert "Go to the table" in lobby
    assert ("the match waits for anyone not in yet" in lobby) is said
