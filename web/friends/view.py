"""The screens of a table shared between devices: the host's invitations, the guest's
answer, and the connection's state over the table.

Pure functions from data to markup, like the rest of :mod:`web.page.view`. The QR
codes arrive as SVG text drawn by web/friends/qr.js (qrcode-generator) and are shown
as images (``data:`` URLs); everything is escaped by :func:`~web.ui.markup.html`.
Buttons carry ``data-act``, bound by :mod:`web.friends.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.friends.internet import PUBLIC_RELAYS, read_relays, stored_turn
from web.friends.room import show_code
from web.friends.stun import stored_stun
from web.i18n import t
from web.store.seat import NAME_LIMIT
from web.store.settings import Settings
from web.table.registry import MATCH_BUTTONS
from web.table.session import Session
from web.ui.markup import EMPTY, Markup, html, join


def qr_image(svg: str) -> str:
    """The SVG of a QR code (from web/friends/qr.js) as an image's ``data:`` URL, so it is
    drawn as an ``<img>`` and never parsed as the page's markup."""
    from urllib.parse import (
        quote,  # when a code is drawn, not with the page (web/daily/challenge.py)
    )

    return "data:image/svg+xml," + quote(svg)


@dataclass(frozen=True)
class SeatInvite:
    """What the host's screen shows for one remote seat."""

    seat: int
    state: str  # making, waiting, connecting, open, interrupted, closed, bot, failed
    link: str = ""  # the invitation as a link ("" until made)
    qr: str = ""  # its QR code: an image's data: URL (qr_image)
    error: str = ""  # why the last answer pasted could not be used, or the invitation made

    @property
    def held(self) -> bool:
        """Someone holds the seat: a friend connected (or only reconnecting), or a bot.
        A seat nobody holds is one the table would wait on without end."""
        return self.state in ("open", "interrupted", "bot")


def advanced_box(lang: str, settings: Settings) -> Markup:
    """The friends' screens' "Advanced" part, for the few players whose friends cannot
    connect: each field with one sentence under it saying, in the player's words, what
    it is for. The STUN servers (one URL a line, none by default: without one only
    devices on the same network connect, unless over the internet, where public ones are
    used), a TURN server (which networks need one) and the relays a code meets on
    (empty: the public ones of web/friends/internet.py)."""
    turn = stored_turn(settings) or {}
    return html(
        '<details class="box advanced stun" id="friends-advanced"><summary>{advanced}</summary>'
        '<p class="small">{intro}</p><label class="row">{title}<textarea id="stun-urls" '
        'rows="3" spellcheck="false" autocapitalize="off">{urls}</textarea></label>'
        '<p class="small">{help}</p>'
        '<label class="row">{turn_url}<input id="turn-url" type="text" spellcheck="false" '
        'autocapitalize="off" placeholder="turn:turn.example.org:3478" value="{turn_value}">'
        '</label><p class="small">{turn_help}</p><label class="row">{turn_user}<input '
        'id="turn-user" type="text" autocapitalize="off" autocomplete="off" value="{user}">'
        '</label><p class="small">{user_help}</p><label class="row">{turn_password}<input '
        'id="turn-password" type="password" autocomplete="off" value="{password}"></label>'
        '<p class="small">{password_help}</p>'
        '<label class="row">{relays_title}<textarea id="relay-urls" rows="2" '
        'spellcheck="false" autocapitalize="off">{relays}</textarea></label>'
        '<p class="small">{relays_help}</p><p class="stun-note" role="status"></p>'
        '<button type="button" class="btn" data-act="stun-save">{save}</button></details>',
        advanced=t("advanced", lang), intro=t("advanced_intro", lang),
        title=t("stun_title", lang), help=t("stun_help", lang),
        urls="\n".join(stored_stun(settings)),
        turn_url=t("turn_url", lang), turn_value=turn.get("urls", ""),
        turn_help=t("turn_help", lang), turn_user=t("turn_user", lang),
        user=turn.get("username", ""), user_help=t("turn_user_help", lang),
        turn_password=t("turn_password", lang), password=turn.get("credential", ""),
        password_help=t("turn_password_help", lang), relays_title=t("relays_title", lang),
        relays="\n".join(read_relays("\n".join(settings.relays))[0]),
        relays_help=t("relays_help", lang, relays=", ".join(
            url.removeprefix("wss://") for url in PUBLIC_RELAYS)),
        save=t("stun_save", lang),
    )


