"""The hand and the moves: what a tap, a key or a button does to the cards.

Handlers bound by name in :data:`~web.table.registry.ACTIONS`. Each move of
the player goes to :meth:`~web.table.table.Table.play` (the lesson's gate and
the refusal shown), which makes it by :meth:`~web.table.table.Table.move`,
the one path every seat's move takes.
"""

from __future__ import annotations

from functools import partial

from scala40 import Attach, Discard, DrawStock, NextHand, Phase, SwapJoker, TakeDiscard
from web.i18n import t
from web.table.registry import action
from web.table.session import Choice, Session
from web.table.shown import Effect, Screen
from web.table.table import Table

DOUBLE_TAP_MS = 420  # two taps on one card this close: discard it
DRAW_GUARD_MS = 600  # a second tap on the stock or the pile this soon after drawing, in the
# same turn, is ignored (the next turn's first tap always counts, however soon it comes)


def discard_of(table: Table, key: str) -> Discard | None:
    """The discard of the shown hand's card ``key``, the card selected for it; None when
    it is not in that hand or not that hand's turn (the table says so)."""
    session = table.session
    if session is None or session.viewer is None:
        return None
    keyed = dict(session.hand_keys(session.viewer))
    if key not in keyed or not table.guard_turn():
        return None
    session.select_only(key)
    return Discard(keyed[key])


@action("card")
def tap_card(table: Table, key: str) -> None:
    """A tap selects or unselects a card; a second tap on it soon after discards it (the
    taps' times are the clicks' own: :meth:`web.page.app.App.clock`)."""
    session = table.session
    if session is None:
        return
    last_key, last_time = table.last_tap
    now = table.clock()
    table.last_tap = (key, now)
    if last_key == key and now - last_time < DOUBLE_TAP_MS and session.my_turn():
        table.last_tap = ("", 0.0)
        discard = discard_of(table, key)
        if discard is not None:
            table.play(discard)
        return
    session.toggle(key)
    session.message = None
    table.redraw()


@action("discard-card")
def discard_card(table: Table, key: str) -> None:
    """Discard the shown hand's card ``key`` (a card dropped on the pile)."""
    discard = discard_of(table, key)
    if discard is not None:
        table.play(discard)


def second_draw_tap(table: Table, session: Session) -> bool:
    """Whether a tap on the stock or the pile is the second half of a double tap on it:
    this turn's draw came just before (a bot's quick turn in between starts a new one)."""
    turn, when = table.last_draw
    return turn == session.state.hand.turn_id and table.clock() - when < DRAW_GUARD_MS


def note_draw(table: Table, session: Session) -> None:
    table.last_draw = (session.state.hand.turn_id, table.clock())


@action("draw")
def draw(table: Table, _arg: str = "") -> None:
    session = table.session
    if session is None or second_draw_tap(table, session):
        return
    if table.guard_turn():
        note_draw(table, session)
        table.play(DrawStock())


@action("take")
def take(table: Table, _arg: str = "") -> None:
    """Take the pile card; in the play phase, with one card selected, discard it."""
    session = table.session
    if session is None or table.screen is not Screen.TABLE:
        return
    if second_draw_tap(table, session):
        return
    if session.my_turn() and session.state.hand.phase is Phase.PLAY:
        if len(session.selected) == 1:
            discard = discard_of(table, session.selected[0])
            if discard is not None:
                table.play(discard)
        return
    if table.guard_turn():
        note_draw(table, session)
        table.play(TakeDiscard())


@action("discard")
def discard(table: Table, _arg: str = "") -> None:
    session = table.session
    if session is None or not table.guard_turn():
        return
    cards = session.selected_cards()
    if len(cards) != 1:
        table.say("error", "select_one")
        return
    table.play(Discard(cards[0]))


@action("lay")
def lay(table: Table, _arg: str = "") -> None:
    """Lay the selected cards; several readings (where a joker goes) ask which."""
    session = table.session
    if session is None or not table.guard_turn():
        return
    if not session.selected_cards():
        table.say("error", "select_cards")
        return
    choices = session.meld_choices()
    if len(choices) == 1:
        table.play(choices[0])
        return
    options = []
    for meld in choices:
        parts: list = [(c, meld.joker_as if c.is_joker else None) for c in meld.cards]
        if meld.joker_as is not None:
            parts.append(("joker_as", {"card": meld.joker_as}))
        options.append((parts, meld))
    session.choice = Choice("choose_meld", {}, options)
    table.redraw()


