"""The site's archives carry Pyodide's bytecode, and Pyodide uses it (issue 16).

scripts/build_site.py compiles each module in the page's own Pyodide and puts
an unchecked-hash .pyc beside it. Unpacking gives the sources new
timestamps; the page must still import the bytecode, not compile the source
again. Proof: a source edited after unpacking (so it would raise) still
imports from its bytecode.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import zipfile

import pytest
from pyodide_helper import REPO, run_in_pyodide

pytestmark = pytest.mark.pyodide


def build_site_module():
    spec = importlib.util.spec_from_file_location("build_site", REPO / "scripts" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_module_has_its_bytecode_and_pyodide_imports_it():
    build = build_site_module()
    archive = build.with_bytecode(build.engine_zip("web"))
    names = set(zipfile.ZipFile(io.BytesIO(archive)).namelist())
    sources = {name for name in names if name.endswith(".py")}
    assert sources and all(importlib.util.cache_from_source(name).replace(
        "cpython-311", "cpython-314") in names for name in sources)

    out = run_in_pyodide(f"""
import base64, io, sys, zipfile
zipfile.ZipFile(io.BytesIO(base64.b64decode({base64.b64encode(archive).decode()!r}))).extractall("/tmp/site")
with open("/tmp/site/web/markup.py", "a") as source:
    source.write("\\nraise RuntimeError('compiled from the source')\\n")
sys.path.insert(0, "/tmp/site")
sys.dont_write_bytecode = True
import web.markup
print(web.markup.__cached__, hasattr(web.markup, "Markup"))
""")
    assert out.split() == ["/tmp/site/web/__pycache__/markup.cpython-314.pyc", "True"]
