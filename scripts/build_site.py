#!/usr/bin/env python3
"""Assemble the static web site in ``site/`` (standard library only).

The page must load nothing from a CDN, so the site carries its own runtime:

    site/
      index.html  .nojekyll                     the page, with pyscript.toml as JSON
      sw.js                                     service worker (from web/page/sw.js)
      web/                                      main.py, style.css (every web/ stylesheet in
                                                one), manifest, icons ...
      bench/                                    bare.html + bare.toml (timing)
      game.zip                                  scala40/ and web/ as bytecode,
                                                imported from the archive (zipimport)
      runtime/pyscript-<version>/               @pyscript/core dist (no .map)
      runtime/pyodide-<version>/                the Pyodide files loadPyodide needs, its
                                                standard library trimmed to the page's
                                                imports and its whole one beside it

The runtime folders carry their npm version in their name, so a host may
cache them for a year (netlify.toml does): a new version is a new URL. The
page files name those folders; the build checks they name the versions
installed and says what to change if not.

The service worker gets the list of every file the game may fetch (not the
rest: a first visit downloads each file of the list), each with the SHA-256 of
its bytes, and a version that is a digest of them all: offline
after the first visit, a new build is a new cache, and a new cache is filled
with the new build's files whatever the host's cache headers (web/page/sw.js).

Every URL in the page and the config is relative, so the folder works at any
sub-path (GitHub Pages serves ``/<repo>/``). ``.nojekyll`` stops Pages from
hiding files and folders whose names start with ``_``.

The Python is shipped as one zip, not a list of files, so a new module needs
no config edit: every ``*.py`` below ``scala40/`` and ``web/`` (sub-packages
too) goes in, as bytecode. Both archives of Python are stored, not deflated:
the host compresses them whole (docs/load.md has what a first visit costs).
PyScript writes the game's archive into Python's working directory as it is,
and web/main.py puts it on ``sys.path``: Python imports straight from it
(zipimport, as Pyodide imports its own standard library), so the page's start
writes no file per module, which unpacking it would.

The build is idempotent and incremental: a file is written only when its
bytes would change (the zip is built deterministically, with fixed
timestamps), and files in ``site/`` that the build no longer produces are
deleted. A rebuild with nothing changed takes about 0.1 s.

Usage: ``python3 scripts/build_site.py [--out DIR] [--quiet]``
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import itertools
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
APP_ROOT = '<main id="app"></main>'  # index.html's root of the table (first_screens)
NODE_MODULES = REPO / "node_modules"
BYTECODE_CACHE = NODE_MODULES / ".cache" / "scala40-bytecode"
"""Where the archives compiled in Pyodide on Node, and the scripts minified by esbuild, are
kept, by what they were made from."""

STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
#: Pyodide files the browser fetches to start Python (314.x file names).
PYODIDE_FILES = (
    "pyodide.mjs",  # loadPyodide(), imported by PyScript
    "pyodide.asm.mjs",  # Emscripten glue
    "pyodide.asm.wasm",  # CPython itself
    STDLIB,  # the standard library: trimmed to the page's imports, as bytecode, by the build
    LOCK,  # package index, read at start-up even with no packages: trimmed by the build
)

#: Page files, copied as they are to the same relative path in the site (but the
#: Python of web/, which goes in the archive, and index.html, written by the build).
PAGE_GLOBS = ("web/**/*", "bench/*.html", "bench/*.toml")

#: The service worker template; written to the site's root, not copied.
SERVICE_WORKER = Path("web/page/sw.js")

#: PyScript's configuration of the page: index.html names it, and the build writes it
#: into the built page's script as JSON (:func:`index_html`).
CONFIG = "pyscript.toml"
#: How index.html names it.
CONFIG_ATTRIBUTE = f'config="./{CONFIG}"'

#: Files that name the runtime folders (checked against the installed versions).
RUNTIME_USERS = ("index.html", CONFIG, "bench/bare.html", "bench/bare.toml")

#: Not precached for offline play: the timing pages, the service worker itself, and
#: play over the internet by a code (web/friends/relay.js and its trystero bundle,
#: loaded on the first code), which needs the network anyway: a first visit does not
#: download them (docs/load.md).
NOT_PRECACHED = ("bench/", "sw.js", ".nojekyll", "web/friends/relay.js",
                 "web/vendor/trystero-nostr.mjs")


#: A stylesheet of the page's own in index.html: each feature's, in cascade order.
STYLESHEET_LINK = re.compile(r'^[ \t]*<link rel="stylesheet" href="\./(web/[^"]+\.css)">\n', re.M)
#: The one stylesheet the built page links: index.html's, joined in its order.
STYLESHEET = Path("web/style.css")


def stylesheets() -> list[Path]:
    """The page's stylesheets in the order index.html links them, which is the cascade's:
    the one place that order is written. Served unbuilt, the page links each; built, it
    links their join (:func:`stylesheet`), so a first visit asks for one file, as many
    as when they were one. The links must follow each other, or a sheet between them
    (PyScript's) would change places in the cascade; and every ``*.css`` of web/ must be
    linked, or a new feature's would ship unused."""
    index = (REPO / "index.html").read_text(encoding="utf-8")
    links = list(STYLESHEET_LINK.finditer(index))
    if not links or any(a.end() != b.start() for a, b in itertools.pairwise(links)):
        raise SystemExit("build_site: index.html must link the stylesheets of web/ one after "
                         "the other, one a line")
    named = [Path(link.group(1)) for link in links]
    on_disk = {path.relative_to(REPO) for path in REPO.glob("web/**/*.css")}
    if set(named) != on_disk or len(set(named)) != len(named):
        raise SystemExit(f"build_site: index.html links {', '.join(map(str, named))}; web/ "
                         f"has {', '.join(sorted(map(str, on_disk)))}: link each once, in "
                         "cascade order")
    return named


def stylesheet() -> bytes:
    """The page's stylesheets joined in index.html's order (:func:`stylesheets`), each after
    a comment naming its file; a file's last rule is closed, so the next starts fresh."""
    return "".join(f"/* {rel.as_posix()} */\n"
                   f"{(REPO / rel).read_text(encoding='utf-8').rstrip()}\n\n"
                   for rel in stylesheets()).encode()


def page_config() -> dict:
    """PyScript's configuration of the page, from pyscript.toml."""
    return tomllib.loads((REPO / CONFIG).read_text(encoding="utf-8"))


def index_html(config: dict, sizes: dict[str, dict[str, int]] | None = None) -> bytes:
    """index.html with the configuration written into it as JSON, where it names
    pyscript.toml: one request fewer before Python starts, and no TOML parser for
    PyScript to fetch (JSON it parses itself); with the first visit's screens and what
    the page says before Python is up (:func:`first_screens`, ``sizes``: the start's
    downloads, :func:`start_downloads`); and with its stylesheets of web/ linked as
    the one they are joined into (:func:`stylesheet`)."""
    text = (REPO / "index.html").read_text(encoding="utf-8")
    if text.count(CONFIG_ATTRIBUTE) != 1:
        raise SystemExit(f"build_site: index.html must name its configuration once, "
                         f"as {CONFIG_ATTRIBUTE}")
    inline = json.dumps(config, ensure_ascii=False).replace("&", "&amp;").replace("'", "&#39;")
    text = text.replace(CONFIG_ATTRIBUTE, f"config='{inline}'")
    if text.count(APP_ROOT) != 1:
        raise SystemExit(f"build_site: index.html must hold the table's root once, as {APP_ROOT}")
    text = text.replace(APP_ROOT, APP_ROOT + first_screens(sizes or {}))
    links = list(STYLESHEET_LINK.finditer(text))  # one after the other (stylesheets())
    if links:  # the first link's line becomes the built stylesheet's, the others go
        first = links[0]
        line = first.group(0).replace(first.group(1), STYLESHEET.as_posix())
        text = text[:first.start()] + line + text[links[-1].end():]
    return text.encode()


def first_screens(sizes: dict[str, dict[str, int]]) -> str:
    """The first visit's screen in each language, as ``<template id="s40-first-<lang>">``
    for web/page/snapshot.js to paint before Python is up: drawn by the game's own code
    (web/page/first.py), so it is the markup the live page draws first; then, as a JSON
    data block (``<script type="application/json" id="s40-before-python">``, which no
    policy of scripts stops, as it runs nothing), what the page's scripts say and do
    before Python is up, with the sizes of the start's downloads."""
    sys.path.insert(0, str(REPO))
    try:
        from web.i18n import LANGS
        from web.page.first import before_python, first_screen
    finally:
        sys.path.remove(str(REPO))
    data = json.dumps(before_python(sizes), ensure_ascii=False).replace("</", "<\\/")
    return "".join(f'<template id="s40-first-{lang}">{first_screen(lang)}</template>'
                   for lang in LANGS) + (
        f'<script type="application/json" id="s40-before-python">{data}</script>')


def start_downloads(files: dict[Path, bytes | Path]) -> dict[str, dict[str, int]]:
    """The bytes of each file a first visit's start waits for, by the step of
    web/page/boot.js's progress it belongs to: the runtime (the WebAssembly and its
    glue), the standard library, the game. ``files``: the site's, each as its bytes or
    the file they are copied from. The sizes are the files' own, which the browser
    counts as it decodes whatever the host compressed (docs/load.md)."""
    pyodide = runtime_dirs()["pyodide"]
    steps = {"runtime": (pyodide / "pyodide.asm.wasm", pyodide / "pyodide.asm.mjs"),
             "stdlib": (pyodide / STDLIB,), "game": (Path(ARCHIVE),)}

    def size(rel: Path) -> int:
        data = files[rel]
        return len(data) if isinstance(data, bytes) else data.stat().st_size

    return {step: {rel.name: size(rel) for rel in rels} for step, rels in steps.items()}


def page_scripts() -> set[str]:
    """The Python scripts index.html runs (``<script type="py" src=...>``): PyScript
    fetches each, so they are site files, not modules of the archive."""
    index = (REPO / "index.html").read_text(encoding="utf-8")
    return set(re.findall(r'<script type="py" src="\./([^"]+)"', index))


def _page_sources() -> dict[Path, Path]:
    """Map each site-relative destination to the repo file it comes from."""
    scripts = page_scripts()
    plan: dict[Path, Path] = {}
    for pattern in PAGE_GLOBS:
        for src in sorted(REPO.glob(pattern)):
            rel = src.relative_to(REPO)
            skip = ("__pycache__" in src.parts or src.suffix == ".pyc" or rel == SERVICE_WORKER
                    or (src.suffix == ".py" and rel.as_posix() not in scripts)
                    or (src.suffix == ".css" and rel.parts[0] == "web"))  # in STYLESHEET
            if src.is_file() and not skip:
                plan[rel] = src
    return plan


def runtime_dirs() -> dict[str, Path]:
    """The site folders of the runtime packages, named with their installed versions."""
    versions = runtime_versions()
    return {
        "@pyscript/core": Path("runtime") / f"pyscript-{versions['@pyscript/core']}",
        "pyodide": Path("runtime") / f"pyodide-{versions['pyodide']}",
    }


def check_runtime_references(runtime: dict[Path, Path]) -> None:
    """Fail loudly if a page file names a runtime folder other than the installed one,
    or a runtime file not in ``runtime`` (:func:`_runtime_sources`, what the site
    ships): index.html preloads Pyodide's files by name, and a preload of a file
    renamed in a new version would fail in the page."""
    pyodide = runtime_dirs()["pyodide"]
    shipped = {path.as_posix() for path in (*runtime, pyodide / STDLIB, pyodide / LOCK)}
    for rel in RUNTIME_USERS:
        text = (REPO / rel).read_text(encoding="utf-8")
        for folder in runtime_dirs().values():
            stem = folder.name.split("-")[0]
            named = set(re.findall(rf"runtime/({stem}-[0-9][^/\"']*)/", text))
            if named - {folder.name}:
                raise SystemExit(
                    f"build_site: {rel} names runtime/{', '.join(sorted(named))} but "
                    f"node_modules has {folder}: update the path in {rel}"
                )
        files = set(re.findall(r"""runtime/[^/"']+/[^"'\s]+""", text))
        if files - shipped:
            raise SystemExit(f"build_site: {rel} names {', '.join(sorted(files - shipped))}, "
                             f"which node_modules does not have: update the name in {rel}")


def service_worker(precached: dict[Path, bytes | Path]) -> bytes:
    """sw.js with its precache list (each URL with the SHA-256 of its bytes, as a
    subresource-integrity string) and a version digest of every precached file."""
    version = hashlib.sha256()
    entries = []
    for rel in sorted(precached, key=lambda p: p.as_posix()):
        name = rel.as_posix()
        content = precached[rel]
        data = content if isinstance(content, bytes) else content.read_bytes()
        version.update(name.encode() + b"\0")
        version.update(data)
        integrity = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        entries.append([f"./{name}", integrity])
        if name == "index.html":
            entries.append(["./", integrity])  # the page is asked for by its folder's URL
    entries.sort()
    template = (REPO / SERVICE_WORKER).read_text(encoding="utf-8")
    filled = template.replace("__VERSION__", version.hexdigest()[:12]).replace(
        "__PRECACHE__", "[\n" + "".join(f"  {json.dumps(e)},\n" for e in entries) + "]"
    )
    return filled.encode()


def precached(site_files: dict[Path, bytes | Path]) -> dict[Path, bytes | Path]:
    """The site's files that the offline copy holds: those the page may fetch. Not the
    timing pages, the worker itself, the whole standard library (fetched only if the
    page imports a module the trimmed one lacks), nor PyScript's chunks that the page
    never imports (:func:`pyscript_fetched`): a first visit downloads each precached
    file, whether the page uses it or not."""
    pyscript = runtime_dirs()["@pyscript/core"]
    fetched = {pyscript / name for name in pyscript_fetched()}
    unused = {runtime_dirs()["pyodide"] / FULL_STDLIB}
    return {rel: content for rel, content in site_files.items()
            if not rel.as_posix().startswith(NOT_PRECACHED) and rel not in unused
            and (rel.parent != pyscript or rel in fetched)}


#: A static import in PyScript's chunks (``from"./x.js"``), and an entry of the table of
#: plugins in its core (``error:()=>import("./error-x.js")``).
STATIC_IMPORT = re.compile(r'from\s*"\./([^"]+)"')
PLUGIN = re.compile(r'"?[\w-]+"?:\(\)=>import\("\./([^"]+)"\)')


def pyscript_fetched() -> set[str]:
    """The files of PyScript that the page fetches: core.js and core.css, the plugins
    PyScript imports at every start (its table of plugins: each of its two interpreters
    imports them all but those its configuration turns off, and MicroPython's has none),
    and what these import before they run. Not the chunks imported only when a feature
    is used: the editor's CodeMirror, the terminal's xterm.js, the TOML parser, the zip
    reader, MicroPython..."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    todo = ["core.js"]
    for core in dist.glob("core-*.js"):
        todo += PLUGIN.findall(core.read_text(encoding="utf-8"))
    fetched = {"core.css"}
    while todo:
        name = todo.pop()
        if name not in fetched:
            fetched.add(name)
            todo += STATIC_IMPORT.findall((dist / name).read_text(encoding="utf-8"))
    return fetched


def trimmed_lock(config: dict) -> bytes:
    """Pyodide's package index with no package: Pyodide reads it at every start (npm's
    lists 300 packages, 119 KB), and the page loads none. A configuration that asks for
    packages stops the build: the index would have to list them."""
    if config.get("packages"):
        raise SystemExit(f"build_site: {CONFIG} asks for packages, and the site's {LOCK} "
                         "lists none: keep them in trimmed_lock()")
    lock = json.loads((NODE_MODULES / "pyodide" / LOCK).read_text(encoding="utf-8"))
    return (json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n").encode()


def _runtime_sources() -> dict[Path, Path]:
    """Map site paths to the PyScript and Pyodide files in node_modules."""
    core = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyodide = NODE_MODULES / "pyodide"
    missing = [
        p for p in (core / "core.js", *(pyodide / f for f in PYODIDE_FILES)) if not p.is_file()
    ]
    if missing:
        names = ", ".join(str(p.relative_to(REPO)) for p in missing)
        raise SystemExit(f"build_site: missing {names}; run `npm ci` in {REPO} first")
    plan: dict[Path, Path] = {}
    folders = runtime_dirs()
    # All JS chunks: core.js imports them lazily by hashed names we must not
    # guess. Source maps are left out (they are 3/4 of the bytes).
    for src in sorted(core.iterdir()):
        if src.suffix in (".js", ".css"):
            plan[folders["@pyscript/core"] / src.name] = src
    for name in PYODIDE_FILES:
        if name not in (STDLIB, LOCK):  # written by the build
            plan[folders["pyodide"] / name] = pyodide / name
    plan[folders["pyodide"] / FULL_STDLIB] = pyodide / STDLIB
    plan.update(_qr_sources())
    plan.update(_npm_sources(PAGE_SCRIPTS))
    return plan


#: Classic scripts the page loads from npm, under web/ for the same reason as the
#: QR files: the sanitizer of the stored snapshot (web/page/snapshot.js), which sets
#: ``window.DOMPurify``, and the DOM morpher of every redraw (web/page/draw.js), which
#: sets ``window.morphdom``.
PAGE_SCRIPTS = {
    "dompurify/dist/purify.min.js": "web/vendor/purify.min.js",
    "morphdom/dist/morphdom-umd.min.js": "web/vendor/morphdom.js",
}


# -- the QR libraries of the peer-to-peer table (web/friends/) --------------------------
#: npm file -> site path. Under web/ (revalidated), not runtime/ (cached for a
#: year under an unversioned name would pin an old copy).
QR_FILES = {
    "qrcode-generator/dist/qrcode.mjs": "web/vendor/qrcode.mjs",  # draws a QR code
    "jsqr/dist/jsQR.js": "web/vendor/jsQR.js",  # reads one from a camera frame
}


def _qr_sources() -> dict[Path, Path]:
    """Map site paths to the QR libraries' dist files in node_modules."""
    return _npm_sources(QR_FILES)


