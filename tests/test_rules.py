"""The rules object: every option of RULES.md §9, its defaults, and loud refusals."""

import pytest

from scala40 import PRESETS, RuleError, Rules

DEFAULTS = {
    # option: default (RULES.md §9)
    "mode": "points",
    "opening_minimum": 40,
    "elimination_score": 101,
    "short_deal_for_five_or_six": False,
    "jokers": 4,
    "pile_before_opening": False,
    "clean_opening": False,
    "mano_doubles": True,
    "mano_needs_minimum": False,
    "unopened_pays_100": "never",
    "lone_ace_counts_one": False,
    "attachable_discard": "before_opening",
    "first_round_closing": False,
    "reentry": False,
}


def test_defaults_are_the_rules_md_defaults():
    assert Rules().to_dict() == DEFAULTS


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("mode", "single"),
        ("opening_minimum", 41),  # [001]
        ("elimination_score", 201),  # [000, 003]
        ("elimination_score", 151),
        ("short_deal_for_five_or_six", True),  # [004]
        ("jokers", 0),  # [001]
        ("pile_before_opening", True),
        ("clean_opening", True),
        ("mano_doubles", False),
        ("mano_needs_minimum", True),
        ("unopened_pays_100", "after_mano"),
        ("unopened_pays_100", "always"),
        ("lone_ace_counts_one", True),
        ("attachable_discard", "except_closing"),
        ("attachable_discard", "never"),
        ("attachable_discard", "allowed"),
        ("first_round_closing", True),
        ("reentry", True),
    ],
)
def test_every_option_can_be_chosen(name, value):
    rules = Rules(**{name: value})
    assert getattr(rules, name) == value
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("mode", "tournament"),
        ("opening_minimum", 0),
        ("opening_minimum", -40),
        ("opening_minimum", "40"),
        ("opening_minimum", 40.0),
        ("opening_minimum", True),  # a bool is not a number of points
        ("elimination_score", 0),
        ("jokers", 2),
        ("jokers", 8),
        ("pile_before_opening", 1),
        ("pile_before_opening", "yes"),
        ("unopened_pays_100", "sometimes"),
        ("unopened_pays_100", True),
        ("attachable_discard", "forbidden"),
        ("reentry", None),
    ],
)
def test_bad_values_are_refused_loudly(name, value):
    with pytest.raises(RuleError) as caught:
        Rules(**{name: value})
    assert caught.value.code == "bad_rules"
    assert caught.value.facts["name"] == name
    with pytest.raises(RuleError):
        Rules.from_dict({**DEFAULTS, name: value})


def test_from_dict_refuses_unknown_keys():
    """A typo never falls back silently to a default."""
    with pytest.raises(RuleError) as caught:
        Rules.from_dict({"opening_minimun": 41})
    assert caught.value.code == "bad_rules" and caught.value.facts["name"] == "opening_minimun"


@pytest.mark.parametrize("data", [None, [], "classica", 40])
def test_from_dict_needs_a_mapping(data):
    with pytest.raises(RuleError) as caught:
        Rules.from_dict(data)
    assert caught.value.code == "bad_rules"


def test_from_dict_fills_defaults_for_missing_keys():
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"jokers": 0}) == Rules(jokers=0)


def test_with_options_checks_like_the_constructor():
    assert Rules().with_options(opening_minimum=41).opening_minimum == 41
    with pytest.raises(RuleError):
        Rules().with_options(jokers=3)


def test_rules_are_frozen_and_hashable():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.jokers = 0  # type: ignore[misc]
    assert hash(rules) == hash(Rules())


@pytest.mark.parametrize(
    ("players", "short", "cards"),
    [
        (2, False, 13),
        (4, False, 13),
        (6, False, 13),
        (2, True, 13),
        (4, True, 13),
        (5, True, 10),  # [004]: 10 cards when 5-6 play
        (6, True, 10),
    ],
)
def test_hand_size(players, short, cards):
    assert Rules(short_deal_for_five_or_six=short).hand_size(players) == cards


def test_presets_are_valid_rules():
    assert PRESETS["classica"] == Rules()
    for name, rules in PRESETS.items():
        assert isinstance(rules, Rules), name
        assert Rules.from_dict(rules.to_dict()) == rules


def test_error_messages_in_both_languages():
    error = RuleError("opening_below_minimum", needed=40, have=39)
    assert error.message("it") == "Per aprire servono 40 punti: ne hai 39."
    assert error.message("en") == str(error) == "To open you need 40 points: you have 39."
    assert error.message("fr") == error.message("en")


def test_unknown_error_codes_are_a_programming_error():
    with pytest.raises(KeyError):
        RuleError("no_such_code")


def test_every_message_renders_with_its_facts():
    from scala40.errors import MESSAGES

    facts = {
        "text": "x", "target": 3, "needed": 40, "have": 39, "card": "7H", "stands_for": "7C",
        "name": "jokers", "value": 2, "why": "no.", "line": 4, "version": 9, "type": "int",
        "choices": "a, b", "header": "# h", "fields": "seed", "number": 2, "action": "draw",
        "field": "Attach.target", "what": "turn", "missing": "7H", "extra": "-",
        "limit": 10, "size": 11, "seat": 1,
    }
    for code in MESSAGES:
        error = RuleError(code, **facts)
        assert error.message("it") and error.message("en")


def test_rule_errors_pickle_with_their_facts():
    import pickle

    error = pickle.loads(pickle.dumps(RuleError("discard_attachable", card="7H")))
    assert error.code == "discard_attachable" and error.facts == {"card": "7H"}
