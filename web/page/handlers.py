"""Every feature's handlers, bound: importing this module binds each action of the page
into :data:`web.table.registry.ACTIONS`, and each field's change handler into
:data:`~web.table.registry.FIELDS` (each feature binds its own, from its own module).
The page (:mod:`web.page.app`) imports it before the first click, and so do the table's
tests. The friends' part's and the page's own are bound when the App makes them
(:func:`web.friends.actions.friends_part`), to those objects.
"""

from __future__ import annotations

from web.daily import actions as daily
from web.friends import quick
from web.learn import actions as learn
from web.newgame import actions as newgame
from web.newgame import form
from web.replay import actions as replay
from web.replay import files
from web.table import hand, lifecycle, menu, speech

#: The modules that bind actions and fields (a test finds every ``@action`` and ``@field``
#: of web/ in one of them).
BOUND = (hand, menu, lifecycle, speech, newgame, form, learn, daily, replay, files, quick)
