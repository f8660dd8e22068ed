"""The table's controller: DOM events in, engine actions out, the page redrawn.

- :mod:`~web.controller.app`: boot, the DOM events, the rendering loop (``App``);
- :mod:`~web.controller.table`: what each click, key and drop does (``Table``,
  its handlers bound by name in ``ACTIONS``), decided without a browser;
- :mod:`~web.controller.keys`: the key bindings, one table;
- :mod:`~web.controller.bots`: the bot loop, the bots thinking in slices;
- :mod:`~web.controller.newgame`: the new-game form, read and turned into a match;
- :mod:`~web.controller.saves`: every read and write of storage (``Saves``);
- :mod:`~web.controller.dom`: the few DOM helpers, the page's root (``Page``).

Every move goes through the engine (``Session.play`` → ``Game.play`` →
``apply``); a refusal shows the engine's ``RuleError.message(lang)``.
"""

from . import files, replay  # noqa: F401 - they bind their actions in ACTIONS
