"""One dispatcher: every button a screen draws names an action of the one registry, and
every field a change handler, once the page is made as web/main.py makes it (the page's
own and the friends' part's handlers are bound then, the features' at import).

The screens are drawn as tests/web/test_pseudo_language.py draws them, with the friends'
screens in each of their states; a button whose ``data-act`` nothing handles, or a field
whose ``data-set`` nothing handles, is named in the failure.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_pseudo_language import screens
from test_render_steps import app_for  # noqa: F401 - the fixture: the App, as made

from web.friends import quick, view
from web.friends.view import Knocking, SeatInvite
from web.i18n import LANGS
from web.store.settings import Settings
from web.table.registry import ACTIONS, FIELDS

#: The states a host's invitation is drawn in (web/friends/view.py ``seat_card``).
INVITE_STATES = ("making", "waiting", "connecting", "open", "interrupted", "closed", "bot",
                 "failed")


class Named(HTMLParser):
    """The actions (``data-act``) and the fields (``data-set``) a markup names."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.acts: set[str] = set()
        self.fields: set[str] = set()
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "data-act" and value is not None:
                self.acts.add(value)
            elif name == "data-set" and value is not None:
                self.fields.add(value)


def friends_screens(lang, solo):
    """The friends' screens and what they add to the table, in every state drawn."""
    advanced = view.advanced_box(lang, Settings(lang=lang))
    you = view.name_box(lang, "Anna")
    invites = [SeatInvite(seat, state, link="https://x/#j", qr="data:,", error="!")
               for seat, state in enumerate(INVITE_STATES)]
    names = [f"P{seat}" for seat in range(len(INVITE_STATES))]
    knocks = (Knocking("peer-1", "Carla"), Knocking("peer-2", ""))
    yield "lobby", view.lobby(lang, invites, names, you=you, advanced=advanced,
                              internet=view.internet_box(lang))
    yield "lobby online", view.internet_box(lang, "KXMPQRA", "https://x/#r", knocks, "!")
    for state in ("code", "looking", "asked", "connecting", "open", "interrupted"):
        yield f"joining by code, {state}", view.join_screen(
            lang, host="Anna", seat=None, state=state, code="" if state == "code" else "KXMPQRA",
            you=you, advanced=advanced)
    for state in ("connecting", "open"):
        yield f"a guest's answer, {state}", view.join_screen(
            lang, host="Anna", seat=1, state=state, answer="12345", qr="data:,", you=you)
    yield "a join refused", view.join_screen(lang, host="", seat=None, state="closed",
                                             error="!", you=you)
    for state in ("connecting", "interrupted", "closed", "failed"):
        for by_code in (False, True):
            yield f"a guest's banner, {state}", view.link_banner(lang, state, by_code)
    yield "the waiting banner", view.waiting_banner(lang, [(1, "Bruno"), (2, "Carla")])
    yield "the way back to the invitations", view.lobby_button(lang)
    yield "the quick messages", quick.bar(quick.Chat(), solo(), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_button_and_field_drawn_has_its_handler(lang, app_for,  # noqa: F811
                                                      table_for, solo, hot_seat,
                                                      closing_hand):
    app_for(None)
    drawn = {**dict(screens(lang, table_for, solo, hot_seat, closing_hand)),
             **dict(friends_screens(lang, solo))}
    named = {name: Named(str(markup)) for name, markup in drawn.items()}
    assert {"friends", "code", "setup", "to-table", "accept", "admit", "lang"} \
        <= {act for found in named.values() for act in found.acts}  # drawn at all
    unbound = {name: (found.acts - set(ACTIONS), found.fields - set(FIELDS))
               for name, found in named.items()}
    assert {name: left for name, left in unbound.items() if any(left)} == {}


def test_every_action_the_source_names_is_bound(app_for):  # noqa: F811
    """A button drawn on a screen the test above does not reach is bound too: every
    ``data-act`` and ``data-set`` written in web/."""
    app_for(None)
    web = Path(__file__).resolve().parents[2] / "web"
    source = "".join(path.read_text() for path in web.rglob("*.py"))
    assert set(re.findall(r'data-act="([a-z-]+)"', source)) - set(ACTIONS) == set()
    assert set(re.findall(r'data-set="([a-z_-]+)"', source)) - set(FIELDS) == set()


def test_an_unbound_name_is_found():
    found = Named('<button data-act="nowhere"></button><select data-set="lang"></select>')
    assert found.acts - set(ACTIONS) == {"nowhere"}
    assert found.fields == {"lang"}
