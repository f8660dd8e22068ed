"""The moves a player can make, as frozen records with a one-line text form.

Actions never name the player: the engine applies them for the player to
move. The text form is what game records store, one action per line.

>>> parse_action("meld 4S 5S JK 7S")
LayMeld(cards=(Card('4S'), Card('5S'), Card('JK'), Card('7S')), joker_as=None)
>>> str(parse_action("attach jk=8s to 2 high"))
'attach JK=8S to 2 high'
>>> str(parse_action("discard KH"))
'discard KH'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, is_card, parse_meld_cards
from .errors import RuleError


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (*tallone*)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (*pozzo*); it must be used this turn."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay ``cards`` from hand as a new meld, in the order given (see ``make_meld``)."""

    cards: tuple[Card, ...]
    joker_as: Card | None = None

    def __str__(self) -> str:
        shown = [
            f"JK={self.joker_as}" if card.is_joker and self.joker_as else str(card)
            for card in self.cards
        ]
        return "meld " + " ".join(shown)


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach ``card`` from hand to the table meld number ``target`` (0-based)."""

    card: Card
    target: int
    end: str | None = None
    joker_as: Card | None = None

    def __str__(self) -> str:
        card = f"JK={self.joker_as}" if self.card.is_joker and self.joker_as else str(self.card)
        end = f" {self.end}" if self.end else ""
        return f"attach {card} to {self.target}{end}"


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Put ``card`` in the place of the joker of meld ``target`` and take the joker."""

    card: Card
    target: int

    def __str__(self) -> str:
        return f"swap {self.card} in {self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` on the pile: this ends the turn (and the hand, if it was the last)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back everything done this turn since the draw: melds, attachments, swaps.

    RULES.md §5.2: a turn cannot end with a provisional opening below the
    minimum; the player takes those cards back or adds melds. A card taken
    from the pile goes back on the pile and the player draws again, so a
    turn can never be stuck (a stock draw stays: it revealed a hidden card).
    """

    def __str__(self) -> str:
        return "takeback"


@dataclass(frozen=True, slots=True)
class NextHand:
    """After a hand is over (points mode, or a hand with no winner): deal the next one."""

    def __str__(self) -> str:
        return "next"


Action = DrawStock | TakeDiscard | LayMeld | Attach | SwapJoker | TakeBack | Discard | NextHand

_ENDS = (None, "low", "high")


def action_type_refusal(action: object) -> RuleError | None:
    """Why ``action`` is not a well-typed action, or ``None``: the engine's first
    check, so a ``Card(5, "X")`` or a target of ``"0"`` built in Python is refused
    at the door, naming the field, and never reaches the rules.

    >>> action_type_refusal(Attach(Card(5, "H"), "0")).facts["field"]
    'Attach.target'
    >>> action_type_refusal(Discard(Card(5, "H"))) is None
    True
    """
    kind = type(action)
    if kind not in _ACTION_TYPES:
        return RuleError("bad_action", text=_shown(action))

    def bad(field: str) -> RuleError:
        value = getattr(action, field)
        return RuleError("bad_action_field", field=f"{kind.__name__}.{field}", value=_shown(value))

    if isinstance(action, LayMeld):
        if type(action.cards) is not tuple or not all(is_card(c) for c in action.cards):
            return bad("cards")
    elif isinstance(action, Attach | SwapJoker | Discard) and not is_card(action.card):
        return bad("card")
    if isinstance(action, Attach | SwapJoker) and type(action.target) is not int:
        return bad("target")
    if isinstance(action, Attach) and not (
        action.end is None or (type(action.end) is str and action.end in _ENDS)
    ):
        return bad("end")
    declared = getattr(action, "joker_as", None)
    if declared is not None and (not is_card(declared) or declared.is_joker):
        return bad("joker_as")
    return None


def _shown(value: object) -> str:
    """A short text of a wrong value, for a message (never a long echo)."""
    try:
        text = repr(value)
    except Exception:  # a malformed card cannot even write itself
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def parse_action(text: str) -> Action:
    """Read one action in its text form; raise ``RuleError(bad_action)`` otherwise."""
    if not isinstance(text, str):
        raise RuleError("bad_action", text=_shown(text))
    words = text.split()
    try:
        verb, rest = words[0].lower(), words[1:]
        if verb == "draw" and not rest:
            return DrawStock()
        if verb == "take" and not rest:
            return TakeDiscard()
        if verb == "takeback" and not rest:
            return TakeBack()
        if verb == "next" and not rest:
            return NextHand()
        if verb == "meld":
            cards, declared = parse_meld_cards(" ".join(rest))
            return LayMeld(tuple(cards), declared)
        if verb == "discard" and len(rest) == 1:
            return Discard(Card.parse(rest[0]))
        if verb == "swap" and len(rest) == 3 and rest[1].lower() == "in":
            return SwapJoker(Card.parse(rest[0]), int(rest[2]))
        if verb == "attach" and len(rest) in (3, 4) and rest[1].lower() == "to":
            cards, declared = parse_meld_cards(rest[0])
            end = rest[3].lower() if len(rest) == 4 else None
            if len(cards) != 1 or end not in (None, "low", "high"):
                raise ValueError(text)
            return Attach(cards[0], int(rest[2]), end, declared)
    except (IndexError, ValueError):
        pass
    raise RuleError("bad_action", text=_shown(text) if len(text) > 60 else text)


_ACTION_TYPES = frozenset(
    {DrawStock, TakeDiscard, LayMeld, Attach, SwapJoker, TakeBack, Discard, NextHand}
)


__all__ = [
    "Action",
    "Attach",
    "Discard",
    "DrawStock",
    "LayMeld",
    "NextHand",
    "SwapJoker",
    "TakeBack",
    "TakeDiscard",
    "action_type_refusal",
    "parse_action",
]
