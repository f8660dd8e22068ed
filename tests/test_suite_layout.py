"""The suite's own layout: README says arguments go to pytest, so any folders of it
given together must collect (each folder's conftest.py is named the same)."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_test_folders_collect_together():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "tests/web", "tests/e2e", "tests/test_cards.py"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "tests/web/test_play.py" in run.stdout and "tests/e2e/test_table.py" in run.stdout
