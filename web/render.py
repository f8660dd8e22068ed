"""A session turned into HTML: the table, the dialogs, the new-game screen.

Pure functions from data to strings (no browser), so the controller can set
``innerHTML`` in one go. Interactive elements carry ``data-act`` (what a
click does), ``data-drag`` / ``data-drop`` (gestures.js) and an accessible
name; the controller's one delegated handler reads them.
"""

from __future__ import annotations

from html import escape

from scala40 import (
    PRESETS,
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    NextHand,
    RuleError,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    next_dealer,
    opening_progress,
)
from scala40.scoring import penalty_for

from .i18n import CHOICES, OPTIONS, PRESET_TEXT, card_name, pick, t
from .session import Session

SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED = {"H", "D"}
LEVELS = ("easy", "medium", "hard", "balanced")


def attr(value) -> str:
    return escape(str(value), quote=True)


# -- cards -----------------------------------------------------------------------


def card_face(card: Card, stands_for: Card | None = None) -> str:
    """The inside of a card: corner index, big pip (or the joker's star)."""
    if card.is_joker:
        extra = ""
        if stands_for is not None:
            extra = f'<span class="as {suit_class(stands_for)}">={escape(stands_for.symbol)}</span>'
        return (
            '<span class="idx">J<br>★</span><span class="pip joker">★</span>'
            f'<span class="jk">JOLLY</span>{extra}'
        )
    suit = SUITS[card.suit]
    return (
        f'<span class="idx">{card.rank_text}<br>{suit}</span>'
        f'<span class="pip">{suit}</span>'
        f'<span class="idx idx2">{card.rank_text}<br>{suit}</span>'
    )


