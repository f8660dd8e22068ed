"""scripts/build_site.py: it refuses page files that name runtime files the site will not
have, builds a whole site without Node, writes pyscript.toml into the page, and
precaches what the page fetches (tests/test_first_visit.py: the archives of Python)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from script_helper import REPO, load_script


@pytest.fixture
def build_site(tmp_path, monkeypatch):
    """build_site reading its page files from a copy in ``tmp_path`` (node_modules
    stays the repository's)."""
    module = load_script("build_site")
    if not (module.NODE_MODULES / "@pyscript" / "core").is_dir():
        pytest.skip("node_modules not installed (npm ci)")
    for rel in module.RUNTIME_USERS:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / rel, tmp_path / rel)
    monkeypatch.setattr(module, "REPO", tmp_path)
    return module


def test_the_page_files_name_only_runtime_files_the_site_ships(build_site):
    build_site.check_runtime_references(build_site._runtime_sources())


@pytest.mark.parametrize("stale", ["core.js", "pyodide.asm.wasm"])
def test_a_preload_of_a_file_the_runtime_no_longer_has_stops_the_build(build_site, stale):
    index = build_site.REPO / "index.html"
    text = index.read_text(encoding="utf-8")
    assert stale in text
    index.write_text(text.replace(stale, "gone-" + stale), encoding="utf-8")
    with pytest.raises(SystemExit, match=f"index.html names .*gone-{stale}"):
        build_site.check_runtime_references(build_site._runtime_sources())


def test_a_build_without_node_ships_the_sources_and_a_precache_that_matches_them(
    tmp_path, monkeypatch, capsys
):
    """No Node and nothing compiled before: the game and the standard library go out as
    sources (the page compiles them, slower), the build says so, and the offline copy's
    digests are those of the files written, so the site still installs and updates."""
    module = load_script("build_site")
    if not (module.NODE_MODULES / "@pyscript" / "core").is_dir():
        pytest.skip("node_modules not installed (npm ci)")
    real_which = shutil.which
    monkeypatch.setattr(
        module.shutil, "which", lambda name: None if name == "node" else real_which(name)
    )
    monkeypatch.setattr(module, "BYTECODE_CACHE", tmp_path / "empty-cache")
    monkeypatch.setattr(module, "ESBUILD", tmp_path / "no-esbuild")
    site = tmp_path / "site"
    module.build(site)
    told = capsys.readouterr().err
    assert "no node on PATH: the archive ships without bytecode" in told
    assert "no node on PATH: the stdlib ships without bytecode" in told
    assert "no esbuild in node_modules: jsQR.js ships unminified" in told
    assert (site / "web/vendor/jsQR.js").read_bytes() == \
        (module.NODE_MODULES / "jsqr/dist/jsQR.js").read_bytes()
    with zipfile.ZipFile(site / module.ARCHIVE) as game:
        names = game.namelist()
    assert "scala40/engine.py" in names and not [n for n in names if n.endswith(".pyc")]
    stdlib = module.runtime_dirs()["pyodide"] / module.STDLIB
    shipped = module.NODE_MODULES / "pyodide" / module.STDLIB
    assert (site / stdlib).read_bytes() == shipped.read_bytes()
    precache = re.findall(r'\["\./([^"]*)", "sha256-([^"]+)"\]', (site / "sw.js").read_text())
    assert len(precache) > 20
    for name, digest in precache:
        data = (site / (name or "index.html")).read_bytes()
        assert base64.b64encode(hashlib.sha256(data).digest()).decode() == digest, name


