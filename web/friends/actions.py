"""The friends' buttons and field: their handlers, bound by name in the one registry
(:data:`web.table.registry.ACTIONS`, :data:`~web.table.registry.FIELDS`) as every
feature's are, and drawn with ``data-act``.

A handler here takes the friends' part of the page (:class:`~web.friends.page.Friends`:
its links, its screens), which the table does not know; so they are bound when the page
makes that part (:func:`friends_part`), each to it, not to the table
(:func:`web.table.registry.bind`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pyscript import window

from web.friends.browser import PageApp
from web.friends.internet import read_relays, read_turn
from web.friends.page import Friends
from web.friends.seats import given_name
from web.friends.setup import FriendsChoice, match_setup
from web.friends.stun import read_stun
from web.i18n import t
from web.table.registry import Change, bind
from web.ui.dom import css_string

FriendsHandler = Callable[[Friends, str], None]

#: The friends' actions by name, each taking the friends' part and the button's argument.
HANDLERS: dict[str, FriendsHandler] = {}


def friends_part(app: PageApp) -> Friends:
    """The friends' part of ``app``, with its actions and its field ("Your name") bound
    to it (the page makes it once)."""
    friends = Friends(app)
    bind({name: partial(handler, friends) for name, handler in HANDLERS.items()},
         {"name": partial(set_name, friends)})
    return friends


def friends_action(name: str) -> Callable[[FriendsHandler], FriendsHandler]:
    """Bind a handler to the friends' action ``name`` (bound with the part, by
    :func:`friends_part`)."""

    def add(handler: FriendsHandler) -> FriendsHandler:
        HANDLERS[name] = handler
        return handler

    return add


def typed(friends: Friends, selector: str) -> str:
    """What the field ``selector`` of the page holds ("" where it is not drawn)."""
    field = friends.app.page.find(selector)
    return str(field.value) if field is not None else ""


# -- the friends' screen: the choices, then the match and its invitations ----------------

@friends_action("friends")
def choose(friends: Friends, _arg: str) -> None:
    """"Play with friends": the friends' screen, with the last choice made there."""
    friends.choosing = FriendsChoice.read(friends.app.table.settings.friends,
                                          online=bool(window.navigator.onLine))
    friends.choosing_error = ""
    friends.browser.refresh()


@friends_action("friends-back")
def choose_back(friends: Friends, _arg: str) -> None:
    friends.choosing = None
    friends.browser.refresh()


@friends_action("friends-go")
def invite(friends: Friends, _arg: str) -> None:
    """"Invite": the match of the choice (the form's rules), kept as the screen's next
    choice; its invitations, and over the internet its code at once. A choice that
    cannot start stays on the screen with the reason."""
    if friends.choosing is None:
        return
    page, table = friends.app.page, friends.app.table
    way = page.find('[name="friends-way"]:checked')
    choice = FriendsChoice.read({"friends": typed(friends, "#friends-count"),
                                 "bots": typed(friends, "#friends-bots"),
                                 "level": typed(friends, "#friends-level"),
                                 "way": str(way.value) if way is not None else ""},
                                online=bool(window.navigator.onLine))
    friends.choosing, lang = choice, table.lang
    if not choice.fits:
        friends.choosing_error = t("friends_too_many", lang)
        friends.browser.refresh()
        return
    table.settings.friends = choice.stored()
    table.save_settings()
    setup = match_setup(choice, table.settings.last, table.settings.name, lang)
    friends.choosing = None
    error = friends.hosting.start(setup, keep=False, online=choice.way == "internet")
    if error is not None:
        friends.choosing, friends.choosing_error = choice, error
        friends.browser.refresh()


def set_name(friends: Friends, change: Change) -> None:
    """"Your name" changed on a friends' screen: kept in the settings (a guest's next
    ``join`` carries it), and a host's friends are shown it at once."""
    name = given_name(change.value)
    friends.app.table.settings.name = name
    friends.app.table.save_settings()
    friends.hosting.rename(name)
    friends.browser.refresh()


