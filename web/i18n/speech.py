"""The words a screen reader says at the table (issue #43): a card's and a meld's
spoken name, the announcements' region and the keys that reach each zone."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
    # a card's name: "7 di cuori", "queen of spades", "jolly"; a rank said of several
    # cards, for a set, in its plural ("combinazione di re", "set of kings", "set of
    # 7s", read "sevens"; Italian keeps the digit)
    "card_named": ("{rank} di {suit}", "{rank} of {suit}"),
    "rank_A": ({"one": "asso", "many": "assi"}, {"one": "ace", "many": "aces"}),
    "rank_J": ({"one": "fante", "many": "fanti"}, {"one": "jack", "many": "jacks"}),
    "rank_Q": ({"one": "donna", "many": "donne"}, {"one": "queen", "many": "queens"}),
    "rank_K": ({"one": "re", "many": "re"}, {"one": "king", "many": "kings"}),
    "rank_number": ({"one": "{rank}", "many": "{rank}"}, {"one": "{rank}", "many": "{rank}s"}),
    "suit_H": ("cuori", "hearts"),
    "suit_D": ("quadri", "diamonds"),
    "suit_C": ("fiori", "clubs"),
    "suit_S": ("picche", "spades"),
    # a card of the hand: "7 of hearts, selected, drawn this turn"
    "name_selected": ("selezionata", "selected"),
    "name_drawn": ("pescata ora", "drawn this turn"),
    "name_must": ("da usare in questo turno", "must be used this turn"),
    "name_hinted": ("nel suggerimento", "in the hint"),
    # a meld: "run of hearts 5 to 8 with the joker as 7, 26 points, Bruno's"
    "meld_run": ("scala di {suit} da {low} a {high}", "run of {suit} {low} to {high}"),
    "meld_run_joker": (" con il jolly come {rank}", " with the joker as {rank}"),
    "meld_set": ("combinazione di {ranks}: {suits}", "set of {ranks}: {suits}"),
    "meld_set_joker": ("jolly come {suit}", "joker as {suit}"),
    "meld_owner": ({"you": "tuo", "they": "di {name}"}, {"you": "yours", "they": "{name}'s"}),
    "meld_name": ("{meld}, {points}, {owner}", "{meld}, {points}, {owner}"),
    # the zones, each reached by a key (web/page/keys.py, docs/web.md)
    "stock_and_pile": ("Tallone e pozzo", "Stock and pile"),
    "speech_label": ("Annunci", "Announcements"),
    "keyboard_help": (
        "Tastiera: 1 mano, 2 giochi sul tavolo, 3 tallone, 4 pozzo, 5 avversari, "
        "6 mosse; frecce per passare da una carta all'altra (o da un gioco all'altro), "
        "Invio per selezionare la carta, Invio su un gioco per attaccarla; D pesca, "
        "P pozzo, M cala, X scarta, U annulla, H suggerimento, S ordina, R ripete "
        "l'ultimo annuncio, Esc deseleziona.",
        "Keyboard: 1 hand, 2 table melds, 3 stock, 4 pile, 5 opponents, 6 moves; "
        "arrows to move along the hand (or the melds), Enter to select a card, Enter on "
        "a meld to attach it; D draw, P pile, M meld, X discard, U undo, H hint, S sort, "
        "R repeat the last announcement, Esc clear.",
    ),
}
