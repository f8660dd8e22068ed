"""A first visit's Python: the site's two archives, as Pyodide imports them (#42).

scripts/build_site.py ships the game (``game.zip``) and Pyodide's standard library
trimmed to the modules the page imports (``python_stdlib.zip``) as bytecode alone,
stored for the host to compress; a module of the standard library that the trimmed
archive lacks is fetched from the whole one (scripts/stdlib_on_demand.py, the trimmed
archive's ``sitecustomize``). Proofs, in Pyodide on Node, started on the site's
standard library:

* Pyodide's start imports every module of the library from it, as bytecode, and the
  loader of the rest is in place, knowing the modules only the whole library has;
* every module of the game, and every module one of them imports (inside functions
  too), imports from the two archives as bytecode: none is compiled from a source, and
  none is missing (on Node the loader has no ``XMLHttpRequest`` to fetch the whole
  library, so a missing module fails its import, naming it);
* a traceback from the game names its file and line (no source line: no source).

tests/e2e/test_trimmed_stdlib.py plays a match in Chromium on the same archives, and the
page's configuration is pinned to pyscript.toml in tests/test_build_site.py.
"""

from __future__ import annotations

import ast
import base64
import io
import json
import re
import zipfile

import pytest
from pyodide_helper import REPO, PyodideError, run_in_pyodide
from script_helper import load_script

pytestmark = pytest.mark.pyodide

#: The stand-ins for the page's modules, written into Pyodide's file system (its own
#: ``pyodide`` package is real there).
STUBS = ("_stub.py", "js.py", "pyscript/__init__.py", "pyscript/ffi.py")


@pytest.fixture(scope="module")
def build():
    return load_script("build_site")


@pytest.fixture(scope="module")
def site_stdlib(build, tmp_path_factory):
    """The site's standard library, in a file for Pyodide on Node to start on."""
    path = tmp_path_factory.mktemp("stdlib") / build.STDLIB
    path.write_bytes(build.stdlib_with_bytecode())
    return path


def with_game(build, archive: bytes) -> str:
    """Python that writes the game's archive where the page has it, with the stand-ins for
    the page's modules beside it, and puts both first on ``sys.path`` (not the sources
    the runner copies into Pyodide's home)."""
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
    (a module imported only when a feature is first used)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def the_games_imports(archive: zipfile.ZipFile) -> tuple[list[str], list[str]]:
    """The modules in the game's archive, and the others they import, some only inside
    functions (read from their sources in the repository): but the page's own, which
    are stand-ins on Node, and the tournament's processes (a command line's --jobs)."""
    sources = [name.removesuffix("c") for name in archive.namelist()]
    ours = sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                  for name in sources)
    theirs = set().union(*(imported_names((REPO / name).read_text()) for name in sources))
    theirs -= {"js", "pyscript", "pyscript.ffi", "pyodide.ffi", "multiprocessing", *ours}
    return ours, sorted(theirs)


def test_pyodide_starts_on_the_trimmed_standard_library_with_its_loader_of_the_rest(
        build, site_stdlib):
    names = set(zipfile.ZipFile(site_stdlib).namelist())
    assert {"asyncio/__init__.pyc", "json/decoder.pyc", "typing.pyc", "sitecustomize.pyc",
            "html/entities.pyc", "urllib/parse.pyc"} <= names
    assert not [name for name in names if not name.endswith(".pyc")]  # no source, no folder
    assert "email/parser.pyc" not in names  # nothing on the page imports it
    info = zipfile.ZipFile(site_stdlib).infolist()
    assert {entry.compress_type for entry in info} == {zipfile.ZIP_STORED}
    out = run_in_pyodide(f"""
import sys
stdlib = {build.STDLIB_PATH!r}
loaded = {{name: getattr(module, "__file__", None) or "" for name, module in sys.modules.items()
          if module.__spec__ is None or module.__spec__.origin != "frozen"}}
print(sum(path.startswith(stdlib) for path in loaded.values()))
print(sorted(name for name, path in loaded.items()
             if path.startswith(stdlib) and not path.endswith(".pyc")))
loader = sys.modules["sitecustomize"]
print(loader.OnDemand in sys.meta_path, "email.parser" in loader.ELSEWHERE,
      "json" in loader.ELSEWHERE)
try:
    import email.parser
except ImportError as error:
    print(error)
""", stdlib=site_stdlib)
    compiled, from_source, finder, missing = out.splitlines()
    assert int(compiled) > 100
    assert from_source == "[]"
    assert finder == "True True False"
    assert missing.startswith("email is not in the site's standard library, and the whole "
                              "one could not be fetched")  # no XMLHttpRequest on Node