def _npm_sources(files: dict[str, str]) -> dict[Path, Path]:
    """Map site paths to npm dist files (``files``: npm path -> site path)."""
    plan = {Path(dst): NODE_MODULES / src for src, dst in files.items()}
    missing = [str(src.relative_to(REPO)) for src in plan.values() if not src.is_file()]
    if missing:
        raise SystemExit(f"build_site: missing {', '.join(missing)}; run `npm ci` in {REPO} first")
    return plan


#: The archive of the page's Python (PyScript writes it, as index.html's config says;
#: web/main.py imports from it).
ARCHIVE = "game.zip"
#: Where Pyodide finds it: PyScript's working directory (Pyodide's home).
ARCHIVE_PATH = f"/home/pyodide/{ARCHIVE}"
#: The packages in it: the engine, and the table that imports it.
PACKAGES = ("scala40", "web")
#: Modules the page never imports: the engine's command line and the tournaments it runs
#: (and the page's scripts, which PyScript fetches and runs: :func:`page_scripts`). A
#: module of the archive that imported one would fail tests/test_first_visit.py.
NOT_ARCHIVED = ("scala40/__main__.py", "scala40/bots/tournament.py", "scala40/bots/points.py")


def sources_zip(packages: tuple[str, ...] = PACKAGES) -> bytes:
    """Zip every ``<package>/**/*.py`` the page may import, with fixed timestamps (same
    input, same bytes)."""
    skip = {*NOT_ARCHIVED, *page_scripts()}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for src in sorted(f for package in packages for f in (REPO / package).rglob("*.py")):
            if "__pycache__" in src.parts or src.relative_to(REPO).as_posix() in skip:
                continue
            info = zipfile.ZipInfo(
                src.relative_to(REPO).as_posix(), date_time=(1980, 1, 1, 0, 0, 0)
            )
            info.external_attr = 0o644 << 16
            archive.writestr(info, src.read_bytes())
    return buffer.getvalue()


