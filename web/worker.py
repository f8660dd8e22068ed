"""The "bots" worker: engine code that must not block the page runs here.

Started by web/main.py with ``create_named_worker(..., config="./pyscript.toml")``,
so it gets its own Pyodide with the same ``scala40`` package unpacked.
Only the names in ``__export__`` can be called from the main thread
(``await (await workers["bots"]).ping()``); calls and results are copied
between threads, so pass plain data (str, int, list, dict).
"""

import scala40


def ping() -> str:
    """Return the engine version as seen from inside the worker."""
    return scala40.__version__


__export__ = ["ping"]
