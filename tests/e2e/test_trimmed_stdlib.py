"""A first visit in Chromium, from a host that gzips what it sends as GitHub Pages does
(scripts/serve.py), on the site's archives of Python (#42): Pyodide's standard library
trimmed to the modules the page imports, and the game, both as bytecode.

A whole match plays (two bots, to its score sheet), then the page imports every module
of the game: every module of the standard library that the page, PyScript and the game
imported came from the trimmed archive, as bytecode, and the whole library was never
asked for; every file the page fetched is in its offline copy. Then a module the
trimmed archive lacks is imported all the same: fetched from the whole library, once.
tests/test_first_visit.py proves the same of every module in Pyodide on Node.
"""

from __future__ import annotations

import json
import re
import zipfile

import pytest
from playwright.sync_api import expect
from script_helper import load_script
from test_first_visit import the_games_imports

from scala40 import Rules
from scala40.record import Game

pytestmark = pytest.mark.browser

#: Appended to web/main.py: ``s40modules(...names)`` imports the modules named, then
#: tells where each module of the page came from (its spec's origin), as JSON.
MODULES = """
def _s40modules(*names):
    import importlib, json, sys
    for name in names:
        importlib.import_module(name)
    specs = {name: getattr(module, "__spec__", None) for name, module in sys.modules.items()}
    return json.dumps({name: getattr(spec, "origin", None) for name, spec in specs.items()})

import js as _js
from pyodide.ffi import create_proxy as _proxy
_js.window.s40modules = _proxy(_s40modules)
"""

BOTS = [{"name": "Anna", "kind": "bot", "level": "easy"},
        {"name": "Bruno", "kind": "bot", "level": "easy"}]


def with_modules(route) -> None:
    """web/main.py with :data:`MODULES` after it."""
    main = route.fetch()
    route.fulfill(response=main, body=main.text() + MODULES)


def test_a_match_on_a_first_visit_imports_from_the_trimmed_library_and_plays_offline_ready(
        browser, site_dir, serve_folder):
    build = load_script("build_site")
    stdlib = build.STDLIB_PATH + "/"
    whole = f"/lib/{build.FULL_STDLIB}/"
    server = serve_folder(site_dir, compress="gzip", host="github")
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    game = Game.new([seat["name"] for seat in BOTS], seed=7, rules=Rules(mode="single"))
    items = {"scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": BOTS}),
             "scala40.settings": json.dumps({"lang": "en", "speed": "fast"})}
    context.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        page.route("**/web/main.py", with_modules)
        page.goto(server.url)
        # the whole match, the bots' moves to the score sheet (imported when it shows)
        expect(page.locator(".sheet-dialog .match-end")).to_be_visible(timeout=180_000)
        page.evaluate("window.s40offline.register()")  # no person waited: not yet asked
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        # then every module of the game, and what they import only when a feature is used
        ours, theirs = the_games_imports(zipfile.ZipFile(site_dir / build.ARCHIVE))
        origins = json.loads(page.evaluate("(names) => s40modules(...names)", ours + theirs))
        assert "web.friends.host" in origins and "urllib.parse" in origins
        stdlib_modules = {name: origin for name, origin in origins.items()
                          if (origin or "").startswith("/lib/")}
        assert len(stdlib_modules) > 120
        assert {name: origin for name, origin in stdlib_modules.items()
                if not (origin.startswith(stdlib) and origin.endswith(".pyc"))} == {}
        assert {name: origin for name, origin in origins.items() if name.split(".")[0] in
                ("scala40", "web") and not origin.endswith(".pyc")} == {}
        assert not [path for path, _ in server.served if build.FULL_STDLIB in path]
        # the offline copy holds every file the page fetched
        precached = set(re.findall(r'\["\./([^"]*)", "sha256-', (site_dir / "sw.js").read_text()))
        site = [url.removeprefix(server.url) for url in fetched if url.startswith(server.url)]
        assert sorted(set(site) - precached) == []
        # a module the trimmed library lacks: the whole library is fetched, once
        email = json.loads(page.evaluate("s40modules('email.parser', 'email.message')"))
        assert email["email.parser"] == whole + "email/parser.py"
        assert email["email.message"] == whole + "email/message.py"
        assert len([path for path, _ in server.served if build.FULL_STDLIB in path]) == 1
        assert page.locator(".py-error").count() == 0
        assert errors == []
    finally:
        context.close()