def test_every_module_of_the_game_imports_from_the_two_archives_as_bytecode(build, site_stdlib):
    archive = build.with_bytecode(build.sources_zip())
    files = zipfile.ZipFile(io.BytesIO(archive))
    assert {entry.compress_type for entry in files.infolist()} == {zipfile.ZIP_STORED}
    names = files.namelist()
    assert all(name.endswith(".pyc") for name in names)
    sources = {name.removesuffix("c") for name in names}
    assert {"scala40/__init__.py", "web/__init__.py", "web/page/app.py"} <= sources
    assert "web/main.py" not in sources and "scala40/__main__.py" not in sources
    assert "scala40/bots/tournament.py" not in sources  # the command line's, not the page's
    # every module of the game (a new one is in the archive with no edit), and every
    # module one of them imports, some only inside functions
    ours, theirs = the_games_imports(files)
    assert "urllib.parse" in theirs  # imported only when a challenge is read or written
    out = run_in_pyodide(with_game(build, archive) + f"""
for name in {ours + theirs!r}:
    importlib.import_module(name)
origins = {{name: getattr(module.__spec__, "origin", None) or ""  # "frozen": in CPython
           for name, module in sys.modules.items() if module.__spec__}}
files = {{name: origin for name, origin in origins.items() if origin.startswith("/")}}
print(sorted(name for name, origin in files.items()
             if not origin.startswith(({build.STDLIB_PATH!r}, {build.ARCHIVE_PATH!r}, "/tmp/"))))
print(sorted(name for name, origin in files.items()
             if not origin.endswith(".pyc") and not origin.startswith("/tmp/stubs")))
import scala40, traceback
try:
    scala40.parse_cards("ZZ")
except scala40.RuleError as error:
    print(traceback.format_exception(error)[-2].strip())
""", stdlib=site_stdlib)
    elsewhere, from_source, frame = out.splitlines()
    assert elsewhere == "[]"
    assert from_source == "[]"
    assert re.fullmatch(f'File "{build.ARCHIVE_PATH}/scala40/cards.py", line [0-9]+, in parse',
                        frame)


def test_a_module_of_the_game_not_in_the_archive_is_not_found_elsewhere(build, site_stdlib):
    """The loader fetches only the standard library's modules: a name it does not know
    fails at once, as Python says, with no fetch."""
    with pytest.raises(PyodideError, match="No module named 'scala40_missing'"):
        run_in_pyodide("import scala40_missing", stdlib=site_stdlib)


def test_the_standard_library_keeps_no_line_numbers_and_its_tracebacks_still_read(
        build, site_stdlib):
    """The trimmed library's code keeps no line numbers but each function's first line
    (docs/load.md: 0.13 MB gzip of a first visit): an error raised inside it still makes
    a whole traceback, naming each of its frames' files, functions and where they start
    (the game's frames keep their lines: the test above)."""
    out = run_in_pyodide(f"""
import json, sys, traceback, types
def lines(function):
    return {{line for _, _, line in function.__code__.co_lines()}}
functions = {{name: [value for value in vars(module).values()
                    if isinstance(value, types.FunctionType)
                    and value.__code__.co_filename == module.__file__.removesuffix("c")]
             for name, module in list(sys.modules.items())
             if getattr(module, "__file__", "").startswith({build.STDLIB_PATH!r})}}
print(sum(map(len, functions.values())), sorted(
    name for name, found in functions.items()
    if any(lines(function) != {{function.__code__.co_firstlineno}} for function in found)))
try:
    json.loads("{{")
except ValueError as error:
    print(json.dumps(traceback.format_exception(error)))
""", stdlib=site_stdlib)
    checked, frames = out.splitlines()
    count, with_lines = checked.split(" ", 1)
    assert int(count) > 500
    assert with_lines == "['sitecustomize']"  # the project's own loader keeps them
    text = "".join(json.loads(frames))
    for module, function in (("__init__", "loads"), ("decoder", "decode"),
                             ("decoder", "raw_decode")):
        assert re.search(f'File "{build.STDLIB_PATH}/json/{module}.py", line [0-9]+, in '
                         f'{function}\n', text), text
    assert text.endswith("json.decoder.JSONDecodeError: Expecting property name enclosed in "
                         "double quotes: line 1 column 2 (char 1)\n"), text
