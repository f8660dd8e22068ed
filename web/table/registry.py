"""Every action of the page by name, in one table: :data:`ACTIONS`.

An action is what a button's ``data-act`` names, or a key of
:mod:`web.page.keys`. Each feature binds its own handlers here from its own
module (:mod:`web.table.hand`, :mod:`web.table.menu`, :mod:`web.table.lifecycle`,
:mod:`web.newgame.actions`, :mod:`web.learn.actions`, :mod:`web.daily.actions`,
:mod:`web.replay.actions`, :mod:`web.replay.files`); :mod:`web.page.handlers`
imports them all, so every action is bound before the first click.
:meth:`web.table.table.Table.handler` looks them up.

A handler takes the :class:`~web.table.table.Table` and the action's
argument (the element's ``data-arg``, or what the page adds: today's date, a
seed). The table is typed ``Any`` here: this module is imported by the
table's, and naming the class would close an import circle. A field's change
handler is bound the same way, by the field's ``data-set`` name, in :data:`FIELDS`
(:func:`field`). The handlers of an object the page makes once (the page's own, the
friends' part), which the table does not know, are bound to it when it is made
(:func:`bind`): the page looks up every button and every field here, in one lookup.

What a feature draws in the table's top bar is asked of :data:`TOPBAR` the same way,
what it adds to the match's buttons of :data:`MATCH_BUTTONS`, and to the statistics of
:data:`STATS`: the table calls each part by name there, and knows none of them (a
friends' table's quick messages, web/friends/quick.py, are one). What a kind of match
changes on the move path is its :class:`~web.table.kinds.Kind`.

>>> @action("example")
... def example(table, arg):
...     return None
>>> ACTIONS.pop("example") is example
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from web.store.saves import Saves
from web.table.session import Session
from web.ui.markup import Markup, join

if TYPE_CHECKING:  # the build draws the first screen in CPython, without the browser's js
    from web.ui.dom import Page

Handler = Callable[[Any, str], None]
T = TypeVar("T")

ACTIONS: dict[str, Handler] = {}


@dataclass(frozen=True)
class Change:
    """A field changed: its name (``data-set``), what it holds now (a checkbox:
    ``checked``), and the page it is on, whose fields around it a handler may read or
    write (the new-game form's)."""

    name: str
    value: str
    checked: bool
    page: Page


FieldHandler = Callable[[Any, Change], None]

#: Every field's change handler by the field's ``data-set`` name, taking the table and
#: the :class:`Change`, as :data:`ACTIONS` holds the buttons' (web/page/app.py looks up
#: both).
FIELDS: dict[str, FieldHandler] = {}

#: The actions that act while another tab has the match (:class:`web.store.tabs.Tab`):
#: "play here", and those of the objects made once at start-up (:func:`bind`).
ANY_TAB: set[str] = {"play-here"}


def field(*names: str) -> Callable[[FieldHandler], FieldHandler]:
    """Bind a change handler to the fields ``names`` (their ``data-set``)."""

    def bind(handler: FieldHandler) -> FieldHandler:
        FIELDS.update(dict.fromkeys(names, handler))
        return handler

    return bind


def bind(actions: Mapping[str, Callable[[str], None]],
         fields: Mapping[str, Callable[[Change], None]]) -> None:
    """Bind the handlers of an object the page makes once at start-up (the page's own, the
    friends' part: web/friends/actions.py), each already bound to it and so called
    without the table, which does not know it. They act whatever tab has the match, as
    they did before this tab lost it: a friends' screen covers the tab's notice, and its
    way back must still lead back.

    >>> bind({"example": print}, {})
    >>> ACTIONS["example"](None, "pressed")
    pressed
    >>> del ACTIONS["example"]; ANY_TAB.discard("example")
    """
    for name, handler in actions.items():
        ACTIONS[name] = _without_table(handler)
        ANY_TAB.add(name)
    for name, changed in fields.items():
        FIELDS[name] = _without_table(changed)


def _without_table(handler: Callable[[T], None]) -> Callable[[Any, T], None]:
    return lambda _table, what: handler(what)


#: A feature's part of what the table draws, for a session in a language.
Part = Callable[[Session, str], Markup]

#: The top bar's parts by name: each takes the session and the language and gives its
#: markup (empty where it has nothing to add), at every draw.
TOPBAR: dict[str, Part] = {}

#: What a feature adds to the match's buttons, in the menu and on a hand's score sheet,
#: by name: each takes the session and the language (a host's way back to its friends'
#: invitations, web/friends/view.py, is one).
MATCH_BUTTONS: dict[str, Part] = {}

#: What a feature adds to the statistics dialog, by name: each takes the saves and the
#: page's local date when the dialog opens, and gives how its part is drawn in a language
#: (None: nothing to add; the deals of the day's streak, web/daily/actions.py, is one).
STATS: dict[str, Callable[[Saves, str], Callable[[str], Markup] | None]] = {}


def drawn(parts: dict[str, Part], session: Session, lang: str) -> Markup:
    """What every feature's part of ``parts`` draws for ``session``, in ``lang``."""
    return join(part(session, lang) for part in parts.values())


def action(name: str) -> Callable[[Handler], Handler]:
    """Bind a handler to the action ``name``."""

    def bind(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        return handler

    return bind

