"""The dialogs over the table: a choice between readings, the hot-seat hand-over,
the menu, a confirmation, the statistics, a notice.

Each is an ``.overlay`` holding a ``role="dialog"``; the score sheet is in
:mod:`web.render.sheet`.
"""

from __future__ import annotations

from collections.abc import Iterable

from scala40 import Card

from ..i18n import t
from ..markup import EMPTY, Markup, html, join
from ..session import Session
from .cards import mini_card, sym

SPEEDS = ("slow", "normal", "fast")
LANG_NAMES = (("it", "Italiano"), ("en", "English"))
STATS_LEVELS = ("easy", "medium", "hard", "balanced", "humans")  # named in i18n as level_*


def dialog(inner: Markup, *, label: str, cls: str = "") -> Markup:
    return html(
        '<div class="overlay {cls}"><div class="dialog" role="dialog" aria-modal="true" '
        'aria-label="{label}">{inner}</div></div>',
        cls=cls, label=label, inner=inner,
    )


def _shown(facts: dict, lang: str) -> dict:
    """Facts for a sentence: cards as their short label."""
    return {k: (sym(v, lang) if isinstance(v, Card) else v) for k, v in facts.items()}


def choice_dialog(session: Session, lang: str) -> Markup:
    """Which reading of a meld, which end to attach to: one button per engine-legal action."""
    choice = session.choice
    if choice is None:
        return EMPTY
    title = t(choice.title, lang, **_shown(choice.facts, lang))
    options = []
    for index, (parts, _action) in enumerate(choice.options):
        faces = []
        words = []
        for part in parts:
            if isinstance(part[0], Card):  # (card, stands_for); else (i18n key, facts)
                faces.append(mini_card(part[0], lang, part[1]))
            else:
                words.append(t(part[0], lang, **_shown(part[1], lang)))
        text = html('<span class="opt-text">{}</span>', " · ".join(words)) if words else EMPTY
        options.append(html(
            '<button class="option" data-act="choose" data-arg="{}">'
            '<span class="opt-cards">{}</span>{}</button>', index, join(faces), text,
        ))
    inner = html('<h2>{}</h2><div class="options">{}</div>'
                 '<button class="btn" data-act="cancel">{}</button>',
                 title, join(options), t("cancel", lang))
    return dialog(inner, label=title, cls="choice")


def pass_screen(session: Session, lang: str) -> Markup:
    """Hot-seat: the cards stay hidden until the player to move says they hold the device."""
    name = session.name(session.state.to_move)
    inner = html(
        '<div class="pass-icon" aria-hidden="true"><span class="card big back-face"></span></div>'
        '<h2>{title}</h2><p>{text}</p>'
        '<button class="btn primary big" data-act="pass-ready">{ready}</button>',
        title=t("pass_title", lang, name=name), text=t("pass_text", lang, name=name),
        ready=t("pass_ready", lang, name=name),
    )
    return dialog(inner, label=t("pass_title", lang, name=name), cls="pass opaque")


def _options(choices: Iterable[tuple[str, str]], current: str) -> Markup:
    return join(
        html('<option value="{}" {}>{}</option>', value, "selected" if value == current else "",
             label)
        for value, label in choices
    )


def menu_dialog(session: Session | None, lang: str, settings: dict, version: str,
                worker_state: str) -> Markup:
    speed = settings.get("speed", "normal")
    speeds = _options([(s, t("speed_" + s, lang)) for s in SPEEDS], speed)
    langs = _options(LANG_NAMES, lang)
    game_buttons = EMPTY
    if session is not None and not session.state.is_over:
        game_buttons = html(
            '<button class="btn primary" data-act="close">{}</button>'
            '<button class="btn danger" data-act="leave">{}</button>',
            t("resume", lang), t("leave", lang),
        )
    inner = html(
        '<h2>{menu}</h2>{game_buttons}'
        '<button class="btn" data-act="new-game">{new_game}</button>'
        '<button class="btn" data-act="stats">{stats}</button>'
        '<button class="btn" data-act="rules">{rules}</button>'
        '<button class="btn" data-act="replays">{replays}</button>'
        '{export}<button class="btn" data-act="import">{import_}</button>'
        '<h3>{settings}</h3>'
        '<label class="row">{language} <select data-set="lang" name="lang">{langs}</select></label>'
        '<label class="row">{speed} <select data-set="speed" name="speed">{speeds}</select></label>'
        '<p class="small">{keys}</p>'
        '<p class="small">{engine} scala40 <span id="version">{version}</span> · '
        '<span id="worker-status" data-state="{worker_state}">{worker}</span></p>',
        menu=t("menu", lang), game_buttons=game_buttons, new_game=t("new_game", lang),
        stats=t("stats", lang), rules=t("rules_open", lang), replays=t("replays", lang),
        import_=t("import", lang), export=html('<button class="btn" data-act="export">{}</button>',
                                               t("export", lang)) if session else EMPTY,
        settings=t("settings", lang),
        language=t("language", lang),
        langs=langs, speed=t("speed", lang), speeds=speeds, keys=t("keyboard_help", lang),
        engine=t("engine", lang), version=version, worker_state=worker_state,
        worker=worker_status_text(worker_state, lang),
    )
    return dialog(inner, label=t("menu", lang), cls="menu")


