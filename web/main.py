"""Main-thread entry point of the page: start the card table.

Runs once PyScript has started Pyodide and written ``game.zip`` (the engine
and the table's modules with their bytecode, see index.html's config) into the
working directory. Python imports straight from the archive, as it imports
its standard library. Then it builds the table (web/page/app.py), which
resumes a saved match or shows the new-game screen. The bots think in this
same Python, in slices between the browser's own work
(web/table/bots.py): one interpreter, not a second one in a worker.
"""

import os
import sys

from js import performance

performance.mark("scala40:main")  # bench/load.py splits the start at these marks
sys.path.insert(0, os.path.abspath("game.zip"))
from web.page.app import App  # noqa: E402 - after the mark: its imports are timed

performance.mark("scala40:imported")
app = App()
app.boot()
performance.mark("scala40:drawn")
