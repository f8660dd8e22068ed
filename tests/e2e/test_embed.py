"""The game embedded in another site's page (issue 11, case 7): a host page on
``localhost`` puts the site, served from ``127.0.0.1``, in an iframe: two
sites, so the frame is a third party.

- Third-party storage blocked (Chromium's default in Playwright's contexts,
  as in incognito and Safari): reading localStorage throws and IndexedDB
  fails. The game starts anyway, plays with its saves in memory, says so in
  one line and links to the full page.
- Allowed (a profile whose cookie setting allows third parties, so storage
  is partitioned by the host site): the game simply works, and a reload
  resumes the match.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

READY = """
window.__pyAllDone = false;
addEventListener("py:all-done", () => { window.__pyAllDone = true; }, { once: true });
"""


@pytest.fixture(scope="module")
def host_url(site_url) -> Iterator[str]:
    """A blog page on http://localhost:<port>/ that embeds the site (on 127.0.0.1)."""
    page = (
        "<!doctype html><title>A blog</title><h1>My blog</h1>"
        f'<iframe src="{site_url}?embed" width="420" height="700" title="Scala 40"></iframe>'
    ).encode()

    class Host(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Host)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_port}/"
    server.shutdown()
    server.server_close()


def open_embedded(context, host_url: str, errors: list[str]):
    context.add_init_script(READY)
    page = context.new_page()
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(host_url)
    frame = page.frame_locator("iframe")
    expect(frame.locator("body:not(.loading)")).to_have_count(1, timeout=90_000)
    return page, frame


def play_a_turn(frame) -> None:
    """Start a match (you against one bot), draw, discard; the bot answers."""
    frame.locator('[data-act="start"]').first.click()  # the big "Play"
    status = frame.locator(".status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    frame.locator('[data-act="draw"]').click()
    cards = frame.locator(".hand .in-hand")
    expect(cards).to_have_count(14)
    # select a card and discard it (the double tap has tests of its own); the deal is
    # new each run, so the engine may refuse one (a card that fits a meld the bot laid
    # in its first turn): its message shows, and the next card is tried
    refused = frame.locator(".msgbar .msg.error")
    for index in range(13, -1, -1):
        card = cards.nth(index)
        card.click()
        frame.locator('[data-act="discard"]').click()  # handled before click() returns
        try:
            expect(cards).to_have_count(13, timeout=2_000)
            break
        except AssertionError:
            expect(refused).not_to_be_empty()  # the engine said why
            card.click()  # a refusal leaves the card selected: put it down again
    expect(cards).to_have_count(13)
    expect(status).not_to_contain_text("Meld, attach", timeout=10_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)  # the bot played


def test_blocked_storage_plays_in_memory_and_links_to_the_full_page(browser, host_url, site_url):
    context = browser.new_context(viewport={"width": 900, "height": 800}, locale="en-US")
    errors: list[str] = []
    try:
        page, frame = open_embedded(context, host_url, errors)
        inner = page.frames[1]
        assert inner.evaluate("window.scala40Storage") == "memory"
        # IndexedDB failed too, and PyScript's start-up went on from memory
        assert inner.evaluate("window.scala40IdbFallback") is True
        note = frame.locator(".storage-note")
        expect(note).to_contain_text("the match lives in this page only")
        link = note.locator("a")
        assert link.get_attribute("target") == "_blank"
        assert link.get_attribute("href") == site_url
        play_a_turn(frame)
        assert errors == []
    finally:
        context.close()


def test_allowed_storage_is_partitioned_and_a_reload_resumes(browser, launch_options, host_url,
                                                             tmp_path):
    # A profile that allows third-party cookies (cookie_controls_mode 0): the
    # frame gets storage, partitioned under the host site.
    (tmp_path / "Default").mkdir()
    (tmp_path / "Default" / "Preferences").write_text(
        json.dumps({"profile": {"cookie_controls_mode": 0}}), encoding="utf-8"
    )
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path), **launch_options, viewport={"width": 900, "height": 800}, locale="en-US"
    )
    errors: list[str] = []
    try:
        page, frame = open_embedded(context, host_url, errors)
        assert page.frames[1].evaluate("window.scala40Storage") == "local"
        expect(frame.locator(".storage-note")).to_have_count(0)
        play_a_turn(frame)
        page.reload()
        expect(frame.locator(".hand .in-hand")).to_have_count(13, timeout=90_000)
        assert errors == []
    finally:
        context.close()