def suit_class(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return "red" if card.suit in RED else "black"


def mini_card(card: Card, lang: str, stands_for: Card | None = None, extra: str = "") -> str:
    label = card_name(str(card), lang)
    if stands_for is not None:
        label += " = " + card_name(str(stands_for), lang)
    return (
        f'<span class="card mini {suit_class(card)} {extra}" role="img" '
        f'aria-label="{attr(label)}">{card_face(card, stands_for)}</span>'
    )


def cards_text(cards, lang: str) -> str:
    return ", ".join(card_name(str(c), lang) for c in cards)


def sym(card: Card, lang: str = "it") -> str:
    """A short label: "7♥", and the joker as a word (no emoji font needed)."""
    if card.is_joker:
        return "Jolly" if lang == "it" else "Joker"
    return card.symbol


# -- the table -------------------------------------------------------------------


def table(session: Session, lang: str, *, bots_ready: bool, thinking: bool) -> str:
    state = session.state
    hand = state.hand
    parts = [
        topbar(session, lang, bots_ready=bots_ready),
        opponents(session, lang, thinking=thinking),
        '<div class="board">',
        center(session, lang, thinking=thinking),
        melds(session, lang),
        "</div>",
        log_panel(session, lang),
        controls(session, lang),
        hand_view(session, lang),
    ]
    classes = ["table"]
    if session.my_turn():
        classes.append("my-turn")
        classes.append(f"phase-{hand.phase}")
    return f'<div class="{" ".join(classes)}">{"".join(parts)}</div>'


def topbar(session: Session, lang: str, *, bots_ready: bool) -> str:
    state = session.state
    mode = (
        t("mode_single", lang)
        if state.rules.mode == "single"
        else t("mode_custom_short", lang, n=state.rules.elimination_score)
    )
    hint_ok = session.my_turn()
    return (
        '<header class="topbar">'
        f'<button class="btn icon" data-act="menu" aria-label="{attr(t("menu", lang))}">☰</button>'
        f'<div class="title"><strong>{t("hand_n", lang, n=state.hand.number)}</strong>'
        f'<span class="sub">{escape(mode)}</span></div>'
        f'<button class="btn" data-act="sheet">{t("show_sheet", lang)}</button>'
        f'<button class="btn hint" data-act="hint" {"" if hint_ok else "disabled"} '
        f'aria-label="{attr(t("hint", lang))}" '
        f'aria-keyshortcuts="H"><span class="bulb" aria-hidden="true">?</span>'
        f'<span class="lbl">{t("hint", lang)}</span></button>'
        "</header>"
    )


def opponents(session: Session, lang: str, *, thinking: bool) -> str:
    state = session.state
    chips = []
    for seat, _name in enumerate(state.players):
        if seat == session.viewer:
            continue
        chips.append(player_chip(session, seat, lang, thinking=thinking))
    if not chips:
        return ""
    label = attr(t("players", lang))
    return f'<section class="opponents" aria-label="{label}">{"".join(chips)}</section>'


def player_chip(session: Session, seat: int, lang: str, *, thinking: bool) -> str:
    state = session.state
    hand = state.hand
    name = state.players[seat]
    count = len(hand.hands[seat]) if seat in hand.seats else 0
    classes = ["chip"]
    status = []
    if state.out[seat]:
        classes.append("out")
        status.append(t("out", lang))
    elif hand.opened[seat]:
        classes.append("opened")
        status.append(t("opened", lang))
    else:
        status.append(t("not_opened", lang))
    turn = seat == state.to_move and hand.phase != "over" and not state.is_over
    if turn:
        classes.append("turn")
    if session.last and session.last[0] == seat:
        classes.append("fx-pulse")
    bot = session.seats[seat]
    who = '<span class="botb">BOT</span>' if bot.is_bot else ""
    dealer = (
        f'<span class="dealer" title="{attr(t("dealer", lang))}" '
        f'aria-label="{attr(t("dealer", lang))}">D</span>'
        if seat == hand.dealer
        else ""
    )
    cards_label = t("card_1", lang) if count == 1 else t("cards_n", lang, n=count)
    backs = "".join('<span class="back"></span>' for _ in range(min(count, 14)))
    think = (
        f'<span class="think">{t("thinking", lang, name=escape(name))}</span>'
        if turn and thinking
        else ""
    )
    return (
        f'<div class="{" ".join(classes)}" data-seat="{seat}">'
        f'<div class="who">{who}<span class="nm">{escape(name)}</span>{dealer}</div>'
        f'<div class="fan" aria-hidden="true">{backs}</div>'
        f'<div class="meta"><span class="count">{cards_label}</span>'
        f'<span class="st">{" ".join(status)}</span>'
        f'<span class="pts">{t("points_n", lang, n=state.scores[seat])}</span></div>'
        f"{think}</div>"
    )


def center(session: Session, lang: str, *, thinking: bool) -> str:
    state = session.state
    hand = state.hand
    draw = session.draw_options()
    stock_cls = "deck stock" + (" target" if draw.get("stock") else "")
    if session.hint_target == "stock":
        stock_cls += " hinted"
    last = session.last[1] if session.last else None
    if isinstance(last, DrawStock):
        stock_cls += " fx-pulse"
    top = hand.pile_top
    pile_cls = "deck pile" + (" target" if draw.get("pile") else "")
    if session.hint_target == "pile":
        pile_cls += " hinted"
    selected = session.selected_cards() if session.my_turn() else []
    if len(selected) == 1 and hand.phase == "play":
        pile_cls += " drop-ok"
    if isinstance(last, Discard):
        pile_cls += " fx-drop"
    stock_label = t("stock_label", lang, n=len(hand.stock))
    if top is not None:
        pile_label = t("pile_label", lang, card=card_name(str(top), lang))
        pile_face = f'<span class="card big {suit_class(top)}">{card_face(top)}</span>'
    else:
        pile_label = t("pile_label_empty", lang)
        pile_face = f'<span class="slot">{t("pile_empty", lang)}</span>'
    under = ""
    if len(hand.pile) > 1:
        under = '<span class="under" aria-hidden="true"></span>'
    status = status_line(session, lang, thinking=thinking)
    return (
        '<section class="center">'
        '<div class="decks">'
        f'<button class="{stock_cls}" data-act="draw" data-drag="stock" '
        f'aria-label="{attr(stock_label)}" aria-keyshortcuts="D">'
        f'<span class="card big back-face"></span><span class="n">{len(hand.stock)}</span>'
        f'<span class="cap">{t("stock", lang)}</span></button>'
        f'<button class="{pile_cls}" data-act="take" data-drag="pile" data-drop="pile" '
        f'aria-label="{attr(pile_label)}" aria-keyshortcuts="P">{under}{pile_face}'
        f'<span class="cap">{t("pile", lang)}</span></button>'
        "</div>"
        f'<div class="status" role="status" aria-live="polite">{status}</div>'
        "</section>"
    )


def status_line(session: Session, lang: str, *, thinking: bool) -> str:
    state = session.state
    hand = state.hand
    lines = []
    if state.is_over or hand.phase == "over":
        pass
    elif session.my_turn():
        if hand.phase == "draw":
            lines.append(f'<p class="turn-msg">{t("your_turn_draw", lang)}</p>')
        else:
            progress = opening_progress(state)
            if not hand.opened[hand.turn]:
                cls = "progress reached" if progress.reached else "progress"
                lines.append(
                    f'<p class="{cls}" data-testid="opening">{t("opening", lang)}: '
                    f"<strong>{progress.counted} / {progress.needed}</strong></p>"
                )
            elif hand.turn_melds and not hand.opened_before_turn:
                lines.append(f'<p class="progress reached">{t("opening_done", lang)} ✓ '
                             f"<strong>{progress.counted} / {progress.needed}</strong></p>")
            lines.append(f'<p class="turn-msg">{t("your_turn_play", lang)}</p>')
    else:
        name = escape(state.players[state.to_move])
        key = "thinking" if thinking else "turn_of"
        lines.append(f'<p class="turn-msg">{t(key, lang, name=name)}</p>')
    return "".join(lines)


def message_bar(session: Session) -> str:
    """The engine's refusal, a hint or a notice, just above the buttons and the hand,
    where the player is looking when they press a button (an alert for errors)."""
    if not session.message:
        return '<div class="msgbar" aria-live="polite"></div>'
    kind, text = session.message
    role = ' role="alert"' if kind == "error" else ""
    return (
        f'<div class="msgbar" aria-live="polite"><p class="msg {kind}"{role}>'
        f"{escape(text)}</p></div>"
    )


def melds(session: Session, lang: str) -> str:
    state = session.state
    hand = state.hand
    targets = session.meld_targets()
    last = session.last[1] if session.last else None
    fresh = None
    if isinstance(last, LayMeld):
        fresh = len(hand.melds) - 1
    elif isinstance(last, Attach | SwapJoker):
        fresh = last.target
    groups: dict[int, list[str]] = {}
    for index, table_meld in enumerate(hand.melds):
        meld = table_meld.meld
        owner = state.players[table_meld.owner]
        kind = t("sequence" if meld.is_sequence else "combination", lang)
        spoken = ", ".join(
            card_name(str(c), lang) if not c.is_joker
            else card_name("JK", lang) + " = " + card_name(str(meld.joker_as), lang)
            for c in meld.cards
        )
        label = t("meld_label", lang, kind=kind, owner=owner, cards=spoken)
        faces = "".join(
            mini_card(c, lang, meld.joker_as if c.is_joker else None) for c in meld.cards
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
        pts = f'<span class="mpts">{meld.points}</span>'
        if index in targets:
            label = t("meld_attach_label", lang, label=label)
            html = (
                f'<button class="{" ".join(classes)}" data-act="attach" data-arg="{index}" '
                f'data-drop="meld:{index}" aria-label="{attr(label)}">{faces}{pts}</button>'
            )
        else:
            html = (
                f'<div class="{" ".join(classes)}" data-act="attach" data-arg="{index}" '
                f'data-drop="meld:{index}" role="group" aria-label="{attr(label)}">'
                f"{faces}{pts}</div>"
            )
        groups.setdefault(table_meld.owner, []).append(html)
    if not groups:
        body = f'<p class="empty-table">{t("table_empty", lang)}</p>'
    else:
        body = ""
        for owner in sorted(groups):
            name = escape(state.players[owner])
            mine = owner == session.viewer and len(session.humans) == 1
            title = t("your_melds", lang) if mine else t("melds_of", lang, name=name)
            body += (
                f'<div class="group" data-owner="{owner}">'
                f"<h3>{title}</h3>"
                f'<div class="group-melds">{"".join(groups[owner])}</div></div>'
            )
    return (
        f'<section class="melds" data-drop="table" '
        f'aria-label="{attr(t("table_melds", lang))}">{body}</section>'
    )


def log_line(state, entry, lang: str, you: int | None = None) -> str:
    """One move of the public log; the device holder's own moves in the second person."""
    seat, action, card = entry
    name = state.players[seat]
    prefix = "you_" if seat == you else "log_"

    def say(verb: str, **facts) -> str:
        return t(prefix + verb, lang, name=name, **facts)

    if isinstance(action, DrawStock):
        return say("draw")
    if isinstance(action, TakeDiscard):
        return say("take", card=sym(card, lang) if card else "")
    if isinstance(action, LayMeld):
        shown = [
            f"{sym(c, lang)}={action.joker_as.symbol}" if c.is_joker and action.joker_as
            else sym(c, lang)
            for c in action.cards
        ]
        return say("meld", cards=" ".join(shown))
    if isinstance(action, Attach):
        return say("attach", card=sym(action.card, lang))
    if isinstance(action, SwapJoker):
        return say("swap", card=sym(action.card, lang))
    if isinstance(action, TakeBack):
        return say("takeback")
    if isinstance(action, Discard):
        return say("discard", card=sym(action.card, lang))
    if isinstance(action, NextHand):
        return t("log_next", lang)
    return str(action)


def log_panel(session: Session, lang: str) -> str:
    """The moves of this hand, newest first (a one-line ticker on phones)."""
    state = session.state
    you = session.viewer if len(session.humans) == 1 else None
    entries = list(state.hand.log)[-60:]
    lines = [escape(log_line(state, e, lang, you)) for e in entries]
    items = "".join(
        f'<li class="{"mine" if e[0] == session.viewer else ""}">{line}</li>'
        for e, line in reversed(list(zip(entries, lines, strict=True)))
    )
    listing = f'<ol reversed>{items}</ol>'
    if not items:
        listing = f'<p class="none">{t("log_empty", lang)}</p>'
    ticker = last_turn(state, lang, you)
    return (
        f'<aside class="log" aria-label="{attr(t("log", lang))}">'
        f'<h2>{t("log", lang)}</h2>{listing}'
        f'<p class="ticker" aria-hidden="true">{escape(ticker)}</p></aside>'
    )


def last_turn(state, lang: str, you: int | None = None) -> str:
    """The latest turn in one line: "Bruno pesca dal tallone · cala 5♥ 5♣ 5♠ · scarta 10♣".

    A phone shows only this line of the log, so a bot's whole turn stays readable
    after it has ended (not just its last discard).
    """
    entries = list(state.hand.log)
    if not entries:
        return ""
    seat = entries[-1][0]
    turn = []
    for entry in reversed(entries):
        if entry[0] != seat:
            break
        turn.append(entry)
    turn.reverse()
    first = log_line(state, turn[0], lang, you)
    rest = [_without_name(state, e, lang, you) for e in turn[1:]]
    return " · ".join([first, *rest])


def _without_name(state, entry, lang: str, you: int | None) -> str:
    """A log line with the player's name left out (it is said once per turn)."""
    line = log_line(state, entry, lang, you)
    name = state.players[entry[0]]
    return line[len(name):].strip() if line.startswith(name) else line


def controls(session: Session, lang: str) -> str:
    mine = session.my_turn()
    state = session.state
    phase = state.hand.phase
    n = len(session.selected_cards()) if mine else 0
    can_undo = mine and session.game.can_undo
    dis = "" if mine and phase == "play" else "disabled"

    def button(act, label, enabled, key, extra="", spoken=""):
        name = f' aria-label="{attr(spoken)}"' if spoken else ""
        return (
            f'<button class="btn {act} {extra}" data-act="{act}" aria-keyshortcuts="{key}"{name} '
            f'{"" if enabled else "disabled"}>{label}</button>'
        )

    return (
        message_bar(session)
        + '<nav class="controls">'
        # enabled on the player's turn with a selection: a refusal is the engine's to explain
        + button("lay", t("lay", lang), mine and n >= 1, "M", "primary" if phase == "play" else "")
        + button("discard", t("discard", lang), mine and n == 1, "X")
        + button("undo", '<span aria-hidden="true">↶</span> '
                 f'<span class="lbl">{t("undo", lang)}</span>', can_undo, "U",
                 spoken=t("undo", lang))
        + f'<button class="btn sort" data-act="sort" data-arg="suit" '
          f'{"" if session.viewer is not None else "disabled"} '
        f'aria-label="{attr(t("sort_suit", lang))}">♠♥</button>'
        + f'<button class="btn sort" data-act="sort" data-arg="rank" '
          f'{"" if session.viewer is not None else "disabled"} '
        f'aria-label="{attr(t("sort_rank", lang))}">A23</button>'
        + (f'<span class="selcount" {dis}>{t("selected_n", lang, n=n)}</span>' if n else "")
        + "</nav>"
    )


def hand_view(session: Session, lang: str) -> str:
    viewer = session.viewer
    state = session.state
    if viewer is None or viewer not in state.hand.seats:
        return (
            f'<section class="hand hidden-hand" aria-label="{attr(t("hand_hidden", lang))}">'
            f'<p>{t("hand_hidden", lang)}</p></section>'
        )
    keyed = session.hand_keys(viewer)
    must = list(state.hand.must_use) if state.to_move == viewer else []
    fresh_keys = set()
    if session.last and session.last[0] == viewer and session.fresh:
        codes = [k for k, _ in keyed]
        for code in set(session.fresh):
            matching = [k for k in codes if k.startswith(f"{code}#")]
            fresh_keys.update(matching[-session.fresh.count(code):])
    cards = []
    for position, (key, card) in enumerate(keyed):
        classes = ["card", "in-hand", suit_class(card)]
        selected = key in session.selected
        if selected:
            classes.append("sel")
        if key in session.hint_keys:
            classes.append("hinted")
        if key in fresh_keys:
            classes.append("fx-in")
        badge = ""
        if card in must:
            classes.append("must")
            must.remove(card)
            badge = f'<span class="badge" title="{attr(t("must_use", lang))}">!</span>'
        label = card_name(str(card), lang)
        cards.append(
            f'<button class="{" ".join(classes)}" style="--i:{position}" data-act="card" '
            f'data-key="{key}" data-card="{card}" data-drag="card:{key}" data-drop="hand:{key}" '
            f'aria-pressed="{"true" if selected else "false"}" aria-label="{attr(label)}">'
            f"{card_face(card)}{badge}</button>"
        )
    count = len(keyed)
    title = t("your_hand", lang) if len(session.humans) == 1 else t(
        "hand_of", lang, name=state.players[viewer]
    )
    return (
        f'<section class="hand" data-drop="hand-end" aria-label="{attr(title)}" '
        f'style="--n:{count};--half:{count if count <= 7 else (count + 1) // 2}">'
        f'<div class="cards" role="group" aria-label="{attr(title)}">{"".join(cards)}</div>'
        "</section>"
    )


# -- dialogs ---------------------------------------------------------------------


def dialog(inner: str, *, label: str, cls: str = "") -> str:
    return (
        f'<div class="overlay {cls}"><div class="dialog" role="dialog" aria-modal="true" '
        f'aria-label="{attr(label)}">{inner}</div></div>'
    )


def choice_dialog(session: Session, lang: str) -> str:
    choice = session.choice
    if choice is None:
        return ""
    facts = {k: (sym(v, lang) if isinstance(v, Card) else v) for k, v in choice.facts.items()}
    title = t(choice.title, lang, **facts)
    options = []
    for index, (parts, _action) in enumerate(choice.options):
        faces = ""
        words = []
        for part in parts:
            if isinstance(part[0], Card):  # (card, stands_for); else (i18n key, facts)
                faces += mini_card(part[0], lang, part[1])
            else:
                words.append(t(part[0], lang, **part[1]))
        text = f'<span class="opt-text">{escape(" · ".join(words))}</span>' if words else ""
        options.append(
            f'<button class="option" data-act="choose" data-arg="{index}">'
            f'<span class="opt-cards">{faces}</span>{text}</button>'
        )
    inner = (
        f"<h2>{escape(title)}</h2><div class=\"options\">{''.join(options)}</div>"
        f'<button class="btn" data-act="cancel">{t("cancel", lang)}</button>'
    )
    return dialog(inner, label=title, cls="choice")


def pass_screen(session: Session, lang: str) -> str:
    name = escape(session.state.players[session.state.to_move])
    inner = (
        f'<div class="pass-icon" aria-hidden="true"><span class="card big back-face"></span></div>'
        f"<h2>{t('pass_title', lang, name=name)}</h2>"
        f"<p>{t('pass_text', lang, name=name)}</p>"
        f'<button class="btn primary big" data-act="pass-ready">'
        f"{t('pass_ready', lang, name=name)}</button>"
    )
    return dialog(inner, label=t("pass_title", lang, name=name), cls="pass opaque")


def score_sheet(session: Session, lang: str, *, final_only: bool = False) -> str:
    """End of a hand (hands revealed, penalties) and the sheet across hands."""
    state = session.state
    hand = state.hand
    players = state.players
    over = hand.phase == "over"
    parts = []
    result = hand.result if over else None
    solo = len(session.humans) == 1
    if state.is_over:
        # the match result comes first, big: that is what the player wants to know
        winner = players[state.winner]
        won = solo and session.viewer == state.winner
        if won:
            headline = t("you_won", lang)
        elif solo:
            headline = t("you_lost", lang, name=winner)
        else:
            headline = t("winner", lang, name=winner)
        parts.append(
            f'<div class="match-end {"won" if won or not solo else "lost"}">'
            f'<span class="trophy" aria-hidden="true">{"★" if won or not solo else "♠"}</span>'
            f'<h2 class="winner">{escape(headline)}</h2>'
            f'<p class="small">{t("match_over", lang)} · '
            f'{t("hand_n", lang, n=hand.number)}</p></div>'
        )
    if result is not None:
        heading = "h3" if state.is_over else "h2"
        parts.append(f'<{heading}>{t("hand_over", lang, n=hand.number)}</{heading}>')
        if result.closer is None:
            parts.append(f'<p class="closer">{t("no_closer", lang)}</p>')
        else:
            name = escape(players[result.closer])
            key = "closed_by"
            if result.in_mano:
                key = "closed_in_mano" if state.rules.mano_doubles else "closed_in_mano_plain"
            if solo and result.closer == session.viewer:
                key = "you_" + key.replace("_by", "")
            parts.append(f'<p class="closer">★ {t(key, lang, name=name)}</p>')
        rows = []
        for seat in hand.seats:
            left = hand.hands[seat]
            faces = "".join(mini_card(c, lang) for c in left) or "—"
            pay = result.penalties[seat]
            plain = ""
            if result.closer is not None and seat != result.closer:
                plain_value = penalty_for(left, state.rules, opened=True, in_mano=False)
                if plain_value != pay:
                    plain = f' <span class="calc">({plain_value} → {pay})</span>'
            rows.append(
                f'<div class="reveal-row"><span class="nm">{escape(players[seat])}</span>'
                f'<span class="reveal">{faces}</span>'
                f'<span class="pay">{"+" + str(pay) if pay else "0"}{plain}</span></div>'
            )
        parts.append(f'<div class="reveals">{"".join(rows)}</div>')
        if result.eliminated:
            names = ", ".join(players[s] for s in result.eliminated)
            key = "eliminated" if len(result.eliminated) == 1 else "eliminated_many"
            parts.append(f'<p class="elim">✖ {escape(t(key, lang, names=names))}</p>')
        if result.reentered:
            names = ", ".join(players[s] for s in result.reentered)
            parts.append(f'<p class="reent">↺ {escape(t("reentered", lang, names=names))}</p>')
    else:
        parts.append(f'<h2>{t("score_sheet", lang)}</h2>')
    # the sheet across hands
    head = "".join(f"<th scope=\"col\">{escape(p)}</th>" for p in players)
    body = []
    running = [0] * len(players)
    for number, res in enumerate(state.results, 1):
        cells = []
        for seat in range(len(players)):
            value = res.penalties[seat]
            running[seat] += value
            marks = ""
            if res.closer == seat:
                marks += " ★" + (" ×2" if res.in_mano and state.rules.mano_doubles else "")
            if seat in res.eliminated:
                marks += " ✖"
            if seat in res.reentered:
                marks += " ↺"
            cells.append(f"<td>{value}{marks}</td>")
        body.append(f"<tr><th scope=\"row\">{number}</th>{''.join(cells)}</tr>")
    totals = "".join(
        f'<td class="{"out" if state.out[s] else ""}">{state.scores[s]}</td>'
        for s in range(len(players))
    )
    limit = (
        f'<p class="limit">{t("elimination_at", lang)} {state.rules.elimination_score}</p>'
        if state.rules.mode != "single"
        else ""
    )
    parts.append(
        f'<table class="sheet" aria-label="{attr(t("score_sheet", lang))}"><thead><tr>'
        f'<th scope="col">{t("hand_col", lang)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody>"
        f'<tfoot><tr><th scope="row">{t("total", lang)}</th>{totals}</tr></tfoot></table>{limit}'
    )
    if state.is_over:
        parts.append(
            '<div class="sheet-actions">'
            f'<button class="btn primary big" data-act="new-game">{t("new_game", lang)}</button>'
            "</div>"
        )
    elif over:
        nxt = players[next_dealer(state)]
        parts.append(f'<p class="dealer-next">{t("next_dealer", lang, name=escape(nxt))}</p>')
        parts.append(
            '<div class="sheet-actions">'
            f'<button class="btn primary big" data-act="next-hand">{t("next_hand", lang)}</button>'
            "</div>"
        )
    else:
        parts.append(f'<button class="btn" data-act="close">{t("close", lang)}</button>')
    label = t("score_sheet", lang)
    return dialog("".join(parts), label=label, cls="sheet-dialog")


def menu_dialog(session: Session | None, lang: str, settings: dict, version: str,
                worker_state: str) -> str:
    speed = settings.get("speed", "normal")
    speeds = "".join(
        f'<option value="{s}" {"selected" if s == speed else ""}>{t("speed_" + s, lang)}</option>'
        for s in ("slow", "normal", "fast")
    )
    langs = "".join(
        f'<option value="{code}" {"selected" if code == lang else ""}>{label}</option>'
        for code, label in (("it", "Italiano"), ("en", "English"))
    )
    game_buttons = ""
    if session is not None and not session.state.is_over:
        game_buttons = (
            f'<button class="btn primary" data-act="close">{t("resume", lang)}</button>'
            f'<button class="btn danger" data-act="leave">{t("leave", lang)}</button>'
        )
    inner = (
        f"<h2>{t('menu', lang)}</h2>{game_buttons}"
        f'<button class="btn" data-act="new-game">{t("new_game", lang)}</button>'
        f'<button class="btn" data-act="stats">{t("stats", lang)}</button>'
        f"<h3>{t('settings', lang)}</h3>"
        f'<label class="row">{t("language", lang)} <select data-set="lang" '
        f'name="lang">{langs}</select></label>'
        f'<label class="row">{t("speed", lang)} <select data-set="speed" '
        f'name="speed">{speeds}</select></label>'
        f'<p class="small">{t("keyboard_help", lang)}</p>'
        f'<p class="small">{t("engine", lang)} scala40 <span '
        f'id="version">{escape(version)}</span> · '
        f'<span id="worker-status" '
        f'data-state="{worker_state}">{worker_status_text(worker_state, lang)}</span></p>'
    )
    return dialog(inner, label=t("menu", lang), cls="menu")


def worker_status_text(state: str, lang: str) -> str:
    if state == "ready":
        return t("bots_ready", lang)
    if state.startswith("failed"):
        return t("bots_failed", lang, error=state[7:])
    return t("bots_starting", lang)


def confirm_dialog(text: str, yes_act: str, yes_label: str, lang: str) -> str:
    inner = (
        f"<p>{escape(text)}</p><div class=\"row-buttons\">"
        f'<button class="btn danger" data-act="{yes_act}">{escape(yes_label)}</button>'
        f'<button class="btn" data-act="close">{t("cancel", lang)}</button></div>'
    )
    return dialog(inner, label=text, cls="confirm")


def stats_dialog(stats: dict, lang: str) -> str:
    rows = []
    for mode, levels in sorted(stats.get("table", {}).items()):
        for level, row in sorted(levels.items()):
            mode_label = {
                "single": t("mode_single", lang), "101": "101", "201": "201"
            }.get(mode, mode)
            key = "level_" + level
            shown = t(key, lang) if key in _LEVEL_KEYS else escape(level)
            rows.append(
                f"<tr><td>{escape(mode_label)}</td><td>{shown}</td>"
                f"<td>{row['played']}</td><td>{row['won']}</td><td>{row['abandoned']}</td></tr>"
            )
    table_html = (
        f"<table class=\"sheet\"><thead><tr><th>{t('stats_mode', lang)}</th>"
        f"<th>{t('stats_level', lang)}</th><th>{t('stats_played', lang)}</th>"
        f"<th>{t('stats_won', lang)}</th><th>{t('stats_abandoned', lang)}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        if rows
        else f"<p>{t('stats_empty', lang)}</p>"
    )
    inner = (
        f"<h2>{t('stats', lang)}</h2>"
        f'<p class="points">{t("stats_points", lang)}: <strong '
        f'data-testid="ranking">{stats.get("points", 0)}</strong></p>'
        f"{table_html}<p class=\"small\">{t('stats_note', lang)}</p>"
        f'<div class="row-buttons"><button class="btn danger" data-act="reset-stats">'
        f"{t('stats_reset', lang)}</button>"
        f'<button class="btn" data-act="close">{t("close", lang)}</button></div>'
    )
    return dialog(inner, label=t("stats", lang), cls="stats")


_LEVEL_KEYS = {"level_easy", "level_medium", "level_hard", "level_balanced", "level_humans"}


def notice_dialog(title: str, text: str, lang: str) -> str:
    inner = (
        f"<h2>{escape(title)}</h2><p>{escape(text)}</p>"
        f'<button class="btn primary" data-act="close">{t("close", lang)}</button>'
    )
    return dialog(inner, label=title, cls="notice")


# -- the new-game screen ---------------------------------------------------------


def new_game_screen(lang: str, last: dict, *, can_resume: bool) -> str:
    names = t("default_names", lang).split(",")
    count = int(last.get("count", 2))
    seats = last.get("seats") or []
    current, rules_note = _last_rules(last.get("rules"), lang)
    mode = last.get("mode", "101")
    custom = int(last.get("custom", 151))
    seat_rows = []
    for index in range(6):
        data = seats[index] if index < len(seats) and isinstance(seats[index], dict) else {}
        kind = data.get("kind", "human" if index == 0 else "bot")
        level = data.get("level", "medium")
        strength = data.get("strength", 0.5)
        name = data.get("name") or names[index]
        hidden = " hidden" if index >= count else ""
        levels = "".join(
            f'<option value="{lv}" '
            f'{"selected" if lv == level else ""}>{t("level_" + lv, lang)}</option>'
            for lv in LEVELS
        )
        seat_rows.append(
            f'<fieldset class="seat{hidden}" data-seat="{index}" data-kind="{kind}" '
            f'data-level="{level}">'
            f'<legend>{t("seat", lang, n=index + 1)}</legend>'
            f'<input name="name{index}" value="{attr(name)}" maxlength="14" '
            f'aria-label="{attr(t("name", lang) + " " + str(index + 1))}">'
            f'<select name="kind{index}" data-set="kind" aria-label="{attr(t("players", lang))}">'
            f'<option value="human" '
            f'{"selected" if kind == "human" else ""}>{t("human", lang)}</option>'
            f'<option value="bot" '
            f'{"selected" if kind == "bot" else ""}>{t("bot", lang)}</option></select>'
            f'<select name="level{index}" data-set="level" class="lvl" '
            f'aria-label="{attr(t("level", lang))}">{levels}</select>'
            f'<label class="str">{t("strength", lang)} <input type="number" name="strength{index}" '
            f'min="0" max="1" step="0.1" value="{attr(strength)}"></label>'
            "</fieldset>"
        )
    counts = "".join(
        f'<option value="{n}" {"selected" if n == count else ""}>{n}</option>' for n in range(2, 7)
    )
    modes = "".join(
        f'<label class="radio"><input type="radio" name="mode" value="{m}" '
        f'{"checked" if m == mode else ""}> '
        f"{t('mode_' + m, lang)}</label>"
        for m in ("single", "101", "201", "custom")
    )
    preset_name = last.get("preset", "classica")
    presets = "".join(
        f'<option value="{key}" {"selected" if key == preset_name else ""}>'
        f"{escape(pick(PRESET_TEXT[key][0], lang) if key in PRESET_TEXT else key)}</option>"
        for key in PRESETS
    ) + (
        f'<option value="custom" '
        f'{"selected" if preset_name == "custom" else ""}>{t("preset_custom", lang)}</option>'
    )
    preset_help = "".join(
        f'<li><strong>{escape(pick(PRESET_TEXT[key][0], lang))}</strong>: '
        f"{escape(pick(PRESET_TEXT[key][1], lang))}</li>"
        for key in PRESETS
        if key in PRESET_TEXT
    )
    options = "".join(option_row(name, current, lang) for name in OPTIONS)
    resume = (
        f'<button type="button" class="btn" data-act="resume-game">{t("resume", lang)}</button>'
        if can_resume
        else ""
    )
    lang_switch = "".join(
        f'<button type="button" class="btn lang {"on" if code == lang else ""}" data-act="lang" '
        f'data-arg="{code}" '
        f'aria-pressed="{"true" if code == lang else "false"}">{code.upper()}</button>'
        for code in ("it", "en")
    )
    return (
        '<div class="newgame"><form id="setup">'
        f'<header class="ng-head"><h1>Scala 40</h1><div class="langs">{lang_switch}</div></header>'
        f'<section class="box"><h2>{t("players", lang)}</h2>'
        f'<label class="row">{t("seats_count", lang)} <select name="count" '
        f'data-set="count">{counts}</select></label>'
        f'<div class="seats">{"".join(seat_rows)}</div></section>'
        f'<section class="box"><h2>{t("mode", lang)}</h2><div class="modes">{modes}'
        f'<label class="row custom">{t("elimination_at", lang)} <input type="number" name="custom" '
        f'min="1" max="9999" value="{custom}"></label></div></section>'
        f'<section class="box"><h2>{t("rules", lang)}</h2>'
        + (f'<p class="rules-note" role="status">{escape(rules_note)}</p>' if rules_note else "")
        + f'<label class="row">{t("preset", lang)} <select name="preset" '
        f'data-set="preset">{presets}</select></label>'
        f'<ul class="presets small">{preset_help}</ul>'
        f'<div class="options">{options}</div></section>'
        f'<p class="ng-error" role="alert"></p>'
        f'<div class="ng-actions">{resume}<button type="button" class="btn primary big" '
        f'data-act="start">'
        f"{t('start', lang)}</button></div>"
        "</form></div>"
    )


def _last_rules(stored, lang: str) -> tuple[Rules, str]:
    """The rules of the last new game, or the defaults and a note saying why the stored
    ones cannot be read (the player sees it, rather than options changing silently)."""
    if not stored:
        return Rules(), ""
    if isinstance(stored, dict):
        stored = {key: value for key, value in stored.items() if key != "mode"}
    try:
        return Rules.from_dict(stored), ""
    except RuleError as error:
        return Rules(), t("last_rules_unreadable", lang, why=error.message(lang))


def option_row(name: str, rules: Rules, lang: str) -> str:
    (title, help_text) = OPTIONS[name]
    value = getattr(rules, name)
    label = pick(title, lang)
    helper = f'<span class="help">{escape(pick(help_text, lang))}</span>'
    if isinstance(value, bool):
        control = (
            f'<input type="checkbox" name="opt_{name}" data-set="option" '
            f'{"checked" if value else ""}>'
        )
        return (
            f'<label class="opt check">{control}<span '
            f'class="ot">{escape(label)}</span>{helper}</label>'
        )
    if name == "opening_minimum":
        control = (
            f'<input type="number" name="opt_{name}" data-set="option" min="1" max="200" '
            f'value="{value}">'
        )
    else:
        choices = CHOICES[name]
        control = f'<select name="opt_{name}" data-set="option">' + "".join(
            f'<option value="{key}" '
            f'{"selected" if str(value) == key else ""}>{escape(pick(text, lang))}</option>'
            for key, text in choices.items()
        ) + "</select>"
    return f'<label class="opt"><span class="ot">{escape(label)}</span>{control}{helper}</label>'
