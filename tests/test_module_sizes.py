"""No module of web/ over 500 lines (issue #40): a file that outgrows it holds more
than one concept, and a newcomer must guess which part of it is the one they need.
The failure names each module and its length."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LIMIT = 500


def too_long(folder: Path) -> dict[str, int]:
    """The Python and JavaScript modules under ``folder`` longer than :data:`LIMIT`."""
    lengths = {path.relative_to(REPO).as_posix():
               len(path.read_text(encoding="utf-8").splitlines())
               for pattern in ("*.py", "*.js") for path in folder.rglob(pattern)
               if "vendor" not in path.parts and "__pycache__" not in path.parts}
    return {name: lines for name, lines in sorted(lengths.items()) if lines > LIMIT}


def test_no_module_of_the_web_layer_is_over_500_lines():
    assert too_long(REPO / "web") == {}


def test_the_check_names_a_long_module(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "long.py").write_text("x = 1\n" * (LIMIT + 1))
    (tmp_path / "web" / "short.js").write_text("let x;\n" * LIMIT)
    assert too_long(tmp_path / "web") == {"web/long.py": LIMIT + 1}
