"""The quick messages a player may send at a friends' table, by id.

Only the id crosses the wire (web/friends/protocol.py refuses any other), and each
device says it in its own language (``quick_<id>`` in the catalog, scala40/lang): never free
text, so there is nothing to moderate. A module of its own, so the table's top bar
(web/friends/quick.py) knows them without the protocol, imported when a shared table
is made.
"""

from __future__ import annotations

PHRASES = ("nice", "your_turn", "thanks", "oops", "hurry", "gg", "clap", "laugh")
