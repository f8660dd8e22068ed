"""The card table as HTML: the top bar, the other players, stock and pile, the melds,
the buttons and the shown hand (the log of moves is :mod:`web.table.log`).

Interactive elements carry ``data-act`` (what a click does), ``data-drag`` /
``data-drop`` (gestures.js) and an accessible name; the App's (web/page/app.py) one
delegated handler reads them. Reading the session only: nothing here changes it.
"""

from __future__ import annotations

from scala40 import (
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    Phase,
    SwapJoker,
    TakeDiscard,
    opening_progress,
)
from web.i18n import card_name, t
from web.table.cards import card_face, mini_card, suit_class
from web.table.kinds import kind_of
from web.table.log import log_panel
from web.table.names import hand_card_name, hinted, meld_name
from web.table.registry import TOPBAR, drawn
from web.table.session import Session
from web.table.speech import turn_prompt
from web.ui.markup import EMPTY, Markup, html, join


def table(session: Session, lang: str, *, thinking: bool) -> Markup:
    """The table: the top bar, the other players, the board (stock, pile and the melds,
    which scroll on their own), the log, and the dock at the bottom (message, buttons
    and the hand), which always stays in view."""
    parts = [
        topbar(session, lang),
        opponents(session, lang, thinking=thinking),
        html('<div class="board">{}{}</div>', center(session, lang, thinking=thinking),
             melds(session, lang)),
        log_panel(session, lang),
        html('<div class="dock">{}{}</div>', controls(session, lang), hand_view(session, lang)),
        closing_banner(session, lang),
    ]
    classes = ["table", f"seats-{len(session.seats)}"]
    if session.my_turn():
        classes += ["my-turn", f"phase-{session.state.hand.phase}"]
    if closed_just_now(session):
        classes.append("fx-closing")
    return html('<div class="{}">{}</div>', " ".join(classes), join(parts))


def closed_just_now(session: Session) -> bool:
    """The move just drawn ended the hand by a closing (the sheet waits a moment)."""
    state = session.state
    return (session.last is not None and state.hand_over and state.hand.result is not None
            and state.hand.result.closer is not None)


def closing_banner(session: Session, lang: str) -> Markup:
    """"Bruno chiude!": a short moment on the table before the score sheet."""
    if not closed_just_now(session):
        return EMPTY
    result = session.state.hand.result
    assert result is not None and result.closer is not None
    closer = result.closer
    you = len(session.humans) == 1 and closer == session.viewer
    text = t("move_close", lang, you=you, name=session.name(closer))
    return html('<div class="closing-banner" role="status">{}</div>', text)


def played_from(session: Session, card: Card) -> str:
    """Where a card of the meld the last move laid or grew travels from: the hand card
    the viewer played (``card:<code>``) or the chip of the seat that played it; ""
    for the meld's other cards."""
    if session.last is None:
        return ""
    seat, last = session.last
    if isinstance(last, Attach | SwapJoker) and card != last.card:
        return ""
    return motion_from(session, seat) or f"card:{card}"


def motion_from(session: Session, seat: int) -> str:
    """Where a card played by ``seat`` comes from on screen: the viewer's hand card
    (``card:<code>`` is added by the caller) or the seat's chip."""
    return "" if seat == session.viewer else f"seat:{seat}"


def topbar(session: Session, lang: str) -> Markup:
    state = session.state
    mode = (
        t("mode_single_short", lang)
        if state.rules.mode == "single"
        else t("mode_custom_short", lang, n=state.rules.elimination_score)
    )
    return html(
        '<header class="topbar">'
        '<button class="btn icon" data-act="menu" aria-label="{menu}">☰</button>'
        '<div class="title"><strong>{hand}</strong><span class="sub">{mode}</span></div>'
        '<button class="btn" data-act="sheet">{sheet}</button>'
        '<button class="btn hint" data-act="hint" {disabled} aria-label="{hint}" '
        'aria-keyshortcuts="H"><span class="bulb" aria-hidden="true">?</span>'
        '<span class="lbl">{hint}</span></button>{parts}{label}'
        "</header>",
        menu=t("menu", lang), hand=t("hand_n", lang, n=state.hand.number), mode=mode,
        sheet=t("show_sheet", lang), hint=t("hint", lang),
        disabled="" if session.my_turn() else "disabled", label=played_label(session, lang),
        parts=drawn(TOPBAR, session, lang),
    )


