"""The UI session: the game being played and what the table remembers around it.

Pure Python (no browser): the :class:`Session` holds the engine's
:class:`~scala40.record.Game` (with its in-turn undo), who sits where (human
or bot), the order a player arranged their hand in, the selected cards, whose
hand is shown (hot-seat), an open choice (which reading of a meld, which end
to attach to) and the last message. Every rule question goes to the engine:
``possible_melds``, ``attach_options``, ``is_legal``, ``discard_refusal``,
``opening_progress``; a refusal is the engine's ``RuleError``.

The session is arranged again whenever the game changes (a move, an undo, a
load): the hand order keeps up with the cards held and the selection keeps
only cards still held, so reading it (the renderer does) never changes it.

>>> session = Session.new([Seat("Anna"), Seat("Bot", "bot", "easy")], seed=3)
>>> len(session.hand_keys(0))
13
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from scala40 import (
    Action,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    Phase,
    Rules,
    SwapJoker,
    TakeDiscard,
    attach_options,
    is_legal,
    opening_progress,
    possible_melds,
)
from scala40.bots import DEFAULT_LEVEL
from scala40.record import Game
from scala40.state import State
from web.store.match import DRAWS_KEPT
from web.store.seat import Seat, SeatKind, clamp_name
from web.table.order import arranged, sort_codes

_KEPT_DRAW = re.compile(r"([0-9]{1,5}):([0-9]{1,5}):([0-9]):([0-9A-Z]{2,3})")


@dataclass
class Choice:
    """A question with several engine-legal answers (readings of a meld, attach ends)."""

    title: str  # i18n key
    facts: dict
    options: list  # (label parts, action)


@dataclass
class Session:
    """The match on this page: the engine's game, who sits where, and the table's view state."""

    game: Game
    seats: list[Seat]
    match_id: str
    orders: dict[int, list[str]] = field(default_factory=dict)
    sort_modes: dict[int, str] = field(default_factory=dict)
    selected: list[str] = field(default_factory=list)
    viewer: int | None = None
    choice: Choice | None = None
    message: tuple[str, str] | None = None  # (kind, text) kind: error, info, hint
    #: the message :meth:`tell` showed and the words that say it in any language
    told: tuple[tuple[str, str], Callable[[str], str]] | None = None
    coach: str = ""  # the lesson's instruction, shown until its step is done
    spotlight: int | None = None  # the meld the lesson's step names: kept in view
    hint_keys: list[str] = field(default_factory=list)
    hint_target: str | None = None
    last: tuple[int, object] | None = None  # (seat, action) just played, for animation
    fresh: list[str] = field(default_factory=list)  # cards just added to the mover's hand
    marked: list[str] = field(default_factory=list)  # the viewer's drawn card, until they act
    #: the cards seats drew from the stock, by (hand number, log index): each seat's
    #: own log line names its card, nobody else's does
    draws: dict[tuple[int, int], tuple[int, Card]] = field(default_factory=dict)
    counted: bool = False  # the match result is in the statistics

    # -- making and saving -------------------------------------------------

    @property
    def kept_here(self) -> bool:
        """Whether this device keeps the match: plays its moves, saves it, counts it,
        keeps it for replay (a friend's match shown on a guest's device is the host's: a
        move is sent there, and what came of it arrives as the host's next table)."""
        return True

    @property
    def with_friends(self) -> bool:
        """Whether friends play seats of this match from their own devices."""
        return any(seat.is_remote for seat in self.seats)

    @staticmethod
    def new(seats: list[Seat], seed: object, rules: Rules | None = None) -> Session:
        seats = [Seat(clamp_name(seat.name), seat.kind, seat.level) for seat in seats]
        game = Game.new([seat.name for seat in seats], seed, rules)
        session = Session(game, seats, match_id=str(seed))
        session.pick_viewer()
        session.arrange()
        return session

    def table_meta(self) -> dict:
        """What is saved with the match besides its record (``scala40.table``): the seats
        and what the table shows that the record does not hold (the hands' order, the
        selection, the cards this device's players drew this hand)."""
        return {
            "seats": [seat.to_dict() for seat in self.seats],
            "id": self.match_id,
            "orders": {str(k): v for k, v in self.orders.items()},
            "sort": {str(k): v for k, v in self.sort_modes.items()},
            "viewer": self.viewer,
            "counted": self.counted,
            "selected": list(self.selected),
            "draws": self.kept_draws(),
        }

    def kept_draws(self) -> list[str]:
        """This hand's stock draws by this device's players, ``"hand:index:seat:card"``
        (the log's index): the record says a seat drew, not which card, which only that
        player saw; a reload keeps their log lines ("You drew 7♥") and the mark."""
        number = self.state.hand.number
        return [f"{hand}:{index}:{seat}:{card}"
                for (hand, index), (seat, card) in self.draws.items()
                if hand == number and self.seats[seat].kind == SeatKind.HUMAN][-DRAWS_KEPT:]

    def restore_draws(self, kept: object) -> None:
        """Take back :meth:`kept_draws`; an entry that is not a stock draw of that seat at
        that place of this hand's log (stale, hostile) is left out."""
        hand = self.state.hand
        for entry in kept if isinstance(kept, list) else []:
            found = _KEPT_DRAW.fullmatch(str(entry))
            if found is None:
                continue
            number, index, seat = map(int, found.groups()[:3])
            try:
                card = Card.parse(found.group(4))
            except ValueError:  # the engine's RuleError: not a card
                continue
            if number == hand.number and index < len(hand.log) \
                    and hand.log[index][0] == seat \
                    and isinstance(hand.log[index][1], DrawStock):
                self.draws[(number, index)] = (seat, card)

    def mark_last_draw(self) -> None:
        """After a reload: the card the viewer drew or took this turn, marked again (as
        :meth:`play` marked it) while it is still the last move."""
        log = self.state.hand.log
        if self.viewer is None or not log or log[-1][0] != self.viewer:
            return
        _seat, action, taken = log[-1]
        card = self.drawn_card(len(log) - 1, self.viewer) if isinstance(action, DrawStock) \
            else taken if isinstance(action, TakeDiscard) else None
        self.marked = [str(card)] if card is not None else []

    @staticmethod
    def restore(game: Game, meta: object) -> Session:
        """A session around a loaded game and its table data (``table_meta``); what is
        missing or not of the right shape is left out: seat 0 human, the others bots,
        the hands in suit order, nothing selected, draws without their card. The one way
        a saved match comes back (``Table.resume_saved``)."""
        meta = meta if isinstance(meta, dict) else {}
        raw = meta.get("seats")
        raw = raw if isinstance(raw, list) else []
        seats = []
        for index, name in enumerate(game.state.players):
            data = raw[index] if index < len(raw) and isinstance(raw[index], dict) else {}
            kind = data.get("kind", SeatKind.HUMAN if index == 0 else SeatKind.BOT)
            level = str(data.get("level", DEFAULT_LEVEL))
            kind = kind if kind in (SeatKind.BOT, SeatKind.REMOTE) else SeatKind.HUMAN
            name = data.get("name", name)  # a friend's own name (web/friends), else the record's
            seats.append(Seat(clamp_name(name), kind, level))
        session = Session(game, seats, match_id=str(meta.get("id", game.state.seed)))
        try:
            session.orders = {int(k): [str(code) for code in v]
                              for k, v in meta.get("orders", {}).items()}
            session.sort_modes = {int(k): str(v) for k, v in meta.get("sort", {}).items()}
        except (TypeError, ValueError, AttributeError):
            session.orders, session.sort_modes = {}, {}
        session.counted = bool(meta.get("counted", False))
        session.restore_draws(meta.get("draws"))
        selected = meta.get("selected")
        if isinstance(selected, list):  # arrange keeps only cards the shown hand holds
            session.selected = list(dict.fromkeys(str(key) for key in selected))
        # hot-seat: a reload asks again who holds the device (the viewer stays None)
        session.pick_viewer()
        session.arrange()
        session.mark_last_draw()
        return session

    def meta_json(self) -> str:
        return json.dumps(self.table_meta(), ensure_ascii=False)

    def tell(self, kind: str, words: Callable[[str], str], lang: str) -> None:
        """Show a message (``kind``: error, info, hint) said by ``words`` in ``lang``;
        a switch of language says it again (:meth:`tell_again`), as it redraws every
        other word of the page."""
        self.message = (kind, words(lang))
        self.told = (self.message, words)

    def tell_again(self, lang: str) -> None:
        """The message shown, said in ``lang`` (one set by hand, not told, stays)."""
        if self.told is not None and self.message is self.told[0]:
            self.tell(self.message[0], self.told[1], lang)

    # -- who is who ----------------------------------------------------------

    @property
    def state(self) -> State:
        return self.game.state

    def name(self, seat: int) -> str:
        """The seat's player's name as shown (clamped)."""
        return self.seats[seat].name

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def humans(self) -> list[int]:
        """The seats played by a person on this device (not bots, not remote players)."""
        return [i for i, seat in enumerate(self.seats) if seat.kind == SeatKind.HUMAN]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def can_undo(self) -> bool:
        """Whether the last action may be taken back (a guest: as the host says)."""
        return self.game.can_undo

    @property
    def to_move(self) -> int:
        return self.state.to_move

    def bot_to_move(self) -> bool:
        state = self.state
        if state.is_over:
            return False
        if state.hand_over:
            # the next hand is dealt by the table when no human is there to press the button
            return not self.humans
        return self.seats[state.to_move].is_bot

    def pick_viewer(self) -> None:
        """Whose hand is face up. One human: always theirs. Hot-seat: nobody until
        the player to move says they hold the device (see :meth:`needs_pass`)."""
        humans = self.humans
        if len(humans) == 1:
            self.viewer = humans[0]
        elif not humans:
            self.viewer = None

    def needs_pass(self) -> bool:
        """Hot-seat: the human to move must confirm before their cards are shown."""
        state = self.state
        if not self.hot_seat or state.hand_over:
            return False
        mover = state.to_move
        return self.seats[mover].kind == SeatKind.HUMAN and self.viewer != mover

    def hand_shown(self, seat: int) -> bool:
        """Whether this device knows ``seat``'s cards at a hand's end (the score sheet
        shows them); a guest of a shared table knows only its own (web/friends/seats.py)."""
        return True

    @property
    def deals(self) -> bool:
        """Whether the next hand is dealt from this device (a guest waits for the host)."""
        return True

    def my_turn(self) -> bool:
        state = self.state
        return not state.hand_over and self.viewer is not None and state.to_move == self.viewer

    # -- the hand as the player arranged it ----------------------------------

    def hand_keys(self, seat: int) -> list[tuple[str, Card]]:
        """The seat's cards in the player's order, each with a stable key ("7H#1")."""
        held = self.state.hand.hands[seat] if seat < len(self.state.hand.hands) else ()
        order = arranged(self.orders.get(seat, []), held, self.sort_modes.get(seat, "suit"))
        seen: Counter = Counter()
        keyed = []
        for code in order:
            keyed.append((f"{code}#{seen[code]}", Card.parse(code)))
            seen[code] += 1
        return keyed

    def arrange(self) -> None:
        """After the game changed: every hand's order follows the cards held (new cards
        at the right end, or into place in a sorted hand) and the selection keeps only
        cards the shown hand still holds."""
        for seat in range(len(self.state.hand.hands)):
            self.orders[seat] = [key.split("#")[0] for key, _ in self.hand_keys(seat)]
        shown = {key for key, _ in self.hand_keys(self.viewer)} if self.viewer is not None \
            else set()
        self.selected = [key for key in self.selected if key in shown]

    def sort_hand(self, seat: int, mode: str) -> None:
        self.sort_modes[seat] = mode
        self.orders[seat] = sort_codes([str(c) for c in self.state.hand.hands[seat]], mode)

    def move_card(self, seat: int, key: str, before: str | None) -> None:
        """Drag to rearrange: put card ``key`` before card ``before`` (None: at the end)."""
        keys = [k for k, _ in self.hand_keys(seat)]
        if key not in keys:
            return
        codes = [k.split("#")[0] for k in keys]
        index = keys.index(key)
        code = codes.pop(index)
        keys.pop(index)
        target = keys.index(before) if before in keys else len(keys)
        codes.insert(target, code)
        self.orders[seat] = codes
        self.sort_modes[seat] = "manual"

    # -- selection -----------------------------------------------------------

    def toggle(self, key: str) -> None:
        if key in self.selected:
            self.selected.remove(key)
        else:
            self.selected.append(key)
        self.hint_keys, self.hint_target = [], None

    def select_only(self, key: str) -> None:
        self.selected = [key]

    def add_to_selection(self, key: str) -> None:
        if key not in self.selected:
            self.selected.append(key)

    def clear_selection(self) -> None:
        self.selected = []

    def selected_cards(self) -> list[Card]:
        """The selected cards of the viewer, in the order they were selected."""
        if self.viewer is None:
            return []
        keyed = dict(self.hand_keys(self.viewer))
        return [keyed[k] for k in self.selected if k in keyed]

    def fresh_keys(self) -> set[str]:
        """The keys of the cards the last move put into the shown hand (drawn, taken
        back, a joker won), to be animated once."""
        if not (self.last and self.last[0] == self.viewer and self.fresh):
            return set()
        assert self.viewer is not None
        codes = [key for key, _ in self.hand_keys(self.viewer)]
        keys: set[str] = set()
        for code in set(self.fresh):
            matching = [key for key in codes if key.startswith(f"{code}#")]
            keys.update(matching[-self.fresh.count(code):])
        return keys

    def drawn(self) -> None:
        """The page showed the last move: its animations are not to be played again."""
        self.last, self.fresh = None, []

    # -- playing ---------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Play for the player to move; ``RuleError`` leaves everything as it was."""
        seat = self.state.to_move
        before = Counter(self.state.hand.hands[seat]) if self.state.hand.seats else Counter()
        self.game.play(action)
        self.last = (seat, action)
        after = Counter(self.state.hand.hands[seat]) if seat < len(self.state.hand.hands) \
            else Counter()
        self.fresh = [str(c) for c in (after - before).elements()]
        self.choice = None
        self.message = None  # a message belongs to the state that caused it
        self.hint_keys, self.hint_target = [], None
        if isinstance(action, DrawStock) and len(self.fresh) == 1:
            hand = self.state.hand
            self.draws[(hand.number, len(hand.log) - 1)] = (seat, Card.parse(self.fresh[0]))
        if seat == self.viewer:
            # the player acted: their drawn card is no longer news, a played selection goes
            self.marked = list(self.fresh) if isinstance(action, DrawStock | TakeDiscard) \
                else []
            if not isinstance(action, DrawStock | TakeDiscard):
                self.selected = []
        # another seat's move (a bot's) keeps the viewer's selection (arrange drops
        # only cards no longer held)
        if self.hot_seat and (isinstance(action, Discard) or self.state.hand_over):
            self.viewer = None  # the device goes to the next player (or the sheet is shown)
        self.arrange()

    def undo(self) -> None:
        self.game.undo()
        self.last = None
        self.fresh = []
        self.marked = []
        self.choice = None
        self.message = None  # a refusal of the state undone no longer applies
        self.selected = []
        self.arrange()

    def marked_keys(self) -> set[str]:
        """The keys of the card(s) the viewer drew this turn, marked until their next move."""
        if self.viewer is None or not self.marked:
            return set()
        keys = [key for key, _ in self.hand_keys(self.viewer)]
        found: set[str] = set()
        for code in set(self.marked):
            matching = [key for key in keys if key.startswith(f"{code}#")]
            found.update(matching[-self.marked.count(code):])
        return found

    def drawn_card(self, entry_index: int, seat: int | None) -> Card | None:
        """The card ``seat`` drew from the stock at log entry ``entry_index`` of this hand,
        if this device saw it drawn and it was ``seat``'s own draw (None otherwise)."""
        known = self.draws.get((self.state.hand.number, entry_index))
        if known is None or seat is None or known[0] != seat:
            return None
        return known[1]

    def opening_with_selection(self) -> tuple[int, int] | None:
        """Before opening, with cards selected: the opening points the turn's melds and the
        best melds in the selection would count (the solver's), and the points needed."""
        state = self.state
        hand = state.hand
        cards = self.selected_cards()
        if not cards or not self.my_turn() or hand.phase is not Phase.PLAY \
                or hand.opened[hand.turn]:
            return None
        progress = opening_progress(state)
        from scala40.solver import best_melds  # see arrange_melds

        solution = best_melds(cards, state.rules)
        points = solution.points if solution is not None else 0
        return progress.counted + points, progress.needed

    def arrange_melds(self, seat: int) -> None:
        """Order the seat's hand as the solver's best melds (each meld's cards together,
        in table order), then the cards left over, sorted by suit."""
        # The solver is imported when cards are first selected or arranged (or a bot
        # thinks), not with the page: drawing the table does not need it.
        from scala40.solver import best_melds

        held = [str(c) for c in self.state.hand.hands[seat]]
        solution = best_melds(self.state.hand.hands[seat], self.state.rules)
        order: list[str] = []
        if solution is not None:
            for cards, _ in solution.melds:
                order += [str(c) for c in cards]
            rest = Counter(held) - Counter(order)
            order += sort_codes(list(rest.elements()), "suit")
        else:
            order = sort_codes(held, "suit")
        self.orders[seat] = order
        self.sort_modes[seat] = "manual"

    def meld_choices(self) -> list:
        """Every reading the engine sees in the selected cards (possible_melds)."""
        cards = self.selected_cards()
        readings = possible_melds(cards)
        actions = [LayMeld(meld.cards, meld.joker_as) for meld in readings]
        legal = [a for a in actions if is_legal(self.state, a)]
        return legal or actions[:1] or [LayMeld(tuple(cards))]

    def meld_targets(self) -> dict[int, list]:
        """For one selected card: the table melds it may go to now, with the actions."""
        cards = self.selected_cards()
        if len(cards) != 1 or not self.my_turn() or self.state.hand.phase is not Phase.PLAY:
            return {}
        card = cards[0]
        targets: dict[int, list] = {}
        for index, action in attach_options(self.state, card):
            targets.setdefault(index, []).append(action)
        for index, table_meld in enumerate(self.state.hand.melds):
            if table_meld.meld.joker_as == card:
                swap = SwapJoker(card, index)
                if is_legal(self.state, swap):
                    targets.setdefault(index, []).append(swap)
        return targets

    def draw_options(self) -> dict[str, bool]:
        if not self.my_turn() or self.state.hand.phase is not Phase.DRAW:
            return {}
        return {
            "stock": True,
            "pile": is_legal(self.state, TakeDiscard()),
        }


__all__ = ["Choice", "Seat", "Session", "clamp_name"]
