"""The browser table: thin modules that turn engine states into DOM and clicks into actions.

- :mod:`web.i18n`: every UI string, Italian and English;
- :mod:`web.storage`: every stored key read through its door (size, depth, schema),
  refused values kept aside, statistics;
- :mod:`web.saving`: the one writer of the match (never throws, never older over newer);
- :mod:`web.tabs`: which tab owns the match (web/tabs.js holds the Web Lock);
- :mod:`web.session`: the UI session around the engine's ``Game``;
- :mod:`web.markup`: the one way markup is built (every value escaped);
- :mod:`web.render`: HTML from a session (cards, table, dialogs, score sheet, new game);
- :mod:`web.controller`: events, what each action does, the bot loop, saves;
- ``main.py``, the page's entry;
- ``guard.js``, first on the page: storage where the browser gives none (an embedded
  frame with third-party storage blocked), so PyScript and the game still start.

The package is zipped with ``scala40`` by scripts/build_site.py (``game.zip``),
which PyScript writes (the ``files`` of index.html's config) and main.py imports from.
"""
