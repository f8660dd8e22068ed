"""The settings (``scala40.settings``): language, bot speed, sound, haptics, the
table's looks (:data:`LOOKS`), the STUN servers, the player's name (``name``: asked by
the friends' screens, shown to the others at a shared table), the friends' screen's
last choice (``friends``), and the last new-game options (``last``, which the form
starts from).

>>> from web.store.stores import MemoryStore
>>> store = MemoryStore({SETTINGS_KEY: '{"last": {"count": "x"}}'})
>>> settings, refusal = load_settings(store)
>>> settings, refusal.key, refusal.why("en")
({}, 'scala40.settings', 'last.count is not a whole number.')
>>> store.stored_keys()
['scala40.broken.1.settings']
"""

from __future__ import annotations

from web.i18n import LANGS
from web.store.storage import (
    KIND,
    LEVEL,
    NAME,
    SETTINGS_KEY,
    Refusal,
    Schema,
    boolean,
    fields,
    listing,
    load,
    mapping,
    number,
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

#: How the devices of a match with friends meet (web/friends/setup.py): a code over the
#: internet, or QR codes in the same room.
FRIENDS_WAYS = ("internet", "room")

RULE_VALUE: Schema = lambda value, path: (  # noqa: E731 - a schema is a function
    value if type(value) in (bool, int) else text(32)(value, path)
)

SETTINGS = fields(
    {},
    {
        "lang": text(2, choices=LANGS),
        "speed": text(8, choices=SPEEDS),
        "sound": boolean,
        "haptics": boolean,
        **dict.fromkeys(LOOKS, boolean),
        "stun": listing(text(200), 8),
        # the friends' internet play (web/friends/internet.py checks each URL when used)
        "relays": listing(text(200), 8),
        "turn": fields({}, {"urls": text(200), "username": text(200),
                            "credential": text(200)}),
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
    },
)


def load_settings(store: Store, stamp: str = "1") -> tuple[dict, Refusal | None]:
    """The settings (``{}`` when missing or refused)."""
    return load(store, SETTINGS_KEY, SETTINGS, {}, stamp)


def look_classes(settings: dict) -> dict[str, bool]:
    """Each look's class for ``<html>`` (``large_cards`` is ``large-cards``), and
    whether it is on (a value refused or missing is off).

    >>> look_classes({"large_cards": True, "left_handed": "yes"})
    {'large-cards': True, 'four-colours': False, 'left-handed': False}
    """
    return {name.replace("_", "-"): settings.get(name) is True for name in LOOKS}


def stored_name(settings: dict) -> str:
    """The player's name as kept (``""`` for none): the name the friends' screens ask for
    once and offer again."""
    name = settings.get("name")
    return name if isinstance(name, str) else ""
