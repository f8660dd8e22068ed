"""scripts/build_site.py: it refuses page files that name runtime files the site will not
have, and builds a whole site without Node."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import zipfile

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
    site = tmp_path / "site"
    module.build(site)
    told = capsys.readouterr().err
    assert "no node on PATH: the archive ships without bytecode" in told
    assert "no node on PATH: the stdlib ships without bytecode" in told
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
