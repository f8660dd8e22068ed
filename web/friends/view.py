"""The screens of a table shared between devices: the host's invitations, the guest's
answer, and the connection's state over the table.

Pure functions from data to markup, like the rest of :mod:`web.page.view`. The QR
codes arrive as SVG text drawn by web/friends/qr.js (qrcode-generator) and are shown
as images (``data:`` URLs); everything is escaped by :func:`~web.page.markup.html`.
Buttons carry ``data-friend`` (handled by :mod:`web.friends.page`).
"""

from __future__ import annotations

from dataclasses import dataclass

from web.friends.stun import stored_stun
from web.page.markup import EMPTY, Markup, html, join
from web.table.session import Session

TEXTS: dict[str, tuple[str, str]] = {
    "lobby_title": ("Gioca con amici", "Play with friends"),
    "lobby_intro": (
        "Ogni amico inquadra il suo codice QR con la fotocamera (o apre il link), poi ti "
        "mostra la sua risposta: inquadrala qui o incollala.",
        "Each friend scans their QR code with the camera (or opens the link), then shows you "
        "their answer: scan it here or paste it."),
    "offline_note": (
        "Senza internet si gioca sulla stessa rete Wi-Fi, se ogni dispositivo ha già aperto "
        "il gioco una volta (resta in memoria).",
        "With no internet you can play on the same Wi-Fi, if every device has opened the game "
        "once before (it stays cached)."),
    "stun_note": (
        "Senza un server STUN si collegano solo dispositivi sulla stessa rete.",
        "Without a STUN server only devices on the same network can connect."),
    "seat_for": ("Posto {n}: {name}", "Seat {n}: {name}"),
    "state_waiting": ("in attesa della risposta", "waiting for the answer"),
    "state_making": ("preparo l'invito…", "making the invitation…"),
    "state_connecting": ("collegamento…", "connecting…"),
    "state_open": ("collegato", "connected"),
    "state_interrupted": ("riconnessione…", "reconnecting…"),
    "state_closed": ("disconnesso: nuovo invito qui sotto", "disconnected: new invitation below"),
    "state_bot": ("lo gioca un bot", "played by a bot"),
    "state_failed": ("invito non pronto", "no invitation"),
    "no_peer_code": (
        "Non riesco a caricare il codice che collega i dispositivi: sei senza connessione? "
        "Riprova quando sei online.",
        "The code that connects the devices did not load: are you offline? Try again once "
        "online."),
    "link_failed": ("Il browser non ha preparato il collegamento ({error}). Riprova.",
                    "The browser could not prepare the connection ({error}). Try again."),
    "no_webrtc": (
        "Questo browser non permette collegamenti diretti tra dispositivi (WebRTC): apri il "
        "gioco con un altro browser.",
        "This browser does not allow direct connections between devices (WebRTC): open the "
        "game in another browser."),
    "qr_invitation": ("Codice QR dell'invito", "The invitation's QR code"),
    "qr_answer": ("Codice QR della risposta", "The answer's QR code"),
    "invitation": ("Invito (link da mandare)", "Invitation (link to send)"),
    "copy": ("Copia", "Copy"),
    "copied": ("Copiato", "Copied"),
    "answer_label": ("Risposta dell'amico", "Your friend's answer"),
    "accept": ("Collega", "Connect"),
    "scan": ("Inquadra la risposta", "Scan the answer"),
    "stop_scan": ("Chiudi la fotocamera", "Close the camera"),
    "no_camera": ("La fotocamera non è disponibile: incolla qui il testo della risposta.",
                  "The camera is not available: paste the answer's text here."),
    "new_invitation": ("Nuovo invito", "New invitation"),
    "to_bot": ("Fallo giocare a un bot", "Hand it to a bot"),
    "to_table": ("Al tavolo", "To the table"),
    "friends_button": ("Inviti degli amici", "Friends' invitations"),
    "dropped_title": ("{name} si è scollegato", "{name} is disconnected"),
    "dropped_text": (
        "Il posto resta suo: mandagli il nuovo invito da «Inviti degli amici», nel menu ☰ "
        "o, a fine mano, sul foglio dei punti (o fai giocare il posto a un bot).",
        "The seat stays theirs: send them the new invitation from “Friends' invitations”, "
        "in the menu ☰ or, at a hand's end, on the score sheet (or hand the seat to a bot)."),
    "stun_title": ("Server STUN (per giocare via internet)",
                   "STUN servers (to play over the internet)"),
    "stun_help": (
        "Uno per riga, ad esempio stun:stun.example.org:3478.",
        "One a line, e.g. stun:stun.example.org:3478."),
    "stun_save": ("Salva", "Save"),
    "stun_saved": ("Salvato.", "Saved."),
    "stun_this_visit": ("Vale finché la pagina resta aperta: il browser non l'ha salvato.",
                        "It holds while this page stays open: the browser did not keep it."),
    "stun_bad": ("Non è un indirizzo STUN: {url}", "Not a STUN address: {url}"),
    "join_title": ("Entra al tavolo di {host} come posto {n}", "Join {host}'s table as seat {n}"),
    "join_title_anon": ("Entra al tavolo come posto {n}", "Join the table as seat {n}"),
    "join_reading": ("Leggo l'invito…", "Reading the invitation…"),
    "join_failed": ("Non si entra al tavolo", "Cannot join the table"),
    "join_answer": (
        "Mostra questo codice a chi ti ha invitato (o mandagli il testo): lo inquadra con il "
        "suo dispositivo.",
        "Show this code to the host (or send them the text): they scan it with their device."),
    "join_answer_text": ("Risposta (testo)", "Answer (text)"),
    "join_waiting": ("In attesa che l'host ti colleghi…", "Waiting for the host to connect you…"),
    "join_connected": ("Collegato: l'host ti fa sedere…", "Connected: the host is seating you…"),
    "join_bad": ("Questo invito non si può usare ({code}). Chiedine uno nuovo all'host.",
                 "This invitation cannot be used ({code}). Ask the host for a new one."),
    "not_connected": (
        "Il collegamento non si è aperto (una risposta a un invito vecchio, o lo stesso "
        "invito aperto da due persone): ecco un invito nuovo per questo posto.",
        "The connection did not open (an answer to an older invitation, or one invitation "
        "opened by two people): here is a new invitation for this seat.",
    ),
    "answer_bad": ("Questa non è la risposta a questo invito ({code}).",
                   "This is not the answer to this invitation ({code})."),
    "reconnecting": ("riconnessione…", "reconnecting…"),
    "lost": ("Collegamento perso. Chiedi all'host un nuovo invito e aprilo qui (o incollalo).",
             "Connection lost. Ask the host for a new invitation and open it here (or paste it)."),
    "paste_invitation": ("Invito (link o testo)", "Invitation (link or text)"),
    "join": ("Entra", "Join"),
    "need_remote": (
        "Il posto 2 è ora «Amico, sul suo dispositivo»: scegli i posti e le regole, poi "
        "di nuovo «Gioca con amici».",
        "Seat 2 is now “Friend, on their own device”: choose the seats and rules, then "
        "“Play with friends” again."),
}


