"""A new version reaches the player (issue 11, case 8), under netlify.toml's headers
and under GitHub Pages' ones (``Cache-Control: max-age=600`` for every file).

Deploy v1, load it (the service worker installs and takes control), deploy
v2 (the same build with a changed page and a changed script, and the
service worker the build makes for it), reload: the new worker installs and
says "updated"; the next visit is v2, page and scripts, from v2's cache.
Before the fix, under GitHub Pages' headers, the new worker filled its cache
from the HTTP cache with v1's files and served v1 after saying "updated".
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from browser_helper import wait_for_promise
from playwright.sync_api import expect
from script_helper import load_script

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
READY = """
window.__pyAllDone = false;
addEventListener("py:all-done", () => { window.__pyAllDone = true; }, { once: true });
"""


def make_version(site: Path, out: Path, label: str) -> str:
    """A copy of the built site whose page and boot script name ``label``, with the
    service worker the build writes for those files; returns its version."""
    shutil.copytree(site, out)
    page = out / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "<head>", f'<head>\n  <meta name="build" content="{label}">', 1), encoding="utf-8")
    boot = out / "web" / "page" / "boot.js"
    boot.write_text(boot.read_text(encoding="utf-8") + f'\nwindow.scala40Build = "{label}";\n',
                    encoding="utf-8")
    files = {path.relative_to(out): path for path in out.rglob("*")
             if path.is_file() and path.name != "sw.js"}
    worker = load_script("build_site").service_worker(files)
    (out / "sw.js").write_bytes(worker)
    return re.search(rb'const VERSION = "([0-9a-f]+)"', worker).group(1).decode()


def deploy(version: Path, live: Path) -> None:
    """Copy a version over the served folder, newer than anything served before."""
    later = time.time() + 5
    for path in version.rglob("*"):
        if path.is_file():
            target = live / path.relative_to(version)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            os.utime(target, (later, later))


@pytest.mark.parametrize("host", ["netlify", "github"])
def test_a_new_version_is_served_after_it_says_updated(browser, site_dir, tmp_path, host,
                                                       serve_folder):
    v1 = make_version(site_dir, tmp_path / "v1", "v1")
    v2 = make_version(site_dir, tmp_path / "v2", "v2")
    assert v1 != v2
    live = tmp_path / "live"
    shutil.copytree(tmp_path / "v1", live)
    url = serve_folder(live, host=host).url
    context = browser.new_context(locale="en-US")
    context.add_init_script(READY)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__pyAllDone === true", timeout=90_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        assert page.evaluate("[document.querySelector('meta[name=build]').content, "
                             "window.scala40Build]") == ["v1", "v1"]

        deploy(tmp_path / "v2", live)
        page.reload()
        wait_for_promise(
            page, f"caches.keys().then((keys) => keys.join() === 'scala40-{v2}')",
            timeout_ms=90_000,
        )
        page.wait_for_function("localStorage.getItem('scala40.updated') === '1'", timeout=30_000)

        # not waiting for "load" (the preloaded runtime): the notice shows for 6 s only
        page.reload(wait_until="commit")
        expect(page.locator(".update-notice")).to_be_visible(timeout=30_000)
        assert page.evaluate("[document.querySelector('meta[name=build]').content, "
                             "window.scala40Build]") == ["v2", "v2"]
        page.wait_for_function("window.__pyAllDone === true", timeout=90_000)
        expect(page.locator(".py-error")).to_have_count(0)
    finally:
        context.close()


def test_an_old_copy_kept_on_the_way_fails_the_update_and_the_game_stays_whole(
        browser, site_dir, tmp_path, serve_folder):
    """A cache between the host and the browser keeps v1's boot script after v2 is out,
    even when asked past the browser's cache: v2's worker cannot fill its cache with the
    files its digests name, so it does not install; the game stays v1, whole (not v2's
    page on v1's script), says nothing of an update, and goes to v2 when that cache lets
    the new script through."""
    v1 = make_version(site_dir, tmp_path / "v1", "v1")
    v2 = make_version(site_dir, tmp_path / "v2", "v2")
    live = tmp_path / "live"
    shutil.copytree(tmp_path / "v1", live)
    server = serve_folder(live)
    context = browser.new_context(locale="en-US")
    context.add_init_script(READY)
    build = ("[document.querySelector('meta[name=build]').content, window.scala40Build]")
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)

        kept = (live / "web" / "page" / "boot.js").read_bytes()
        deploy(tmp_path / "v2", live)
        (live / "web" / "page" / "boot.js").write_bytes(kept)  # what the cache on the way sends
        served = len(server.served)
        page.reload()
        wait_for_promise(  # v2's worker tried (its cache made) and gave up
            page,
            f"Promise.all([caches.keys(), navigator.serviceWorker.getRegistration()])"
            f".then(([keys, r]) => keys.includes('scala40-{v2}') && !r.installing)",
            timeout_ms=90_000,
        )
        assert any(path.endswith("/web/page/boot.js") for path, _ in server.served[served:])
        page.reload()
        page.wait_for_function("window.__pyAllDone === true", timeout=90_000)
        assert page.evaluate(build) == ["v1", "v1"]
        assert page.evaluate("localStorage.getItem('scala40.updated')") is None
        expect(page.locator(".py-error")).to_have_count(0)

        deploy(tmp_path / "v2", live)  # the cache on the way lets v2's script through
        page.reload()
        wait_for_promise(
            page, f"caches.keys().then((keys) => keys.join() === 'scala40-{v2}')",
            timeout_ms=90_000,
        )
        page.reload()
        page.wait_for_function("window.__pyAllDone === true", timeout=90_000)
        assert page.evaluate(build) == ["v2", "v2"]
        assert v1 != v2
    finally:
        context.close()
