"""Stand-in for PyScript's ``pyscript`` module (``document``, ``window``, ``ffi``)."""

from _stub import Stub


def __getattr__(name: str) -> Stub:
    return Stub(f"pyscript.{name}")