def test_the_built_page_runs_python_with_the_configuration_in_pyscript_toml(build_site):
    """pyscript.toml is the one place the page's PyScript configuration is written;
    index.html names it, and the built page carries it as JSON (no request for it)."""
    shutil.copy(REPO / "pyscript.toml", build_site.REPO / "pyscript.toml")
    assert 'config="./pyscript.toml"' in (REPO / "index.html").read_text(encoding="utf-8")
    built = build_site.index_html(build_site.page_config()).decode()
    scripts = [attrs for tag, attrs in parsed_tags(built) if tag == "script"
               and dict(attrs).get("type") == "py"]
    assert len(scripts) == 1
    config = json.loads(dict(scripts[0])["config"])
    assert config == tomllib.loads((REPO / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"].endswith("/pyodide.mjs")


def parsed_tags(page: str) -> list[tuple[str, list]]:
    """Every start tag of ``page`` with its attributes, as a browser reads them."""
    tags: list[tuple[str, list]] = []
    parser = HTMLParser()
    parser.handle_starttag = lambda tag, attrs: tags.append((tag, attrs))  # type: ignore
    parser.feed(page)
    return tags


def test_the_offline_copy_holds_what_the_page_fetches_and_no_more(build_site, monkeypatch):
    """A first visit downloads every precached file: not PyScript's editor, terminal,
    TOML parser and the like, which the page never imports, nor the whole standard
    library, fetched only if the page imports a module the trimmed one lacks."""
    monkeypatch.setattr(build_site, "REPO", REPO)  # the page's own files
    files = {**build_site._page_sources(), **build_site._runtime_sources()}
    kept = {rel.as_posix() for rel in build_site.precached(files)}
    pyscript = build_site.runtime_dirs()["@pyscript/core"].as_posix()
    pyodide = build_site.runtime_dirs()["pyodide"].as_posix()
    assert {f"{pyscript}/core.js", f"{pyscript}/core.css", f"{pyodide}/pyodide.asm.wasm",
            "web/main.py", "web/vendor/jsQR.js"} <= kept
    assert any(re.fullmatch(f"{pyscript}/core-.*\\.js", name) for name in kept)
    assert any(re.fullmatch(f"{pyscript}/error-.*\\.js", name) for name in kept)
    assert not [name for name in kept if re.search("xterm|codemirror|toml|zip-|mpy-", name)]
    assert f"{pyodide}/{build_site.FULL_STDLIB}" in {rel.as_posix() for rel in files}
    assert f"{pyodide}/{build_site.FULL_STDLIB}" not in kept
    assert not [name for name in kept if name.startswith("bench/")]
    # the game's modules are in its archive, not site files: only the page's script is
    assert [name for name in files if name.suffix == ".py"] == [Path("web/main.py")]


def test_the_package_index_lists_no_package_and_a_configuration_asking_for_one_stops_it(
        build_site):
    lock = json.loads(build_site.trimmed_lock({}))
    shipped = json.loads((build_site.NODE_MODULES / "pyodide" / build_site.LOCK).read_text())
    assert lock == {"info": shipped["info"], "packages": {}}
    with pytest.raises(SystemExit, match="asks for packages"):
        build_site.trimmed_lock({"packages": ["numpy"]})


def test_the_built_page_links_one_stylesheet_joined_in_the_order_index_html_links_them(
        tmp_path, monkeypatch):
    """index.html links each feature's stylesheet, in cascade order (the unbuilt page gets
    them all); the built page links their join instead, in that order, as one request,
    precached; the parts are not shipped. A stylesheet of web/ that index.html does not
    link, or links apart from the others, stops the build."""
    module = load_script("build_site")
    parts = module.stylesheets()
    assert parts[0] == Path("web/page/style.css")  # the base, then each feature's
    assert parts[-1] == Path("web/page/looks.css")  # the player's looks override them all
    assert set(parts) == {path.relative_to(REPO) for path in REPO.glob("web/**/*.css")}
    joined = module.stylesheet().decode()
    at = [joined.index(f"/* {part.as_posix()} */\n") for part in parts]
    assert at == sorted(at)
    for part, start in zip(parts, at, strict=True):
        assert (REPO / part).read_text(encoding="utf-8").rstrip() in joined[start:]
    built = module.index_html(module.page_config()).decode()
    sheets = [dict(attrs)["href"] for tag, attrs in parsed_tags(built)
              if tag == "link" and dict(attrs).get("rel") == "stylesheet"]
    assert sheets[-1] == f"./{module.STYLESHEET.as_posix()}"
    assert not [href for href in sheets[:-1] if href.startswith("./web/")]
    plan = module._page_sources()
    assert not [rel for rel in plan if rel.suffix == ".css"]

    # a stylesheet index.html forgets, or one linked apart from the others, stops the build
    for rel in ("index.html", *map(str, parts)):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / rel, tmp_path / rel)
    monkeypatch.setattr(module, "REPO", tmp_path)
    (tmp_path / "web/learn").mkdir(parents=True)
    (tmp_path / "web/learn/learn.css").write_text(".coach {}\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="link each once"):
        module.stylesheets()
    (tmp_path / "web/learn/learn.css").unlink()
    index = tmp_path / "index.html"
    text = index.read_text(encoding="utf-8")
    shell = '  <link rel="stylesheet" href="./web/page/shell.css">\n'
    index.write_text(text.replace(shell, "").replace("</head>", shell + "</head>"),
                     encoding="utf-8")
    with pytest.raises(SystemExit, match="one after the other"):
        module.stylesheets()


def test_the_built_page_carries_the_first_visits_screen_in_each_language(build_site):
    """web/page/snapshot.js paints it before Python is up: it must be the markup the live
    page draws first for a visitor with nothing stored, once per language, in #app's
    place and nowhere else."""
    from web.i18n import LANGS
    from web.page.first import first_screen

    built = build_site.index_html(build_site.page_config()).decode()
    for lang in LANGS:
        template = re.search(f'<template id="s40-first-{lang}">(.*?)</template>', built, re.S)
        assert template is not None, lang
        assert template.group(1) == str(first_screen(lang))
        assert 'data-act="start"' in template.group(1)
    assert built.index('<main id="app"></main>') < built.index('<template id="s40-first-')
    assert built.count("<template id=") == len(LANGS)
    index = build_site.REPO / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace('<main id="app"></main>', ""),
                     encoding="utf-8")
    with pytest.raises(SystemExit, match="table's root"):
        build_site.index_html(build_site.page_config())


def test_npm_scripts_shipped_as_written_are_minified_and_draw_the_same(tmp_path):
    """The QR code drawn by the minified qrcode-generator is the one npm's draws; each
    minified file is smaller (jsQR runs minified in the browser tests, which load the
    built site)."""
    module = load_script("build_site")
    if not module.ESBUILD.is_file() or shutil.which("node") is None:
        pytest.skip("node_modules not installed (npm ci)")
    for name in module.MINIFIED:
        src = module.NODE_MODULES / name
        assert len(module.minified(src)) < 0.9 * src.stat().st_size, name
    npm = module.NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs"
    small = tmp_path / "qrcode.mjs"
    small.write_bytes(module.minified(npm))
    draw = """
const [npm, small] = await Promise.all(process.argv.slice(1).map((p) => import(p)));
const svg = (lib) => { const qr = lib.default(0, "M"); qr.addData("#join=ABC"); qr.make();
                       return qr.createSvgTag(); };
console.log(JSON.stringify([svg(npm), svg(small)]));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", draw, npm.as_uri(),
                           small.as_uri()], capture_output=True, text=True, check=True)
    original, minified = json.loads(done.stdout)
    assert original.startswith("<svg") and minified == original