@friends_action("stun-save")
def save_stun(friends: Friends, _arg: str) -> None:
    """Keep the advanced settings typed (or say which one is wrong); the box stays
    open. The STUN URLs, the relays and the TURN server are kept with the settings."""
    table = friends.app.table
    urls, bad = read_stun(typed(friends, "#stun-urls"))
    relay_urls, bad_relays = read_relays(typed(friends, "#relay-urls"))
    turn_url = typed(friends, "#turn-url").strip()
    turn = read_turn(turn_url, typed(friends, "#turn-user"), typed(friends, "#turn-password"))
    if bad:
        note = t("stun_bad", table.lang, url=bad[0])
    elif bad_relays:
        note = t("relays_bad", table.lang, url=bad_relays[0])
    elif turn_url and turn is None:
        note = t("turn_bad", table.lang)
    else:
        settings = table.settings
        settings.stun, settings.relays, settings.turn = urls, relay_urls, turn
        kept = table.save_settings()
        note = t("stun_saved" if kept else "stun_this_visit", table.lang)
    box = friends.app.page.find(".stun-note")
    if box is not None:
        box.textContent = note


# -- the host's screen and its invitations ----------------------------------------------

@friends_action("setup")
def setup(friends: Friends, _arg: str) -> None:
    friends.hosting.setup()


@friends_action("to-table")
def to_table(friends: Friends, _arg: str) -> None:
    friends.hosting.lobby_open = False
    friends.app.table.show_table()
    friends.browser.refresh()


@friends_action("lobby")
def lobby(friends: Friends, _arg: str) -> None:
    friends.hosting.lobby_open = True
    friends.app.table.overlay = None  # the menu it was opened from
    friends.browser.refresh()


@friends_action("copy")
def copy(friends: Friends, seat: str) -> None:
    window.navigator.clipboard.writeText(friends.hosting.invites[int(seat)].link)


@friends_action("accept")
def accept(friends: Friends, seat: str) -> None:
    """A friend's answer pasted for ``seat``: read from the answer field of that seat."""
    field = friends.app.page.find(f".answer-text[data-seat={css_string(seat)}]")
    if seat.isdecimal():  # the seat its button was drawn with; the page is not trusted
        friends.app.spawn(friends.hosting.accept(int(seat), str(field.value) if field else ""))


@friends_action("scan")
def scan(friends: Friends, seat: str) -> None:
    friends.app.spawn(friends.hosting.scan(int(seat)))


@friends_action("renew")
def renew(friends: Friends, seat: str) -> None:
    friends.app.spawn(friends.hosting.invite(int(seat)))


@friends_action("to-bot")
def to_bot(friends: Friends, seat: str) -> None:
    friends.hosting.to_bot(int(seat))


@friends_action("online")
def online(friends: Friends, _arg: str) -> None:
    friends.app.spawn(friends.hosting.go_online())


@friends_action("copy-room")
def copy_room(friends: Friends, _arg: str) -> None:
    if friends.hosting.code:
        window.navigator.clipboard.writeText(friends.hosting.room_link())


@friends_action("admit")
def admit(friends: Friends, peer: str) -> None:
    friends.hosting.admit(peer)


@friends_action("refuse")
def refuse(friends: Friends, peer: str) -> None:
    friends.hosting.refuse(peer)


# -- a guest's screens -------------------------------------------------------------------

@friends_action("copy-answer")
def copy_answer(friends: Friends, _arg: str) -> None:
    if friends.joining.join_state is not None:
        window.navigator.clipboard.writeText(friends.joining.join_state["answer"])


@friends_action("rejoin")
def rejoin(friends: Friends, _arg: str) -> None:
    friends.joining.rejoin(typed(friends, "#rejoin-text"))


@friends_action("code")
def code(friends: Friends, _arg: str) -> None:
    friends.joining.code_screen()


@friends_action("join-back")
def join_back(friends: Friends, _arg: str) -> None:
    friends.joining.back()


@friends_action("join-code")
def join_code(friends: Friends, _arg: str) -> None:
    friends.app.spawn(friends.joining.join_code(typed(friends, "#room-code")))


@friends_action("rejoin-code")
def rejoin_code(friends: Friends, _arg: str) -> None:
    if friends.joining.code is not None:
        friends.app.spawn(friends.joining.join_code(friends.joining.code))
