"""Offline play, installability and the embed mode, on the site served under /scala40/.

These tests let the service worker run (the ``page`` fixture blocks it to keep
the other tests' network routing deterministic), so they make their own
browser contexts.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest
from browser_helper import wait_for_promise
from playwright.sync_api import expect
from test_page_loads import half_of_it

from scala40.record import Game

pytestmark = pytest.mark.browser

SEATS = [
    {"name": "Tu", "kind": "human", "level": "medium"},
    {"name": "Bruno", "kind": "bot", "level": "easy"},
]


def first_save(seat: int) -> str:
    """A new match in which ``seat`` (0 the human, 1 the bot) moves first."""
    for seed in range(100):
        game = Game.new(["Tu", "Bruno"], seed=seed)
        if game.state.to_move == seat:
            return game.to_save()
    raise AssertionError(f"no seed lets seat {seat} start")


#: When the page registers the service worker: how many moves the table's log shows
#: then, and whether it is the player's turn ("Tocca a te").
WATCH_REGISTER = """
window.__registered = null;
if (navigator.serviceWorker) {
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    const status = document.querySelector(".status");
    window.__registered = {
      moves: document.querySelectorAll(".log li:not(.none)").length,
      mine: Boolean(status && status.textContent.includes("Tocca a te")),
    };
    return register(...args);
  };
}
"""


@pytest.fixture
def sw_context(browser):
    """A context where the service worker may install and serve, seeded with a match
    whose bot moves first."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    items = {
        "scala40.game": first_save(1),
        "scala40.table": json.dumps({"seats": SEATS}),
        "scala40.settings": json.dumps({"lang": "it", "speed": "fast"}),
    }
    context.add_init_script(
        "if (!localStorage.getItem('scala40.seeded')) {"
        f"  for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "  localStorage.setItem('scala40.seeded', '1');"
        "}"
        "window.__pyAllDone = false;"
        "addEventListener('py:all-done', () => { window.__pyAllDone = true; }, { once: true });"
        + WATCH_REGISTER
    )
    yield context
    context.close()


def wait_ready(page) -> None:
    page.wait_for_function("window.__pyAllDone === true", timeout=60_000)
    expect(page.locator(".py-error")).to_have_count(0)
    expect(page.locator(".hand .in-hand")).to_have_count(13)


def test_reloads_and_plays_a_turn_with_the_network_cut(sw_context, site_url):
    """The offline copy installs once the bot has played its turn (web/page/offline.js: not
    while the bots play, which its install slowed), and the game then reloads and plays
    with no network."""
    page = sw_context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator(".status")).to_contain_text("Tocca a te", timeout=60_000)
    # the service worker has precached everything once it controls the page
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    registered = page.evaluate("window.__registered")
    assert registered["mine"] and registered["moves"] >= 2, registered
    sw_context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.locator('[data-act="draw"]').click()
    expect(page.locator(".hand .in-hand")).to_have_count(14)
    card = page.locator(".hand .in-hand").first.get_attribute("data-card")
    page.locator(f'.hand .in-hand[data-card="{card}"]').first.dblclick()
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    # the bot plays, offline too
    expect(page.locator(".log li", has_text="Bruno")).not_to_have_count(0, timeout=60_000)
    assert errors == []


@pytest.mark.parametrize(("file", "sent"), [("web/main.py", "nothing"), ("game.zip", "half")])
def test_a_failed_start_registers_the_offline_copy_30_s_after_pyscript_is_done(
        sw_context, site_url, file, sent):
    """No table ever waits for a person after a failed start, so nothing asks for the
    offline copy (web/page/offline.js): the page registers it itself, 30 s after PyScript
    is done, and not before."""
    sw_context.add_init_script("""
window.__doneAt = null;
addEventListener("py:all-done", () => { window.__doneAt = Date.now(); }, { once: true });
""")
    sw_context.clock.install()
    page = sw_context.new_page()
    page.route(f"**/{file}", (lambda route: route.abort()) if sent == "nothing" else half_of_it)
    page.goto(site_url)
    expect(page.locator("#loading.failed")).to_contain_text("did not load", timeout=60_000)
    page.wait_for_function("window.__doneAt !== null", timeout=60_000)
    # the page's clock stops, then goes to 29 s after PyScript was done
    paused = page.evaluate("Date.now()") + 500
    sw_context.clock.pause_at(paused / 1000)  # a number here is in seconds
    done_at = page.evaluate("window.__doneAt")
    assert paused < done_at + 29_000, "too late to see the page before the 30 s"
    sw_context.clock.fast_forward(done_at + 29_000 - paused)
    assert page.evaluate("window.__registered") is None
    sw_context.clock.fast_forward(2_000)
    page.wait_for_function("window.__registered !== null", timeout=10_000)
    # the worker's registration is made once its script has come
    wait_for_promise(page, "navigator.serviceWorker.getRegistration().then(Boolean)")


