"""The catalog of every text the game says, one module per language, named by its code
(``it.py``, ``en.py``): the one file a new language adds (and, for the page to offer it,
its name in ``web.i18n.LANG_NAMES``).

A language's module holds its messages by part, each a dict of key to
:data:`scala40.words.Text` (a template, or its forms): ``WORDS`` (shared by the engine
and the page), ``REFUSALS`` (:mod:`scala40.errors`), ``REASONS``
(:mod:`scala40.bots.reasons`), ``PAGE`` (``web.i18n.t``) and ``PEER`` (the friends'
refusals). English (:mod:`scala40.lang.en`) is the reference: its keys are the
catalog's, its comments say what a message is for, and a message another language
lacks is said in it. Modules, not data files: they ship with the engine's code (in the
page's archive as bytecode, read with no parsing at start) and keep their comments.
"""
