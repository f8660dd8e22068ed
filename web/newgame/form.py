"""The new-game form: read it, keep it in step with what is chosen, turn it into a match.

The form (drawn by :mod:`web.newgame.view`) is read and written through a
:class:`Form`, the few DOM calls it needs, so what a filled-in form means is
decided here in plain Python (:func:`match_from_setup`) and tested without a
browser. A *setup* is the form as a dict; it is also what the settings keep
as ``last``, so the next new game starts from it. Its fields' change handlers are
bound by their ``data-set`` names in :data:`~web.table.registry.FIELDS`: any change
keeps the seats and the summary in step (:func:`sync`).
"""

from __future__ import annotations

from typing import Any, Protocol

from scala40 import PRESETS, RuleError, Rules
from web.i18n import default_names, is_default_name, t
from web.i18n.rules import OPTIONS
from web.newgame.view import setup_summary
from web.store.seat import Seat
from web.table.registry import Change, field
from web.table.session import Session
from web.table.table import Table

SEATS = 6  # the form always holds six seats; ``count`` of them play


class Form(Protocol):
    """The new-game form in the page (``#setup``)."""

    def field(self, name: str) -> Any:
        """The form's element named ``name`` (``value`` / ``checked`` to read and write)."""

    def checked_mode(self) -> str | None:
        """The value of the mode radio button checked, if any."""

    def seat(self, index: int) -> Any:
        """The fieldset of seat ``index``."""

    def set_mode_shown(self, mode: str) -> None:
        """Show the options of ``mode`` (the custom limit for "custom")."""

    def set_summary(self, text: str) -> None:
        """The line under "Gioca" that says what it starts."""


def read_options(form: Form) -> dict:
    """The rules options as the form sets them (``Rules.from_dict`` checks them)."""
    options: dict[str, object] = {}
    for option in OPTIONS:
        element = form.field("opt_" + option)
        default = getattr(Rules(), option)
        if isinstance(default, bool):
            options[option] = bool(element.checked)
        elif isinstance(default, int):
            try:
                options[option] = int(element.value)
            except ValueError:
                options[option] = element.value
        else:
            options[option] = str(element.value)
    return options


def _number(text: str, default: float, kind: type = float) -> Any:
    try:
        return kind(text)
    except ValueError:
        return default


def read_setup(form: Form) -> dict:
    """The whole form as a setup."""
    seats = []
    for index in range(SEATS):
        strength = _number(form.field(f"strength{index}").value, 0.5)
        seats.append({
            "name": str(form.field(f"name{index}").value).strip(),
            "kind": str(form.field(f"kind{index}").value),
            "level": str(form.field(f"level{index}").value),
            "strength": max(0.0, min(1.0, strength)),
        })
    return {
        "count": int(form.field("count").value),
        "seats": seats,
        "mode": form.checked_mode() or "101",
        "custom": _number(form.field("custom").value, 0, int),
        "preset": str(form.field("preset").value),
        "rules": read_options(form),
    }


def sync(form: Form, lang: str) -> None:
    """Show the seats in use, a bot's level, a balanced bot's strength; a name the form
    filled in follows the seats' kinds (one human is "You", several are numbered)."""
    count = int(form.field("count").value)
    kinds = [str(form.field(f"kind{index}").value) for index in range(SEATS)]
    names = default_names(kinds[:count], lang)
    for index in range(SEATS):
        seat = form.seat(index)
        seat.classList.toggle("hidden", index >= count)
        seat.dataset.kind = kinds[index]
        seat.dataset.level = form.field(f"level{index}").value
        name = form.field(f"name{index}")
        if index < count and is_default_name(str(name.value)):
            name.value = names[index]
    mode = form.checked_mode() or "101"
    form.set_mode_shown(mode)
    seats = [(str(form.field(f"name{index}").value).strip(), kinds[index],
              str(form.field(f"level{index}").value)) for index in range(count)]
    form.set_summary(setup_summary(seats, mode, _number(form.field("custom").value, 0, int),
                                   lang))


def apply_preset(form: Form, name: str) -> None:
    """Set the rules options to the preset ``name``."""
    rules = PRESETS.get(name)
    if rules is None:
        return
    for option in OPTIONS:
        element = form.field("opt_" + option)
        value = getattr(rules, option)
        if isinstance(value, bool):
            element.checked = value
        else:
            element.value = str(value)


@field("count", "kind", "level", "seat-name", "strength", "mode", "custom")
def changed(table: Table, change: Change) -> None:
    sync(change.page, table.lang)


@field("preset")
def preset_chosen(table: Table, change: Change) -> None:
    apply_preset(change.page, change.value)
    sync(change.page, table.lang)


@field("option")
def option_changed(table: Table, change: Change) -> None:
    """An option set by hand: the preset shown is the one it now matches, or "custom"."""
    change.page.field("preset").value = matching_preset(read_options(change.page))
    sync(change.page, table.lang)


def matching_preset(options: dict) -> str:
    """The preset whose rules these options are, or "custom".

    >>> matching_preset(Rules().to_dict()), matching_preset({**Rules().to_dict(), "reentry": True})
    ('classica', 'custom')
    """
    for name, rules in PRESETS.items():
        if all(getattr(rules, key) == value for key, value in options.items()):
            return name
    return "custom"


def match_from_setup(setup: dict, lang: str) -> tuple[list[Seat], Rules] | str:
    """The seats and rules of the match a setup describes, or why it cannot start.

    >>> setup = {"count": 2, "mode": "201", "custom": 0, "rules": {},
    ...          "seats": [{"name": "Anna", "kind": "human", "level": "medium"},
    ...                    {"name": "Bot", "kind": "bot", "level": "balanced", "strength": 0.7}]}
    >>> seats, rules = match_from_setup(setup, "en")
    >>> [seat.level for seat in seats], rules.elimination_score
    (['medium', 'balanced:0.7'], 201)
    >>> match_from_setup({**setup, "seats": setup["seats"][:1] * 2}, "en")
    'Every player needs a name, and the names must differ.'
    """
    seats = []
    for data in setup["seats"][: setup["count"]]:
        level = data["level"]
        if level == "balanced":
            level = f"balanced:{data['strength']:.1f}"
        seats.append(Seat(data["name"], data["kind"], level))
    names = [seat.name for seat in seats]
    if any(not name for name in names) or len(set(names)) != len(names):
        return t("bad_names", lang)
    options = dict(setup["rules"])
    if setup["mode"] == "single":
        options["mode"] = "single"
    else:
        options["elimination_score"] = {"101": 101, "201": 201}.get(setup["mode"],
                                                                     setup["custom"])
    try:
        rules = Rules.from_dict(options)
    except RuleError as error:
        return error.message(lang)
    return seats, rules


def rematch(session: Session, seed: str) -> Session:
    """The same seats and rules as ``session``, dealt anew from ``seed``."""
    return Session.new(list(session.seats), seed, session.state.rules)
