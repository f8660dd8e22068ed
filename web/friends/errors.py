"""Refusals of the peer-to-peer table, in Italian and English, as engine refusals are.

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
from scala40.words import Message, say_with

MESSAGES: dict[str, Message] = {
    "peer_version": (
        "Versione diversa del gioco: questo dispositivo usa il protocollo {ours}, "
        "l’altro il {theirs}. Ricaricate la pagina su entrambi.",
        "Another version of the game: this device speaks protocol {ours}, the other "
        "{theirs}. Reload the page on both.",
    ),
    "peer_bad_message": (
        "Un messaggio dall’altro dispositivo è stato rifiutato: {why}",
        "A message from the other device was refused: {why}",
    ),
    "peer_wrong_match": (
        "Questo messaggio è di un’altra partita.",
        "This message belongs to another match.",
    ),
    "peer_bad_seat": (
        "Questo invito non vale per il posto {seat}: chiedi un nuovo invito a chi ospita.",
        "This invitation is not valid for seat {seat}: ask the host for a new one.",
    ),
    "peer_host_deals": (
        "La prossima mano la distribuisce chi ospita la partita.",
        "The host deals the next hand.",
    ),
    "peer_not_your_turn": (
        "Non è il tuo turno: tocca a {player}.",
        "It is not your turn: {player} is to move.",
    ),
    "peer_stale": (
        "La mossa è arrivata quando il tavolo era già cambiato: ecco il tavolo di adesso.",
        "The move arrived after the table had changed: here is the table as it is now.",
    ),
    "peer_out_of_order": (
        "Messaggi arrivati fuori ordine (atteso il n. {expected}, arrivato il n. {got}): "
        "il tavolo è stato riallineato.",
        "Messages arrived out of order (expected number {expected}, got {got}): "
        "the table has been brought up to date.",
    ),
    "peer_quick_too_fast": (
        "Troppi messaggi rapidi: aspetta qualche secondo.",
        "Too many quick messages: wait a few seconds.",
    ),
    "peer_not_joined": (
        "Non hai ancora un posto al tavolo: attendi la conferma di chi ospita.",
        "You are not seated yet: wait for the host to confirm.",
    ),
    "peer_unknown_refusal": (
        "L’altro dispositivo ha rifiutato la mossa ({code}).",
        "The other device refused the move ({code}).",
    ),
    # the reasons inside peer_bad_message
    "peer_too_large": (
        "è troppo grande ({size} caratteri, al massimo {limit}).",
        "it is too large ({size} characters, at most {limit}).",
    ),
    "peer_not_json": ("non è JSON.", "it is not JSON."),
    "peer_not_unicode": ("contiene un testo non valido.", "it holds text that is not valid."),
    "peer_not_object": ("non è un oggetto JSON.", "it is not a JSON object."),
    "peer_unknown_type": (
        "tipo di messaggio sconosciuto «{type}».",
        "unknown message type “{type}”.",
    ),
    "peer_bad_field": (
        "il campo «{field}» non è valido ({expected}).",
        "the field “{field}” is not valid ({expected}).",
    ),
}


class PeerError(RuleError):
    """A message or a move the peer-to-peer table refuses, with a stable ``peer_`` code."""

    def __init__(self, code: str, /, **facts: object):
        if code not in MESSAGES:
            raise KeyError(f"unknown peer error code {code!r}")
        self.code = code
        self.facts = facts
        ValueError.__init__(self, self.message("en"))

    def message(self, language: str = "en") -> str:
        """The refusal in ``language`` ("it" or "en"); unknown languages get English."""
        shown = {key: _show(value, language) for key, value in self.facts.items()}
        return say_with(MESSAGES[self.code], language, shown)

    def __reduce__(self):
        return (_rebuild, (self.code, self.facts))


def _rebuild(code: str, facts: dict[str, object]) -> PeerError:
    return PeerError(code, **facts)


def _show(value: object, language: str) -> object:
    """A nested refusal renders in the language of the message around it."""
    return value.message(language) if isinstance(value, RuleError) else value
