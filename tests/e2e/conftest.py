"""Fixtures for end-to-end tests: the real site in a real Chromium.

* ``site_url``: builds ``site/`` once per session (``scripts/build_site.py``)
  and serves it from a background thread on a free port with
  ``scripts/serve.py``, which sends netlify.toml's headers (so every test runs
  under the production Content-Security-Policy). The site is mounted at
  ``/scala40/``, not at ``/``, so every test also proves the page only uses
  relative URLs, as GitHub Pages (``/<repo>/``) needs.
* ``browser``: Debian's ``/usr/bin/chromium`` driven by Playwright
  (``playwright install`` cannot download browsers here). Skipped, with a
  reason, only when that binary is missing; ``scripts/test`` installs it.
* ``page``: a fresh context (empty cache, so every test is a cold load) whose
  console errors, uncaught exceptions and requested URLs are recorded in
  ``page_log``. Any error still recorded when the test ends fails it, so a
  late failure (say, in a bot's turn) is caught too; a test that provokes
  errors on purpose clears ``page_log.errors``.
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

import pytest
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
]
MOUNT = "scala40"  # the site is served at /scala40/, like a GitHub Pages project
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


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the site at ``http://127.0.0.1:<free port>/scala40/``."""
    server = load_script("serve").make_server(site_dir, 0, prefix=MOUNT)
    Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/{MOUNT}/"
    server.shutdown()
    server.server_close()


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


@pytest.fixture
def page(browser) -> Iterator[object]:
    """A page in a fresh context (1366x768) that records errors and requests.

    Service workers are blocked here: a worker serving the page's requests
    would bypass Playwright's routing. tests/e2e/test_offline.py covers them.
    """
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    context.add_init_script(_ALL_DONE_LISTENER)
    page = context.new_page()
    log = _logs[page] = PageLog()
    page.on(
        "console",
        lambda msg: log.errors.append(f"console: {msg.text} ({msg.location.get('url')})")
        if msg.type == "error" else None,
    )
    page.on("pageerror", lambda exc: log.errors.append(f"page error: {exc}"))
    page.on("crash", lambda _: log.errors.append("the page's renderer process crashed"))
    page.on("request", lambda request: log.requests.append(request.url))
    yield page
    errors = list(log.errors)
    _logs.pop(page, None)
    context.close()
    if errors:
        pytest.fail("errors in the browser console during the test:\n" + "\n".join(errors))


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
