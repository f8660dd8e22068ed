"""The table turned into HTML: pure functions from data to :class:`~web.ui.markup.Markup`.

- :mod:`~web.table.cards`: a card's face, a small card, a card's short label;
- :mod:`~web.table.view`: the table (players, stock and pile, melds, log, buttons, hand);
- :mod:`~web.table.dialogs`: the dialogs (a choice, the hot-seat hand-over, menu, stats);
- :mod:`~web.table.sheet`: the score sheet, as rows of data and as markup;
- :mod:`~web.newgame.view`: the new-game screen.

:func:`page` puts the screen and its dialogs together; the App (web/page/app.py) sets
``innerHTML`` to it in one go. Nothing here writes to the session, and every
value interpolated into markup is escaped (:func:`web.ui.markup.html`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scala40 import Rules
from scala40 import __version__ as ENGINE_VERSION
from web.i18n import t
from web.newgame.share import challenge_dialog
from web.newgame.view import new_game_screen
from web.replay.replay import Replay
from web.replay.view import replay_screen, replays_dialog
from web.store.settings import Settings
from web.table.dialogs import (
    choice_dialog,
    confirm_dialog,
    import_dialog,
    leave_question,
    menu_dialog,
    notice_dialog,
    pass_screen,
    rematch_dialog,
    stats_dialog,
    tab_dialog,
)
from web.table.log import moves_dialog
from web.table.rules import rules_dialog
from web.table.session import Session
from web.table.shown import Screen
from web.table.speech import Speech, speech_region
from web.table.table import Table
from web.table.view import table
from web.ui.markup import EMPTY, Markup, join


def page(
    session: Session | None,
    lang: str,
    *,
    on_table: bool,
    overlay: str | None = None,
    notice: tuple[str, str] | None = None,
    settings: Settings | None = None,
    stats: dict | None = None,
    thinking: bool = False,
    version: str = "",
    replay: Replay | None = None,
    replays: list[dict] | None = None,
    import_error: str | None = None,
    stats_parts: Sequence[Callable[[str], Markup]] = (),
    challenge_link: str = "",
    question: str = "",
    setup: dict | None = None,
    speech: Speech | None = None,
) -> Markup:
    """The whole page: the table (``on_table`` and a session) or the new-game screen
    (its form filled from ``setup``, else the settings' ``last``), then the dialog
    ``overlay`` names, if any (``question``: what the ``replace`` dialog asks); on the
    table, the live region of ``speech`` (web/table/speech.py)."""
    settings = settings or Settings(lang=lang)
    parts = []
    if on_table and session is not None:
        parts.append(table(session, lang, thinking=thinking))
        if speech is not None:
            parts.append(speech_region(speech, lang))
        if session.needs_pass():
            parts.append(pass_screen(session, lang))
        elif session.choice is not None:
            parts.append(choice_dialog(session, lang))
        # the menu opens over a hand's sheet (folded to look at the table, web/page/modal.js)
        # and closes back to it: the sheet stays under it
        if overlay == "sheet" or (overlay == "menu" and session.state.hand_over):
            # imported when a hand ends, not with the page: its first draw does not need it
            from web.table.sheet import score_sheet

            parts.append(score_sheet(session, lang))
    else:
        parts.append(new_game_screen(
            lang, setup if setup is not None else settings.last,
            can_resume=session is not None and not session.state.is_over,
            first=not settings.last,
        ))
    parts.append(overlay_dialog(session, lang, overlay, notice=notice, settings=settings,
                                stats=stats, version=version,
                                replay=replay, replays=replays, import_error=import_error,
                                stats_parts=stats_parts, challenge_link=challenge_link,
                                question=question))
    return join(parts)


def overlay_dialog(session: Session | None, lang: str, overlay: str | None, *,
                   notice: tuple[str, str] | None, settings: Settings, stats: dict | None,
                   version: str, replay: Replay | None = None,
                   replays: list[dict] | None = None,
                   import_error: str | None = None,
                   stats_parts: Sequence[Callable[[str], Markup]] = (),
                   challenge_link: str = "",
                   question: str = "") -> Markup:
    """The dialog drawn over either screen (the score sheet is the table's)."""
    if overlay == "menu":
        return menu_dialog(session, lang, settings, version)
    if overlay == "stats":
        return stats_dialog(stats or {}, lang, join(part(lang) for part in stats_parts))
    if overlay == "leave":
        return confirm_dialog(leave_question(session, lang), "leave-yes", t("leave_yes", lang),
                              lang)
    if overlay == "replace":
        return confirm_dialog(question, "replace-yes", t("replace_yes", lang), lang,
                              no_act="replace-no")
    if overlay == "reset-stats":
        return confirm_dialog(t("stats_reset_confirm", lang), "reset-yes",
                              t("stats_reset", lang), lang)
    if overlay == "replay" and replay is not None:
        return replay_screen(replay, lang)
    if overlay == "replays":
        return replays_dialog(replays or [], lang)
    if overlay == "challenge":
        return challenge_dialog(challenge_link, lang)
    if overlay == "import":
        return import_dialog(import_error, lang)
    if overlay == "rules":
        if session is None:  # from the start screen: the classic rules
            return rules_dialog(Rules(), lang, title=t("rules_classic_title", lang))
        return rules_dialog(session.state.rules, lang)
    if overlay == "moves" and session is not None:
        return moves_dialog(session, lang)
    if overlay == "notice" and notice:
        return notice_dialog(*notice, lang)
    if overlay == "rematch-offer":
        return rematch_dialog(lang)
    if overlay == "tab" and notice:
        return tab_dialog(*notice, lang)
    return EMPTY


def whole_page(table: Table) -> Markup:
    """The whole page for the table as it is now (what :meth:`App.render` draws)."""
    return page(
        table.session,
        table.lang,
        on_table=table.screen is Screen.TABLE,
        overlay=table.overlay,
        notice=table.notice,
        settings=table.settings,
        stats=table.stats_shown if table.overlay == "stats" else None,
        stats_parts=table.stats_parts,
        replay=table.part(Replay),
        replays=table.replays_shown if table.overlay == "replays" else None,
        import_error=table.import_error,
        challenge_link=table.challenge_link,
        question=table.question() if table.overlay == "replace" else "",
        setup=table.form,
        thinking=table.thinking,
        version=ENGINE_VERSION,
        speech=table.speech,
    )


__all__ = ["page", "whole_page"]
