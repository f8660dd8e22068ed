"""Play with friends, in the page: the host's and the guest's parts around the table.

The page's side of a shared table (what needs the browser): it makes the WebRTC
links with web/friends/connection.js, draws invitations and answers as QR codes
with web/friends/qr.js, and connects them to the seats of
:mod:`web.friends.seats`, where the table code meets remote players. The host's
part is :mod:`web.friends.hosting`, a guest's :mod:`web.friends.joining`.

The App is the page's only listener: it hands the ``data-friend`` buttons to
:meth:`Friends.click` and calls :meth:`Friends.after_act` after every action. At a
friends' table the quick messages (web/friends/quick.py) are the table's own: their
button is a part of its top bar and their phrases an action, bound with the table
(``web.table.registry``), which imports nothing of this package; :meth:`Friends.talker`
says who sends them here.
What this part uses of the App is :class:`~web.friends.browser.PageApp`.
"""

from __future__ import annotations

from pyscript import window

from web.friends import quick, view
from web.friends.browser import Browser, PageApp
from web.friends.hosting import Hosting
from web.friends.internet import read_relays, read_turn
from web.friends.joining import Joining
from web.friends.seats import GuestSession, RemoteSeats, given_name
from web.friends.setup import FriendsChoice, match_setup, setup_screen
from web.friends.stun import read_stun
from web.i18n import t
from web.store.settings import stored_name
from web.table.session import Session
from web.table.shown import Screen
from web.ui.dom import css_string
from web.ui.markup import EMPTY, Markup


