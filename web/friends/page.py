"""Play with friends, in the page: the host's and the guest's parts around the table.

The page's side of a shared table (what needs the browser): it makes the WebRTC
links with web/friends/connection.js, draws invitations and answers as QR codes
with web/friends/qr.js, and connects them to the seats of
:mod:`web.friends.seats`, where the table code meets remote players. The host's
part is :mod:`web.friends.hosting`, a guest's :mod:`web.friends.joining`.

The App is the page's only listener: the friends' buttons are actions bound by name as
every feature's (:mod:`web.friends.actions`, which binds them to this part when the
page makes it), and it calls :meth:`Friends.after_act` after every action. At a
friends' table the quick messages (web/friends/quick.py) are the table's own: their
button is a part of its top bar and their phrases an action, bound with the table
(``web.table.registry``), which imports nothing of this package; :meth:`Friends.talker`
says who sends them here.
What this part uses of the App is :class:`~web.friends.browser.PageApp`.
"""

from __future__ import annotations

from web.friends import quick, view
from web.friends.browser import Browser, PageApp
from web.friends.hosting import Hosting
from web.friends.joining import Joining
from web.friends.seats import GuestSession, RemoteSeats, given_name
from web.friends.setup import FriendsChoice, setup_screen
from web.table.session import Session
from web.table.shown import Screen
from web.ui.markup import EMPTY, Markup


class Friends:
    """The shared table's part of the page (one instance, made by the App with its
    actions bound to it: :func:`web.friends.actions.friends_part`)."""

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
            you = view.name_box(lang, table.settings.name)
            return setup_screen(lang, self.choosing, you=you, advanced=advanced,
                                error=self.choosing_error)
        if joining.join_state is not None:
            you = view.name_box(lang, table.settings.name)
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

    # -- the keys ----------------------------------------------------------------------

    @property
    def way_back(self) -> str:
        """The action Escape presses on a friends' screen (:attr:`covers_table`), as a
        dialog's Escape presses its close: Back on the friends' screen and on a join
        screen, else "To the table" on the host's (web/friends/actions.py)."""
        if self.choosing is not None:
            return "friends-back"
        return "join-back" if self.joining.join_state is not None else "to-table"
