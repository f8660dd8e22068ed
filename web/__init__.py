"""The browser table: thin modules that turn engine states into DOM and clicks into actions.

- :mod:`web.i18n`: every UI string, Italian and English;
- :mod:`web.storage`: localStorage keys, saves kept aside, statistics;
- :mod:`web.session`: the UI session around the engine's ``Game``;
- :mod:`web.markup`: the one way markup is built (every value escaped);
- :mod:`web.render`: HTML from a session (cards, table, dialogs, score sheet, new game);
- :mod:`web.controller`: events, what each action does, the bot loop, the worker, saves;
- ``main.py`` (the page's entry) and ``worker.py`` (the "bots" worker).

The package is zipped by scripts/build_site.py (``web.zip``) and unpacked
next to ``scala40`` by pyscript.toml's ``[files]``.
"""
