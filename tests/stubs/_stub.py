"""The object every browser stand-in hands out: any attribute, any call, a Stub again."""

from __future__ import annotations


class Stub:
    """A JS object of which nothing is known: attributes and calls give more Stubs."""

    def __init__(self, name: str = "stub") -> None:
        self._name = name

    def __getattr__(self, name: str) -> Stub:
        if name.startswith("__"):
            raise AttributeError(name)
        return Stub(f"{self._name}.{name}")

    def __call__(self, *args: object, **kwargs: object) -> Stub:
        return Stub(f"{self._name}()")

    def __repr__(self) -> str:
        return f"<Stub {self._name}>"
