"""The words of the table in play: its zones and buttons, the prompts, the hand's
and the match's end, the moves as the log tells them."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
    # the table
    "stock": ("Tallone", "Stock"),
    "pile": ("Pozzo", "Discard pile"),
    "pile_empty": ("vuoto", "empty"),
    "stock_label": ({"one": "Tallone, {n} carta: pesca", "many": "Tallone, {n} carte: pesca"},
                 {"one": "Stock, {n} card: draw", "many": "Stock, {n} cards: draw"}),
    "pile_label": ("Pozzo, in cima {card}: prendi", "Discard pile, {card} on top: take"),
    "pile_label_empty": ("Pozzo vuoto", "Discard pile, empty"),
    "draw": ("Pesca", "Draw"),
    "take": ("Prendi dal pozzo", "Take the pile card"),
    "lay": ("Cala", "Meld"),
    "discard": ("Scarta", "Discard"),
    "undo": ("Annulla mossa", "Undo"),
    "hint": ("Suggerimento", "Hint"),
    "hint_thinking": ("Ci penso…", "Thinking…"),
    "sort_suit": ("Ordina per seme", "Sort by suit"),
    "sort_rank": ("Ordina per valore", "Sort by rank"),
    "hand_of": (
        {"you": "La tua mano", "they": "Mano di {name}"},
        {"you": "Your hand", "they": "{name}'s hand"},
    ),
    "melds_of": (
        {"you": "I tuoi giochi", "they": "Giochi di {name}"},
        {"you": "Your melds", "they": "{name}'s melds"},
    ),
    "meld_label": (
        {"you": "Il tuo gioco, {kind}: {cards}", "they": "{kind} di {name}: {cards}"},
        {"you": "Your {kind}: {cards}", "they": "{name}'s {kind}: {cards}"},
    ),
    "hand_hidden": ("Carte coperte", "Cards hidden"),
    "table_melds": ("Giochi sul tavolo", "Melds on the table"),
    "table_empty": ("Nessun gioco sul tavolo.", "No melds on the table yet."),
    "cards_n": ({"one": "{n} carta", "many": "{n} carte"},
                 {"one": "{n} card", "many": "{n} cards"}),
    # a player's state under their name, in words that do not agree with a gender
    # nobody told us ("ha aperto", "da aprire", never "aperto"/"aperta"); "da aprire"
    # fits a phone's chip on one line, "non ha aperto" did not at 390 px
    "opened": ("ha aperto", "opened"),
    "not_opened": ("da aprire", "not opened"),
    "out": ("fuori", "out"),
    "dealer": ("mazziere", "dealer"),
    "points_n": ({"one": "{n} punto", "many": "{n} punti"},
                 {"one": "{n} point", "many": "{n} points"}),
    "score": ("Punteggio", "Score"),
    "opening": ("Apertura", "Opening"),
    "opening_done": ("Hai aperto", "You opened"),
    "turn_of": ("Tocca a {name}", "{name} to play"),
    "your_turn_draw": (
        "Tocca a te: pesca dal tallone o dal pozzo.",
        "Your turn: draw from the stock or the pile.",
    ),
    "your_turn_play": (
        "Cala, attacca, poi scarta una carta.",
        "Meld, attach, then discard a card.",
    ),
    "thinking": ("{name} sta pensando…", "{name} is thinking…"),
    "must_use": ("Da usare in questo turno", "Must be used this turn"),
    "selected_n": ({"one": "{n} selezionata", "many": "{n} selezionate"},
                 {"one": "{n} selected", "many": "{n} selected"}),
    "hand_n": ("Mano {n}", "Hand {n}"),
    "log": ("Mosse", "Moves"),
    "log_empty": ("Nessuna mossa ancora.", "No moves yet."),
    # the phone's line of the last move opens the hand's moves (web/table/log.py)
    "moves_open": ("Tutte le mosse della mano. Ultima: {last}",
                   "All the moves of the hand. Last: {last}"),
    "moves_all": ("Tutte", "All"),
    "moves_title": ("Mosse della mano {n}", "Moves of hand {n}"),
    "last_discards": ("Ultimi scarti", "Last discards"),
    "choose_meld": ("Come vuoi calare queste carte?", "How do you want to lay these cards?"),
    # the card as the choice's heading, so it needs no article ("Jolly: scegli ...")
    "choose_attach": ("{card}: scegli come attaccare", "{card}: choose how to attach it"),
    "attach_low": ("in basso", "at the low end"),
    "attach_high": ("in alto", "at the high end"),
    "attach_plain": ("attacca", "attach"),
    "joker_as": ("jolly come {card}", "joker as {card}"),
    "swap_joker_opt": ("Sostituisci il jolly e prendilo", "Swap for the joker and take it"),
    "meld_attach_label": ("Attacca qui: {label}", "Attach here: {label}"),
    "sequence": ("scala", "sequence"),
    "combination": ("combinazione", "combination"),
    "pass_title": ("Passa il dispositivo a {name}", "Pass the device to {name}"),
    "pass_text": (
        "Le carte di {name} restano coperte finché non si tocca il pulsante.",
        "{name}'s cards stay hidden until the button is pressed.",
    ),
    "pass_ready": ("Mostra le carte di {name}", "Show {name}'s cards"),
    "select_one": ("Seleziona una sola carta.", "Select one card."),
    "select_cards": ("Seleziona le carte da calare.", "Select the cards to meld."),
    "not_your_turn": ("Non è il tuo turno.", "It is not your turn."),
    # the end of a hand and of the match
    "hand_over": ("Fine della mano {n}", "End of hand {n}"),
    "closed": (
        {"you": "Hai chiuso", "they": "{name} chiude"},
        {"you": "You closed", "they": "{name} closes"},
    ),
    "closed_in_mano": (
        {"you": "Hai chiuso in mano: penalità raddoppiate",
         "they": "{name} chiude in mano: penalità raddoppiate"},
        {"you": "You went rummy: penalties doubled",
         "they": "{name} goes rummy: penalties doubled"},
    ),
    "closed_in_mano_plain": (
        {"you": "Hai chiuso in mano", "they": "{name} chiude in mano"},
        {"you": "You went rummy", "they": "{name} goes rummy"},
    ),
    "winner": (
        {"you": "Hai vinto!", "they": "Vince {name}!"},
        {"you": "You won!", "they": "{name} wins!"},
    ),
    "next_dealer": (
        {"you": "La prossima mano la distribuisci tu",
         "they": "La prossima mano la distribuisce {name}"},
        {"you": "You deal next", "they": "{name} deals next"},
    ),
    "you_lost": ("Hai perso: vince {name}.", "You lost: {name} wins."),
    "no_closer": (
        "Il tallone è finito: mano senza vincitore.",
        "The stock ran out: no winner this hand.",
    ),
    "score_sheet": ("Tabellone", "Score sheet"),
    "total": ("Totale", "Total"),
    "hand_col": ("Mano", "Hand"),
    # who is out, who is back in: {names} is names_list's ("Bruno, Carla e tu"), the
    # player at this device last; a verb, not "eliminato/a", so no gender is guessed
    "eliminated": (
        {"you": {"one": "Sei fuori", "many": "{names} siete fuori"},
         "they": {"one": "{names} è fuori", "many": "{names} sono fuori"}},
        {"you": {"one": "You are out", "many": "{names} are out"},
         "they": {"one": "{names} is out", "many": "{names} are out"}},
    ),
    "reentered": (
        {"you": {"one": "Rientri in gioco", "many": "{names} rientrate in gioco"},
         "they": {"one": "{names} rientra in gioco", "many": "{names} rientrano in gioco"}},
        {"you": {"one": "You are back in", "many": "{names} are back in"},
         "they": {"one": "{names} is back in", "many": "{names} are back in"}},
    ),
    "next_hand": ("Prossima mano", "Next hand"),
    "match_over": ("Partita finita", "Match over"),
    "cards_left": ("Carte rimaste", "Cards left"),
    "penalty": ("Penalità", "Penalty"),
    "show_sheet": ("Tabellone", "Scores"),
    # the moves as the log tells them: to the player at this device, or naming the mover
    "move_draw": (
        {"you": "Hai pescato dal tallone", "they": "{name} pesca dal tallone"},
        {"you": "You drew from the stock", "they": "{name} draws from the stock"},
    ),
    "move_draw_card": (
        {"you": "Hai pescato {card}", "they": "{name} pesca {card}"},
        {"you": "You drew {card}", "they": "{name} draws {card}"},
    ),
    "move_take": (
        {"you": "Hai preso {card} dal pozzo", "they": "{name} prende {card} dal pozzo"},
        {"you": "You took {card} from the pile", "they": "{name} takes {card} from the pile"},
    ),
    "move_meld": (
        {"you": "Hai calato {cards}", "they": "{name} cala {cards}"},
        {"you": "You laid {cards}", "they": "{name} lays {cards}"},
    ),
    "move_attach": (
        {"you": "Hai attaccato {card}", "they": "{name} attacca {card}"},
        {"you": "You attached {card}", "they": "{name} attaches {card}"},
    ),
    "move_swap": (
        {"you": "Hai sostituito il jolly con {card}",
         "they": "{name} sostituisce il jolly con {card}"},
        {"you": "You swapped {card} for the joker", "they": "{name} swaps {card} for the joker"},
    ),
    "move_takeback": (
        {"you": "Hai ripreso le carte", "they": "{name} riprende le carte"},
        {"you": "You took the cards back", "they": "{name} takes the cards back"},
    ),
    "move_discard": (
        {"you": "Hai scartato {card}", "they": "{name} scarta {card}"},
        {"you": "You discarded {card}", "they": "{name} discards {card}"},
    ),
    "move_close": (
        {"you": "Hai chiuso!", "they": "{name} chiude!"},
        {"you": "You closed!", "they": "{name} closes!"},
    ),
    "log_next": ("Nuova mano", "New hand"),
    # -- the table in play (layout, motion, prompts) --------------------------
    "your_turn_draw_stock": (
        "Tocca a te: pesca dal tallone.",
        "Your turn: draw from the stock.",
    ),
    "your_turn_open": (
        "Cala i giochi per aprire, oppure scarta una carta.",
        "Lay melds to open, or discard a card.",
    ),
    "opening_live": ("{have} punti: ne servono {needed}", "{have} points: {needed} needed"),
    "opening_live_ok": ("{have} punti: bastano per aprire", "{have} points: enough to open"),
    "arrange_melds": ("Ordina per giochi", "Arrange melds"),
    "drawn_mark": ("Carta pescata", "Card drawn"),
    "mode_single_short": ("Partita singola", "Single hand"),
    # the hint's explanation where the bot's reason only names the move
    # (web/table/explain.py): {points} is points_n's ("1 punto", "10 points")
    "hint_attach": ("Attacca {card} a {meld} ({owner}): {points} in meno in mano.",
                    "Attach {card} to {meld} ({owner}): {points} out of your hand."),
    "hint_meld_of": ({"you": "il tuo gioco", "they": "gioco di {name}"},
                     {"you": "your meld", "they": "{name}'s meld"}),
    "hint_closes": (" Poi ti resta una carta sola: scartandola chiudi.",
                    " Then one card is left: discarding it closes the hand."),
    "hint_draw": ("Pesca dal tallone: {why}", "Draw from the stock: {why}"),
    "hint_draw_useless": ("ora non ti serve {card} sul pozzo.",
                          "{card} on the pile is no use to you now."),
    # the end of a hand as the live region says it (web/table/speech.py): what each pays
    "hand_pays": (
        {"you": "Paghi {points}, {total} in tutto",
         "they": "{name} paga {points}, {total} in tutto"},
        {"you": "You pay {points}, {total} in all",
         "they": "{name} pays {points}, {total} in all"},
    ),
    "hand_pays_single": (
        {"you": "Paghi {points}", "they": "{name} paga {points}"},
        {"you": "You pay {points}", "they": "{name} pays {points}"},
    ),
}
