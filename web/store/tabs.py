"""Which tab plays the saved match: one at a time, and the others say so.

Two tabs of the site share one ``scala40.game``. If both played, each would
overwrite the other's moves. So the match is *owned*: web/page/tabs.js holds a
Web Lock (``navigator.locks``) named ``scala40.match`` while a tab owns it;
a tab that opens while another holds the lock shows "this game is open in
another tab" with a button to play here, which steals the lock; the tab it
was stolen from stops writing and says so (with the same button to take it
back). Where Web Locks are missing, every tab starts as owner and the saves'
revisions decide (web/store/saver.py): a tab that finds the stored save moved on
without it, or is told so by the ``storage`` event, has lost the match.

This module is the decision, as a small state machine with no browser in
it; the browser glue (web/page/tabs.js and the App, web/page/app.py) only feeds it events.

>>> tab = Tab()
>>> tab.role, tab.may_play
(<Role.CLAIMING: 'claiming'>, False)
>>> tab.busy(); tab.role, tab.notice
(<Role.ELSEWHERE: 'elsewhere'>, 'tab_elsewhere')
>>> tab.play_here(), tab.role
(True, <Role.CLAIMING: 'claiming'>)
>>> tab.granted(); tab.may_play
True
>>> tab.lost(); tab.role, tab.notice
(<Role.TAKEN: 'taken'>, 'tab_taken')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    CLAIMING = "claiming"  # asked for the match, no answer yet: nothing moves, nothing is written
    OWNER = "owner"  # this tab plays and saves
    ELSEWHERE = "elsewhere"  # another tab had the match when this one asked
    TAKEN = "taken"  # this tab played, then another tab took the match


@dataclass
class Tab:
    """This tab's part in the match (see the module docstring for the events)."""

    role: Role = Role.CLAIMING

    @property
    def may_play(self) -> bool:
        """Bots move, the player's actions count and saves are written only by the owner."""
        return self.role is Role.OWNER

    @property
    def notice(self) -> str | None:
        """The i18n key of what this tab tells the player, if anything."""
        return {Role.ELSEWHERE: "tab_elsewhere", Role.TAKEN: "tab_taken"}.get(self.role)

    def granted(self) -> None:
        """The lock is this tab's (or there are no locks, or no shared storage)."""
        self.role = Role.OWNER

    def busy(self) -> None:
        """Another tab holds the lock."""
        if self.role is Role.CLAIMING:
            self.role = Role.ELSEWHERE

    def lost(self) -> None:
        """Another tab took the lock, or saved the match without this tab."""
        if self.role is Role.OWNER:
            self.role = Role.TAKEN
        elif self.role is Role.CLAIMING:
            self.role = Role.ELSEWHERE

    def play_here(self) -> bool:
        """The player wants this tab: True if the caller should now take the lock."""
        if self.role in (Role.ELSEWHERE, Role.TAKEN):
            self.role = Role.CLAIMING
            return True
        return False
