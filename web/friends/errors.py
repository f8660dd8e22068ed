"""Refusals of the peer-to-peer table, in each language, as engine refusals are.

A :class:`PeerError` is a :class:`~scala40.errors.RuleError` with codes of its
own (all starting ``peer_``): the table shows it with ``message(lang)`` like
any rule refusal, and it crosses the wire as its code and facts, so each
device renders it in its own language.

>>> error = PeerError("peer_version", ours=1, theirs=2)
>>> error.message("it")[:66]
'Versione diversa del gioco: questo dispositivo usa il protocollo 1'
>>> PeerError("peer_bad_message", why=PeerError("peer_not_json")).message("en")
'A message from the other device was refused: it is not JSON.'
"""

from __future__ import annotations

from scala40 import RuleError
from scala40.words import Catalog, say_with

#: The refusals of the protocol, by code (the catalog's ``PEER`` part, :mod:`scala40.lang`).
MESSAGES = Catalog("PEER")


class PeerError(RuleError):
    """A message or a move the peer-to-peer table refuses, with a stable ``peer_`` code."""

    def __init__(self, code: str, /, **facts: object):
        if code not in MESSAGES:
            raise KeyError(f"unknown peer error code {code!r}")
        self.code = code
        self.facts = facts
        ValueError.__init__(self, self.message("en"))

    def message(self, language: str = "en") -> str:
        """The refusal in ``language``; a language without it says it in English."""
        shown = {key: _show(value, language) for key, value in self.facts.items()}
        return say_with(MESSAGES[self.code], language, shown)

    def __reduce__(self):
        return (_rebuild, (self.code, self.facts))


def _rebuild(code: str, facts: dict[str, object]) -> PeerError:
    return PeerError(code, **facts)


def _show(value: object, language: str) -> object:
    """A nested refusal renders in the language of the message around it."""
    return value.message(language) if isinstance(value, RuleError) else value
