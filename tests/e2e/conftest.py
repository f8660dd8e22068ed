"""Fixtures for end-to-end tests: the real site in a real Chromium.

* ``site_url``: builds ``site/`` once per session (``scripts/build_site.py``)
  and serves it from a background thread on a free port with
  ``scripts/serve.py``, which sends netlify.toml's headers (so every test runs
  under the production Content-Security-Policy). The site is mounted at
  ``/scala40/``, not at ``/``, so every test also proves the page only uses
  relative URLs, as GitHub Pages (``/<repo>/``) needs.
* ``serve_folder``: for a test that serves a site of its own (a copy it changed,
  another version), the same way, until the test ends.
* ``browser``: Debian's ``/usr/bin/chromium`` driven by Playwright
  (``playwright install`` cannot download browsers here). Skipped, with a
  reason, only when that binary is missing; ``scripts/test`` installs it.
* ``page``: a new page whose console errors, uncaught exceptions and
  requested URLs are recorded in ``page_log``. Any error still recorded when
  the test ends fails it, so a late failure (say, in a bot's turn) is caught
  too; a test that provokes errors on purpose clears ``page_log.errors``.
  The pages of one worker share a context, emptied after each test (its
  other pages closed, the site's storage cleared): see ``SharedContext``.
  A test that changes the context itself (its clock, its offline switch, a
  context-wide init script or route) takes ``own_page`` or makes a context
  of its own.
* ``device_page``: the same at another size, or on a phone's touch screen.
* ``device_contexts``: three contexts kept warm the same way, for a test of
  several devices (friends at one table), one a device.
* ``nostr_relay``: a Nostr relay on 127.0.0.1 (PyPI's ``nostr-relay``, from the
  venv) behind a proxy that records what the pages send it, for "Play over the
  internet" with no internet.
* ``open_game``: the helper ``open_game(page, url)``: load, wait for PyScript's
  ``py:all-done``, then fail on any ``.py-error``, console error, page error or
  request that left the site (the page must load nothing from a CDN).

The helper is handed out as a fixture because test modules cannot reliably
``from conftest import ...`` when several conftest.py files exist.
"""

from __future__ import annotations

import fcntl
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from threading import Thread
from typing import Any

import pytest
from relay_helper import NostrRelay, running_relay
from script_helper import load_script

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
#: As root in a sandbox, with no network: no sandbox, no GPU, and none of
#: Chromium's background calls home (they fail here, noisily).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The pages of one site share a renderer process (see SharedContext).
    "--process-per-site",
]
PY_START_TIMEOUT_MS = 60_000  # two cold Pyodide starts on a slow 2-core CI box fit easily

# Registered before any page script runs, so the event cannot be missed.
_ALL_DONE_LISTENER = """
window.__pyAllDone = false;
addEventListener("py:all-done", () => { window.__pyAllDone = true; }, { once: true });
"""


@dataclass
class PageLog:
    """What a page reported while a test ran."""

    errors: list[str] = field(default_factory=list)  # console.error + uncaught exceptions
    requests: list[str] = field(default_factory=list)  # every URL the page asked for


