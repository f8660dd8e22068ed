"""Main-thread entry point of the page: start the card table.

Runs once PyScript has started Pyodide and unpacked ``scala40.zip`` and
``web.zip`` (see ``pyscript.toml``). It builds the table (web/controller/app.py),
which resumes a saved match or shows the new-game screen. The bots think in
this same Python, in slices between the browser's own work
(web/controller/bots.py): one interpreter, not a second one in a worker.
"""

from js import performance

performance.mark("scala40:main")  # bench/load.py splits the start at these marks
from web.controller.app import App  # noqa: E402 - after the mark: its imports are timed

performance.mark("scala40:imported")
app = App()
app.boot()
performance.mark("scala40:drawn")
