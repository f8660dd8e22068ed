"""The menu and its dialogs: statistics, rules, the score sheet, notices, leaving,
this tab taking the match back; and the menu's settings (the record as a file is
:mod:`web.replay.files`).

Handlers bound by name in :data:`~web.table.registry.ACTIONS`, and the settings' fields'
in :data:`~web.table.registry.FIELDS`.
"""

from __future__ import annotations

from web.i18n import LANGS
from web.store.settings import ON_OFF, SPEEDS, SWITCHES
from web.table.registry import STATS, Change, action, field
from web.table.shown import Effect, Overlay
from web.table.table import Table


@action("menu")
def menu(table: Table, _arg: str = "") -> None:
    table.open(Overlay.MENU)


@action("sheet")
def sheet(table: Table, _arg: str = "") -> None:
    table.open(Overlay.SHEET)


@action("moves")
def moves(table: Table, _arg: str = "") -> None:
    """The hand's moves (the phone's line of the last turn opens them)."""
    table.open(Overlay.MOVES)


@action("stats")
def stats(table: Table, today: str = "") -> None:
    """The statistics, and each feature's part of them as seen from ``today`` (the
    page's local date: :data:`~web.table.registry.STATS`)."""
    table.open(Overlay.STATS)
    table.stats_shown = table.saves.load_stats()
    table.stats_parts = [drawn for part in STATS.values()
                         if (drawn := part(table.saves, today)) is not None]
    table.report()


@action("rules")
def rules(table: Table, _arg: str = "") -> None:
    table.open(Overlay.RULES)


@action("reset-stats")
def reset_stats(table: Table, _arg: str = "") -> None:
    table.open(Overlay.RESET_STATS)


@action("reset-yes")
def reset_yes(table: Table, _arg: str = "") -> None:
    table.saves.reset_stats()
    stats(table, "")


@action("leave")
def leave(table: Table, _arg: str = "") -> None:
    table.open(Overlay.LEAVE)


@action("close")
def close(table: Table, _arg: str = "") -> None:
    """Close the dialog: the next notice waiting, else what the dialog covered (the
    score sheet of a hand that is over: a notice, or the menu opened from the sheet
    folded to look at the table), else the table."""
    if table.overlay is Overlay.NOTICE and table.notices:
        table.notices.pop(0)
    if table.notices:
        table.open(Overlay.NOTICE)
    else:
        table.close_dialog()


@action("play-here")
def play_here(table: Table, _arg: str = "") -> None:
    if table.tab.play_here():
        table.effects.add(Effect.CLAIM)


# -- the menu's settings (the page's change events) ----------------------------------------

def set_lang(table: Table, lang: str, setup: dict | None = None) -> None:
    """Switch the language; ``setup`` is the new-game form as filled in so far."""
    if lang not in LANGS:
        return
    if setup is not None:
        table.settings.last = setup
        table.form = None
    table.settings.lang = lang
    table.save_settings()
    session = table.session
    if session is not None:  # what was said in the other language is said again
        session.tell_again(lang)
        if session.coach:  # the guided hand's instruction
            table.coach()
    table.redraw()


def set_switch(table: Table, name: str, on: bool) -> None:
    """Turn one of the menu's switches (:data:`ON_OFF`) on or off; the redraw marks the
    page with the looks switched on (web/ui/dom.py)."""
    if name in ON_OFF:
        table.settings.switch(name, on)
        table.save_settings()
        if on and name in SWITCHES:
            table.cue("turn")  # a sample of what was switched on
        table.redraw()


def set_speed(table: Table, speed: str) -> None:
    """Set the bots' speed (one of :data:`SPEEDS`: another would refuse the settings
    stored at the next visit)."""
    if speed not in SPEEDS:
        return
    table.settings.speed = speed
    table.save_settings()


@field("speed")
def speed_chosen(table: Table, change: Change) -> None:
    set_speed(table, change.value)


@field(*ON_OFF)
def switched(table: Table, change: Change) -> None:
    set_switch(table, change.name, change.checked)
