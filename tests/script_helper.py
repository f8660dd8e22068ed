"""The project's scripts (scripts/NAME.py, bench/NAME.py) as modules, for the tests that
call their functions: those folders are not packages, so each is loaded by its path,
afresh (a test may change a module's globals)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent


def load_script(name: str, folder: str = "scripts") -> ModuleType:
    """``folder``/``name``.py, loaded as a new module."""
    spec = importlib.util.spec_from_file_location(name, REPO / folder / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
