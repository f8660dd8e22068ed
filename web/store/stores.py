"""Where stored values live: anything with ``getItem`` / ``setItem`` / ``removeItem``
and a list of its keys.

:class:`LocalStore` wraps ``window.localStorage`` in the page; :class:`MemoryStore`
holds the values in CPython tests and on a page the browser gives no storage
(web/page/guard.js), so every door of :mod:`web.store` runs without a browser.

>>> store = MemoryStore({"scala40.lesson": '{"moves": 7}'})
>>> store.getItem("scala40.lesson"), store.getItem("scala40.daily")
('{"moves": 7}', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Store(Protocol):
    """The part of the Web Storage API the table uses, plus the list of keys."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...
    def stored_keys(self) -> list[str]: ...


class MemoryStore:
    """A store in memory: CPython tests, and a page the browser gives no storage."""

    def __init__(self, data: Mapping[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def stored_keys(self) -> list[str]:
        return sorted(self.data)


class LocalStore:
    """``window.localStorage`` with Python values (a missing key is ``None``, not JS null).

    A JS string with a lone surrogate arrives as a Python ``str`` holding it
    (Pyodide does not refuse it): the doors refuse it.
    """

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def getItem(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if _is_null(value) else str(value)

    def setItem(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.storage.removeItem(key)

    def stored_keys(self) -> list[str]:
        found = (self.storage.key(i) for i in range(int(self.storage.length)))
        return sorted(str(key) for key in found if not _is_null(key))


def _is_null(value: object) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")
