"""Run Python code inside Pyodide on Node, the runtime the web page uses.

``run_in_pyodide(code)`` pipes ``code`` to ``tools/pyodide_run.mjs``, which
loads the npm Pyodide (``node_modules/pyodide``), copies the repo's
``scala40/`` package into its file system and runs the code as ``__main__``.
Each call starts a fresh interpreter (about 2 s), so batch many checks into
one call: print results and compare the text.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tools" / "pyodide_run.mjs"


class PyodideError(RuntimeError):
    """The code raised inside Pyodide (or exited non-zero); the message holds the traceback."""


def run_in_pyodide(code: str, timeout: float = 300, *, stdlib: Path | None = None) -> str:
    """Run ``code`` in Pyodide with ``scala40`` importable; return what it printed.
    Pyodide starts on the standard library archive ``stdlib`` if given (npm's if not).

    Raises ``PyodideError`` with the traceback if the code fails, and
    ``RuntimeError`` if Node.js or ``node_modules`` is missing.
    """
    if not (REPO / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError(f"node_modules/pyodide is missing: run `npm ci` in {REPO}")
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js (`node`) is not on PATH; it is needed to run Pyodide")
    result = subprocess.run(
        [node, str(RUNNER)],
        input=code,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        env={**os.environ, **({"PYODIDE_STDLIB": str(stdlib)} if stdlib else {})},
    )
    if result.returncode:
        raise PyodideError(
            f"Pyodide exited with status {result.returncode}:\n{result.stderr}{result.stdout}"
        )
    return result.stdout
