"""Stand-in for ``pyscript.ffi``: JS ``null`` is ``None`` here, proxies are the functions."""

from collections.abc import Callable
from typing import Any


def is_none(value: Any) -> bool:
    return value is None


def create_proxy(function: Callable[..., Any]) -> Callable[..., Any]:
    return function


def to_js(value: Any, **_options: Any) -> Any:
    return value
