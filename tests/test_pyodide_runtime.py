"""The engine imports in Pyodide (the browser's Python), not only in CPython."""

import re

import pytest
from pyodide_helper import REPO, PyodideError, run_in_pyodide

pytestmark = pytest.mark.pyodide


def engine_version() -> str:
    """``__version__`` from scala40/__init__.py, read as text on the CPython side."""
    source = (REPO / "scala40" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', source, re.MULTILINE).group(1)


def test_pyodide_is_python_314_and_imports_the_engine():
    out = run_in_pyodide(
        "import sys, scala40\n"
        "print(sys.platform, *sys.version_info[:2])\n"
        "print(scala40.__version__, scala40.__file__)\n"
    )
    assert out.splitlines() == [
        "emscripten 3 14",
        f"{engine_version()} /home/pyodide/scala40/__init__.py",
    ]


def test_python_errors_surface_with_their_traceback():
    with pytest.raises(PyodideError, match=r"(?s)line 2.*ZeroDivisionError"):
        run_in_pyodide("print('before')\n1 / 0\n")
