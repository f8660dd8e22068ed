"""WebKit, the engine of Safari, driven here: WebKitGTK's MiniBrowser under a fresh Xvfb,
through its WebDriver (Debian's webkit2gtk-driver) and Selenium.

Shared by tests/e2e/test_webkit.py and bench/webkit.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")


def webkit_missing() -> str | None:
    """Why WebKit cannot be driven here, or None."""
    if not (DRIVER.exists() and MINIBROWSER.exists() and shutil.which("Xvfb")):
        return "WebKitGTK's WebDriver or Xvfb is missing (scripts/test installs them)"
    return None


def _free_display() -> int:
    """A display number no X server holds (its lock file is absent)."""
    for number in range(90, 200):
        if not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


@contextmanager
def webkit_driver() -> Iterator[Any]:
    """A Selenium driver of a MiniBrowser on its own virtual screen (both ended after)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    display = _free_display()
    xvfb = subprocess.Popen(
        ["Xvfb", f":{display}", "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    options = Options()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    options.page_load_strategy = "none"  # the page never "finishes": Python keeps working
    service = Service(executable_path=str(DRIVER), env={**os.environ, "DISPLAY": f":{display}"})
    try:
        driver = webdriver.WebKitGTK(options=options, service=service)
    except Exception:
        xvfb.terminate()
        raise
    try:
        yield driver
    finally:
        driver.quit()
        xvfb.terminate()
        xvfb.wait(timeout=10)


def poll(driver: Any, script: str, timeout: float) -> Any:
    """Run ``script`` until it returns something truthy (that value), or None at timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = driver.execute_script(script)
        except Exception:  # the document may be between two loads
            value = None
        if value:
            return value
        time.sleep(0.05)
    return None