def name_box(lang: str, name: str) -> Markup:
    """"Your name", asked once on the friends' screens (kept in the settings): the
    name the others' devices show for this player's seat."""
    return html(
        '<section class="box your-name"><label class="row">{label}<input id="player-name" '
        'data-set="name" type="text" maxlength="{limit}" autocomplete="nickname" '
        'value="{name}"></label><p class="small">{help}</p></section>',
        label=t("your_name", lang), limit=NAME_LIMIT, name=name, help=t("your_name_help", lang),
    )


def lobby(lang: str, seats: list[SeatInvite], names: list[str], *, you: Markup = EMPTY,
          advanced: Markup = EMPTY, internet: Markup = EMPTY) -> Markup:
    """The host's screen: "Your name" (``you``, when the host plays a seat), play over the
    internet (``internet``: :func:`internet_box`), an invitation and an answer field per
    remote seat (``names``: every seat's, as the table shows them), the advanced part."""
    rows = join(seat_card(seat, names[seat.seat], lang) for seat in seats)
    return html(
        '<div class="newgame friends"><header class="ng-head"><h1>{title}</h1></header>'
        '<p class="small">{intro}</p>'
        '<p class="small note">{offline}</p>{you}{internet}'
        '<div class="invites">{rows}</div>{advanced}'
        '<div class="ng-actions"><button type="button" class="btn primary big" '
        'data-act="to-table">{to_table}</button>{absent}</div></div>',
        title=t("lobby_title", lang), intro=t("lobby_intro", lang),
        offline=t("offline_note", lang), you=you, rows=rows, advanced=advanced,
        to_table=t("to_table", lang), internet=internet,
        absent=html('<p class="small absent-note">{}</p>', t("to_table_absent", lang))
        if not all(seat.held for seat in seats) else EMPTY,
    )


@dataclass(frozen=True)
class Knocking:
    """A friend who asked to join by code, waiting for the host's answer."""

    peer: str  # trystero's id of the friend's device in the room
    name: str  # the name it gave ("" for none)


def internet_box(lang: str, code: str = "", link: str = "", knocks: tuple[Knocking, ...] = (),
                 error: str = "") -> Markup:
    """The lobby's "Play over the internet": before the host chose it, what leaves the
    device and the button; then the code, its link, and "Anna wants to join: Admit /
    Refuse" for each friend who knocked."""
    if not code:
        return html(
            '<section class="box internet"><h2>{title}</h2><p class="small">{what}</p>'
            '<p class="ng-error" role="alert">{error}</p>'
            '<button type="button" class="btn primary" data-act="online">{start}</button>'
            '</section>', title=t("net_title", lang), what=t("net_what", lang), error=error,
            start=t("net_start", lang))
    rows = join(html(
        '<li class="knock" data-peer="{peer}"><span>{who}</span><span class="row-buttons">'
        '<button type="button" class="btn primary" data-act="admit" data-arg="{peer}">'
        '{admit}</button><button type="button" class="btn" data-act="refuse" '
        'data-arg="{peer}">{refuse}</button></span></li>', peer=knock.peer,
        who=t("knock", lang, name=knock.name or t("knock_nameless", lang)),
        admit=t("admit", lang), refuse=t("refuse", lang)) for knock in knocks)
    return html(
        '<section class="box internet online"><h2>{title}</h2><p class="small">{what}</p>'
        '<p class="ng-error" role="alert">{error}</p>'
        '<p class="code-line">{label} <strong class="room-code" data-code="{code}">{shown}'
        '</strong></p><p class="small">{help}</p>'
        '<label class="row">{link_label}<textarea class="room-link" id="room-link" readonly '
        'rows="2">{link}</textarea></label>'
        '<button type="button" class="btn" data-act="copy-room">{copy}</button>'
        '<ul class="knocks" aria-live="polite">{rows}</ul></section>',
        title=t("net_title", lang), what=t("net_what", lang), label=t("net_code", lang),
        code=code, shown=show_code(code), help=t("net_code_help", lang),
        link_label=t("net_link", lang), link=link, copy=t("copy", lang), rows=rows,
        error=error,
    )


