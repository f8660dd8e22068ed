"""Waiting in a Chromium page for what only a promise tells (the service worker's
registration, the caches). Playwright's ``wait_for_function`` takes a returned promise
for a truthy value at once, without waiting for it to settle; ``evaluate`` awaits it,
so these conditions are polled with ``evaluate``."""

from __future__ import annotations

import time
from typing import Any


def wait_for_promise(page: Any, expression: str, timeout_ms: float = 60_000) -> Any:
    """Evaluate ``expression`` (a promise, or a value) in ``page`` until what it settles
    to is truthy, and return that; fail naming the expression after ``timeout_ms``."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout_ms / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)
