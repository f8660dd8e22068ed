"""Every feature's handlers, bound: importing this module binds each action of the page
into :data:`web.table.registry.ACTIONS` (each feature binds its own, from its own
module). The page (:mod:`web.page.app`) imports it before the first click, and so do
the table's tests.
"""

from __future__ import annotations

from web.daily import actions as daily
from web.friends import quick
from web.learn import actions as learn
from web.newgame import actions as newgame
from web.replay import actions as replay
from web.replay import files
from web.table import hand, lifecycle, menu, speech

#: The modules that bind actions (a test finds every ``@action`` of web/ in one of them).
BOUND = (hand, menu, lifecycle, speech, newgame, learn, daily, replay, files, quick)