# -- bytecode: the modules compiled by the page's own Python ------------------------
#: Both scripts' writer of ``x.pyc`` in place of ``x.py`` in ``archive``: an
#: unchecked-hash .pyc (PEP 552), used as it is, with no source to compare it with,
#: where zipimport looks (beside the source's place, not in ``__pycache__``). Compiled
#: as ``python -OO`` would (no docstrings, no asserts: nothing on the page reads a
#: docstring, and the asserts only narrow types for mypy) by a Python started as
#: ``-X no_debug_ranges`` (:data:`RUN_IN_PYODIDE`): a third fewer bytes over the wire
#: than plain bytecode; a traceback keeps its files and lines. Every entry of both
#: archives is stored, not deflated: the host compresses what it sends (gzip or
#: brotli, over the whole file, where deflate works entry by entry). With
#: ``lines=False`` each instruction keeps only its function's first line (a line table
#: of two bytes per eight instructions): the standard library's choice, 0.13 MB gzip /
#: 0.09 MB brotli of a first visit (docs/load.md); a traceback still names the file,
#: the function and where it starts, and the game's own frames keep their lines. (An
#: empty table would make ``traceback`` fail on such a frame.)
ADD_BYTECODE = """
import base64, importlib.util, io, sys, types, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_lines(code):
    units, table = len(code.co_code) // 2, bytearray()
    while units > 0:  # entries of up to 8 code units: "no columns", line delta 0
        table += bytes((0x80 | 13 << 3 | min(units, 8) - 1, 0))
        units -= 8
    consts = tuple(without_lines(const) if isinstance(const, types.CodeType) else const
                   for const in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def add_bytecode(archive, name, source, filename, lines=True):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    if not lines:
        code = without_lines(code)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    entry = zipfile.ZipInfo(name.removesuffix(".py") + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
    entry.external_attr = 0o644 << 16
    archive.writestr(entry, bytes(pyc))
"""

