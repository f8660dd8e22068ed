#!/usr/bin/env python3
"""Assemble the static web site in ``site/`` (standard library only).

The page must load nothing from a CDN, so the site carries its own runtime:

    site/
      index.html  .nojekyll                     the page, with its PyScript config
      sw.js                                     service worker (from web/sw.js)
      web/                                      main.py, style.css, manifest, icons ...
      bench/                                    bare.html + bare.toml (timing)
      game.zip                                  scala40/ and web/ with their bytecode,
                                                imported from the archive (zipimport)
      runtime/pyscript-<version>/               @pyscript/core dist (no .map)
      runtime/pyodide-<version>/                the Pyodide files loadPyodide needs

The runtime folders carry their npm version in their name, so a host may
cache them for a year (netlify.toml does): a new version is a new URL. The
page files name those folders; the build checks they name the versions
installed and says what to change if not.

The service worker gets the list of every file the game needs, each with the
SHA-256 of its bytes, and a version that is a digest of them all: offline
after the first visit, a new build is a new cache, and a new cache is filled
with the new build's files whatever the host's cache headers (web/sw.js).

Every URL in the page and the config is relative, so the folder works at any
sub-path (GitHub Pages serves ``/<repo>/``). ``.nojekyll`` stops Pages from
hiding files and folders whose names start with ``_``.

The Python is shipped as one zip, not a list of files, so a new module needs
no config edit: every ``*.py`` below ``scala40/`` and ``web/`` (sub-packages
too) goes in. PyScript writes the archive into Python's working directory
as it is, and web/main.py puts it on ``sys.path``: Python imports straight
from it (zipimport, as Pyodide imports its own standard library), so the
page's start neither imports ``zipfile`` and ``shutil`` nor writes a file
per module, which unpacking it would.

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
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO / "node_modules"
BYTECODE_CACHE = NODE_MODULES / ".cache" / "scala40-bytecode"
"""Where the archives compiled in Pyodide on Node are kept, by what they were made from."""

STDLIB = "python_stdlib.zip"
#: Pyodide files the browser fetches to start Python (314.x file names).
PYODIDE_FILES = (
    "pyodide.mjs",  # loadPyodide(), imported by PyScript
    "pyodide.asm.mjs",  # Emscripten glue
    "pyodide.asm.wasm",  # CPython itself
    STDLIB,  # the standard library, with bytecode, written by the build
    "pyodide-lock.json",  # package index; read at start-up even with no packages
)

#: Page files, copied as they are to the same relative path in the site.
PAGE_GLOBS = ("index.html", "web/**/*", "bench/*.html", "bench/*.toml")

#: The service worker template; written to the site's root, not copied.
SERVICE_WORKER = Path("web/sw.js")

#: Files that name the runtime folders (checked against the installed versions).
RUNTIME_USERS = ("index.html", "bench/bare.html", "bench/bare.toml")

#: Not precached for offline play: the timing pages and the service worker itself.
NOT_PRECACHED = ("bench/", "sw.js", ".nojekyll")


def _page_sources() -> dict[Path, Path]:
    """Map each site-relative destination to the repo file it comes from."""
    plan: dict[Path, Path] = {}
    for pattern in PAGE_GLOBS:
        for src in sorted(REPO.glob(pattern)):
            rel = src.relative_to(REPO)
            skip = "__pycache__" in src.parts or src.suffix == ".pyc" or rel == SERVICE_WORKER
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
    shipped = {path.as_posix() for path in (*runtime, runtime_dirs()["pyodide"] / STDLIB)}
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


def service_worker(site_files: dict[Path, bytes | Path]) -> bytes:
    """sw.js with its precache list (each URL with the SHA-256 of its bytes, as a
    subresource-integrity string) and a version digest of every precached file."""
    version = hashlib.sha256()
    entries = []
    for rel in sorted(site_files, key=lambda p: p.as_posix()):
        name = rel.as_posix()
        if name.startswith(NOT_PRECACHED):
            continue
        content = site_files[rel]
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
        if name != STDLIB:  # written by the build: stdlib_with_bytecode()
            plan[folders["pyodide"] / name] = pyodide / name
    plan.update(_qr_sources())
    plan.update(_npm_sources(PAGE_SCRIPTS))
    return plan


#: Classic scripts the page loads from npm, under web/ for the same reason as the
#: QR files: the sanitizer of the stored snapshot (web/snapshot.js), which sets
#: ``window.DOMPurify``, and the DOM morpher of every redraw (web/draw.js), which
#: sets ``window.morphdom``.
PAGE_SCRIPTS = {
    "dompurify/dist/purify.min.js": "web/vendor/purify.min.js",
    "morphdom/dist/morphdom-umd.min.js": "web/vendor/morphdom.js",
}


# -- the QR libraries of the peer-to-peer table (web/peer/) --------------------------
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


def sources_zip(packages: tuple[str, ...] = PACKAGES) -> bytes:
    """Zip every ``<package>/**/*.py`` with fixed timestamps (same input, same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for src in sorted(f for package in packages for f in (REPO / package).rglob("*.py")):
            if "__pycache__" in src.parts:
                continue
            info = zipfile.ZipInfo(
                src.relative_to(REPO).as_posix(), date_time=(1980, 1, 1, 0, 0, 0)
            )
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, src.read_bytes())
    return buffer.getvalue()


