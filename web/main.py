"""Main-thread entry point of the page: show that Python and the engine are up.

Runs once PyScript has started Pyodide and unpacked ``scala40.zip`` (see
``pyscript.toml``). It swaps the loading indicator for the engine version,
then starts the "bots" worker and shows its answer, without making the page
wait for it.

Why the worker is created here and not written as
``<script type="py" worker name="bots" src="./web/worker.py">`` in index.html:
PyScript's ``py:all-done`` event waits for every ``script[type=py]`` present
at start-up, and a worker tag only reports "done" when the page is
cross-origin isolated (COOP/COEP headers, which GitHub Pages and
``python3 -m http.server`` don't send). With the tag, ``py:all-done`` never
fires here. ``create_named_worker`` injects the same named tag later, so
``workers["bots"]`` works the same, ``py:all-done`` means "the main thread is
ready", and the worker's Pyodide boots after the page's instead of competing
with it for the CPU.
"""

import asyncio

import js
from pyscript import create_named_worker, document

import scala40


def show_ready() -> None:
    """Replace the loading indicator with the engine version."""
    document.getElementById("version").textContent = scala40.__version__
    document.body.classList.remove("loading")


async def start_bots() -> None:
    """Start the worker, call its exported ``ping()`` and show the answer.

    The worker reads the same pyscript.toml, so it gets the same runtime and
    the same ``scala40`` archive. A failure is shown on the page and logged
    with ``console.error`` (which the end-to-end tests fail on): an exception
    left in a task would otherwise vanish silently.
    """
    status = document.getElementById("worker-status")
    try:
        bots = await create_named_worker(
            src="./web/worker.py", name="bots", config="./pyscript.toml"
        )
        version = await bots.ping()
        status.textContent = f"Bots worker ready (scala40 {version})."
        status.dataset.state = "ready"
    except Exception as exc:
        status.textContent = f"Bots worker failed: {exc}"
        status.dataset.state = "failed"
        js.console.error(f"bots worker failed: {exc!r}")


show_ready()
# asyncio keeps only weak references to tasks: hold this one until it is done.
_background: set[asyncio.Task] = set()
_task = asyncio.create_task(start_bots())
_background.add(_task)
_task.add_done_callback(_background.discard)