def seat_card(seat: SeatInvite, name: str, lang: str) -> Markup:
    head = html('<h2>{}</h2><p class="link-state" data-state="{}">{}</p>',
                t("seat_for", lang, n=seat.seat + 1, name=name), seat.state,
                t("state_" + seat.state, lang))
    if seat.state in ("open", "bot", "making"):
        body = EMPTY
    elif seat.state == "failed":
        body = html('<p class="ng-error" role="alert">{}</p>', seat.error)
    else:
        body = html(
            '<img class="qr" src="{qr}" alt="{qr_alt}">'
            '<label class="row">{invitation}<textarea class="invite-text" id="invite-{n}" '
            'readonly rows="3" data-seat="{n}">{link}</textarea></label>'
            '<button type="button" class="btn" data-act="copy" data-arg="{n}">{copy}</button>'
            '<label class="row">{answer}<textarea class="answer-text" id="answer-{n}" rows="3" '
            'data-seat="{n}" spellcheck="false" autocapitalize="off"></textarea></label>'
            '<p class="ng-error" role="alert">{error}</p>'
            '<div class="row-buttons"><button type="button" class="btn primary" '
            'data-act="accept" data-arg="{n}">{accept}</button>'
            '<button type="button" class="btn" data-act="scan" data-arg="{n}">{scan}'
            "</button></div>",
            qr=seat.qr, qr_alt=t("qr_invitation", lang), invitation=t("invitation", lang),
            n=seat.seat,
            link=seat.link, copy=t("copy", lang), answer=t("answer_label", lang),
            error=seat.error, accept=t("accept", lang), scan=t("scan", lang),
        )
    actions = EMPTY
    if seat.state != "bot":
        actions = html(
            '<div class="row-buttons">{renew}<button type="button" class="btn" '
            'data-act="to-bot" data-arg="{n}">{to_bot}</button></div>',
            renew=html('<button type="button" class="btn" data-act="renew" data-arg="{}">'
                       "{}</button>", seat.seat, t("new_invitation", lang))
            if seat.state in ("connecting", "interrupted", "failed") else EMPTY,
            n=seat.seat, to_bot=t("to_bot", lang),
        )
    return html('<section class="box invite" data-seat="{}">{}{}{}</section>', seat.seat, head,
                body, actions)


def join_screen(lang: str, *, host: str, seat: int | None, state: str, answer: str = "",
                qr: str = "", error: str = "", you: Markup = EMPTY, advanced: Markup = EMPTY,
                code: str | None = "", typed: str = "") -> Markup:
    """The guest's screen before it is seated: whose table, then the answer to show,
    "Your name" (``you``) and the advanced part. Joining by code (``code``, once typed),
    the states are ``code`` (the field to type it), ``looking``, ``asked`` (the host
    decides) and ``connecting``, and no answer is shown: it travels by the room; ``typed``
    is a code refused, shown again to be corrected."""
    if state == "code" or (code and not answer):
        return code_screen(lang, state=state, host=host, error=error,
                           code=show_code(code) if code else typed, you=you, advanced=advanced)
    if error:
        title = t("join_failed", lang)
    elif seat is None:
        title = t("join_reading", lang)
    elif host:
        title = t("join_title", lang, host=host, n=seat + 1)
    else:
        title = t("join_title_anon", lang, n=seat + 1)
    if error:
        body = html('<p class="ng-error" role="alert">{}</p>{}', error, rejoin_box(lang))
    elif not answer:
        body = EMPTY
    elif state == "open":
        body = html('<p role="status">{}</p>', t("join_connected", lang))
    else:
        body = html(
            '<p>{explain}</p><img class="qr" src="{qr}" alt="{qr_alt}">'
            '<label class="row">{label}<textarea class="answer-out" id="answer-out" readonly '
            'rows="3">{answer}'
            '</textarea></label><button type="button" class="btn" data-act="copy-answer">'
            '{copy}</button><p role="status">{waiting}</p>',
            explain=t("join_answer", lang), qr=qr, qr_alt=t("qr_answer", lang),
            label=t("join_answer_text", lang),
            answer=answer, copy=t("copy", lang), waiting=t("join_waiting", lang),
        )
    return html(
        '<div class="newgame friends join"><header class="ng-head"><h1>{title}</h1></header>'
        '<section class="box">{body}</section>{you}{advanced}{back}</div>',
        title=title, body=body, you=you, advanced=advanced, back=back_button(lang),
    )