# -- bytecode: the modules compiled by the page's own Python ------------------------
#: Modules of Pyodide's standard library that the game imports. Pyodide ships its
#: standard library as sources only, so each of these would be compiled in the
#: page at every start (html.entities and urllib.parse with its ipaddress, about
#: 60 ms in all); their bytecode goes into the archive instead, whole packages, so
#: that a submodule the game does not import is still found. tests/test_bytecode.py
#: fails, naming it, when the game imports a module missing here.
STDLIB_BYTECODE = ("datetime", "hashlib", "hmac", "html", "ipaddress", "secrets", "urllib")

#: Both scripts' writer of ``x.pyc`` beside (or in place of) ``x.py`` in ``archive``.
ADD_BYTECODE = """
import base64, importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def add_bytecode(archive, name, source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    entry = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    archive.writestr(entry, bytes(pyc))
"""

#: Runs inside Pyodide (tools/pyodide_run.mjs): the archive (base64, from
#: ``{data!r}``) with each module's bytecode beside it, and the bytecode of the
#: standard library's modules in ``{stdlib!r}``, as base64 on stdout. Each
#: ``x.pyc`` stands where zipimport looks (beside ``x.py``, not in
#: ``__pycache__``), an unchecked-hash .pyc (PEP 552): used as it is, with no
#: source timestamp to compare. The game's sources stay in the archive, for
#: tracebacks (zipimport's ``get_source``); its code names them by their place in
#: the archive, ``{path}``, and the standard library's by theirs in Pyodide's.
COMPILE = ADD_BYTECODE + """
game = zipfile.ZipFile(io.BytesIO(base64.b64decode({data!r})))
stdlib_path = next(path for path in sys.path if path.endswith(".zip"))
stdlib = zipfile.ZipFile(stdlib_path)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    for info in game.infolist():
        data = game.read(info)
        archive.writestr(info, data)
        if info.filename.endswith(".py"):
            add_bytecode(archive, info.filename, data, "{path}/" + info.filename)
    for name in stdlib.namelist():
        if name.endswith(".py") and name.split("/")[0].removesuffix(".py") in {stdlib!r}:
            add_bytecode(archive, name, stdlib.read(name), stdlib_path + "/" + name)
sys.stdout.write(base64.b64encode(out.getvalue()).decode())
"""


