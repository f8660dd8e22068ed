"""The new-game screen: players (human or bot, level, strength), mode, house rules.

It starts from the settings' ``last`` setup (what was chosen last time),
which comes from storage: every value read from it is checked against the
choices the form offers, and a value that is not one of them falls back to
the default (and, being interpolated by :func:`~web.ui.markup.html`, could not
inject markup anyway).
"""

from __future__ import annotations

from typing import Any

from scala40 import PRESETS, RuleError, Rules
from scala40.bots import DEFAULT_LEVEL, LEVELS
from web.i18n import LANGS, default_names, is_default_name, t
from web.i18n.rules import CHOICES, OPTIONS
from web.store.seat import SeatKind
from web.ui.markup import EMPTY, Markup, html, join

MODES = ("single", "101", "201", "custom")
SEATS = 6
NAME_MAX = 14  # the name field's maxlength


def _one_of(value: Any, choices: tuple, default: Any) -> Any:
    return value if value in choices else default


def _int(value: Any, default: int, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return default
    try:
        number = int(value)
    except (ValueError, OverflowError):
        return default
    return number if low <= number <= high else default


def _strength(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.5
    return max(0.0, min(1.0, float(value))) if value == value else 0.5


def new_game_screen(lang: str, last: Any, *, can_resume: bool, first: bool) -> Markup:
    """The form filled from the setup ``last``; its options unfolded when a rule kept
    cannot be read, or when ``last`` is the form as the player left it, unfolded
    (``unfolded``: web/page/app.py, keep_form). A ``first`` visit (no form kept yet) is
    offered the lesson."""
    last = last if isinstance(last, dict) else {}
    count = _int(last.get("count"), 2, 2, SEATS)
    stored = last.get("seats")
    stored = stored if isinstance(stored, list) else []
    seats = [
        stored[index] if index < len(stored) and isinstance(stored[index], dict) else {}
        for index in range(SEATS)
    ]
    kinds = [_one_of(seat.get("kind"), tuple(SeatKind),
                     SeatKind.HUMAN if index == 0 else SeatKind.BOT)
             for index, seat in enumerate(seats)]
    names = default_names(kinds[:count], lang) + default_names(kinds, lang)[count:]
    current, rules_note = _last_rules(last.get("rules"), lang)
    mode = _one_of(last.get("mode"), MODES, "101")
    custom = _int(last.get("custom"), 151, 1, 9999)
    seat_rows = [seat_row(index, seats[index], kinds[index], names[index], count, lang)
                 for index in range(SEATS)]
    in_play = [(seat_name(seats[index], names[index]), kinds[index],
                str(seats[index].get("level"))) for index in range(count)]
    counts = join(
        html('<option value="{n}" {sel}>{n}</option>', n=n, sel="selected" if n == count else "")
        for n in range(2, SEATS + 1)
    )
    modes = join(
        html('<label class="radio"><input type="radio" name="mode" data-set="mode" '
             'value="{m}" {checked}> {label}</label>', m=m, checked="checked" if m == mode else "",
             label=t("mode_" + m, lang))
        for m in MODES
    )
    preset_name = last.get("preset", "classica")
    presets = join([
        *(html('<option value="{}" {}>{}</option>', key, "selected" if key == preset_name else "",
               t("preset_" + key, lang))
          for key in PRESETS),
        html('<option value="custom" {}>{}</option>',
             "selected" if preset_name == "custom" else "", t("preset_custom", lang)),
    ])
    preset_help = join(
        html("<li><strong>{}</strong>: {}</li>", t("preset_" + key, lang),
             t(f"preset_{key}_help", lang))
        for key in PRESETS
    )
    resume = EMPTY
    if can_resume:
        resume = html('<button type="button" class="btn" data-act="resume-game">{}</button>',
                      t("resume", lang))
    learn = html('<div class="ng-learn-buttons">'
                 '<button type="button" class="btn learn" data-act="learn">{}</button>'
                 '<button type="button" class="btn" data-act="rules">{}</button>'
                 '<button type="button" class="btn daily" data-act="daily">{}</button></div>',
                 t("learn", lang), t("rules_open", lang), t("daily", lang))
    if first:
        learn = html('<p class="learn-offer">{}</p>{}', t("learn_offer", lang), learn)
    lang_switch = join(
        html('<button type="button" class="btn lang {on}" data-act="lang" data-arg="{code}" '
             'aria-pressed="{pressed}">{label}</button>', on="on" if code == lang else "",
             code=code, pressed="true" if code == lang else "false", label=code.upper())
        for code in LANGS
    )
    note = html('<p class="rules-note" role="status">{}</p>', rules_note) if rules_note \
        else EMPTY
    return html(
        '<div class="newgame"><form id="setup">'
        '<header class="ng-head"><h1>{title}</h1><div class="langs">{lang_switch}</div></header>'
        '<section class="ng-hero"><div class="ng-fan" aria-hidden="true"><span class="red">A♥'
        '</span><span>K♠</span><span class="red">Q♦</span><span>J♣</span></div>'
        '<button type="button" class="btn primary play" '
        'data-act="start" data-focus-home>{play}</button>'
        '<p class="ng-summary" aria-live="polite">{summary}</p>'
        '<div class="ng-learn">{learn}</div>'
        '<div class="ng-more">{resume}'
        '<button type="button" class="btn" data-act="friends">{friends}</button>'
        '<button type="button" class="btn" data-act="code">{code}</button>'
        '<button type="button" class="btn" data-act="stats">{stats}</button>'
        '<button type="button" class="btn" data-act="replays">{replays}</button>'
        '<button type="button" class="btn" data-act="import">{import_}</button>'
        '<button type="button" class="btn" data-install hidden>{install}</button></div>'
        '</section>'
        '<details class="box ng-setup" id="ng-setup" {open_rules}>'
        '<summary><h2>{setup_more}</h2></summary>'
        '<section><h3>{players}</h3>'
        '<label class="row">{seats_count} <select name="count" data-set="count">{counts}'
        "</select></label>"
        '<div class="seats">{seat_rows}</div></section>'
        '<section><h3>{mode}</h3><div class="modes">{modes}'
        '<label class="row custom">{elimination_at} <input type="number" name="custom" '
        'data-set="custom" min="1" max="9999" value="{custom}"></label></div></section>'
        '<section><h3>{rules}</h3>{note}'
        '<label class="row">{preset} <select name="preset" data-set="preset">{presets}'
        "</select></label>"
        '<ul class="presets small">{preset_help}</ul>'
        '<div class="options">{options}</div></section>'
        '<p class="ng-error" role="alert"></p>'
        '<div class="ng-actions"><button type="button" class="btn big" data-act="setup">'
        '{friends}</button><button type="button" class="btn primary big" '
        'data-act="start">{start}</button></div></details>'
        "</form></div>",
        title=t("title", lang), lang_switch=lang_switch, play=t("play", lang),
        summary=setup_summary(in_play, mode, custom, lang), resume=resume, stats=t("stats", lang),
        install=t("install", lang),
        open_rules="open" if rules_note or last.get("unfolded") is True else "",
        setup_more=t("setup_more", lang), players=t("players", lang),
        seats_count=t("seats_count", lang), counts=counts, seat_rows=join(seat_rows),
        mode=t("mode", lang), modes=modes, elimination_at=t("elimination_at", lang),
        custom=custom, rules=t("rules", lang), note=note, preset=t("preset", lang),
        presets=presets, preset_help=preset_help,
        options=join(option_row(name, current, lang) for name in OPTIONS), start=t("start", lang),
        learn=learn, replays=t("replays", lang), import_=t("import", lang),
        friends=t("play_with_friends", lang), code=t("code_button", lang),
    )


def setup_summary(seats: list[tuple[str, str, str]], mode: str, custom: int,
                  lang: str) -> str:
    """What "Gioca" starts, in a line: every seat by name (a bot with its level, a friend
    on another device said so), and the mode. ``seats``: (name, kind, level) in play.

    >>> setup_summary([("Tu", "human", ""), ("Bruno", "bot", "hard"),
    ...                ("Carla", "remote", "")], "101", 151, "en")
    'Tu, Bruno (hard bot), Carla (friend) · Points: out at 101'
    >>> setup_summary([("Tu", "human", ""), ("Bruno", "bot", "medium")], "custom", 151, "it")
    'Tu, Bruno (bot medio) · a punti (151)'
    """
    names = []
    for name, kind, level in seats:
        if kind == SeatKind.BOT:
            level = _one_of(level, LEVELS, DEFAULT_LEVEL)
            names.append(t("summary_bot", lang, name=name, level=t("level_" + level, lang)))
        elif kind == SeatKind.REMOTE:
            names.append(t("summary_remote", lang, name=name))
        else:
            names.append(name)
    shown = t("mode_custom_short", lang, n=custom) if mode == "custom" else t("mode_" + mode,
                                                                               lang)
    return t("play_hint", lang, players=", ".join(names), mode=shown)


def seat_name(data: dict, default: str) -> str:
    """A seat's name on the form: the one kept, unless it is one the form fills in."""
    name = data.get("name")
    if not isinstance(name, str) or is_default_name(name):
        return default
    return name[:NAME_MAX]


def seat_row(index: int, data: dict, kind: str, default: str, count: int, lang: str) -> Markup:
    """One seat of the form: name, human or bot, the bot's level and strength."""
    level = _one_of(data.get("level"), LEVELS, DEFAULT_LEVEL)
    name = seat_name(data, default)
    levels = join(
        html('<option value="{}" {}>{}</option>', lv, "selected" if lv == level else "",
             t("level_" + lv, lang))
        for lv in LEVELS
    )
    kinds = join(
        html('<option value="{}" {}>{}</option>', k, "selected" if k == kind else "", t(k, lang))
        for k in SeatKind
    )
    return html(
        '<fieldset class="seat{hidden}" data-seat="{index}" data-kind="{kind}" '
        'data-level="{level}"><legend>{legend}</legend>'
        '<input name="name{index}" data-set="seat-name" value="{name}" maxlength="{max}" '
        'aria-label="{name_label}">'
        '<select name="kind{index}" data-set="kind" aria-label="{players}">{kinds}</select>'
        '<select name="level{index}" data-set="level" class="lvl" aria-label="{level_label}">'
        "{levels}</select>"
        '<label class="str">{strength_label} <input type="number" name="strength{index}" '
        'data-set="strength" min="0" max="1" step="0.1" value="{strength}"></label>'
        "</fieldset>",
        hidden=" hidden" if index >= count else "", index=index, kind=kind, level=level,
        legend=t("seat", lang, n=index + 1), name=name, max=NAME_MAX,
        name_label=f"{t('name', lang)} {index + 1}", players=t("players", lang), kinds=kinds,
        level_label=t("level", lang), levels=levels, strength_label=t("strength", lang),
        strength=_strength(data.get("strength", 0.5)),
    )


def _last_rules(stored: Any, lang: str) -> tuple[Rules, str]:
    """The rules of the last new game, or the defaults and a note saying why the stored
    ones cannot be read (the player sees it, rather than options changing silently)."""
    if not stored:
        return Rules(), ""
    if isinstance(stored, dict):
        stored = {key: value for key, value in stored.items() if key != "mode"}
    try:
        return Rules.from_dict(stored), ""
    except RuleError as error:
        return Rules(), t("last_rules_unreadable", lang, why=error.message(lang))


def option_row(name: str, rules: Rules, lang: str) -> Markup:
    """One rules option: a checkbox, a number or a choice, with its explanation."""
    value = getattr(rules, name)
    label = t("option_" + name, lang)
    helper = html('<span class="help">{}</span>', t(f"option_{name}_help", lang))
    if isinstance(value, bool):
        return html(
            '<label class="opt check"><input type="checkbox" name="opt_{}" data-set="option" {}>'
            '<span class="ot">{}</span>{}</label>',
            name, "checked" if value else "", label, helper,
        )
    if name == "opening_minimum":
        control = html('<input type="number" name="opt_{}" data-set="option" min="1" max="200" '
                       'value="{}">', name, value)
    else:
        control = html(
            '<select name="opt_{}" data-set="option">{}</select>', name,
            join(html('<option value="{}" {}>{}</option>', key,
                      "selected" if str(value) == key else "", t(f"choice_{name}_{key}", lang))
                 for key in CHOICES[name]),
        )
    return html('<label class="opt"><span class="ot">{}</span>{}{}</label>', label, control,
                helper)