@action("attach")
def attach(table: Table, arg: str) -> None:
    """Attach the selected card to meld ``arg``; several ways (ends, swap) ask which."""
    session = table.session
    if session is None or not session.selected or not table.guard_turn():
        return
    index = int(arg)
    cards = session.selected_cards()
    if len(cards) != 1:
        table.say("error", "select_one")
        return
    card = cards[0]
    options = session.meld_targets().get(index)
    if not options:
        table.play(Attach(card, index))  # not a legal target: the engine says why
        return
    if len(options) == 1:
        table.play(options[0])
        return
    meld = session.state.hand.melds[index].meld
    labelled = []
    for option in options:
        parts: list = []
        if isinstance(option, SwapJoker):
            parts.append(("swap_joker_opt", {}))
            preview = meld.swap_joker(card)
        else:
            preview = meld.attach(card, end=option.end, joker_as=option.joker_as)
            stands = option.joker_as or (preview.joker_as if card.is_joker else None)
            if stands is not None:
                parts.append(("joker_as", {"card": stands}))
            if option.end:
                parts.append(("attach_" + option.end, {}))
        faces = [(c, preview.joker_as if c.is_joker else None) for c in preview.cards]
        labelled.append((faces + parts, option))
    session.choice = Choice("choose_attach", {"card": card}, labelled)
    table.redraw()


@action("choose")
def choose(table: Table, arg: str) -> None:
    session = table.session
    if session is None or session.choice is None:
        return
    _parts, chosen = session.choice.options[int(arg)]
    session.choice = None
    table.play(chosen)


@action("cancel")
def cancel(table: Table, _arg: str = "") -> None:
    if table.session is not None:
        table.session.choice = None
    table.redraw()


@action("undo")
def undo(table: Table, _arg: str = "") -> None:
    session = table.session
    if session is None or not session.my_turn():
        return
    error = table.take_back()
    if error is not None:
        session.tell("error", error.message, table.lang)
        table.redraw()


@action("next-hand")
def next_hand(table: Table, _arg: str = "") -> None:
    if table.session is None:
        return
    table.overlay = None
    table.play(NextHand())


@action("sort")
def sort(table: Table, arg: str) -> None:
    """Sort the shown hand by ``arg`` ("suit" or "rank"); no ``arg`` (a key) switches."""
    session = table.session
    if session is None or session.viewer is None:
        return
    if not arg:
        arg = "rank" if session.sort_modes.get(session.viewer, "suit") == "suit" else "suit"
    session.sort_hand(session.viewer, arg)
    table.saves.save_table(session)
    table.redraw()


@action("arrange")
def arrange(table: Table, _arg: str = "") -> None:
    """Order the shown hand into the best melds it holds (the solver's), the rest after."""
    session = table.session
    if session is None or session.viewer is None:
        return
    session.arrange_melds(session.viewer)
    table.saves.save_table(session)
    table.redraw()


@action("hint")
def hint(table: Table, _arg: str = "") -> None:
    session = table.session
    if session is None or not session.my_turn():
        return
    session.tell("info", partial(t, "hint_thinking"), table.lang)
    table.redraw()
    table.effects.add(Effect.HINT)


@action("pass-ready")
def pass_ready(table: Table, _arg: str = "") -> None:
    """Hot-seat: the player to move holds the device; show their cards."""
    session = table.session
    if session is None:
        return
    session.viewer = session.state.to_move
    table.saves.save_table(session)
    table.redraw()


def drop(table: Table, src: str, dst: str) -> None:
    """A drag from ``src`` released on ``dst`` (the ``data-drag`` / ``data-drop`` names)."""
    session = table.session
    if session is None or table.screen is not Screen.TABLE or session.needs_pass() \
            or table.tab.notice:
        return
    if src in ("stock", "pile"):
        if dst.startswith("hand"):
            table.click("draw" if src == "stock" else "take")
        return
    if not src.startswith("card:") or session.viewer is None:
        return
    key = src.removeprefix("card:")
    if dst.startswith("hand:") or dst == "hand-end":
        before = dst.removeprefix("hand:") if dst != "hand-end" else None
        if before != key:
            session.move_card(session.viewer, key, before)
            table.saves.save_table(session)
            table.redraw()
    elif dst == "pile":
        table.click("discard-card", key)
    elif dst.startswith("meld:") and session.selected in ([], [key]):
        # a deliberate attach: one card dragged onto a meld
        session.select_only(key)
        table.click("attach", dst.removeprefix("meld:"))
    elif dst == "table" or dst.startswith("meld:"):
        # with other cards selected, a drop on a crowded table that happens to land
        # on a meld means the selection: lay it (a refusal keeps the selection)
        session.add_to_selection(key)
        table.click("lay")