#: Runs inside Pyodide (tools/pyodide_run.mjs): Pyodide's standard library, as
#: base64 on stdout, with each module that Pyodide's own start imports (and so
#: PyScript's, and every page's) as its bytecode in place of its source (``x.pyc``
#: where ``x.py`` was, unchecked-hash as above). Pyodide ships the library as
#: sources only, and compiled these at every start: in Pyodide on Node its start
#: took 3.4 s with them and 1.1 s without. Which modules those are is read from
#: the start itself (``sys.modules`` before this script imports anything, but the
#: modules CPython has frozen in its binary, whose sources stay), so the
#: archive depends on Pyodide's version alone, as its folder's name says (the
#: runtime folder is cached as immutable: netlify.toml). The other modules stay
#: sources, as small as before; their code names them by their place, ``{path}``.
COMPILE_STDLIB = """
import sys
started = {{name for name, module in sys.modules.items()  # frozen ones: not from the archive
           if getattr(getattr(module, "__spec__", None), "origin", None) != "frozen"}}
""" + ADD_BYTECODE + """
stdlib = zipfile.ZipFile({path!r})
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    for info in stdlib.infolist():
        data = stdlib.read(info)
        module = info.filename.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        if info.filename.endswith(".py") and module in started:
            add_bytecode(archive, info.filename, data, {path!r} + "/" + info.filename)
        else:
            archive.writestr(info, data)
sys.stdout.write(base64.b64encode(out.getvalue()).decode())
"""
#: Where Pyodide has its standard library (314.x): the compiled code names its modules so.
STDLIB_PATH = "/lib/python314.zip"


def stdlib_with_bytecode() -> bytes:
    """Pyodide's ``python_stdlib.zip`` with the bytecode of what its start imports
    (see :data:`COMPILE_STDLIB`), made by that Pyodide on Node and kept in
    ``node_modules/.cache/``; without Node, the archive as Pyodide ships it."""
    return _in_pyodide(COMPILE_STDLIB.format(path=STDLIB_PATH), "stdlib",
                       fallback=(NODE_MODULES / "pyodide" / STDLIB).read_bytes())


def with_bytecode(archive: bytes) -> bytes:
    """``archive`` with Pyodide's bytecode of each module (see :data:`COMPILE`).

    Compiling at import costs the page about half its import time (bench/load.py
    prints that time), and only the page's own Pyodide writes bytecode it
    reads (a bytecode file is for one Python version), so it is made by
    running that Pyodide on Node, about 3 s, once per source archive: the
    result is kept in ``node_modules/.cache/``. Without Node the sources are
    shipped alone (the page compiles them, as before) and the build says so.
    """
    code = COMPILE.format(data=base64.b64encode(archive).decode(), path=ARCHIVE_PATH,
                          stdlib=STDLIB_BYTECODE)
    return _in_pyodide(code, "archive", fallback=archive)


def _in_pyodide(code: str, what: str, *, fallback: bytes) -> bytes:
    """The archive that ``code`` writes (base64 on stdout) when run in the page's
    Pyodide on Node, kept in ``node_modules/.cache/`` by the code and Pyodide's
    version; ``fallback``, and the build says so, when there is no Node."""
    # the sources, how they compile, and the Pyodide (its bytecode, its standard library)
    digest = hashlib.sha256(f"{code}{runtime_versions()['pyodide']}".encode()).hexdigest()[:16]
    cached = BYTECODE_CACHE / f"{digest}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    runner = REPO / "tools" / "pyodide_run.mjs"
    if node is None:
        print(f"build_site: no node on PATH: the {what} ships without bytecode", file=sys.stderr)
        return fallback
    done = subprocess.run([node, str(runner)], input=code, capture_output=True, text=True,
                          cwd=REPO, timeout=600)
    if done.returncode:
        raise SystemExit(f"build_site: compiling the {what} in Pyodide failed:\n{done.stderr}")
    compiled = base64.b64decode(done.stdout)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(compiled)
    return compiled


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
    generated = {
        Path(ARCHIVE): with_bytecode(sources_zip()),
        runtime_dirs()["pyodide"] / STDLIB: stdlib_with_bytecode(),
        Path(".nojekyll"): b"",
    }
    generated[Path("sw.js")] = service_worker({**copies, **generated})
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