def played_label(session: Session, lang: str) -> Markup:
    """What is played, when it is more than a match (its kind's label): the deal of the
    day, a challenge and its result to beat; a line of the top bar, above the hand."""
    text = kind_of(session).label(session, lang)
    return html('<p class="played-label" data-testid="played-label">{}</p>', text) if text \
        else EMPTY


def opponents(session: Session, lang: str, *, thinking: bool) -> Markup:
    others = [seat for seat in range(len(session.seats)) if seat != session.viewer]
    # Bots are told apart only where a person sits among them (a hot seat, friends):
    # against bots alone the tag says nothing, and on a phone's chip it took a third of
    # the name's room.
    mark_bots = any(not session.seats[seat].is_bot for seat in others)
    chips = [player_chip(session, seat, lang, thinking=thinking, mark_bot=mark_bots)
             for seat in others]
    if not chips:
        return EMPTY
    return html('<section class="opponents" id="zone-players" data-zone="players" tabindex="-1" '
                'aria-keyshortcuts="5" aria-label="{}">{}</section>', t("players", lang),
                join(chips))


def player_chip(session: Session, seat: int, lang: str, *, thinking: bool,
                mark_bot: bool) -> Markup:
    state = session.state
    hand = state.hand
    name = session.name(seat)
    count = len(hand.hands[seat]) if seat in hand.seats else 0
    classes = ["chip"]
    if state.out[seat]:
        classes.append("out")
        status = t("out", lang)
    elif hand.opened[seat]:
        classes.append("opened")
        status = t("opened", lang)
    else:
        status = t("not_opened", lang)
    turn = seat == state.to_move and not state.hand_over
    if turn:
        classes.append("turn")
    if session.last and session.last[0] == seat:
        classes.append("fx-pulse")
    who = Markup('<span class="botb">BOT</span>') if mark_bot and session.seats[seat].is_bot \
        else EMPTY
    dealer = EMPTY
    if seat == hand.dealer:
        dealer = html('<span class="dealer" title="{d}" aria-label="{d}">D</span>',
                      d=t("dealer", lang))
    think = EMPTY
    if turn and thinking:
        think = html('<span class="think">{}</span>', t("thinking", lang, name=name))
    return html(
        '<div class="{classes}" data-seat="{seat}" data-anchor="seat:{seat}">'
        '<div class="who">{who}<span class="nm">{name}</span>{dealer}'
        '<span class="held" role="img" aria-label="{count}">{held}</span></div>'
        '<div class="fan" aria-hidden="true">{backs}</div>'
        '<div class="meta"><span class="count">{count}</span><span class="st">{status}</span>'
        '<span class="pts">{points}</span></div>{think}</div>',
        classes=" ".join(classes), seat=seat, who=who, name=name, dealer=dealer,
        backs=Markup('<span class="back"></span>' * min(count, 14)), held=count,
        count=t("cards_n", lang, n=count),
        status=status, points=t("points_n", lang, n=state.scores[seat]), think=think,
    )