def worker_status_text(state: str, lang: str) -> str:
    if state == "ready":
        return t("bots_ready", lang)
    if state.startswith("failed"):
        return t("bots_failed", lang, error=state[7:])
    return t("bots_starting", lang)


def confirm_dialog(text: str, yes_act: str, yes_label: str, lang: str) -> Markup:
    inner = html(
        '<p>{}</p><div class="row-buttons">'
        '<button class="btn danger" data-act="{}">{}</button>'
        '<button class="btn" data-act="close">{}</button></div>',
        text, yes_act, yes_label, t("cancel", lang),
    )
    return dialog(inner, label=text, cls="confirm")


def stats_dialog(stats: dict, lang: str) -> Markup:
    """Matches played, won and abandoned by mode and opponents' level; ranking points."""
    rows = []
    for mode, levels in _entries(stats.get("table")):
        for level, row in _entries(levels):
            if not isinstance(row, dict):
                continue
            mode_label = {"single": t("mode_single", lang)}.get(mode, mode)
            shown = t("level_" + level, lang) if level in STATS_LEVELS else level
            rows.append(html(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                mode_label, shown, row.get("played", 0), row.get("won", 0),
                row.get("abandoned", 0),
            ))
    if rows:
        table = html(
            '<table class="sheet"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th>'
            "<th>{}</th></tr></thead><tbody>{}</tbody></table>",
            t("stats_mode", lang), t("stats_level", lang), t("stats_played", lang),
            t("stats_won", lang), t("stats_abandoned", lang), join(rows),
        )
    else:
        table = html("<p>{}</p>", t("stats_empty", lang))
    inner = html(
        '<h2>{stats}</h2>'
        '<p class="points">{points_label}: <strong data-testid="ranking">{points}</strong></p>'
        '{table}<p class="small">{note}</p>'
        '<div class="row-buttons"><button class="btn danger" data-act="reset-stats">{reset}'
        '</button><button class="btn" data-act="close">{close}</button></div>',
        stats=t("stats", lang), points_label=t("stats_points", lang),
        points=stats.get("points", 0), table=table, note=t("stats_note", lang),
        reset=t("stats_reset", lang), close=t("close", lang),
    )
    return dialog(inner, label=t("stats", lang), cls="stats")


def _entries(value: object) -> list[tuple[str, object]]:
    """A stored mapping's items in order (nothing if it is not a mapping)."""
    return sorted((str(k), v) for k, v in value.items()) if isinstance(value, dict) else []


def notice_dialog(title: str, text: str, lang: str) -> Markup:
    inner = html('<h2>{}</h2><p>{}</p><button class="btn primary" data-act="close">{}</button>',
                 title, text, t("close", lang))
    return dialog(inner, label=title, cls="notice")


def import_dialog(error: str | None, lang: str) -> Markup:
    """Open a record file or paste its text; then replay it or play on from its end."""
    shown = html('<p class="msg error" role="alert">{}</p>', error) if error else EMPTY
    inner = html(
        '<h2>{title}</h2><p class="small">{help}</p>'
        '<input type="file" id="import-file" accept=".txt,text/plain">'
        '<textarea id="import-text" rows="6" aria-label="{title}"></textarea>{shown}'
        '<div class="dlg-actions"><button class="btn primary" data-act="import-go" '
        'data-arg="replay">{replay}</button><button class="btn" data-act="import-go" '
        'data-arg="continue">{play_on}</button><button class="btn" data-act="close">{close}'
        "</button></div>",
        title=t("import", lang), help=t("import_help", lang), shown=shown,
        replay=t("replay", lang), play_on=t("import_continue", lang), close=t("close", lang))
    return dialog(inner, label=t("import", lang), cls="import")