#: Runs inside Pyodide (:data:`RUN_IN_PYODIDE`): the archive (base64, from ``{data!r}``)
#: with each module as its bytecode alone, as base64 on stdout. The code names each
#: module by its place in the archive, ``{path}``, so a traceback names its file and
#: line; with no source there, not the line's text. The sources would be a third of
#: the archive's bytes over the wire (docs/load.md).
COMPILE = ADD_BYTECODE + """
game = zipfile.ZipFile(io.BytesIO(base64.b64decode({data!r})))
out = io.BytesIO()
with zipfile.ZipFile(out, "w") as archive:
    for info in game.infolist():
        add_bytecode(archive, info.filename, game.read(info), "{path}/" + info.filename)
sys.stdout.write(base64.b64encode(out.getvalue()).decode())
"""

#: Modules of Pyodide's standard library that the page imports beyond those Pyodide's
#: own start imports (which the build reads from the start itself): what PyScript's
#: Python imports (html, for its ``display``) and what the game does (some only when
#: a feature is first used: urllib.parse and ipaddress for a challenge or a QR code).
#: Each goes into the site's trimmed standard library as bytecode, with whatever it
#: imports. tests/test_first_visit.py fails, naming it, when the page imports a module
#: of the standard library missing here (or from what Pyodide's start imports); one
#: missing on the page is fetched then from the whole library (scripts/stdlib_on_demand.py).
PAGE_STDLIB = ("datetime", "hashlib", "hmac", "html.entities", "ipaddress", "secrets",
               "urllib.parse")

