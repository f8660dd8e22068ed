"""Thinking in slices: a bot's decision is a generator that pauses in its sampling loops.

Why: on the web page the bots think on the page's own thread, in the page's
one Python (a second interpreter in a worker cost a fifth of the page's
memory, bench/load.py). A hard decision takes up to a few hundred
milliseconds on a phone; run in one go it would freeze the table for that
long. So a decision is a generator (:data:`Thinking`) that yields at every
step of its sampling loops and between the planner's calls of the solver (no
stretch between two pauses is longer than one solver call, a few milliseconds):
the page runs it for a slice of a few milliseconds, gives the browser its
thread back, and goes on
(web/table/bots.py). Everywhere else (the tests, the tournament, the
synchronous ``Bot.choose``) :func:`finish` runs it in one go, so the result is
the same.

The sampling loops' time budgets count thinking time only, on a
:class:`Stopwatch` that stops while the generator is paused: a slow page
between two slices does not cut a bot's samples.

>>> def count(n):
...     for _ in range(n):
...         yield
...     return n
>>> finish(count(3))
3
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

Thinking = Generator[None, None, T]
"""A decision being made: yields ``None`` where it may pause, returns its result."""


def finish(thinking: Thinking[T]) -> T:
    """Run ``thinking`` to its end, without pausing, and return its result."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result


class Stopwatch:
    """Thinking time: wall time less the time spent paused at :meth:`pause`.

    >>> watch = Stopwatch()
    >>> paused = watch.pause()
    >>> next(paused)
    >>> time.sleep(0.05)
    >>> finish(paused)
    >>> watch.now() < time.perf_counter() - 0.05
    True
    """

    def __init__(self) -> None:
        self.paused = 0.0

    def now(self) -> float:
        """Seconds of thinking, from an arbitrary origin."""
        return time.perf_counter() - self.paused

    def pause(self) -> Thinking[None]:
        """A point where the decision may pause; the pause is not counted."""
        before = time.perf_counter()
        yield
        self.paused += time.perf_counter() - before


__all__ = ["Stopwatch", "Thinking", "finish"]
