"""The first visit's screen, in the page's HTML before Python is up.

A first visitor has no stored table for web/page/snapshot.js to paint, and Python
takes seconds to start on a slow phone network. scripts/build_site.py writes
:func:`first_screen` into the built page once per language, drawn by the code that
draws it live (:func:`web.page.view.whole_page` of a table with nothing stored), so
the new-game screen, the lesson's and the rules' ways in are there at once, and the
live page's first draw is the same markup. What the visitor sets up on it before
Python is up is read by the live page and kept (:meth:`web.page.app.App.boot`).
"""

from __future__ import annotations

from web.page.markup import Markup
from web.page.view import whole_page
from web.store.saves import Saves
from web.store.stores import MemoryStore
from web.table.table import Table


def first_screen(lang: str) -> Markup:
    """The page a first visit in ``lang`` ("it" or "en") draws: nothing is stored."""
    saves = Saves(MemoryStore())
    table = Table(saves, saves.load_settings(lang), clock=lambda: 0.0)
    table.resume_saved(saves.stamp)
    return whole_page(table)