#: Runs inside Pyodide (tools/pyodide_run.mjs): the site's standard library, as base64
#: on stdout: the modules the page imports, each as its bytecode (unchecked-hash, as
#: above), and nothing else but ``sitecustomize``, which fetches the rest when a module
#: of it is first imported (scripts/stdlib_on_demand.py, as ``{loader!r}``). Pyodide
#: ships its library as sources only, 600 modules (3.1 MB deflated), and compiled at
#: every start the 125 that its start imports (in Pyodide on Node its start took 3.4 s
#: with them and 1.1 s without). Those are read from the start itself (``sys.modules``
#: before this script imports anything, but the modules CPython has frozen in its
#: binary), then the page's: :data:`PAGE_STDLIB` (``{page!r}``) with what they import.
#: Their code names them by their place, ``{path}``.
COMPILE_STDLIB = """
import sys
for name in {page!r}:
    __import__(name)
wanted = {{name for name, module in sys.modules.items()  # frozen ones: not from the archive
          if getattr(getattr(module, "__spec__", None), "origin", None) != "frozen"}}
""" + ADD_BYTECODE + """
stdlib = zipfile.ZipFile({path!r})
modules = {{info.filename: info.filename.removesuffix(".py").removesuffix("/__init__")
                                         .replace("/", ".")
           for info in stdlib.infolist() if info.filename.endswith(".py")}}
loader = {loader!r}.replace("ELSEWHERE: frozenset[str] = frozenset()",
                            f"ELSEWHERE = frozenset({{sorted(set(modules.values()) - wanted)!r}})")
out = io.BytesIO()
with zipfile.ZipFile(out, "w") as archive:
    for filename, module in modules.items():
        if module in wanted:
            add_bytecode(archive, filename, stdlib.read(filename), {path!r} + "/" + filename,
                         lines=False)
    add_bytecode(archive, "sitecustomize.py", loader.encode(), {path!r} + "/sitecustomize.py")
sys.stdout.write(base64.b64encode(out.getvalue()).decode())
"""
#: Where Pyodide has its standard library (314.x): the compiled code names its modules so.
STDLIB_PATH = "/lib/python314.zip"
#: The loader of the modules the trimmed library lacks, written into it as ``sitecustomize``.
LOADER = Path(__file__).resolve().parent / "stdlib_on_demand.py"
#: Pyodide's whole standard library, as npm has it, under the name the loader fetches.
FULL_STDLIB = re.findall(r'^FULL = "([^"]+)"', LOADER.read_text(encoding="utf-8"), re.M)[0]


