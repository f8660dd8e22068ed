"""The rules of a match: every option of RULES.md §9 in one frozen object, with presets.

A match is fully defined by (rules, players, seed). Options are checked when
the object is made, and :meth:`Rules.from_dict` refuses unknown keys, so a
typo or a corrupt save never falls back silently to a default.

>>> Rules().opening_minimum, Rules().elimination_score
(40, 101)
>>> Rules(opening_minimum=41).to_dict()["opening_minimum"]
41
>>> Rules(jokers=2)
Traceback (most recent call last):
scala40.errors.RuleError: Invalid rule: jokers = 2. Either 4 or 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import RuleError

POINTS = "points"
SINGLE = "single"

# When a player who has not opened pays 100 instead of the cards' value.
UNOPENED_PAY_NEVER = "never"
UNOPENED_PAY_AFTER_MANO = "after_mano"
UNOPENED_PAY_ALWAYS = "always"

# Who may not discard a natural card that could be attached to a meld on the table.
ATTACHABLE_BEFORE_OPENING = "before_opening"
ATTACHABLE_EXCEPT_CLOSING = "except_closing"
ATTACHABLE_NEVER = "never"
ATTACHABLE_ALLOWED = "allowed"


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md §9, at its default unless chosen.

    - ``mode``: "points" (eliminate at ``elimination_score``) or "single" (one hand).
    - ``opening_minimum``: points the first melds of a hand must reach (40; 41).
    - ``elimination_score``: total at which a player is out (101; 201; any > 0).
    - ``short_deal_for_five_or_six``: deal 10 cards instead of 13 when 5–6 play.
    - ``jokers``: 4, or 0 to play without jokers.
    - ``pile_before_opening``: an unopened player may take the pile card if it is
      used in opening melds laid the same turn.
    - ``clean_opening``: jokers do not count toward the opening; clean melds must
      reach the minimum by themselves.
    - ``mano_doubles``: a closing in mano doubles the others' penalties.
    - ``mano_needs_minimum``: a closing in mano must also reach the opening minimum.
    - ``unopened_pays_100``: "never", "after_mano" or "always" (after any closing).
    - ``lone_ace_counts_one``: an ace that is the only card left costs 1, not 11.
    - ``attachable_discard``: who may not discard an attachable natural card:
      "before_opening" (unopened players), "except_closing" (everyone, but the
      closing discard), "never" (nobody may, closing included), "allowed".
    - ``first_round_closing``: allow closing before every player had a turn.
    - ``reentry``: an eliminated player re-enters at the highest score still in;
      the match then ends only when all others are out after the same hand.
    """

    mode: str = POINTS
    opening_minimum: int = 40
    elimination_score: int = 101
    short_deal_for_five_or_six: bool = False
    jokers: int = 4
    pile_before_opening: bool = False
    clean_opening: bool = False
    mano_doubles: bool = True
    mano_needs_minimum: bool = False
    unopened_pays_100: str = UNOPENED_PAY_NEVER
    lone_ace_counts_one: bool = False
    attachable_discard: str = ATTACHABLE_BEFORE_OPENING
    first_round_closing: bool = False
    reentry: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            expected = bool if field.type == "bool" else int if field.type == "int" else str
            if type(value) is not expected:
                why = RuleError("expected_type", type=field.type)
                raise RuleError("bad_rules", name=field.name, value=value, why=why)
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                why = RuleError("one_of", choices=", ".join(map(str, allowed)))
                raise RuleError("bad_rules", name=name, value=getattr(self, name), why=why)
        if self.jokers not in (0, 4):
            why = RuleError("jokers_4_or_0")
            raise RuleError("bad_rules", name="jokers", value=self.jokers, why=why)
        for name in ("opening_minimum", "elimination_score"):
            if getattr(self, name) < 1:
                why = RuleError("positive_number")
                raise RuleError("bad_rules", name=name, value=getattr(self, name), why=why)

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player (RULES.md §2, option of §9).

        >>> Rules().hand_size(6), Rules(short_deal_for_five_or_six=True).hand_size(6)
        (13, 10)
        """
        return 10 if self.short_deal_for_five_or_six and players >= 5 else 13

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: object) -> Rules:
        """Rules from a dict; unknown keys and bad values raise ``RuleError(bad_rules)``."""
        if not isinstance(data, dict):
            why = RuleError("expected_mapping")
            raise RuleError("bad_rules", name="rules", value=data, why=why)
        known = {field.name for field in fields(Rules)}
        for key in data:
            if key not in known:
                why = RuleError("unknown_option")
                raise RuleError("bad_rules", name=key, value=data[key], why=why)
        return Rules(**data)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked like any other)."""
        return replace(self, **changes)


_CHOICES = {
    "mode": (POINTS, SINGLE),
    "unopened_pays_100": (UNOPENED_PAY_NEVER, UNOPENED_PAY_AFTER_MANO, UNOPENED_PAY_ALWAYS),
    "attachable_discard": (
        ATTACHABLE_BEFORE_OPENING,
        ATTACHABLE_EXCEPT_CLOSING,
        ATTACHABLE_NEVER,
        ATTACHABLE_ALLOWED,
    ),
}

PRESETS: dict[str, Rules] = {
    "classica": Rules(),
    "federazione": Rules(unopened_pays_100=UNOPENED_PAY_AFTER_MANO),
    "wikipedia": Rules(
        opening_minimum=41,
        unopened_pays_100=UNOPENED_PAY_ALWAYS,
        lone_ace_counts_one=True,
        attachable_discard=ATTACHABLE_EXCEPT_CLOSING,
        reentry=True,
    ),
    "pozzo_libero": Rules(pile_before_opening=True),
    "pulita": Rules(clean_opening=True, unopened_pays_100=UNOPENED_PAY_AFTER_MANO),
}
"""Named house rules, offered by the table with a short explanation each.

- classica: RULES.md's defaults.
- federazione: the rulebook [000] and the iPhone app [003]: those who never opened pay
  100 after a closing in mano.
- wikipedia: the encyclopedia's common variants [001]: open with 41, the unopened pay
  100, a lone ace costs 1, no attachable discard except to close, re-entry.
- pozzo_libero: the pile may be taken before opening, to open with it [000, 001, 003].
- pulita: clean opening, jokers do not count toward the 40 [000].
"""