def qr_image(svg: str) -> str:
    """The SVG of a QR code (from web/friends/qr.js) as an image's ``data:`` URL, so it is
    drawn as an ``<img>`` and never parsed as the page's markup."""
    from urllib.parse import (
        quote,  # when a code is drawn, not with the page (web/newgame/challenge.py)
    )

    return "data:image/svg+xml," + quote(svg)


def say(key: str, lang: str, **facts: object) -> str:
    it, en = TEXTS[key]
    return (it if lang == "it" else en).format(**facts)


@dataclass(frozen=True)
class SeatInvite:
    """What the host's screen shows for one remote seat."""

    seat: int
    name: str
    state: str  # making, waiting, connecting, open, interrupted, closed, bot, failed
    link: str = ""  # the invitation as a link ("" until made)
    qr: str = ""  # its QR code: an image's data: URL (qr_image)
    error: str = ""  # why the last answer pasted could not be used, or the invitation made


def stun_box(lang: str, settings: dict) -> Markup:
    """The STUN servers setting (one URL a line, none by default), with what it means:
    without one only devices on the same network connect."""
    return html(
        '<details class="box stun"><summary>{title}</summary><p class="small">{warning} {help}'
        '</p><textarea id="stun-urls" rows="3" spellcheck="false" autocapitalize="off" '
        'aria-label="{title}">{urls}</textarea><p class="stun-note" role="status"></p>'
        '<button type="button" class="btn" data-friend="stun-save">{save}</button></details>',
        title=say("stun_title", lang), warning=say("stun_note", lang),
        help=say("stun_help", lang), urls="\n".join(stored_stun(settings)),
        save=say("stun_save", lang),
    )


def lobby(lang: str, seats: list[SeatInvite], stun: Markup) -> Markup:
    """The host's screen: an invitation and an answer field per remote seat."""
    rows = join(seat_card(seat, lang) for seat in seats)
    return html(
        '<div class="newgame friends"><header class="ng-head"><h1>{title}</h1></header>'
        '<p class="small">{intro}</p>'
        '<p class="small note">{offline} {stun_note}</p>'
        '<div class="invites">{rows}</div>{stun}'
        '<div class="ng-actions"><button type="button" class="btn primary big" '
        'data-friend="to-table">{to_table}</button></div></div>',
        title=say("lobby_title", lang), intro=say("lobby_intro", lang),
        offline=say("offline_note", lang), stun_note=say("stun_note", lang), rows=rows,
        stun=stun, to_table=say("to_table", lang),
    )


