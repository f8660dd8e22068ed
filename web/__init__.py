"""The browser layer, one package a feature; each calls only scala40's public API.

Its folders are layers, lowest first (docs/web.md, "The feature packages, in layers"):
:mod:`web.i18n` (every text), :mod:`web.ui` (markup and the page's document),
:mod:`web.store` (what the page keeps in the browser), :mod:`web.table` (the match at
the table: the session, the one move path, the action registry, the drawing), the
features (:mod:`web.newgame`, :mod:`web.friends`, :mod:`web.learn`, :mod:`web.daily`,
:mod:`web.replay`), and :mod:`web.page` (boot, the one listener, the screens put
together); ``main.py`` is the page's entry.

The package is zipped with ``scala40`` by scripts/build_site.py (``game.zip``),
which PyScript writes (the ``files`` of pyscript.toml) and main.py imports from.
"""