class Friends:
    """The shared table's part of the page (one instance, made by the App)."""

    def __init__(self, app: PageApp) -> None:
        self.app = app
        self.browser = Browser(app)
        self.hosting = Hosting(self.browser)
        self.joining = Joining(self.browser)
        self.choosing: FriendsChoice | None = None  # the friends' screen, while open
        self.choosing_error = ""
        quick.talker = self.talker

    def follow_tab(self) -> None:
        """Only the tab that owns the match hosts it. A tab that lost it to another
        closes its friends' links, so they stop playing on a match this tab no longer
        saves (the guests see the host gone, and rejoin through the new owner's
        invitations with the same secrets, finding their hands as saved). A tab that
        owns it (at start, or through "play here") invites the saved match's friends."""
        table = self.app.table
        hosting = self.hosting
        if not table.tab.may_play:
            hosting.stop_hosting()
            return
        session = table.session
        if self.joining.join_state is None and session is not None \
                and not hosting.hosts(session) and not isinstance(session, GuestSession) \
                and session.with_friends:
            hosting.host_saved()

    def after_act(self) -> None:
        """After every action (the App's one path): a match left or replaced closes its
        links (the guests see the link lost), but for its rematch, which the friends
        play on them; a new one with friends' seats gets its invitations."""
        session = self.app.table.session
        hosting, joining = self.hosting, self.joining
        if hosting.remote is not None and not hosting.plays_the_table():
            hosting.stop_hosting()
        if joining.guest is not None and joining.join_state is None \
                and not isinstance(session, GuestSession):
            joining.leave()
        hosting.after_start()

    # -- drawing (App.render asks) -----------------------------------------------------

    @property
    def covers_table(self) -> bool:
        """A friends screen is drawn instead of the table (its keys do not play)."""
        return self.choosing is not None or self.joining.join_state is not None or (
            self.hosting.remote is not None and self.hosting.lobby_open)

    def screen(self, markup: Markup) -> Markup:
        """The page to draw: a friends screen, or the table's ``markup`` with what the
        links add to it (a guest's lost connection, the step shown)."""
        table = self.app.table
        lang = table.lang
        advanced = view.advanced_box(lang, table.settings)
        hosting, joining = self.hosting, self.joining
        if self.choosing is not None:
            you = view.name_box(lang, stored_name(table.settings))
            return setup_screen(lang, self.choosing, you=you, advanced=advanced,
                                error=self.choosing_error)
        if joining.join_state is not None:
            you = view.name_box(lang, stored_name(table.settings))
            return view.join_screen(lang, you=you, advanced=advanced, **joining.join_state)
        session = table.session
        if hosting.remote is not None and session is not None:
            if hosting.lobby_open:
                invites = [hosting.invites[s] for s in sorted(hosting.invites)]
                seat = hosting.remote.own_seat
                you = view.name_box(lang, given_name(session.name(seat))) \
                    if seat is not None else EMPTY
                internet = view.internet_box(
                    lang, hosting.code, hosting.room_link() if hosting.code else "",
                    tuple(hosting.knocks.values()), hosting.room_error)
                return view.lobby(lang, invites, session.names, you=you, advanced=advanced,
                                  internet=internet)
            if table.screen is Screen.TABLE:
                # said over the table when the match waits on a seat nobody holds (the
                # player's own turn is played first, the cards and buttons in view)
                missing = hosting.absent()
                waits = table.overlay is None and session.state.to_move in missing
                absent = [(seat, session.name(seat)) for seat in missing] if waits else []
                return markup + view.waiting_banner(lang, absent) \
                    + view.step_mark(hosting.remote.host.step)
        if joining.guest_link is not None and table.screen is Screen.TABLE:
            state = str(joining.guest_link.state)
            step = joining.guest.step if joining.guest is not None else None
            return markup + view.link_banner(lang, state, joining.code is not None) \
                + view.step_mark(step)
        return markup

    # -- quick messages (web/friends/quick.py) -------------------------------------------

    def talker(self, session: Session | None) -> RemoteSeats | GuestSession | None:
        """What sends this device's quick messages at ``session``'s table: a guest's
        session, or the host's remote seats when one person plays at the host's device;
        None at any other table (bots alone, the lesson, a device shared by several)."""
        if isinstance(session, GuestSession):
            return session
        remote = self.hosting.remote
        if session is not None and remote is not None and self.hosting.hosts(session) \
                and remote.own_seat is not None:
            return remote
        return None

    # -- the data-friend buttons (the App hands their clicks here) ---------------------

    def click(self, what: str, arg: str) -> None:
        """The button ``data-friend=what`` with ``data-arg=arg`` was clicked."""
        app, hosting = self.app, self.hosting
        if what == "friends":
            self.choose()
        elif what == "friends-back":
            self.choosing = None
            self.browser.refresh()
        elif what == "friends-go" and self.choosing is not None:
            self.invite_friends()
        elif what == "setup":
            hosting.setup()
        elif what == "to-table":
            hosting.lobby_open = False
            app.table.screen = Screen.TABLE
            app.table.overlay = app.table.sheet_behind()  # a hand's end: its sheet
            self.browser.refresh()
        elif what == "lobby":
            hosting.lobby_open = True
            app.table.overlay = None  # the menu it was opened from
            self.browser.refresh()
        elif what == "copy":
            window.navigator.clipboard.writeText(hosting.invites[int(arg)].link)
        elif what == "copy-answer" and self.joining.join_state is not None:
            window.navigator.clipboard.writeText(self.joining.join_state["answer"])
        elif what == "accept":
            field = app.page.find(f".answer-text[data-seat={css_string(arg)}]")
            if arg.isdecimal():  # the seat its button was drawn with; the page is not trusted
                app.spawn(hosting.accept(int(arg), str(field.value) if field else ""))
        elif what == "scan":
            app.spawn(hosting.scan(int(arg)))
        elif what == "renew":
            app.spawn(hosting.invite(int(arg)))
        elif what == "to-bot":
            hosting.to_bot(int(arg))
        elif what == "stun-save":
            self.save_stun()
        elif what == "rejoin":
            field = app.page.find("#rejoin-text")
            self.joining.rejoin(str(field.value) if field else "")
        elif what == "online":
            app.spawn(hosting.go_online())
        elif what == "copy-room" and hosting.code:
            window.navigator.clipboard.writeText(hosting.room_link())
        elif what == "admit":
            hosting.admit(arg)
        elif what == "refuse":
            hosting.refuse(arg)
        elif what == "code":
            self.joining.code_screen()
        elif what == "join-back":
            self.joining.back()
        elif what == "join-code":
            field = app.page.find("#room-code")
            app.spawn(self.joining.join_code(str(field.value) if field else ""))
        elif what == "rejoin-code" and self.joining.code is not None:
            app.spawn(self.joining.join_code(self.joining.code))

    def escape(self) -> None:
        """Escape on a friends screen (:attr:`covers_table`) presses its way back, as a
        dialog's Escape presses its close: Back on the friends' screen and on a join
        screen, else "To the table" on the host's."""
        if self.choosing is not None:
            self.click("friends-back", "")
        else:
            self.click("join-back" if self.joining.join_state is not None else "to-table", "")

    # -- the friends' screen: the choices, then the match and its invitations -----------

    def choose(self) -> None:
        """"Play with friends": the friends' screen, with the last choice made there."""
        self.choosing = FriendsChoice.read(self.app.table.settings.get("friends"),
                                           online=bool(window.navigator.onLine))
        self.choosing_error = ""
        self.browser.refresh()

    def invite_friends(self) -> None:
        """"Invite": the match of the choice (the form's rules), kept as the screen's next
        choice; its invitations, and over the internet its code at once. A choice that
        cannot start stays on the screen with the reason."""
        page, table = self.app.page, self.app.table

        def typed(selector: str) -> str:
            field = page.find(selector)
            return str(field.value) if field is not None else ""

        way = page.find('[name="friends-way"]:checked')
        choice = FriendsChoice.read({"friends": typed("#friends-count"),
                                     "bots": typed("#friends-bots"),
                                     "level": typed("#friends-level"),
                                     "way": str(way.value) if way is not None else ""},
                                    online=bool(window.navigator.onLine))
        self.choosing, lang = choice, table.lang
        if not choice.fits:
            self.choosing_error = t("friends_too_many", lang)
            self.browser.refresh()
            return
        table.settings["friends"] = choice.stored()
        table.save_settings()
        setup = match_setup(choice, table.settings.get("last", {}),
                            stored_name(table.settings), lang)
        self.choosing = None
        error = self.hosting.start(setup, keep=False, online=choice.way == "internet")
        if error is not None:
            self.choosing, self.choosing_error = choice, error
            self.browser.refresh()

    def set_name(self, typed: str) -> None:
        """"Your name" changed on a friends' screen: kept in the settings (a guest's next
        ``join`` carries it), and a host's friends are shown it at once."""
        name = given_name(typed)
        settings = self.app.table.settings
        if name:
            settings["name"] = name
        else:
            settings.pop("name", None)
        self.app.table.save_settings()
        self.hosting.rename(name)
        self.browser.refresh()

    def save_stun(self) -> None:
        """Keep the advanced settings typed (or say which one is wrong); the box stays
        open. The STUN URLs, the relays and the TURN server are kept with the settings."""
        page, lang = self.app.page, self.app.table.lang

        def typed(selector: str) -> str:
            field = page.find(selector)
            return str(field.value) if field is not None else ""

        urls, bad = read_stun(typed("#stun-urls"))
        relay_urls, bad_relays = read_relays(typed("#relay-urls"))
        turn_url = typed("#turn-url").strip()
        turn = read_turn(turn_url, typed("#turn-user"), typed("#turn-password"))
        settings = self.app.table.settings
        if bad:
            note = t("stun_bad", lang, url=bad[0])
        elif bad_relays:
            note = t("relays_bad", lang, url=bad_relays[0])
        elif turn_url and turn is None:
            note = t("turn_bad", lang)
        else:
            settings["stun"] = urls
            for key, value in (("relays", relay_urls), ("turn", turn)):
                if value:
                    settings[key] = value
                else:
                    settings.pop(key, None)
            kept = self.app.table.save_settings()
            note = t("stun_saved" if kept else "stun_this_visit", lang)
        box = self.app.page.find(".stun-note")
        if box is not None:
            box.textContent = note
