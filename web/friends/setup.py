"""Play with friends, chosen on a screen of its own: how many friends, computer players
for the other seats, over the internet (a code) or in the same room (QR codes), and the
player's name; then the match starts and its invitations open.

The start screen's form is the bots' match and stays as the player left it: the
friends' choices are kept apart in the settings (``friends``), so "Gioca" starts a
match against bots again after a match with friends. The rules are the form's last.

>>> choice = FriendsChoice(friends=2, bots=1, level="hard", way="room")
>>> setup = match_setup(choice, {"mode": "201", "rules": {"jokers": 4}}, "Marta", "en")
>>> [(seat["name"], seat["kind"]) for seat in setup["seats"][: setup["count"]]]
[('Marta', 'human'), ('Friend 1', 'remote'), ('Friend 2', 'remote'), ('Dario', 'bot')]
>>> setup["mode"], setup["rules"]
('201', {'jokers': 4})
>>> FriendsChoice.read({"friends": "9", "bots": "-1", "level": "x", "way": "?"}, online=True)
FriendsChoice(friends=5, bots=0, level='medium', way='internet')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from scala40.bots import DEFAULT_LEVEL, LEVELS
from web.i18n import BOT_NAMES, t
from web.store.settings import FRIENDS_WAYS as WAYS
from web.ui.markup import Markup, html, join

SEATS = 6  # at a table, the player's included


@dataclass(frozen=True)
class FriendsChoice:
    """What the friends' screen asks: ``friends`` on their own devices, ``bots`` for
    the other seats at ``level``, and the ``way`` the devices meet."""

    friends: int = 1
    bots: int = 0
    level: str = DEFAULT_LEVEL
    way: str = "internet"

    @staticmethod
    def read(data: object, *, online: bool) -> FriendsChoice:
        """The choice from stored settings or the screen's fields (strings): anything
        out of range is brought into it; the way, when unknown, is the internet where
        the device is online, else the room."""
        fields = data if isinstance(data, dict) else {}

        def number(key: str, low: int, high: int, default: int) -> int:
            try:
                return max(low, min(high, int(str(fields.get(key, default)))))
            except ValueError:
                return default

        level = str(fields.get("level", ""))
        way = str(fields.get("way", ""))
        return FriendsChoice(
            friends=number("friends", 1, SEATS - 1, 1),
            bots=number("bots", 0, SEATS - 2, 0),
            level=level if level in LEVELS else DEFAULT_LEVEL,
            way=way if way in WAYS else ("internet" if online else "room"),
        )

    @property
    def fits(self) -> bool:
        """At most six at the table, the player's seat included."""
        return 1 + self.friends + self.bots <= SEATS

    def stored(self) -> dict:
        return asdict(self)


def match_setup(choice: FriendsChoice, last: dict, name: str, lang: str) -> dict:
    """The new-game setup of the match ``choice`` describes, with the rules and mode of
    ``last`` (the form's): the player at seat 1 named ``name``, the friends (called
    "Friend 1"… until each joins with their own name), then the bots."""
    seats = [{"name": name or t("you_name", lang), "kind": "human", "level": choice.level,
              "strength": 0.5}]
    seats += [{"name": t("friend_n", lang, n=n), "kind": "remote", "level": choice.level,
               "strength": 0.5} for n in range(1, choice.friends + 1)]
    seats += [{"name": BOT_NAMES[seat % len(BOT_NAMES)], "kind": "bot", "level": choice.level,
               "strength": 0.5} for seat in range(len(seats), len(seats) + choice.bots)]
    return {"count": len(seats), "seats": seats, "mode": last.get("mode", "101"),
            "custom": last.get("custom", 0), "preset": last.get("preset", ""),
            "rules": dict(last.get("rules", {}))}


def setup_screen(lang: str, choice: FriendsChoice, *, you: Markup, advanced: Markup,
                 error: str = "") -> Markup:
    """The friends' screen: the choices, what each way means in plain words, "Your name"
    (``you``), the advanced settings (the relays the code meets on), Back and Invite."""

    def options(values: range, chosen: int) -> Markup:
        return join(html('<option value="{v}" {on}>{v}</option>', v=value,
                         on="selected" if value == chosen else "") for value in values)

    levels = join(html('<option value="{v}" {on}>{label}</option>', v=level,
                       on="selected" if level == choice.level else "",
                       label=t(f"level_{level}", lang)) for level in LEVELS)
    ways = join(html(
        '<label class="way"><input type="radio" name="friends-way" value="{way}" {on}>'
        '<span><strong>{title}</strong><span class="small">{text}</span></span></label>',
        way=way, on="checked" if way == choice.way else "",
        title=t(f"friends_way_{way}", lang), text=t(f"friends_way_{way}_help", lang))
        for way in WAYS)
    return html(
        '<div class="newgame friends friends-setup"><header class="ng-head"><h1>{title}</h1>'
        '</header><p class="ng-error" role="alert">{error}</p>'
        '<section class="box choices"><label class="row">{friends_label}<select id="friends-count">'
        '{friends}</select></label><label class="row">{bots_label}<select id="friends-bots">'
        '{bots}</select></label><label class="row">{level_label}<select id="friends-level">'
        '{levels}</select></label></section>'
        '<fieldset class="box ways"><legend>{how}</legend>{ways}</fieldset>{you}{advanced}'
        '<div class="ng-actions"><button type="button" class="btn" data-act="friends-back">'
        '{back}</button><button type="button" class="btn primary big" '
        'data-act="friends-go" data-focus-home>{go}</button></div></div>',
        title=t("play_with_friends", lang), error=error,
        friends_label=t("friends_count", lang), friends=options(range(1, SEATS), choice.friends),
        bots_label=t("friends_bots", lang), bots=options(range(0, SEATS - 1), choice.bots),
        level_label=t("friends_level", lang), levels=levels, how=t("friends_how", lang),
        ways=ways, you=you, advanced=advanced, back=t("join_back", lang),
        go=t("friends_go", lang),
    )