def code_screen(lang: str, *, state: str, host: str, error: str, code: str, you: Markup,
                advanced: Markup) -> Markup:
    """Joining by code: the field (with a refusal above it) until the room is joined, then
    what the guest waits for."""
    if state == "code":
        body = html(
            '<p class="ng-error" role="alert">{error}</p><label class="row">{label}<input '
            'id="room-code" type="text" inputmode="text" autocapitalize="characters" '
            'autocomplete="off" spellcheck="false" maxlength="40" value="{code}"></label>'
            '<p class="small">{help}</p><button type="button" class="btn primary" '
            'data-act="join-code">{join}</button>',
            error=error, label=t("code_label", lang), code=code,
            help=t("code_help", lang), join=t("join", lang))
    else:
        wait = {"looking": t("code_looking", lang),
                "asked": t("code_asked", lang, host=host) if host
                else t("code_asked_anon", lang),
                "open": t("join_connected", lang),
                "interrupted": t("reconnecting", lang)}.get(state, t("code_connecting", lang))
        body = html('<p class="code-line">{} <strong class="room-code">{}</strong></p>'
                    '<p role="status" class="code-wait">{}</p>', t("net_code", lang), code, wait)
    return html(
        '<div class="newgame friends join by-code"><header class="ng-head"><h1>{title}</h1>'
        '</header><section class="box">{body}</section>{you}{advanced}{back}</div>',
        title=t("code_title", lang), body=body, you=you, advanced=advanced,
        back=back_button(lang, home=state != "code"),
    )


def back_button(lang: str, *, home: bool = False) -> Markup:
    """Under a join screen: give up joining (web.friends.joining.Joining.back). While
    the guest waits (``home``) it takes the focus that the code's field had: the one
    thing to do then, where the first field ("Your name") would open a phone's keyboard
    over what the guest waits for."""
    return html('<div class="ng-actions"><button type="button" class="btn" '
                'data-act="join-back"{home}>{back}</button></div>', back=t("join_back", lang),
                home=Markup(" data-focus-home") if home else EMPTY)


def rejoin_box(lang: str) -> Markup:
    """A field for a new invitation (pasted, when opening the link is not at hand)."""
    return html(
        '<label class="row">{label}<textarea id="rejoin-text" rows="2" spellcheck="false" '
        'autocapitalize="off"></textarea></label><button type="button" class="btn primary" '
        'data-act="rejoin">{join}</button>',
        label=t("paste_invitation", lang), join=t("join", lang),
    )


def link_banner(lang: str, state: str, by_code: bool = False) -> Markup:
    """Over a guest's table when its connection is not open; one that joined by code
    (``by_code``) rejoins through the same code."""
    if state == "open":
        return EMPTY
    if state == "interrupted" or state == "connecting":
        return html('<div class="peer-banner" role="status">{}</div>', t("reconnecting", lang))
    again = html('<button type="button" class="btn primary" data-act="rejoin-code">{}'
                 "</button>", t("rejoin_code", lang)) if by_code else EMPTY
    return html('<div class="peer-banner lost" role="alert"><p>{}</p>{}{}</div>',
                t("lost", lang), again, rejoin_box(lang))


def waiting_banner(lang: str, absent: list[tuple[int, str]]) -> Markup:
    """Over the host's table while a friend's seat is held by nobody (``absent``: each
    such seat and its name): the table waits on it, so it says so, with the two ways
    on: the invitations again, or a bot of this device in the seat."""
    if not absent:
        return EMPTY
    rows = join(html(
        '<li data-seat="{seat}"><span>{wait}</span><button type="button" class="btn" '
        'data-act="to-bot" data-arg="{seat}">{to_bot}</button></li>', seat=seat,
        wait=t("seat_waiting", lang, name=name), to_bot=t("seat_to_bot", lang))
        for seat, name in absent)
    return html(
        '<div class="peer-banner waiting" role="status"><ul>{rows}</ul>'
        '<button type="button" class="btn primary" data-act="lobby">{again}</button></div>',
        rows=rows, again=t("invite_again", lang))


def hosts_friends(session: Session) -> bool:
    """Whether this device hosts a match with seats played on friends' devices: the
    invitations are its to send again."""
    return session.deals and session.with_friends


def lobby_button(lang: str) -> Markup:
    """In the host's menu and on its score sheet at a hand's end: back to the
    invitations (a new one for a seat that dropped, a seat handed to a bot)."""
    return html('<button type="button" class="btn" data-act="lobby">{}</button>',
                t("friends_button", lang))


def lobby_part(session: Session, lang: str) -> Markup:
    """The host's way back to its invitations, among the match's buttons."""
    return lobby_button(lang) if hosts_friends(session) else EMPTY


MATCH_BUTTONS["lobby"] = lobby_part


def step_mark(step: int | None) -> Markup:
    """The step of the match this page shows (for tests and the benchmark to wait on)."""
    return html('<i class="peer-step" hidden data-step="{}"></i>', "" if step is None else step)
