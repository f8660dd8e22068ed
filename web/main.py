"""Main-thread entry point of the page: start the card table.

Runs once PyScript has started Pyodide and unpacked ``scala40.zip`` and
``web.zip`` (see ``pyscript.toml``). It builds the table (web/controller/app.py),
which resumes a saved match or shows the new-game screen; the "bots" worker
is started once a bot sits at the table (web/controller/bots.py), without
making the page wait for it.

Why the worker is created in Python (``create_named_worker``) and not written
as ``<script type="py" worker name="bots" src="./web/worker.py">`` in
index.html: PyScript's ``py:all-done`` event waits for every
``script[type=py]`` present at start-up, and a worker tag only reports "done"
when the page is cross-origin isolated (COOP/COEP headers, which GitHub Pages
and ``python3 -m http.server`` don't send). With the tag, ``py:all-done``
never fires here. ``create_named_worker`` injects the same named tag later,
so ``workers["bots"]`` works the same, ``py:all-done`` means "the table is
ready", and the worker's Pyodide boots after the page's instead of competing
with it for the CPU.
"""

from js import performance

performance.mark("scala40:main")  # bench/load.py splits the start at these marks
from web.controller.app import App  # noqa: E402 - after the mark: its imports are timed

performance.mark("scala40:imported")
app = App()
app.boot()
performance.mark("scala40:drawn")
