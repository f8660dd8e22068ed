"""Stand-in for Pyodide's ``js`` module (the page's global scope)."""

from _stub import Stub


def __getattr__(name: str) -> Stub:
    return Stub(f"js.{name}")
