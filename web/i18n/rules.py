"""Where the house rules' words are in the catalog (``PAGE``, :mod:`scala40.lang`): the
new-game form's options, their choices and presets, and the rules page's sentences
(web/table/rules.py), one per value of each :class:`~scala40.Rules` field.

Keys by the field's name and value, so the page finds a sentence from the rules alone:
``option_<field>`` and ``option_<field>_help`` (the form's label and its help),
``choice_<field>_<value>`` (a choice of a select), ``preset_<name>`` and
``preset_<name>_help``, ``rule_<field>_<value>`` (the rules page: ``on`` / ``off`` for
a switch) or ``rule_<field>`` with the number as ``{n}``, and ``rules_basics_<i>``.
"""

from __future__ import annotations

from web.i18n import STRINGS

#: The options the new-game form shows, in its order (the others have their own controls).
OPTIONS = ("opening_minimum", "jokers", "short_deal_for_five_or_six", "pile_before_opening",
           "clean_opening", "mano_doubles", "mano_needs_minimum", "unopened_pays_100",
           "lone_ace_counts_one", "attachable_discard", "first_round_closing", "reentry")

#: The values of the options the form shows as a choice, in the order it lists them.
CHOICES = {
    "unopened_pays_100": ("never", "after_mano", "always"),
    "attachable_discard": ("before_opening", "except_closing", "never", "allowed"),
    "jokers": ("4", "0"),
}

#: How many paragraphs the rules page opens with (``rules_basics_0`` ...).
BASICS = 4

def rule_key(name: str, value: object) -> str:
    """The rules page's message for the field ``name`` at ``value``: a switch's ``on`` /
    ``off``, a choice's value; a number's is the field's own (said with ``n=value``).

    >>> rule_key("reentry", False), rule_key("jokers", 4), rule_key("opening_minimum", 41)
    ('rule_reentry_off', 'rule_jokers_4', 'rule_opening_minimum')
    """
    if isinstance(value, bool):
        return f"rule_{name}_{'on' if value else 'off'}"
    if f"rule_{name}" in STRINGS:
        return f"rule_{name}"
    return f"rule_{name}_{value}"