def center(session: Session, lang: str, *, thinking: bool) -> Markup:
    """The stock and the pile (buttons, drag sources, drop target), and the status line
    beside them (a cell of the board's grid of its own, so that a phone on its side puts
    it over the melds)."""
    hand = session.state.hand
    draw = session.draw_options()
    last = session.last[1] if session.last else None
    stock = ["deck", "stock"]
    if draw.get("stock"):
        stock.append("target")
    if session.hint_target == "stock":
        stock.append("hinted")
    if isinstance(last, DrawStock):
        stock.append("fx-pulse")
    pile = ["deck", "pile"]
    if draw.get("pile"):
        pile.append("target")
    if session.hint_target == "pile":
        pile.append("hinted")
    if session.my_turn() and len(session.selected_cards()) == 1 \
            and hand.phase is Phase.PLAY:
        pile.append("drop-ok")
    if isinstance(last, Discard):
        pile.append("fx-drop")
    top = hand.pile_top
    came = ""
    if isinstance(last, Discard) and session.last is not None:
        came = motion_from(session, session.last[0]) or f"card:{last.card}"
    if top is not None:
        pile_label = t("pile_label", lang, card=card_name(str(top), lang))
        pile_face = html('<span class="card big {}" data-from="{}">{}</span>', suit_class(top),
                         came, card_face(top, lang))
    else:
        pile_label = t("pile_label_empty", lang)
        pile_face = html('<span class="slot">{}</span>', t("pile_empty", lang))
    under = Markup('<span class="under" aria-hidden="true"></span>') if len(hand.pile) > 1 \
        else EMPTY
    # the status line is not live: web/table/speech.py says the turn, once
    return html(
        '<section class="center" aria-label="{decks}"><div class="decks">'
        '<button class="{stock_cls}" data-act="draw" data-drag="stock" data-anchor="stock" '
        'data-zone="stock" aria-label="{stock_label}" aria-keyshortcuts="D 3">'
        '<span class="card big back-face"></span><span class="n">{n}</span>'
        '<span class="cap">{stock}</span></button>'
        '<button class="{pile_cls}" data-act="take" data-drag="pile" data-drop="pile" '
        'data-anchor="pile" data-zone="pile" '
        'aria-label="{pile_label}" aria-keyshortcuts="P 4">{under}{pile_face}'
        '<span class="cap">{pile}</span></button>'
        "</div></section>"
        '<div class="status">{status}</div>',
        decks=t("stock_and_pile", lang), stock_cls=" ".join(stock),
        stock_label=hinted(t("stock_label", lang, n=len(hand.stock)), lang,
                           on=session.hint_target == "stock"),
        n=len(hand.stock), stock=t("stock", lang), pile_cls=" ".join(pile),
        pile_label=hinted(pile_label, lang, on=session.hint_target == "pile"), under=under,
        pile_face=pile_face, pile=t("pile", lang),
        status=status_line(session, lang, thinking=thinking),
    )


def status_line(session: Session, lang: str, *, thinking: bool) -> Markup:
    """Whose turn it is; on the player's turn, what to do and how far the opening is."""
    state = session.state
    hand = state.hand
    if state.hand_over:
        return EMPTY
    if not session.my_turn():
        key = "thinking" if thinking else "turn_of"
        return html('<p class="turn-msg">{}</p>', t(key, lang, name=session.name(state.to_move)))
    prompt = turn_prompt(session)
    assert prompt is not None  # the player's turn
    if hand.phase is Phase.DRAW:
        return html('<p class="turn-msg">{}</p>', t(prompt, lang))
    lines = []
    progress = opening_progress(state)
    selection = session.opening_with_selection()
    if selection is not None:
        have, needed = selection
        lines.append(html(
            '<p class="{cls}" data-testid="opening">{text}</p>',
            cls="progress live reached" if have >= needed else "progress live",
            text=t("opening_live_ok" if have >= needed else "opening_live", lang,
                   have=have, needed=needed),
        ))
    elif not hand.opened[hand.turn]:
        lines.append(html(
            '<p class="{cls}" data-testid="opening">{opening}: <strong>{counted} / {needed}'
            "</strong></p>",
            cls="progress reached" if progress.reached else "progress",
            opening=t("opening", lang), counted=progress.counted, needed=progress.needed,
        ))
    elif hand.turn_melds and not hand.opened_before_turn:
        lines.append(html(
            '<p class="progress reached">{done} ✓ <strong>{counted} / {needed}</strong></p>',
            done=t("opening_done", lang), counted=progress.counted, needed=progress.needed,
        ))
    lines.append(html('<p class="turn-msg">{}</p>', t(prompt, lang)))
    return join(lines)


def message_bar(session: Session) -> Markup:
    """The engine's refusal, a hint or a notice, just above the buttons and the hand,
    where the player is looking when they press a button (said aloud by web/table/speech.py);
    in the
    lesson, the coach's instruction above it, kept through taps and refusals."""
    coach = html('<p class="msg coach">{}</p>', session.coach) if session.coach else EMPTY
    if not session.message:
        return html('<div class="msgbar">{}</div>', coach)
    kind, text = session.message
    # not live: web/table/speech.py says each message once, in turn with the moves
    return html('<div class="msgbar">{}<p class="msg {}">{}</p></div>', coach, kind, text)


def spotlit(session: Session, fresh: int | None) -> int | None:
    """The meld the melds' scroller brings into view (web/table/motion.js): the one the
    lesson's step names, else a hint's, else the one the last move laid or grew."""
    if session.spotlight is not None:
        return session.spotlight
    if session.hint_target and session.hint_target.startswith("meld:"):
        return int(session.hint_target.removeprefix("meld:"))
    return fresh


