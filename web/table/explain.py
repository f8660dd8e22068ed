"""Why a hinted move is good, where the bot's one-line reason does not say it, and what
the hint marks on the table.

The hint comes from :func:`scala40.bots.hint` with the bot's reason. Two of
those reasons only name the move: an attachment ("Attach A♠ to a meld") and
a draw from the stock ("Draw from the stock."). For those the table composes
the explanation here from the move and the engine's facts: for an
attachment, which meld it joins, how many penalty points leave the hand, and
whether the hand can then be closed; for a draw, why not the pile (the
engine's refusal of taking it, or that its card does not help now). Every
other move keeps the bot's reason, which already says why (a meld's points,
the opening's total, the discard's use to the next player, ...).

>>> from scala40 import Rules, parse_action
>>> from scala40.record import Game
>>> game = Game.new(["A", "B"], "learn-109", Rules(mode="single"))
>>> for line in ("draw", "meld 10D JD QD KD AD", "meld QS KS JK=AS", "discard 4C", "draw",
...              "discard AC", "draw", "discard 7C", "draw", "meld QH KH AH", "meld 9H 9C 9S"):
...     game.play(parse_action(line))
>>> print(explain(game.state, parse_action("attach JS to 1 low"), "Attach J♠.", "en"))
Attach the J♠ to Q♠ K♠ Joker=A♠ (B's meld): 10 points out of your hand.
>>> explain(Game.new(["A", "B"], "learn-109", Rules(mode="single")).state,
...         parse_action("draw"), "Draw.", "it")
'Pesca dal tallone: puoi prendere dal pozzo solo dopo aver aperto.'
"""

from __future__ import annotations

from scala40 import (
    Action,
    Attach,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    State,
    SwapJoker,
    TakeDiscard,
    hand_penalty,
    refusal,
)
from scala40.melds import Meld
from web.i18n import card_in_sentence, t
from web.table.cards import sym


def meld_text(meld: Meld, lang: str) -> str:
    """A meld as its cards' short labels, a joker with the card it stands for."""
    return " ".join(f"{sym(card, lang)}={meld.joker_as.symbol}" if card.is_joker and meld.joker_as
                    else sym(card, lang) for card in meld.cards)


def explain(state: State, action: Action, reason: str, lang: str) -> str:
    """The hint's explanation of ``action`` for the player to move in ``state``."""
    if isinstance(action, DrawStock):
        return explain_draw(state, lang)
    if not isinstance(action, Attach):
        return reason
    hand, seat = state.hand, state.hand.turn
    if not 0 <= action.target < len(hand.melds):
        return reason
    table_meld = hand.melds[action.target]
    owner = t("hint_meld_of", lang, you=table_meld.owner == seat,
              name=state.players[table_meld.owner])
    points = t("points_n", lang, n=hand_penalty([action.card], state.rules))
    text = t("hint_attach", lang, card=card_in_sentence(action.card, lang),
             meld=meld_text(table_meld.meld, lang), owner=owner, points=points)
    if len(hand.hands[seat]) == 2:
        text += t("hint_closes", lang)
    return text


def explain_draw(state: State, lang: str) -> str:
    """Why the stock and not the pile: the engine's refusal to let the player take the
    pile card (the pile is empty, the player has not opened), else that it does not help."""
    hand = state.hand
    refused = refusal(state, TakeDiscard())
    if refused is not None:
        why = refused.message(lang)
        why = why[:1].lower() + why[1:]
    else:
        why = t("hint_draw_useless", lang, card=card_in_sentence(hand.pile[-1], lang))
    return t("hint_draw", lang, why=why)


def marks(keyed: list[tuple[str, Card]], action: Action) -> tuple[list[str], str | None]:
    """What a hint marks on the table: the keys of the cards ``action`` plays from the
    hand ``keyed`` (``Session.hand_keys``), and the place it plays them ("stock",
    "pile", ``meld:<index>``), if any.

    >>> from scala40 import parse_action
    >>> marks([("7H#0", Card.parse("7H")), ("7H#1", Card.parse("7H"))],
    ...       parse_action("attach 7H to 2 high"))
    (['7H#0'], 'meld:2')
    """
    keys: list[str] = []

    def find(card: Card) -> None:
        for key, held in keyed:
            if held == card and key not in keys:
                keys.append(key)
                return

    target = None
    if isinstance(action, DrawStock):
        target = "stock"
    elif isinstance(action, TakeDiscard):
        target = "pile"
    elif isinstance(action, LayMeld):
        for card in action.cards:
            find(card)
    elif isinstance(action, Attach | SwapJoker):
        find(action.card)
        target = f"meld:{action.target}"
    elif isinstance(action, Discard):
        find(action.card)
        target = "pile"
    return keys, target
