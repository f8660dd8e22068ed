"""scripts/build_site.py refuses page files that name runtime files the site will not have."""

from __future__ import annotations

import shutil

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
