"""The rules page: every Rules field has a text, and the texts follow the options."""

from __future__ import annotations

from dataclasses import fields

import pytest

from scala40 import PRESETS, Rules
from web.i18n import STRINGS
from web.i18n.rules import CHOICES, OPTIONS, rule_key
from web.table.rules import option_texts, rules_dialog

OTHER_VALUE = {
    "mode": "single",
    "opening_minimum": 41,
    "elimination_score": 201,
    "jokers": 0,
    "unopened_pays_100": "always",
    "attachable_discard": "except_closing",
}


def changed(name: str) -> Rules:
    default = getattr(Rules(), name)
    value = OTHER_VALUE.get(name, not default if isinstance(default, bool) else None)
    return Rules().with_options(**{name: value})


def test_every_rules_field_has_a_text() -> None:
    for field in fields(Rules):
        for rules in (Rules(), changed(field.name)):
            assert rule_key(field.name, getattr(rules, field.name)) in STRINGS, field.name


def test_the_form_has_words_for_every_option_choice_and_preset() -> None:
    for name in OPTIONS:
        assert {f"option_{name}", f"option_{name}_help"} <= set(STRINGS), name
    for name, values in CHOICES.items():
        for value in values:
            assert f"choice_{name}_{value}" in STRINGS
            assert Rules().with_options(**{name: type(getattr(Rules(), name))(value)})
    for preset in PRESETS:
        assert {f"preset_{preset}", f"preset_{preset}_help"} <= set(STRINGS), preset


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("name", [field.name for field in fields(Rules)])
def test_the_text_of_an_option_changes_with_its_value(name: str, lang: str) -> None:
    before, after = option_texts(Rules(), lang), option_texts(changed(name), lang)
    assert before[name] != after[name]
    assert {k: v for k, v in before.items() if k != name} == \
        {k: v for k, v in after.items() if k != name}


@pytest.mark.parametrize("value", ["before_opening", "except_closing", "never", "allowed"])
def test_every_choice_has_its_own_text(value: str) -> None:
    texts = {option_texts(Rules(attachable_discard=v), "en")["attachable_discard"]
             for v in ("before_opening", "except_closing", "never", "allowed")}
    assert len(texts) == 4
    assert option_texts(Rules(attachable_discard=value), "it")["attachable_discard"]


def test_the_examples_follow_the_engine() -> None:
    page = rules_dialog(Rules(), "en")
    assert "39 points: not enough, 40 are needed." in page
    assert "40 points: enough to open (40)." in page
    stricter = rules_dialog(Rules(opening_minimum=41), "en")
    assert "40 points: not enough, 41 are needed." in stricter
    assert "Joker swap" in page and "Joker swap" not in rules_dialog(Rules(jokers=0), "en")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_page_draws_in_both_languages(preset: str) -> None:
    for lang in ("it", "en"):
        page = rules_dialog(PRESETS[preset], lang)
        assert page.count("data-option=") == len(fields(Rules))
        assert 'class="card mini' in page


def test_a_switch_says_whether_it_is_on_before_what_the_table_plays() -> None:
    # the name says what the switch does when on; without "(no)" the sentence after it,
    # the switch being off, read as its contradiction
    page = rules_dialog(Rules(mano_needs_minimum=False, reentry=True), "it")
    assert "<strong>In mano serve il minimo</strong> (no): Chi chiude in mano non ha " \
        "bisogno del minimo" in page
    assert "<strong>Rientro</strong> (sì): Chi esce dalla partita rientra" in page
    assert "<strong>Punti per aprire</strong>: I primi giochi" in page  # not a switch