def seat_card(seat: SeatInvite, lang: str) -> Markup:
    head = html('<h2>{}</h2><p class="link-state" data-state="{}">{}</p>',
                say("seat_for", lang, n=seat.seat + 1, name=seat.name), seat.state,
                say("state_" + seat.state, lang))
    if seat.state in ("open", "bot", "making"):
        body = EMPTY
    elif seat.state == "failed":
        body = html('<p class="ng-error" role="alert">{}</p>', seat.error)
    else:
        body = html(
            '<img class="qr" src="{qr}" alt="{qr_alt}">'
            '<label class="row">{invitation}<textarea class="invite-text" readonly rows="3" '
            'data-seat="{n}">{link}</textarea></label>'
            '<button type="button" class="btn" data-friend="copy" data-arg="{n}">{copy}</button>'
            '<label class="row">{answer}<textarea class="answer-text" rows="3" data-seat="{n}" '
            'spellcheck="false" autocapitalize="off"></textarea></label>'
            '<p class="ng-error" role="alert">{error}</p>'
            '<div class="row-buttons"><button type="button" class="btn primary" '
            'data-friend="accept" data-arg="{n}">{accept}</button>'
            '<button type="button" class="btn" data-friend="scan" data-arg="{n}">{scan}'
            "</button></div>",
            qr=seat.qr, qr_alt=say("qr_invitation", lang), invitation=say("invitation", lang),
            n=seat.seat,
            link=seat.link, copy=say("copy", lang), answer=say("answer_label", lang),
            error=seat.error, accept=say("accept", lang), scan=say("scan", lang),
        )
    actions = EMPTY
    if seat.state != "bot":
        actions = html(
            '<div class="row-buttons">{renew}<button type="button" class="btn" '
            'data-friend="to-bot" data-arg="{n}">{to_bot}</button></div>',
            renew=html('<button type="button" class="btn" data-friend="renew" data-arg="{}">'
                       "{}</button>", seat.seat, say("new_invitation", lang))
            if seat.state in ("connecting", "interrupted", "failed") else EMPTY,
            n=seat.seat, to_bot=say("to_bot", lang),
        )
    return html('<section class="box invite" data-seat="{}">{}{}{}</section>', seat.seat, head,
                body, actions)


def join_screen(lang: str, *, host: str, seat: int | None, state: str, answer: str = "",
                qr: str = "", error: str = "", stun: Markup = EMPTY) -> Markup:
    """The guest's screen before it is seated: whose table, then the answer to show."""
    if error:
        title = say("join_failed", lang)
    elif seat is None:
        title = say("join_reading", lang)
    elif host:
        title = say("join_title", lang, host=host, n=seat + 1)
    else:
        title = say("join_title_anon", lang, n=seat + 1)
    if error:
        body = html('<p class="ng-error" role="alert">{}</p>{}', error, rejoin_box(lang))
    elif not answer:
        body = EMPTY
    elif state == "open":
        body = html('<p role="status">{}</p>', say("join_connected", lang))
    else:
        body = html(
            '<p>{explain}</p><img class="qr" src="{qr}" alt="{qr_alt}">'
            '<label class="row">{label}<textarea class="answer-out" readonly rows="3">{answer}'
            '</textarea></label><button type="button" class="btn" data-friend="copy-answer">'
            '{copy}</button><p role="status">{waiting}</p>',
            explain=say("join_answer", lang), qr=qr, qr_alt=say("qr_answer", lang),
            label=say("join_answer_text", lang),
            answer=answer, copy=say("copy", lang), waiting=say("join_waiting", lang),
        )
    return html(
        '<div class="newgame friends join"><header class="ng-head"><h1>{title}</h1></header>'
        '<section class="box">{body}</section>{stun}</div>',
        title=title, body=body, stun=stun,
    )


def rejoin_box(lang: str) -> Markup:
    """A field for a new invitation (pasted, when opening the link is not at hand)."""
    return html(
        '<label class="row">{label}<textarea id="rejoin-text" rows="2" spellcheck="false" '
        'autocapitalize="off"></textarea></label><button type="button" class="btn primary" '
        'data-friend="rejoin">{join}</button>',
        label=say("paste_invitation", lang), join=say("join", lang),
    )


def link_banner(lang: str, state: str) -> Markup:
    """Over a guest's table when its connection is not open."""
    if state == "open":
        return EMPTY
    if state == "interrupted" or state == "connecting":
        return html('<div class="peer-banner" role="status">{}</div>', say("reconnecting", lang))
    return html('<div class="peer-banner lost" role="alert"><p>{}</p>{}</div>',
                say("lost", lang), rejoin_box(lang))


def hosts_friends(session: Session) -> bool:
    """Whether this device hosts a match with seats played on friends' devices: the
    invitations are its to send again."""
    return session.deals and any(seat.is_remote for seat in session.seats)


def lobby_button(lang: str) -> Markup:
    """In the host's menu and on its score sheet at a hand's end: back to the
    invitations (a new one for a seat that dropped, a seat handed to a bot)."""
    return html('<button type="button" class="btn" data-friend="lobby">{}</button>',
                say("friends_button", lang))


def step_mark(step: int | None) -> Markup:
    """The step of the match this page shows (for tests and the benchmark to wait on)."""
    return html('<i class="peer-step" hidden data-step="{}"></i>', "" if step is None else step)
