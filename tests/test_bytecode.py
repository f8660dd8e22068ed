"""The site's one archive carries Pyodide's bytecode, and Pyodide imports it from there (#16).

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

import base64
import importlib.util
import io
import zipfile

import pytest
from pyodide_helper import REPO, run_in_pyodide

#: The stand-ins for the page's modules, written into Pyodide's file system: its
#: own ``pyodide`` package is real there.
STUBS = ("_stub.py", "js.py", "pyscript/__init__.py", "pyscript/ffi.py")

pytestmark = pytest.mark.pyodide


def build_site_module():
    spec = importlib.util.spec_from_file_location("build_site", REPO / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    build = build_site_module()
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


def test_importing_every_module_of_the_game_compiles_nothing_from_source():
    """A module of Pyodide's standard library that the game imports and that is not
    in ``STDLIB_BYTECODE`` would be compiled from source in the page, at start or in
    the middle of a hand: this names it."""
    build = build_site_module()
    archive = build.with_bytecode(build.sources_zip())
    modules = sorted(
        name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for name in zipfile.ZipFile(io.BytesIO(archive)).namelist()
        # main.py starts the table; scala40's __main__ is the command line, not the page's
        if name.endswith(".py") and name not in ("web/main.py", "scala40/__main__.py")
    )
    stubs = {name: (REPO / "tests" / "stubs" / name).read_text() for name in STUBS}
    out = run_in_pyodide(f"""
import base64, importlib, os, sys
with open({build.ARCHIVE_PATH!r}, "wb") as file:
    file.write(base64.b64decode({base64.b64encode(archive).decode()!r}))
for name, text in {stubs!r}.items():
    os.makedirs(os.path.dirname("/tmp/stubs/" + name), exist_ok=True)
    with open("/tmp/stubs/" + name, "w") as file:
        file.write(text)
sys.path = [path for path in sys.path if not path.startswith("/home/pyodide")]
sys.path[:0] = [{build.ARCHIVE_PATH!r}, "/tmp/stubs"]
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
    assert int(imported) > len(modules)
    assert from_source == "[]", f"add to STDLIB_BYTECODE in scripts/build_site.py: {from_source}"