def melds(session: Session, lang: str) -> Markup:
    """The melds on the table, grouped by who laid them; targets for the selected card."""
    state = session.state
    hand = state.hand
    targets = session.meld_targets()
    last = session.last[1] if session.last else None
    fresh = None
    if isinstance(last, LayMeld):
        fresh = len(hand.melds) - 1
    elif isinstance(last, Attach | SwapJoker):
        fresh = last.target
    spot = spotlit(session, fresh)
    groups: dict[int, list[Markup]] = {}
    for index, table_meld in enumerate(hand.melds):
        meld = table_meld.meld
        label = meld_name(meld, lang, owner=session.name(table_meld.owner),
                          you=table_meld.owner == session.viewer and len(session.humans) == 1)
        if index in targets:
            label = t("meld_attach_label", lang, label=label)
        label = hinted(label, lang, on=session.hint_target == f"meld:{index}")
        faces = join(
            mini_card(c, lang, meld.joker_as if c.is_joker else None,
                      played_from(session, c) if index == fresh else "")
            for c in meld.cards
        )
        classes = ["meld"]
        if index in targets:
            classes.append("target")
        if index == fresh:
            classes.append("fx-new" if isinstance(last, LayMeld) else "fx-grow")
        if session.hint_target == f"meld:{index}":
            classes.append("hinted")
        if index in hand.turn_melds and not hand.opened_before_turn:
            classes.append("provisional")
        # every meld a button, so a keyboard reaches it: Enter with a card selected
        # attaches it (or swaps it for the joker), as a tap does (hand.attach)
        markup = html(
            '<button class="{cls}" data-act="attach" data-arg="{index}" '
            'data-drop="meld:{index}" aria-label="{label}"{spot}>{faces}'
            '<span class="mpts" aria-hidden="true">{points}</span></button>',
            cls=" ".join(classes), index=index, label=label, faces=faces, points=meld.points,
            spot=html(' data-spotlight="{}.{}.{}"', hand.number, len(hand.log), index)
            if index == spot else EMPTY,
        )
        groups.setdefault(table_meld.owner, []).append(markup)
    if not groups:
        body = html('<p class="empty-table">{}</p>', t("table_empty", lang))
    else:
        sections = []
        # the viewer's own melds come last, so laying one never moves the others'
        for owner in sorted(groups, key=lambda seat: (seat == session.viewer, seat)):
            mine = owner == session.viewer and len(session.humans) == 1
            title = t("melds_of", lang, you=mine, name=session.name(owner))
            sections.append(html(
                '<div class="group" data-owner="{}"><h3>{}</h3>'
                '<div class="group-melds">{}</div></div>',
                owner, title, join(groups[owner]),
            ))
        body = join(sections)
    return html('<section class="melds" id="zone-melds" data-drop="table" data-zone="melds" '
                'tabindex="-1" aria-keyshortcuts="2" aria-label="{}">{}</section>',
                t("table_melds", lang), body)


def main_button(session: Session, selected: int) -> str | None:
    """The button drawn as the main one: the hinted move's (a discard, a meld; an
    attachment's place is the meld, not a button), else what the selection leads to:
    one card is discarded, more are laid."""
    if session.hint_keys:
        return {"pile": "discard", None: "lay"}.get(session.hint_target)
    return "discard" if selected == 1 else "lay" if selected > 1 else None


