"""Quick messages at a friends' table: a few fixed phrases, shown on every device.

A player picks one of :data:`~web.friends.phrases.PHRASES` ("Bella mossa!", "Tocca a
te", 👏) from the top bar's picker; only its id crosses the wire, and each device says
it in its own language (``quick_<id>`` in the catalog, scala40/lang), so there is no free
text to moderate. The host relays it to every seated guest (web/friends/host.py,
which also limits how often a seat may send); each device, the sender's included,
shows it for a few seconds as a bubble under the top bar, "Bruno: Bella mossa!", and
says it in the live region (web/table/speech.py), politely, in turn with the moves.

A :class:`Chat` is what one device shows, kept by what sends its player's messages (a
:class:`Talker`): the host's :class:`~web.friends.seats.RemoteSeats` or a guest's
:class:`~web.friends.seats.GuestSession`. The table knows none of this: this module
binds its part of the table's top bar (``web.table.registry.TOPBAR``) and the phrases'
action (``quick``), as every feature binds its own; the friends' part of the page
says which talker a table has (:data:`talker`).

The picker is an HTML popover: the browser opens it from the button, closes it on
Escape, a tap outside or a phrase chosen, and gives the focus back to the button. It is
a named group, not a ``dialog``: web/page/modal.js takes any element of that role for
an open dialog, trapping Tab and Escape in it, and this one is never modal. Open, it
dims the table under it (its backdrop, web/friends/friends.css), so that what it covers
is not read as written on it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from web.friends.phrases import PHRASES
from web.i18n import shown_names, t
from web.table.registry import TOPBAR, action
from web.table.session import Session
from web.table.table import Table
from web.ui.markup import EMPTY, Markup, html, join

#: The button's speech balloon, drawn (an emoji's look, or its absence, is the font's).
ICON = Markup('<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">'
              '<path d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V6'
              'a2 2 0 0 1 2-2z" fill="none" stroke="currentColor" stroke-width="2" '
              'stroke-linejoin="round"/></svg>')

#: How long a bubble shows, in seconds (web/friends/friends.css fades it over the end).
SHOWN_S = 6.0


@dataclass(frozen=True)
class Said:
    """A quick message heard: its number on this device (the bubble's id), who, what, when."""

    number: int
    seat: int
    phrase: str
    at: float


class Chat:
    """The quick messages this device shows: the newest of each seat, for :data:`SHOWN_S`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.said: list[Said] = []
        self.count = 0

    def hear(self, table: Table, heard: list[tuple[int, str]]) -> None:
        """Show the quick messages ``heard`` (taken from it) and say them aloud."""
        session = table.session
        if session is None or not heard:
            return
        now = self.clock()
        for seat, phrase in heard:
            self.said = [said for said in self.shown() if said.seat != seat]
            self.said.append(Said(self.count, seat, phrase, now))
            self.count += 1
            table.speech.say([line(session, seat, phrase, table.lang)])
        heard.clear()
        table.redraw()

    def shown(self) -> list[Said]:
        """The messages still shown now."""
        now = self.clock()
        return [said for said in self.said if now - said.at < SHOWN_S]


def line(session: Session, seat: int, phrase: str, lang: str) -> str:
    """"Bruno: Bella mossa!", "Tu: Grazie!" for the one person at this device."""
    you = len(session.humans) == 1 and seat == session.viewer
    name = shown_names(session.names, lang)[seat] if seat < len(session.names) else "?"
    return t("quick_said", lang, you=you, name=name, phrase=t("quick_" + phrase, lang))


def bar(chat: Chat, session: Session, lang: str) -> Markup:
    """The top bar's part: the button, its picker of phrases, and the bubbles shown."""
    label = t("quick_title", lang)
    phrases = join(
        html('<button class="btn quick-phrase" data-act="quick" data-arg="{id}" '
             'popovertarget="quick-picker" popovertargetaction="hide"{focus}>{text}</button>',
             id=phrase, text=t("quick_" + phrase, lang),
             focus=Markup(" autofocus") if index == 0 else Markup(""))
        for index, phrase in enumerate(PHRASES))
    bubbles = join(
        html('<p class="quick-bubble{mine}" id="quick-{n}" data-seat="{seat}">{text}</p>',
             n=said.number, seat=said.seat, text=line(session, said.seat, said.phrase, lang),
             mine=" mine" if said.seat == session.viewer else "")
        for said in chat.shown())
    return html(
        '<button class="btn icon quick-open" popovertarget="quick-picker" '
        'aria-label="{label}" title="{label}">{icon}</button>'
        '<div class="quick-picker" id="quick-picker" popover role="group" '
        'aria-label="{label}">{phrases}</div>'
        '<div class="quick-said" data-testid="quick-said">{bubbles}</div>',
        label=label, phrases=phrases, bubbles=bubbles, icon=ICON)


class Talker(Protocol):
    """What sends this device's quick messages at a table, and keeps what it shows."""

    chat: Chat

    def say(self, phrase: str) -> None: ...


def no_talker(_session: Session | None) -> Talker | None:
    return None


#: The talker of a table's session, None at a table with no friends (bots alone, the
#: lesson); the friends' part of the page sets it (web/friends/page.py).
talker: Callable[[Session | None], Talker | None] = no_talker


def part(session: Session, lang: str) -> Markup:
    """The top bar's quick messages, at a friends' table only."""
    found = talker(session)
    return bar(found.chat, session, lang) if found is not None else EMPTY


TOPBAR["quick"] = part


@action("quick")
def say(table: Table, phrase: str) -> None:
    """A phrase chosen in the picker (its id from the page, checked)."""
    found = talker(table.session)
    if found is not None and phrase in PHRASES:
        found.say(phrase)
