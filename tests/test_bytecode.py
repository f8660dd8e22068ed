"""The site's one archive carries Pyodide's bytecode, and Pyodide imports it from there (#16);
so does the site's copy of Pyodide's standard library, for what Pyodide's start imports.

scripts/build_site.py compiles each module in the page's own Pyodide and puts
an unchecked-hash ``x.pyc`` beside each ``x.py`` in ``game.zip``, with the
bytecode of the standard-library modules the game imports (Pyodide ships
those as sources, compiled at every start); the page puts the archive on
``sys.path`` (web/main.py) and never unpacks it. Proofs, in Pyodide: with a
source edited inside the archive so that it would raise, the module still
imports, from its bytecode; a traceback from inside the archive shows the
source line; importing the table needs neither ``zipfile`` nor ``shutil``
(unpacking an archive imports both); and importing every module of the game
compiles no module from source.
"""

from __future__ import annotations

import ast
import base64
import io
import zipfile

import pytest
from pyodide_helper import REPO, run_in_pyodide
from script_helper import load_script

#: The stand-ins for the page's modules, written into Pyodide's file system: its
#: own ``pyodide`` package is real there.
STUBS = ("_stub.py", "js.py", "pyscript/__init__.py", "pyscript/ffi.py")

pytestmark = pytest.mark.pyodide


def with_source_edited(archive: bytes, name: str, extra: bytes) -> bytes:
    """``archive`` with ``extra`` appended to the source ``name`` (its bytecode kept)."""
    source = zipfile.ZipFile(io.BytesIO(archive))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as edited:
        for info in source.infolist():
            data = source.read(info)
            edited.writestr(info, data + extra if info.filename == name else data)
    return out.getvalue()


def test_every_module_has_its_bytecode_and_pyodide_imports_it_from_the_archive():
    build = load_script("build_site")
    archive = build.with_bytecode(build.sources_zip())
    names = set(zipfile.ZipFile(io.BytesIO(archive)).namelist())
    sources = {name for name in names if name.endswith(".py")}
    assert {"scala40/__init__.py", "web/__init__.py", "web/controller/app.py"} <= sources
    assert all(name + "c" in names for name in sources)

    edited = with_source_edited(archive, "web/markup.py",
                                b"\nraise RuntimeError('compiled from the source')\n")
    out = run_in_pyodide(f"""
import base64, sys
with open({build.ARCHIVE_PATH!r}, "wb") as file:
    file.write(base64.b64decode({base64.b64encode(edited).decode()!r}))
sys.path = [path for path in sys.path if not path.startswith("/home/pyodide")]
sys.path.insert(0, {build.ARCHIVE_PATH!r})
sys.modules.pop("zipfile", None), sys.modules.pop("shutil", None)
import scala40
import web.markup, web.render, web.session
print(web.markup.__file__, hasattr(web.markup, "Markup"))
print(sorted(name for name in ("zipfile", "shutil") if name in sys.modules))
import traceback
try:
    scala40.parse_cards("ZZ")
except scala40.RuleError as error:
    print(traceback.format_exception(error)[-2].splitlines()[-1].strip())
""")
    lines = out.splitlines()
    assert lines[0] == f"{build.ARCHIVE_PATH}/web/markup.pyc True"
    assert lines[1] == "[]"
    assert lines[2] == 'raise RuleError("bad_card", text=text)'


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


def imported_names(source: str) -> set[str]:
    """The absolute modules a source imports anywhere: at its top and inside functions
    (a module imported only when a feature is first used, see the next test)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_importing_every_module_of_the_game_compiles_nothing_from_source():
    """A module of Pyodide's standard library that the game imports and that is not
    in ``STDLIB_BYTECODE`` would be compiled from source in the page, at start or in
    the middle of a hand: this names it. Every module of the archive is imported, and
    every module one of them imports inside a function too."""
    build = load_script("build_site")
    archive = build.with_bytecode(build.sources_zip())
    files = zipfile.ZipFile(io.BytesIO(archive))
    # main.py starts the table; scala40's __main__ is the command line, not the page's
    ours = [name for name in files.namelist()
            if name.endswith(".py") and name not in ("web/main.py", "scala40/__main__.py")]
    modules = sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                     for name in ours)
    # (the page's own modules are stand-ins here; the tournament's --jobs, a command
    # line's, is the one use of processes)
    modules += sorted(set().union(*(imported_names(files.read(name).decode()) for name in ours))
                      - {"js", "pyscript", "pyscript.ffi", "pyodide.ffi", "multiprocessing",
                         *modules})
    out = run_in_pyodide(archive_with_stubs(build, archive) + f"""