def controls(session: Session, lang: str) -> Markup:
    """The message bar and the buttons: meld, discard, undo, the two sorts."""
    mine = session.my_turn()
    phase = session.state.hand.phase
    n = len(session.selected_cards()) if mine else 0
    viewer_off = "" if session.viewer is not None else "disabled"
    playing = mine and phase is Phase.PLAY
    main = main_button(session, n)

    def button(act: str, label: object, enabled: bool, key: str, extra: str = "",
               spoken: str = "") -> Markup:
        name = html(' aria-label="{}"', spoken) if spoken else EMPTY
        return html(
            '<button class="btn {act} {extra}" data-act="{act}" aria-keyshortcuts="{key}"{name} '
            "{disabled}>{label}</button>",
            act=act, extra=extra, key=key, name=name, label=label,
            disabled="" if enabled else "disabled",
        )

    undo_label = html('<span aria-hidden="true">↶</span> <span class="lbl">{}</span>',
                      t("undo", lang))
    count = EMPTY
    if n:
        count = html('<span class="selcount" {}>{}</span>',
                     "" if mine and phase is Phase.PLAY else "disabled",
                     t("selected_n", lang, n=n))
    # enabled on the player's turn with a selection: a refusal is the engine's to explain
    return join([
        message_bar(session),
        Markup('<nav class="controls">'),
        # the main button's colour only when it can be pressed
        button("lay", t("lay", lang), mine and n >= 1, "M",
               "primary" if playing and n >= 1 and main == "lay" else ""),
        button("discard", t("discard", lang), mine and n == 1, "X",
               "primary" if playing and n == 1 and main == "discard" else ""),
        button("undo", undo_label, mine and session.can_undo, "U",
               spoken=t("undo", lang)),
        html('<button class="btn sort" data-act="sort" data-arg="suit" {} '
             'aria-label="{}">♠♥</button>', viewer_off, t("sort_suit", lang)),
        html('<button class="btn sort" data-act="sort" data-arg="rank" {} '
             'aria-label="{}">A23</button>', viewer_off, t("sort_rank", lang)),
        html('<button class="btn sort arrange" data-act="arrange" {} aria-label="{}" '
             'title="{}"><span aria-hidden="true">▦</span> <span class="lbl">{}</span>'
             "</button>", viewer_off, t("arrange_melds", lang), t("arrange_melds", lang),
             t("arrange_melds", lang)),
        count,
        Markup("</nav>"),
    ])


def hand_view(session: Session, lang: str) -> Markup:
    """The shown hand in the player's order (or face down when nobody's is shown)."""
    viewer = session.viewer
    state = session.state
    if viewer is None or viewer not in state.hand.seats:
        return html('<section class="hand hidden-hand" id="zone-hand" data-zone="hand" '
                    'tabindex="-1" aria-keyshortcuts="1" aria-label="{h}"><p>{h}</p></section>',
                    h=t("hand_hidden", lang))
    keyed = session.hand_keys(viewer)
    must = list(state.hand.must_use) if state.to_move == viewer else []
    fresh = session.fresh_keys()
    marked = session.marked_keys()
    last = session.last[1] if session.last else None
    came = "stock" if isinstance(last, DrawStock) else "pile" if isinstance(last, TakeDiscard) \
        else ""
    cards = []
    for position, (key, card) in enumerate(keyed):
        classes = ["card", "in-hand", suit_class(card)]
        selected = key in session.selected
        if selected:
            classes.append("sel")
        if key in session.hint_keys:
            classes.append("hinted")
        origin = EMPTY
        if key in fresh:
            classes.append("fx-in")
            if came:
                origin = html(' data-from="{}"', came)
        if key in marked:
            classes.append("drawn")
        badge = EMPTY
        needed = card in must
        if needed:
            classes.append("must")
            must.remove(card)
            badge = html('<span class="badge" title="{}">!</span>', t("must_use", lang))
        label = hand_card_name(card, lang, selected=selected, drawn=key in marked,
                               must=needed, hinted=key in session.hint_keys)
        cards.append(html(
            '<button class="{cls}" style="--i:{position}" data-act="card" data-key="{key}" '
            'data-card="{card}" data-drag="card:{key}" data-drop="hand:{key}" '
            'data-flip="{key}"{origin} aria-pressed="{pressed}" aria-label="{label}">'
            "{face}{badge}</button>",
            cls=" ".join(classes), position=position, key=key, card=card, origin=origin,
            pressed="true" if selected else "false", label=label,
            face=card_face(card, lang), badge=badge,
        ))
    count = len(keyed)
    title = t("hand_of", lang, you=len(session.humans) == 1, name=session.name(viewer))
    return html(
        '<section class="hand" id="zone-hand" data-drop="hand-end" data-zone="hand" '
        'tabindex="-1" aria-keyshortcuts="1" aria-label="{title}" style="--n:{n};--half:{half}">'
        '<div class="cards" role="group" aria-label="{title}">{cards}</div></section>',
        title=title, n=count, half=count if count <= 7 else (count + 1) // 2, cards=join(cards),
    )
