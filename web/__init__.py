"""The browser layer, one package a feature; each calls only scala40's public API.

- :mod:`web.page`: the page itself: boot (``guard.js`` first: storage where the browser
  gives none), the one click and key listener (:mod:`web.page.app`), the rendering
  loop, the screens put together (:mod:`web.page.view`), which tab owns the match;
- :mod:`web.table`: the card table: the session around the engine's ``Game``, what
  each action does (one module a feature, bound in :mod:`web.table.registry`; the one
  move path every seat's move takes is :mod:`web.table.table`; docs/web.md),
  the bots' turns, the table's drawing, its cues;
- :mod:`web.store`: what the page keeps in the browser (every stored key read through
  its door, the one writer of the match, ``Saves``);
- :mod:`web.friends`: play with friends on other devices (the protocol, the remote
  seats behind the table, the invitations);
- :mod:`web.newgame`, :mod:`web.learn`, :mod:`web.daily`, :mod:`web.replay`: the ways
  into a match and out of one: the new-game form and challenge links, the lesson, the
  deal of the day, replays and files;
- :mod:`web.i18n`: every text of the page in Italian and English; ``main.py``, the
  page's entry.

The package is zipped with ``scala40`` by scripts/build_site.py (``game.zip``),
which PyScript writes (the ``files`` of pyscript.toml) and main.py imports from.
"""