_logs: dict[object, PageLog] = {}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build ``site/`` (incremental, so cheap when nothing changed).

    With ``pytest -n`` every worker asks for it: a lock in the run's shared
    temporary folder lets one build at a time (the others then find it done)."""
    lock = tmp_path_factory.getbasetemp().parent / "site-build.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        build = subprocess.run(
            [sys.executable, str(REPO / "scripts" / "build_site.py"), "--quiet"],
            capture_output=True,
            text=True,
        )
    if build.returncode:
        pytest.fail(f"scripts/build_site.py failed:\n{build.stdout}{build.stderr}", pytrace=False)
    return REPO / "site"


def start_serving(directory: Path, **options: object) -> Any:
    """``directory`` served by scripts/serve.py (``make_server``'s ``options``) at
    ``/scala40/``, like a GitHub Pages project, on a free port, from a thread of its own:
    the server (its address is ``.url``)."""
    server = load_script("serve").make_server(directory, 0, prefix="scala40", **options)
    Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server


def stop_serving(server: Any) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the site at ``http://127.0.0.1:<free port>/scala40/``."""
    server = start_serving(site_dir)
    yield server.url
    stop_serving(server)


@pytest.fixture
def serve_folder() -> Iterator[Callable[..., Any]]:
    """``serve_folder(directory, **options)``: a folder served as the site is (a copy
    of it changed by the test, another version), until the test ends; the server."""
    servers: list[Any] = []

    def serve(directory: Path, **options: object) -> Any:
        servers.append(start_serving(directory, **options))
        return servers[-1]

    yield serve
    for server in servers:
        stop_serving(server)


@pytest.fixture
def nostr_relay(tmp_path: Path) -> Iterator[NostrRelay]:
    """A Nostr relay on 127.0.0.1 behind a proxy that records what the pages send it
    (tests/relay_helper.py), stopped after the test."""
    with running_relay(tmp_path) as relay:
        yield relay


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `apt-get install -y chromium` (scripts/test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def launch_options() -> dict:
    """How ``browser`` was launched, for tests that need a browser of their own
    (a persistent profile: Chromium never offers to install from incognito)."""
    return {"executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


class SharedContext:
    """One worker's context for its tests' pages, with a page kept open on the site.

    A page's start (Pyodide's, mostly) cost 5.6 s of CPU in a new context and
    1.6 s in a new page of a context whose renderer process is up and has
    started the game before (``--process-per-site`` puts a site's pages in one
    process and the kept page keeps it alive, so the runtime's compiled code
    and the HTTP cache stay warm; the same as a new context without the kept
    page): ``bench/page_starts.py``, on a slow day. That is most of the
    browser tests' time. What a
    test leaves behind is emptied after it: its pages are closed and the
    site's storage of every kind is cleared; page-level init scripts and
    routes go with their page. What ``empty`` could not take back (a context's
    init script, route, network switch: :attr:`LASTING`; its clock: :attr:`CLOCK`) is
    refused, unless the context serves ``one_test`` (``own_page``,
    ``new_shared_context``). A crash takes the kept page with it, and the next test
    gets a new context."""

    KEPT = "kept-open.html"  # answered by a route: a blank page of the site's origin
    #: What a test could change in the context that ``empty`` cannot take back (an init
    #: script stays for good): refused, so that it cannot reach every later test.
    LASTING = ("add_init_script", "route", "route_from_har", "route_web_socket",
               "expose_binding", "expose_function", "set_extra_http_headers",
               "set_geolocation", "set_offline")
    ANSWER_MS = 15_000  # a page closed mid-start may hold the process's thread for seconds

    def __init__(self, browser, site_url: str, *, one_test: bool = False, **options) -> None:
        self.browser = browser
        self.site_url = site_url
        self.one_test = one_test  # closed after one test: it may change the context
        self.options = options  # the device: has_touch, is_mobile
        self.context = None
        self.kept = None

    def open(self):
        """The context, made again if the last test broke it."""
        if self.context is None or not self.alive():
            self.close()
            self.context = self.browser.new_context(
                viewport={"width": 1366, "height": 768}, service_workers="block", **self.options)
            self.context.add_init_script(_ALL_DONE_LISTENER)
            self.kept = self.context.new_page()
            self.kept.route(self.site_url + self.KEPT, lambda route: route.fulfill(
                body="<!doctype html><title>kept open</title>", content_type="text/html"))
            self.kept.goto(self.site_url + self.KEPT)
            if not self.one_test:
                for name in self.LASTING:
                    setattr(self.context, name, _refused(name))
                self._refuse_the_clock()
        return self.context

    #: Playwright's clock calls; its clock is the context's (``page.clock`` is the same
    #: object) and cannot be uninstalled: a fake time would reach every later test.
    CLOCK = ("install", "fast_forward", "pause_at", "resume", "run_for", "set_fixed_time",
             "set_system_time")

    def _refuse_the_clock(self) -> None:
        """Refuse the clock's calls through the context or any of its pages. The
        public ``Clock`` of each page wraps one object of Playwright's implementation,
        the context's, so the refusal goes there (Playwright's own ``_impl_obj``)."""
        clock = self.context.clock._impl_obj

        for name in self.CLOCK:
            refuse = _refused(f"clock.{name}")

            async def refused(*args: object, _refuse=refuse, **kwargs: object) -> None:
                _refuse()

            setattr(clock, name, refused)

    def alive(self) -> bool:
        """Whether the kept page answers: not crashed, closed, or held by a script
        that never ends in a page of its process (``evaluate`` would wait for ever)."""
        try:
            self.kept.wait_for_function("true", timeout=self.ANSWER_MS)
        except Exception:  # Playwright's Error or TimeoutError
            return False
        return True

    def empty(self) -> None:
        """Close every page but the kept one and clear the site's storage."""
        for other in self.context.pages:
            if other is not self.kept:
                other.close()
        if not self.alive():
            self.close()
            return
        origin = re.match(r"https?://[^/]+", self.site_url).group(0)
        session = self.context.new_cdp_session(self.kept)
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        session.detach()
        self.context.clear_cookies()
        self.context.clear_permissions()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.kept = None


def _refused(name: str) -> Callable[..., None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError(
            f"BrowserContext.{name} in a shared context would reach every later test: "
            f"use the page's own {name} where it has one, or the own_page fixture")
    return refuse


@pytest.fixture(scope="session")
def shared_contexts(browser, site_url: str) -> Iterator[dict[bool, SharedContext]]:
    """The worker's shared contexts: a computer's (False) and a phone's touch screen (True)."""
    shared = {touch: SharedContext(browser, site_url, has_touch=touch, is_mobile=touch)
              for touch in (False, True)}
    yield shared
    for each in shared.values():
        each.close()


def _recorded(page) -> PageLog:
    """Record the page's console errors, uncaught exceptions, crash and requests."""
    log = _logs[page] = PageLog()
    page.on(
        "console",
        lambda msg: log.errors.append(f"console: {msg.text} ({msg.location.get('url')})")
        if msg.type == "error" else None,
    )
    page.on("pageerror", lambda exc: log.errors.append(f"page error: {exc}"))
    page.on("crash", lambda _: log.errors.append("the page's renderer process crashed"))
    page.on("request", lambda request: log.requests.append(request.url))
    return log


def _fail_on_errors(page) -> None:
    errors = _logs.pop(page).errors
    if errors:
        pytest.fail("errors in the browser console during the test:\n" + "\n".join(errors))


@pytest.fixture
def new_shared_context(site_url: str) -> Iterator[Callable[[object], SharedContext]]:
    """``new_shared_context(browser, **options)``: a ``SharedContext`` of its own in that
    browser (another Chromium, say one with a camera; a phone's, ``has_touch`` and
    ``is_mobile``), closed after the test."""
    made: list[SharedContext] = []

    def make(browser, **options: object) -> SharedContext:
        made.append(SharedContext(browser, site_url, one_test=True, **options))
        return made[-1]

    yield make
    for shared in made:
        shared.close()


@pytest.fixture(scope="session")
def _device_contexts(browser, site_url: str) -> Iterator[list[SharedContext]]:
    pool = [SharedContext(browser, site_url) for _ in range(3)]
    yield pool
    for shared in pool:
        shared.close()


@pytest.fixture
def device_contexts(_device_contexts: list[SharedContext]) -> Iterator[list[SharedContext]]:
    """Three contexts for a test of several devices (friends at one table), one a
    device: each has its own storage and process, and each is kept warm like
    ``page``'s and emptied after the test."""
    yield _device_contexts
    for shared in _device_contexts:
        if shared.context is not None:
            shared.empty()


@pytest.fixture
def device_page(shared_contexts: dict[bool, SharedContext]) -> Iterator[Callable[..., object]]:
    """``device_page(viewport, has_touch=False, is_mobile=False)``: a new page of the
    worker's context for that device (a phone's, touch and a mobile viewport, when both
    are true) at that size, recording errors and requests like ``page``."""
    made = []

    def make(viewport: dict, has_touch: bool = False, is_mobile: bool = False) -> object:
        assert has_touch == is_mobile, "a device is a computer or a phone"
        page = shared_contexts[has_touch].open().new_page()
        page.set_viewport_size(viewport)
        _recorded(page)
        made.append((page, has_touch))
        return page

    yield make
    for touch in {touch for _, touch in made}:
        shared_contexts[touch].empty()
    for page, _ in made:
        _fail_on_errors(page)


@pytest.fixture
def page(device_page: Callable[..., object]) -> object:
    """A new page (1366x768) of the worker's context that records errors and requests.

    Service workers are blocked here: a worker serving the page's requests
    would bypass Playwright's routing. tests/e2e/test_offline.py covers them.
    """
    return device_page({"width": 1366, "height": 768})


@pytest.fixture
def own_page(browser, new_shared_context: Callable[[object], SharedContext]) -> Iterator[object]:
    """``page`` in a context of its own, for a test that changes the context
    (Playwright's clock is the context's, and cannot be uninstalled)."""
    page = new_shared_context(browser).open().new_page()
    _recorded(page)
    yield page
    _fail_on_errors(page)


@pytest.fixture(name="page_log")
def page_log_fixture(page) -> PageLog:
    """The errors and requests recorded for ``page`` so far (live lists)."""
    return page_log(page)


def page_log(page: object) -> PageLog:
    """The errors and requests recorded for a page made by the ``page`` fixture."""
    return _logs[page]


def assert_page_clean(page, origin: str) -> None:
    """Fail on any off-site request, ``.py-error`` box, or console or page error."""
    log = page_log(page)
    # blob: URLs (a record download) are our own origin; data: URLs are inline.
    own = (origin, f"blob:{origin}", "data:")
    foreign = [url for url in log.requests if not url.startswith(own)]
    if foreign:
        pytest.fail("requests that left the site (a CDN?):\n" + "\n".join(foreign))
    py_errors = page.locator(".py-error").all_text_contents()
    if py_errors:
        pytest.fail("Python error shown on the page:\n" + "\n".join(py_errors))
    if log.errors:
        pytest.fail("errors in the browser console:\n" + "\n".join(log.errors))


def open_game(page, url: str, timeout_ms: int = PY_START_TIMEOUT_MS) -> None:
    """Load ``url``, wait until PyScript reports ``py:all-done``, and check the page.

    ``py:all-done`` also fires after a Python error, which is why the page is
    then checked for ``.py-error`` boxes and console errors.
    """
    page.goto(url)
    try:
        page.wait_for_function("window.__pyAllDone === true", timeout=timeout_ms)
    except Exception as exc:  # playwright's TimeoutError: add what the page said
        log = page_log(page)
        shown = page.locator(".py-error").all_text_contents()
        details = "\n".join([*log.errors, *shown]) or "(no error reported)"
        pytest.fail(
            f"py:all-done not seen within {timeout_ms} ms ({exc.__class__.__name__}):\n{details}"
        )
    origin = re.match(r"https?://[^/]+", url).group(0)
    assert_page_clean(page, origin)


@pytest.fixture(name="open_game")
def open_game_fixture() -> Callable[..., None]:
    """The ``open_game(page, url)`` helper, for tests to call."""
    return open_game


@pytest.fixture(scope="session")
def engine_version() -> str:
    """``scala40.__version__`` read from the source, so no import path is needed."""
    source = (REPO / "scala40" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', source, re.MULTILINE).group(1)