def stdlib_with_bytecode() -> bytes:
    """The site's ``python_stdlib.zip``: Pyodide's trimmed to what the page imports, as
    bytecode (see :data:`COMPILE_STDLIB`), made by that Pyodide on Node and kept in
    ``node_modules/.cache/``; without Node, the archive as Pyodide ships it."""
    code = COMPILE_STDLIB.format(path=STDLIB_PATH, page=PAGE_STDLIB,
                                 loader=LOADER.read_text(encoding="utf-8"))
    return _in_pyodide(code, "stdlib", fallback=(NODE_MODULES / "pyodide" / STDLIB).read_bytes())


def with_bytecode(archive: bytes) -> bytes:
    """``archive`` with Pyodide's bytecode of each module (see :data:`COMPILE`).

    Compiling at import costs the page about half its import time (bench/load.py
    prints that time), and only the page's own Pyodide writes bytecode it
    reads (a bytecode file is for one Python version), so it is made by
    running that Pyodide on Node, about 3 s, once per source archive: the
    result is kept in ``node_modules/.cache/``. Without Node the sources are
    shipped alone (the page compiles them, as before) and the build says so.
    """
    code = COMPILE.format(data=base64.b64encode(archive).decode(), path=ARCHIVE_PATH)
    return _in_pyodide(code, "archive", fallback=archive)


