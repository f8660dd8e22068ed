"""The table's zones, each reached by one key (issue #43): the hand, the melds on the
table, the stock, the pile, the opponents and the log of moves (web/page/keys.py).

A screen reader's user cannot glance from the hand to the pile: a digit takes the
focus to the zone (its element marked ``data-zone``), where the reader says its name.
The focus lands where the player would act: in the hand on the first selected card
(else the first card), among the melds on the first one, else on the zone itself.
"""

from __future__ import annotations

from typing import Any

from web.ui.dom import el

#: Where the focus lands inside a zone, best first.
LANDING = ('[aria-pressed="true"]', "button:not([disabled])", "[tabindex='0']")


def focus_zone(root: Any, zone: str) -> None:
    """Move the focus to ``zone`` (a ``data-zone`` name), if the table shows it."""
    area = el(root.querySelector(f'[data-zone="{zone}"]'))
    if area is None:
        return
    target = next((found for found in (el(area.querySelector(selector))
                                       for selector in LANDING) if found is not None), area)
    target.focus()

