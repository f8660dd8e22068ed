"""The settings (``scala40.settings``): language, bot speed, sound, haptics, the
table's looks (:data:`LOOKS`), the STUN servers, the player's name (``name``: asked by
the friends' screens, shown to the others at a shared table), the friends' screen's
last choice (``friends``), and the last new-game options (``last``, which the form
starts from).

The page reads and writes them as one :class:`Settings`; the stored JSON is read through
the door of :mod:`web.store.storage` (a value the schema refuses is kept aside, and the
defaults are used):

>>> from web.store.stores import MemoryStore
>>> store = MemoryStore({SETTINGS_KEY: '{"last": {"count": "x"}}'})
>>> settings, refusal = load_settings(store, lang="it")
>>> settings == Settings(lang="it"), refusal.key, refusal.why("en")
(True, 'scala40.settings', 'last.count is not a whole number.')
>>> store.stored_keys()
['scala40.broken.1.settings']

A member this version does not know (a newer version's setting) is neither refused nor
lost: it is written back as it came, so that going back to an older page and forward
again keeps it.

>>> store = MemoryStore({SETTINGS_KEY: '{"lang": "en", "sound": true, "future": [1, 2]}'})
>>> settings = load_settings(store)[0]
>>> settings.sound, settings.unknown, settings.stored()["future"]
(True, {'future': [1, 2]}, [1, 2])
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from web.i18n import DEFAULT_LANG, LANGS
from web.store.storage import (
    KIND,
    LEVEL,
    MAX_SMALL_CHARS,
    NAME,
    SETTINGS_KEY,
    Refusal,
    Schema,
    boolean,
    fields,
    has_surrogate,
    json_text,
    listing,
    load,
    mapping,
    number,
    strings,
    text,
    whole,
)
from web.store.stores import Store

#: The bots' speeds, slowest first (the menu offers them; web/table/bots.py times them).
SPEEDS = ("slow", "normal", "fast")

#: The table's looks, each on or off (the menu's switches; the page marks ``<html>`` with the
#: class of each one on, :func:`look_classes`, and the stylesheets do the rest): cards and
#: text half as large again, the four-colour deck (♦ blue, ♣ green), the hand's buttons
#: mirrored for a left hand.
LOOKS = ("large_cards", "four_colours", "left_handed")

#: The cues' switches: their sound, and their vibration on a phone.
SWITCHES = ("sound", "haptics")
#: The menu's on/off settings: the cues' switches and the table's looks.
ON_OFF = (*SWITCHES, *LOOKS)

#: How the devices of a match with friends meet (web/friends/setup.py): a code over the
#: internet, or QR codes in the same room.
FRIENDS_WAYS = ("internet", "room")

RULE_VALUE: Schema = lambda value, path: (  # noqa: E731 - a schema is a function
    value if type(value) in (bool, int) else text(32)(value, path)
)

#: Each setting's schema, by its name in the stored JSON (and in :class:`Settings`).
MEMBERS: dict[str, Schema] = {
    "lang": text(2, choices=LANGS),
    "speed": text(8, choices=SPEEDS),
    **dict.fromkeys(ON_OFF, boolean),
    "stun": listing(text(200), 8),
    # the friends' internet play (web/friends/internet.py checks each URL when used)
    "relays": listing(text(200), 8),
    "turn": fields({}, {"urls": text(200), "username": text(200), "credential": text(200)}),
    "name": NAME,
    # the friends' screen's last choice (web/friends/setup.py), apart from the form's
    "friends": fields({}, {"friends": whole(1, 5), "bots": whole(0, 4), "level": LEVEL,
                           "way": text(8, choices=FRIENDS_WAYS)}),
    "last": fields(
        {},
        {
            "count": whole(2, 6),
            "seats": listing(
                fields({}, {"name": NAME, "kind": KIND, "level": LEVEL,
                            "strength": number(0.0, 1.0)}),
                6,
            ),
            "mode": text(8, choices=("single", "101", "201", "custom")),
            "custom": whole(0, 100_000),
            "preset": text(32, pattern="[a-z0-9_-]*"),
            "rules": mapping(text(40, pattern="[a-z0-9_]+"), RULE_VALUE, 40),
        },
    ),
}
SETTINGS = fields({}, MEMBERS)


@dataclass
class Settings:
    """The settings as the page uses them. Every field but the language has a default:
    what a missing or refused stored value means, on this page as on an older one."""

    #: The game's language (one of web.i18n.LANGS): the browser's until one is chosen.
    lang: str
    speed: str = "normal"  # one of SPEEDS
    sound: bool = False
    haptics: bool = False
    large_cards: bool = False
    four_colours: bool = False
    left_handed: bool = False
    #: The STUN servers' URLs the player typed (web/friends/stun.py uses the valid ones).
    stun: list[str] = field(default_factory=list)
    #: The relays a code meets on (none: the public ones, web/friends/internet.py).
    relays: list[str] = field(default_factory=list)
    #: A TURN server, as WebRTC takes it: ``urls``, ``username``, ``credential``.
    turn: dict[str, str] | None = None
    name: str = ""  # the player's name on the friends' screens ("": none given)
    #: The friends' screen's last choice (web/friends/setup.py's FriendsChoice.stored).
    friends: dict[str, int | str] = field(default_factory=dict)
    #: The new-game form's last setup (web/newgame/form.py; empty: the form's defaults).
    last: dict[str, object] = field(default_factory=dict)
    #: The stored members this version does not know (a newer version's settings),
    #: written back unchanged.
    unknown: dict[str, object] = field(default_factory=dict)

    def is_on(self, name: str) -> bool:
        """Whether the on/off setting ``name`` (one of :data:`ON_OFF`) is on; any other
        name is off. By name because the menu draws its switches and the page the looks'
        classes from the list: ``getattr`` only ever sees a name the list holds."""
        return name in ON_OFF and getattr(self, name) is True

    def switch(self, name: str, on: bool) -> None:
        """Turn the on/off setting ``name`` on or off. The name comes from the page (a
        switch's change event): only a name of :data:`ON_OFF` reaches ``setattr``."""
        if name not in ON_OFF:
            raise ValueError(f"not an on/off setting: {name!r}")
        setattr(self, name, on)

    def stored(self) -> dict[str, object]:
        """The settings as stored, in the JSON shape :data:`SETTINGS` reads (this version's
        and an older one's): each field (a TURN server only if one is given: an older
        version refuses ``null``), then the members this version does not know.

        >>> Settings(lang="it", speed="fast", left_handed=True).stored()["left_handed"]
        True
        """
        known = {name: value for name, value in asdict(self).items() if value is not None}
        del known["unknown"]
        return {**known, **self.unknown}


def stored_members(value: Any, path: str) -> tuple[dict[str, Any], dict[str, object]]:
    """The door's schema: the settings :data:`SETTINGS` allows, and beside them the members
    it does not know, kept to be written back; but not one whose text holds a lone
    surrogate (it cannot be written), which is dropped as an older version dropped every
    member it did not know."""
    known = SETTINGS(value, path)  # first: it refuses what is not an object
    unknown = {name: member for name, member in value.items() if name not in MEMBERS
               and not any(has_surrogate(part) for part in strings({name: member}))}
    return known, unknown


def load_settings(store: Store, stamp: str = "1", lang: str = DEFAULT_LANG
                  ) -> tuple[Settings, Refusal | None]:
    """The settings stored (the defaults, in ``lang``, when missing or refused; ``lang``
    too when none is stored)."""
    (known, unknown), refusal = load(store, SETTINGS_KEY, stored_members, ({}, {}), stamp)
    settings = Settings(**{"lang": lang, **known}, unknown=unknown)
    if len(json_text(settings.stored())) > MAX_SMALL_CHARS:
        settings.unknown = {}  # written back, they would have the settings refused next time
    return settings, refusal


def look_classes(settings: Settings) -> dict[str, bool]:
    """Each look's class for ``<html>`` (``large_cards`` is ``large-cards``), and
    whether it is on.

    >>> look_classes(Settings(lang="en", large_cards=True))
    {'large-cards': True, 'four-colours': False, 'left-handed': False}
    """
    return {name.replace("_", "-"): settings.is_on(name) for name in LOOKS}