#: Runs the build's Python (on stdin) in the page's Pyodide on Node (the module named by
#: the first argument), started as ``python -X no_debug_ranges`` would be: its code
#: objects map each instruction to its line, not to the columns it spans. A traceback
#: then shows no ``^^^`` under the failing part of a line, and each module's bytecode is
#: about a quarter smaller over the wire.
RUN_IN_PYODIDE = """
import { readFileSync } from "node:fs";
const code = readFileSync(0, "utf8");  // before anything else turns stdin non-blocking
const { loadPyodide } = await import(process.argv[1]);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
// a copy: a write to a full pipe goes out later, and Pyodide reuses its buffer
pyodide.setStdout({ write: (bytes) => (process.stdout.write(Buffer.from(bytes)), bytes.length) });
pyodide.runPython(code);
"""


def _in_pyodide(code: str, what: str, *, fallback: bytes) -> bytes:
    """The archive that ``code`` writes (base64 on stdout) when run in the page's
    Pyodide on Node (:data:`RUN_IN_PYODIDE`), kept in ``node_modules/.cache/`` by the
    code and Pyodide's version; ``fallback``, and the build says so, when there is no
    Node."""
    # the sources, how they compile, and the Pyodide (its bytecode, its standard library)
    key = f"{code}{RUN_IN_PYODIDE}{runtime_versions()['pyodide']}"
    cached = BYTECODE_CACHE / f"{hashlib.sha256(key.encode()).hexdigest()[:16]}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        print(f"build_site: no node on PATH: the {what} ships without bytecode", file=sys.stderr)
        return fallback
    pyodide = (NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri()
    done = subprocess.run([node, "--input-type=module", "-e", RUN_IN_PYODIDE, pyodide],
                          input=code, capture_output=True, text=True, cwd=REPO, timeout=600)
    if done.returncode:
        raise SystemExit(f"build_site: compiling the {what} in Pyodide failed:\n{done.stderr}")
    compiled = base64.b64decode(done.stdout)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(compiled)
    return compiled


# -- npm's scripts that ship unminified, minified by the pinned esbuild ---------------
#: npm files the site sends minified (whitespace, comments and local names: what
#: ``esbuild --minify`` does, which keeps every property and export name): the QR
#: libraries, which npm ships as written, 14 KB gzip / 10 KB brotli of a first visit
#: (docs/load.md). Not Pyodide's glue (26 KB brotli more): with it minified, pages'
#: renderers crashed in the full suite ("Target crashed", 32 reruns, none without).
MINIFIED = ("jsqr/dist/jsQR.js", "qrcode-generator/dist/qrcode.mjs")
ESBUILD = NODE_MODULES / ".bin" / "esbuild"


def minified(src: Path) -> bytes:
    """``src`` minified by esbuild (kept in ``node_modules/.cache/``, by the file and
    esbuild's version); as it is, and the build says so, without esbuild."""
    if not ESBUILD.is_file():
        print(f"build_site: no esbuild in node_modules: {src.name} ships unminified",
              file=sys.stderr)
        return src.read_bytes()
    data = src.read_bytes()
    version = json.loads((NODE_MODULES / "esbuild" / "package.json").read_text())["version"]
    key = hashlib.sha256(data + version.encode()).hexdigest()[:16]
    cached = BYTECODE_CACHE / f"{key}{src.suffix}"
    if cached.is_file():
        return cached.read_bytes()
    done = subprocess.run([str(ESBUILD), "--minify", "--log-level=error"], input=data,
                          capture_output=True, cwd=REPO, timeout=300)
    if done.returncode:
        raise SystemExit(f"build_site: esbuild failed on {src}:\n{done.stderr.decode()}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(done.stdout)
    return done.stdout


def _write_bytes(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already holds exactly it; True if written."""
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _copy(src: Path, dst: Path) -> bool:
    """Copy unless ``dst`` has the same size and mtime (copy2 keeps mtimes); True if copied."""
    s = src.stat()
    if dst.is_file():
        d = dst.stat()
        if d.st_size == s.st_size and d.st_mtime_ns == s.st_mtime_ns:
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return True


def build(out: Path) -> dict[str, int]:
    """Bring ``out`` up to date; return counts of written, kept and removed files."""
    # The clean-up step below deletes unknown files, so never run it on a
    # folder this script did not make (e.g. a mistyped ``--out .``).
    if out.is_dir() and any(out.iterdir()) and not (out / ".nojekyll").exists():
        raise SystemExit(f"build_site: {out} is not empty and was not built by this script")
    runtime = _runtime_sources()
    check_runtime_references(runtime)
    copies = {**_page_sources(), **runtime}
    config = page_config()
    generated = {
        STYLESHEET: stylesheet(),
        Path(ARCHIVE): with_bytecode(sources_zip()),
        runtime_dirs()["pyodide"] / STDLIB: stdlib_with_bytecode(),
        runtime_dirs()["pyodide"] / LOCK: trimmed_lock(config),
        Path(".nojekyll"): b"",
    }
    generated[Path("index.html")] = index_html(config, start_downloads({**copies, **generated}))
    minify = {NODE_MODULES / name for name in MINIFIED}
    for rel, src in list(copies.items()):
        if src in minify:
            generated[rel] = minified(copies.pop(rel))
    generated[Path("sw.js")] = service_worker(precached({**copies, **generated}))
    stats = {"written": 0, "kept": 0, "removed": 0}
    for rel, src in copies.items():
        stats["written" if _copy(src, out / rel) else "kept"] += 1
    for rel, data in generated.items():
        stats["written" if _write_bytes(out / rel, data) else "kept"] += 1
    # Delete what the build no longer produces (a removed page file, an old chunk).
    wanted = {out / rel for rel in (*copies, *generated)}
    for path in sorted(out.rglob("*"), reverse=True):  # children before parents
        if path.is_file() and path not in wanted:
            path.unlink()
            stats["removed"] += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return stats


def runtime_versions() -> dict[str, str]:
    """Versions of the npm runtime packages being shipped, for the build log."""
    versions = {}
    for name in ("@pyscript/core", "pyodide"):
        meta = json.loads((NODE_MODULES / name / "package.json").read_text(encoding="utf-8"))
        versions[name] = meta["version"]
    return versions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=REPO / "site", help="output folder (default: site/)"
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    args = parser.parse_args(argv)
    stats = build(args.out.resolve())
    if not args.quiet:
        runtime = ", ".join(f"{k} {v}" for k, v in runtime_versions().items())
        print(
            f"build_site: {args.out} ({runtime}): {stats['written']} written, "
            f"{stats['kept']} unchanged, {stats['removed']} removed"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
