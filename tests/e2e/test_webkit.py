"""One whole hand in WebKit, the engine of Safari (many players are on iPhones).

Debian's WebKitGTK MiniBrowser, driven through its WebDriver
(``WebKitWebDriver``) by Selenium, on a virtual screen (Xvfb). The page must
boot, take taps and let the bot in the worker answer exactly as in Chromium:
the test plays a human seat against an easy bot until the hand ends on the
score sheet, discarding with a tap and "Scarta" and reading the engine's
refusal when a discard is not allowed. A start that fails (the game's script
lost on the way) must be told on the loading card, with a button that reloads.

Skipped, with a reason, when WebKitWebDriver or Xvfb is missing
(``scripts/test`` installs both).
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from webkit_helper import poll, webkit_driver, webkit_missing

from scala40 import Discard, DrawStock, discard_refusal, observe
from scala40.bots import make_bot
from scala40.record import Game

pytestmark = [
    pytest.mark.browser,
    # Selenium's own call inside WebKitGTK's driver; nothing of ours
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

BOOT_TIMEOUT_S = 180  # WebKit boots Pyodide in ~10 s alone, several times that on a busy box
TURN_TIMEOUT_S = 180  # the first bot turn waits for the worker's own Pyodide to boot
SEATS = [
    {"name": "Anna", "kind": "human", "level": "medium"},
    {"name": "Bruno", "kind": "bot", "level": "easy"},
]


@pytest.fixture(scope="module")
def webkit() -> Iterator[object]:
    """A WebKitGTK MiniBrowser under a fresh Xvfb, driven by Selenium."""
    missing = webkit_missing()
    if missing:
        pytest.skip(missing)
    with webkit_driver() as driver:
        yield driver


def _wait(driver, script: str, timeout: float, what: str):
    """Poll ``script`` until it returns something truthy; fail naming ``what``."""
    value = poll(driver, script, timeout)
    if value:
        return value
    shown = driver.execute_script("return document.body ? document.body.innerText : ''")
    pytest.fail(f"WebKit: {what} not seen within {timeout:.0f} s; the page shows:\n{shown[:600]}")


def _quick_hand() -> Game:
    """A deal where the easy bot closes soon against a player who only draws and discards.

    Simulated in CPython with the bot the worker builds (same seed name), so
    the browser's hand is short; the test does not rely on the exact moves.
    """
    best: tuple[int, Game] | None = None
    for n in range(40):
        game = Game.new(["Anna", "Bruno"], seed=f"webkit-{n}")
        if game.state.to_move != 0:
            continue
        bot = make_bot("easy", random.Random(f"{game.record.seed}/bot/1"))
        play = Game.new(["Anna", "Bruno"], seed=game.record.seed)
        turns = 0
        while not play.state.hand_over and turns < 40:
            if play.state.to_move == 1:
                play.play(bot.choose(observe(play.state, 1)))
                continue
            turns += 1
            play.play(DrawStock())
            held = play.state.hand.hands[0]
            play.play(next(Discard(c) for c in held if discard_refusal(play.state, c) is None))
        closed = play.state.hand_over and play.state.hand.result.closer == 1
        if closed and (best is None or turns < best[0]):
            best = (turns, game)
    assert best is not None, "no seed lets the easy bot close within 40 turns"
    return best[1]


def test_a_whole_hand_in_webkit(webkit, site_url):
    driver = webkit
    game = _quick_hand()
    # Storage is per origin: write it from a light page of the site (its "not found"
    # page, which boots no Python), then load the game.
    driver.get(site_url + "storage-setup")
    items = {
        "scala40.game": game.to_save(),
        "scala40.table": json.dumps({"seats": SEATS}),
        "scala40.settings": json.dumps({"lang": "it", "speed": "fast"}),
    }
    _wait(driver, "return location.pathname.endsWith('/storage-setup')"
          " && document.readyState === 'complete'", 30, "the not-found page")
    driver.execute_script(
        "for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v);", items
    )
    driver.get(site_url)
    _wait(driver, "return document.querySelectorAll('.hand .in-hand').length === 13",
          BOOT_TIMEOUT_S, "the saved table with a 13-card hand")
    assert driver.execute_script("return document.querySelectorAll('.py-error').length") == 0

    refusals: list[str] = []
    for _turn in range(60):
        state = _wait(
            driver,
            "if (document.querySelector('.sheet-dialog')) return 'over';"
            "const s = document.querySelector('.status');"
            "return s && s.textContent.includes('Tocca a te: pesca') ? 'draw' : null;",
            TURN_TIMEOUT_S, "the player's turn or the score sheet",
        )
        if state == "over":
            break
        count = driver.execute_script("return document.querySelectorAll('.hand .in-hand').length")
        driver.execute_script("document.querySelector('[data-act=\"draw\"]').click()")
        _wait(driver, f"return document.querySelectorAll('.hand .in-hand').length === {count + 1}",
              TURN_TIMEOUT_S, "the drawn card in the hand")
        for index in range(count + 1):
            # select the card, then "Scarta" (the double tap is timed by the taps' own
            # times, which two scripted clicks on a loaded box do not keep: see
            # tests/web/test_controller.py for the gesture)
            driver.execute_script(
                "document.querySelectorAll('.hand .in-hand')[arguments[0]].click();"
                "document.querySelector('[data-act=\"discard\"]').click();", index)
            outcome = _wait(
                driver,
                f"if (document.querySelectorAll('.hand .in-hand').length === {count}) return 'ok';"
                "const e = document.querySelector('.msg.error');"
                "return e && e.textContent ? 'refused:' + e.textContent : null;",
                TURN_TIMEOUT_S, "the discard or its refusal",
            )
            if outcome != "ok":  # unselect it before trying the next one
                driver.execute_script(
                    "document.querySelectorAll('.hand .in-hand')[arguments[0]].click();", index)
            if outcome == "ok":
                break
            refusals.append(outcome.removeprefix("refused:"))
    else:
        pytest.fail("the hand did not end within 60 turns")
    sheet = driver.execute_script("return document.querySelector('.sheet-dialog').innerText")
    assert "Fine della mano 1" in sheet
    # every refusal was the engine's, in Italian (no English or empty text)
    assert all(text.strip() and "must" not in text for text in refusals), refusals
    assert driver.execute_script("return document.querySelectorAll('.py-error').length") == 0


def test_a_failed_start_is_told_in_webkit_and_its_button_reloads(webkit, site_dir, tmp_path,
                                                                   serve_folder):
    """The game's script did not arrive (PyScript then reports it only in a box of its
    own, with no error event): WebKit must show the loading card's failure, not the
    start-up steps counting on; once the file is back, the card's button starts the game."""
    driver = webkit
    broken = tmp_path / "site"
    shutil.copytree(site_dir, broken, copy_function=os.link)  # links: instant, no copy
    script = Path("web") / "main.py"
    (broken / script).unlink()
    server = serve_folder(broken)
    driver.get(server.url)
    told = _wait(
        driver,
        "const card = document.querySelector('#loading.failed');"
        "return card && card.offsetParent !== null ? card.innerText : null;",
        BOOT_TIMEOUT_S, "the loading card's failure",
    )
    italian = driver.execute_script("return navigator.language.toLowerCase().startsWith('it')")
    assert ("non si è caricato" if italian else "did not load") in told
    assert driver.execute_script(
        "const button = document.activeElement;"
        "return button.closest('#loading') !== null && button.tagName === 'BUTTON'"
    ), "the reload button has the focus"
    assert driver.execute_script(
        "return document.querySelector('#boot-steps').offsetParent === null"
        " && document.querySelector('#app').offsetParent === null"
    ), "the steps and the table are hidden"
    os.link(site_dir / script, broken / script)  # the connection is back
    driver.execute_script("document.activeElement.click()")
    _wait(driver, "return !document.body.classList.contains('loading')"
          " && document.querySelector('#setup').offsetParent !== null",
          BOOT_TIMEOUT_S, "the new game screen after the reload")
    assert driver.execute_script("return document.querySelectorAll('.py-error').length") == 0
