"""Scala 40, the Italian rummy: rules engine and computer opponents.

Pure Python, standard library only; runs unchanged in CPython and Pyodide.
The rules are RULES.md's (see docs/engine.md); the public API is below.

>>> from scala40 import Rules, parse_cards, make_meld, hand_penalty
>>> make_meld(parse_cards("4S 5S JK 7S")).points
22
>>> hand_penalty(parse_cards("JK AH"), Rules())
36
"""

from .actions import (
    Action,
    Attach,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    parse_action,
)
from .cards import JOKER, Card, format_cards, full_deck, parse_cards
from .engine import (
    OpeningProgress,
    apply,
    attach_options,
    discard_refusal,
    is_legal,
    legal_actions,
    meld_candidates,
    new_match,
    next_dealer,
    opening_progress,
    refusal,
)
from .errors import RuleError
from .melds import Meld, make_meld, possible_melds
from .observation import Observation, determinize, observe
from .position import parse_position, position, write_position
from .rules import PRESETS, Rules
from .scoring import hand_penalty
from .state import Hand, HandResult, Phase, State, TableMeld

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "PRESETS",
    "Action",
    "Attach",
    "Card",
    "Discard",
    "DrawStock",
    "Hand",
    "HandResult",
    "LayMeld",
    "Meld",
    "NextHand",
    "Observation",
    "OpeningProgress",
    "Phase",
    "RuleError",
    "Rules",
    "State",
    "SwapJoker",
    "TableMeld",
    "TakeBack",
    "TakeDiscard",
    "apply",
    "attach_options",
    "determinize",
    "discard_refusal",
    "format_cards",
    "full_deck",
    "hand_penalty",
    "is_legal",
    "legal_actions",
    "make_meld",
    "meld_candidates",
    "new_match",
    "next_dealer",
    "observe",
    "opening_progress",
    "parse_action",
    "parse_cards",
    "parse_position",
    "position",
    "possible_melds",
    "refusal",
    "write_position",
]