@pytest.mark.parametrize("drops", [1, 2])
def test_an_install_over_a_dropped_connection(sw_context, site_dir, serve_folder, drops):
    """The connection drops while the service worker fetches a file for the offline copy
    (one the page itself does not load, so only the install asks for it). Once: the
    install asks the host again (web/page/sw.js) and the copy is whole on this visit. Twice:
    the install fails whole, the page plays on, and the next visit installs the copy."""
    server = serve_folder(site_dir)
    dropped = "/scala40/web/vendor/jsQR.js"  # read when a camera scans a code, not before
    assert (site_dir / "web" / "vendor" / "jsQR.js").exists()
    left = [drops]
    serving = server.RequestHandlerClass  # the site's handler, bound to its folder

    class Dropping(serving.func):
        def do_GET(self) -> None:
            if self.path == dropped and left[0]:
                left[0] -= 1
                self.close_connection = True  # hung up: no status, no body
                return
            super().do_GET()

    server.RequestHandlerClass = partial(Dropping, *serving.args, **serving.keywords)
    worker = ("navigator.serviceWorker.getRegistration().then((r) => "
              "r && (r.installing || r.waiting) ? 'installing' : r && r.active ? 'active'"
              " : 'none')")
    in_the_copy = ("caches.keys().then((keys) => Promise.all(keys.map((key) => "
                   f"caches.open(key).then((cache) => cache.match({json.dumps(dropped)})))))"
                   ".then((found) => found.some(Boolean))")
    page = sw_context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_function("window.__registered !== null", timeout=60_000)
    for _ in range(600):  # the install asks for the file, and the connection drops
        if not left[0]:
            break
        page.wait_for_timeout(100)
    assert left == [0], "the install did not ask for the file as often as it dropped"
    wait_for_promise(page, f"{worker}.then((state) => state !== 'installing')")
    if drops == 1:
        assert page.evaluate(worker) == "active"
        assert page.evaluate(in_the_copy)
        return
    assert page.evaluate(worker) == "none"
    page.locator('[data-act="draw"]').click()  # the page plays on
    expect(page.locator(".hand .in-hand")).to_have_count(14)
    page.locator(".hand .in-hand").first.dblclick()
    expect(page.locator(".hand .in-hand")).to_have_count(13)
    page.reload()
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate(in_the_copy)


def test_a_first_visit_downloads_the_game_once_and_passes_chromium_installability_check(
        browser, launch_options, site_dir, tmp_path, serve_folder):
    """The service worker fills the offline copy from the browser's HTTP cache, which
    holds what the page has just loaded (web/page/sw.js), checked against each file's
    digest: on a phone's data plan the runtime's 10 MB are not downloaded twice. The
    rest of the site (icons, the manifest, ...) comes once, at the install."""
    server = serve_folder(site_dir)
    # A persistent profile: Playwright's usual contexts are incognito, where Chromium
    # never offers installation, and whose HTTP cache is kept in memory.
    context = browser.browser_type.launch_persistent_context(str(tmp_path), **launch_options)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        session = context.new_cdp_session(page)
        assert session.send("Page.getAppManifest")["errors"] == []
        found = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert found == []
        downloads = Counter(path for path, status in server.served if status == 200)
        runtime = next(site_dir.glob("runtime/pyodide-*/pyodide.asm.wasm"))
        assert downloads["/scala40/" + runtime.relative_to(site_dir).as_posix()] == 1
        assert [path for path, count in downloads.items() if count > 1] == []
    finally:
        context.close()


def test_embed_mode_fits_a_blog_iframe(browser, site_url):
    context = browser.new_context(viewport={"width": 420, "height": 640})
    page = context.new_page()
    items = {"scala40.game": first_save(0), "scala40.table": json.dumps({"seats": SEATS})}
    context.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "window.__pyAllDone = false;"
        "addEventListener('py:all-done', () => { window.__pyAllDone = true; }, { once: true });"
    )
    page.goto(site_url + "?embed")
    wait_ready(page)
    expect(page.locator("html")).to_have_class("embed")
    expect(page.locator(".log")).to_be_hidden()
    overflow = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert overflow[0] <= overflow[1]
    context.close()
