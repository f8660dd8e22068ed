"""What the table imports at its start, in Pyodide on the site's archive (#16).

An import cannot pause: a module the first draw does not need, imported at start,
delays the first card (and one imported at the first bot's turn was a long task).
The archive's bytecode and the trimmed standard library are proved in
tests/test_first_visit.py.
"""

from __future__ import annotations

import base64

import pytest
from pyodide_helper import REPO, run_in_pyodide
from script_helper import load_script

#: The stand-ins for the page's modules, written into Pyodide's file system: its
#: own ``pyodide`` package is real there.
STUBS = ("_stub.py", "js.py", "pyscript/__init__.py", "pyscript/ffi.py")

pytestmark = pytest.mark.pyodide


def archive_with_stubs(build, archive: bytes) -> str:
    """Python that writes ``archive`` where the page has it, with the stand-ins for the
    page's modules beside it, and puts both on ``sys.path``."""
    stubs = {name: (REPO / "tests" / "stubs" / name).read_text() for name in STUBS}
    return f"""
import base64, importlib, os, sys
with open({build.ARCHIVE_PATH!r}, "wb") as file:
    file.write(base64.b64decode({base64.b64encode(archive).decode()!r}))
for name, text in {stubs!r}.items():
    os.makedirs(os.path.dirname("/tmp/stubs/" + name), exist_ok=True)
    with open("/tmp/stubs/" + name, "w") as file:
        file.write(text)
sys.path = [path for path in sys.path if not path.startswith("/home/pyodide")]
sys.path[:0] = [{build.ARCHIVE_PATH!r}, "/tmp/stubs"]
"""


#: Imported when first used, not before the table's first draw (issue #16: they were a
#: quarter of the page's imports): the host's and guest's modules (a shared table), the
#: score sheet (a hand's end) and urllib.parse with the ipaddress it imports (a
#: challenge, a QR code).
LATER = ("web.friends.host", "web.friends.guest", "web.friends.protocol", "web.table.sheet",
         "urllib.parse", "ipaddress")
#: Imported before the first draw though it does not need them: an import cannot pause,
#: and at the first bot's turn it was a long task (web/table/bots.py, make_player).
AT_START = ("scala40.bots", "scala40.solver")


def test_the_table_imports_at_start_nothing_its_first_draw_does_not_need_but_the_bots():
    build = load_script("build_site")
    archive = build.with_bytecode(build.sources_zip())
    out = run_in_pyodide(archive_with_stubs(build, archive) + f"""
import web.page.app
print(sorted(name for name in {LATER!r} if name in sys.modules))
print(sorted(name for name in {AT_START!r} if name in sys.modules))
from web.table import sheet
print(sorted(name for name in {LATER!r} if name in sys.modules))
""")
    at_start, bots, after = out.splitlines()
    assert at_start == "[]"
    assert bots == str(sorted(AT_START))
    assert after == str(["web.table.sheet"])