stdlib = next(path for path in sys.path if path.endswith("python314.zip"))
before = set(sys.modules)
for name in {modules!r}:
    importlib.import_module(name)
print(len(set(sys.modules) - before))
print(sorted(name for name in set(sys.modules) - before
             if getattr(sys.modules[name], "__file__", "").startswith(stdlib)
             and sys.modules[name].__file__.endswith(".py")))
""")
    imported, from_source = out.splitlines()
    assert "urllib.parse" in modules  # imported only inside functions (web/challenge.py)
    assert int(imported) > len(ours)
    assert from_source == "[]", f"add to STDLIB_BYTECODE in scripts/build_site.py: {from_source}"


#: Imported when first used, not before the table's first draw (issue #16: they were a
#: quarter of the page's imports): the host's and guest's modules (a shared table), the
#: score sheet (a hand's end) and urllib.parse with the ipaddress it imports (a
#: challenge, a QR code).
LATER = ("web.peer.host", "web.peer.guest", "web.peer.protocol", "web.render.sheet",
         "urllib.parse", "ipaddress")
#: Imported before the first draw though it does not need them: an import cannot pause,
#: and at the first bot's turn it was a long task (web/controller/bots.py, make_player).
AT_START = ("scala40.bots", "scala40.solver")


def test_the_table_imports_at_start_nothing_its_first_draw_does_not_need_but_the_bots():
    build = load_script("build_site")
    archive = build.with_bytecode(build.sources_zip())
    out = run_in_pyodide(archive_with_stubs(build, archive) + f"""
import web.controller.app
print(sorted(name for name in {LATER!r} if name in sys.modules))
print(sorted(name for name in {AT_START!r} if name in sys.modules))
from web.render import sheet
print(sorted(name for name in {LATER!r} if name in sys.modules))
""")
    at_start, bots, after = out.splitlines()
    assert at_start == "[]"
    assert bots == str(sorted(AT_START))
    assert after == str(["web.render.sheet"])


def test_pyodide_starts_on_the_sites_standard_library_compiling_nothing_from_source(tmp_path):
    """Pyodide ships its standard library as sources, and its start compiled some 125
    modules at every page start (2.4 s of 3.4 s in Pyodide on Node). The site's copy
    carries their bytecode in their place: started on it, Pyodide has imported no module
    from a source, and one module not imported at start is still there as a source,
    imported as one (its bytecode not shipped: the archive stays small)."""
    build = load_script("build_site")
    site_stdlib = tmp_path / build.STDLIB
    site_stdlib.write_bytes(build.stdlib_with_bytecode())
    names = set(zipfile.ZipFile(site_stdlib).namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc"} <= names
    assert "typing.py" not in names and "email/parser.py" in names
    out = run_in_pyodide(f"""
import sys
stdlib = {build.STDLIB_PATH!r}
loaded = {{name: getattr(module, "__file__", None) or "" for name, module in sys.modules.items()
          if module.__spec__ is None or module.__spec__.origin != "frozen"}}
print(sum(path.startswith(stdlib) for path in loaded.values()))
print(sorted(name for name, path in loaded.items()
             if path.startswith(stdlib) and path.endswith(".py")))
import email.parser
print(email.parser.__file__)
""", stdlib=site_stdlib)
    compiled, from_source, later = out.splitlines()
    assert int(compiled) > 100
    assert from_source == "[]"
    assert later == f"{build.STDLIB_PATH}/email/parser.py"
