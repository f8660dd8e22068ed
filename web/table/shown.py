"""What the table shows (which screen, which dialog over it) and what it asks of the
page after an action (the effects :meth:`web.page.app.App.carry_out` carries out)."""

from __future__ import annotations

from enum import StrEnum


class Screen(StrEnum):
    NEWGAME = "newgame"
    TABLE = "table"


class Overlay(StrEnum):
    """The dialog drawn over the table, if any."""

    SHEET = "sheet"
    MENU = "menu"
    STATS = "stats"
    LEAVE = "leave"
    RESET_STATS = "reset-stats"
    NOTICE = "notice"
    TAB = "tab"  # the match is another tab's: "play here"
    RULES = "rules"
    MOVES = "moves"  # the hand's moves, on a phone (web/table/log.py)
    REPLAY = "replay"
    REPLAYS = "replays"
    IMPORT = "import"
    CHALLENGE = "challenge"
    REPLACE = "replace"  # a match in progress would be lost: leave it and start?
    REMATCH = "rematch-offer"  # a guest: the host started a rematch; play it or leave


#: The dialogs Escape closes (the score sheet stays: it has its own buttons).
ESCAPABLE = frozenset({Overlay.MENU, Overlay.STATS, Overlay.LEAVE, Overlay.NOTICE,
                       Overlay.RESET_STATS, Overlay.RULES, Overlay.REPLAYS,
                       Overlay.IMPORT, Overlay.MOVES})


#: The dialogs the bots wait behind: a player reading the rules or the menu misses no
#: move, and a question ("Leave the match?", a match that would be replaced) is
#: answered about the table it names. Not the score sheet (the hand is over), a notice
#: (a bot that failed and the next level that plays on), nor the other tab's.
PAUSING = frozenset({Overlay.MENU, Overlay.STATS, Overlay.LEAVE, Overlay.RESET_STATS,
                     Overlay.RULES, Overlay.MOVES, Overlay.REPLAY, Overlay.REPLAYS, Overlay.IMPORT,
                     Overlay.CHALLENGE, Overlay.REPLACE})


class Effect(StrEnum):
    """What the page does after a handler ran."""

    REDRAW = "redraw"
    BOTS = "bots"  # a bot may be to move: (re)start the bot loop
    HINT = "hint"  # think out a hint
    CLAIM = "claim"  # take the match from the tab that has it (web/page/tabs.js)
    DOWNLOAD = "download"  # hand the game record to the player as a file
