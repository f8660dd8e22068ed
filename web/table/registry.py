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
table's, and naming the class would close an import circle.

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

from collections.abc import Callable
from typing import Any

from web.ui.markup import Markup, join

Handler = Callable[[Any, str], None]

ACTIONS: dict[str, Handler] = {}

#: The top bar's parts by name: each takes the session and the language and gives its
#: markup (empty where it has nothing to add), at every draw.
TOPBAR: dict[str, Callable[[Any, str], Any]] = {}

#: What a feature adds to the match's buttons, in the menu and on a hand's score sheet,
#: by name: each takes the session and the language (a host's way back to its friends'
#: invitations, web/friends/view.py, is one).
MATCH_BUTTONS: dict[str, Callable[[Any, str], Any]] = {}

#: What a feature adds to the statistics dialog, by name: each takes the saves and the
#: page's local date when the dialog opens, and gives how its part is drawn in a language
#: (None: nothing to add; the deals of the day's streak, web/daily/actions.py, is one).
STATS: dict[str, Callable[[Any, str], Callable[[str], Markup] | None]] = {}


def drawn(parts: dict[str, Callable[[Any, str], Any]], session: Any, lang: str) -> Markup:
    """What every feature's part of ``parts`` draws for ``session``, in ``lang``."""
    return join(part(session, lang) for part in parts.values())


def action(name: str) -> Callable[[Handler], Handler]:
    """Bind a handler to the action ``name``."""

    def bind(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        return handler

    return bind
