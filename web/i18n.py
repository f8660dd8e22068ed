"""Every string the table shows, in Italian and English, in one place.

Rule refusals are *not* here: they come from the engine
(``RuleError.message(lang)``), so a rule is explained in one place only.
This module is pure Python (no browser), so it can be checked in CPython:

>>> t("draw", "it"), t("draw", "en")
('Pesca', 'Draw')
>>> card_name("7H", "it"), card_name("QS", "en"), card_name("JK", "it")
('7 di cuori', 'queen of spades', 'jolly')
"""

from __future__ import annotations

LANGS = ("it", "en")

STRINGS: dict[str, tuple[str, str]] = {
    # loading and chrome
    "title": ("Scala 40", "Scala 40"),
    "menu": ("Menu", "Menu"),
    "new_game": ("Nuova partita", "New game"),
    "start": ("Inizia la partita", "Start the match"),
    "resume": ("Torna al tavolo", "Back to the table"),
    "learn": ("Impara a giocare", "Learn to play"),
    "learn_offer": ("Prima volta? Una mano guidata ti insegna le regole giocando.",
                    "First time? A guided hand teaches you the rules as you play."),
    "you": ("Tu", "You"),
    # replays
    "replay": ("Rivedi", "Replay"),
    "replays": ("Partite da rivedere", "Games to replay"),
    "replays_none": ("Nessuna partita finita da rivedere.", "No finished game to replay."),
    "replay_delete": ("Elimina", "Delete"),
    "replay_unreadable": ("Questa partita non si può rivedere: {why} Resta nell'elenco, "
                          "dove puoi eliminarla.",
                          "This game cannot be replayed: {why} It stays in the list, where "
                          "you can delete it."),
    "replay_pos": ("Mossa {n} di {total} · mano {hand}", "Move {n} of {total} · hand {hand}"),
    "replay_hand": ("Mano {n}", "Hand {n}"),
    "replay_cards": ("{n} carte", "{n} cards"),
    "replay_pile": ("Pozzo:", "Pile:"),
    "replay_stock": ("tallone {n}", "stock {n}"),
    "replay_back": ("Indietro", "Back"),
    "replay_forward": ("Avanti", "Forward"),
    "replay_show_all": ("Mostra tutte le mani", "Show every hand"),
    "replay_show_mine": ("Solo la mia mano", "My hand only"),
    # the deal of the day
    "daily": ("La smazzata del giorno", "Deal of the day"),
    "daily_unfinished": ("Hai già provato la smazzata di oggi: torna domani.",
                         "You have tried today's deal already: come back tomorrow."),
    "daily_streak": ("Giorni di fila: {n}", "Days in a row: {n}"),
    "daily_days_in_a_row": ("giorni di fila", "days in a row"),
    "daily_played": ("Giocate", "Played"),
    "daily_best": ("Serie migliore", "Best run"),
    # challenges
    "challenge": ("Sfida", "Challenge"),
    "challenge_text": ("Manda questo link a chi vuoi: apre la stessa smazzata contro gli "
                       "stessi avversari, così confrontate come l'avete giocata. Non viene "
                       "inviato nulla a nessun server.",
                       "Send this link to a friend: it opens the same deal against the same "
                       "opponents, so you can compare how you both played it. Nothing is "
                       "sent to any server."),
    "copy": ("Copia", "Copy"),
    # game files
    "export": ("Esporta partita", "Export game"),
    "import": ("Importa", "Import"),
    "import_help": ("Apri un file di partita o incolla qui il suo testo.",
                    "Open a game file or paste its text here."),
    "import_continue": ("Continua a giocarla", "Play on from there"),
    # the rules page
    "rules_open": ("Regole", "Rules"),
    "rules_title": ("Le regole di questa partita", "The rules of this game"),
    "rules_classic_title": ("Le regole classiche", "The classic rules"),
    "rules_these": ("Le regole scelte", "The rules chosen"),
    "rules_on": ("sì", "yes"),
    "rules_off": ("no", "no"),
    "rules_mode": ("Modalità", "Mode"),
    "rules_elimination_score": ("Eliminazione", "Elimination"),
    "rules_run": ("Scala", "Run"),
    "rules_set": ("Tris", "Set"),
    "rules_points": ("vale {n} punti.", "is worth {n} points."),
    "rules_opening": ("Apertura", "Opening"),
    "rules_short": ("{n} punti: non basta, ne servono {need}.",
                    "{n} points: not enough, {need} are needed."),
    "rules_opens": ("{n} punti: basta per aprire ({need}).",
                    "{n} points: enough to open ({need})."),
    "rules_swap": ("Sostituire il jolly", "Joker swap"),
    "rules_swap_text": ("chi ha il 6♥ lo mette al posto del jolly e prende il jolly, da usare "
                        "nello stesso turno.",
                        "whoever holds 6♥ puts it in the joker's place and takes the joker, "
                        "to use that same turn."),
    "leave": ("Abbandona la partita", "Leave the match"),
    "leave_confirm": (
        "Abbandonare la partita? Conta come persa per abbandono (−200 punti di classifica).",
        "Leave the match? It counts as abandoned (−200 ranking points).",
    ),
    "leave_yes": ("Sì, abbandona", "Yes, leave"),
    "cancel": ("Annulla", "Cancel"),
    "close": ("Chiudi", "Close"),
    "settings": ("Impostazioni", "Settings"),
    "language": ("Lingua", "Language"),
    "speed": ("Velocità dei bot", "Bot speed"),
    "speed_slow": ("Lenta", "Slow"),
    "speed_normal": ("Normale", "Normal"),
    "speed_fast": ("Veloce", "Fast"),
    "sound": ("Suoni", "Sound"),
    "haptics": ("Vibrazione", "Vibration"),
    "stats": ("Statistiche", "Statistics"),
    "stats_reset": ("Azzera le statistiche", "Reset statistics"),
    "stats_reset_confirm": ("Azzerare tutte le statistiche?", "Reset all statistics?"),
    "stats_empty": ("Nessuna partita ancora.", "No matches yet."),
    "stats_points": ("Punti classifica", "Ranking points"),
    "stats_note": (
        "Contano le partite con un solo giocatore umano. Vittoria: 150 / 165 / 180 punti "
        "contro facile / medio / difficile, 150 + 30 × forza contro equilibrato; "
        "sconfitta −50; abbandono −200.",
        "Matches with one human player count. A win: 150 / 165 / 180 points against "
        "easy / medium / hard, 150 + 30 × strength against balanced; a loss −50; "
        "leaving −200.",
    ),
    "engine": ("Motore", "Engine"),
    # the new-game screen
    "players": ("Giocatori", "Players"),
    "seats_count": ("Numero di giocatori", "Number of players"),
    "seat": ("Posto {n}", "Seat {n}"),
    "name": ("Nome", "Name"),
    "human": ("Umano", "Human"),
    "bot": ("Bot", "Bot"),
    "remote": ("Amico, sul suo dispositivo", "Friend, on their own device"),
    "play_with_friends": ("Gioca con amici", "Play with friends"),
    "data_key_friends": ("Gli inviti della partita con amici",
                         "The invitations of the match with friends"),
    "host_deals": ("La prossima mano la distribuisce chi ti ha invitato.",
                   "The host deals the next hand."),
    "level": ("Livello", "Level"),
    "strength": ("Forza", "Strength"),
    "level_easy": ("facile", "easy"),
    "level_medium": ("medio", "medium"),
    "level_hard": ("difficile", "hard"),
    "level_balanced": ("equilibrato", "balanced"),
    "level_humans": ("solo umani", "humans only"),
    "mode": ("Modalità", "Mode"),
    "mode_single": ("Partita singola (una mano)", "Single hand"),
    "mode_101": ("A punti: eliminati a 101", "Points: out at 101"),
    "mode_201": ("A punti: eliminati a 201", "Points: out at 201"),
    "mode_custom": ("A punti: soglia personalizzata", "Points: custom limit"),
    "mode_custom_short": ("a punti ({n})", "points ({n})"),
    "elimination_at": ("Eliminati a", "Out at"),
    "rules": ("Regole", "Rules"),
    "preset": ("Regole predefinite", "House rules"),
    "preset_custom": ("Personalizzate", "Custom"),
    "last_rules_unreadable": (
        "Le regole dell'ultima partita non si possono leggere ({why}): ecco quelle predefinite.",
        "The rules of the last game cannot be read ({why}): here are the defaults.",
    ),
    "you_name": ("Tu", "You"),
    "player_n": ("Giocatore {n}", "Player {n}"),
    "bad_names": (
        "Ogni giocatore deve avere un nome, e i nomi devono essere diversi.",
        "Every player needs a name, and the names must differ.",
    ),
    # the table
    "stock": ("Tallone", "Stock"),
    "pile": ("Pozzo", "Discard pile"),
    "pile_empty": ("vuoto", "empty"),
    "stock_label": ("Tallone, {n} carte: pesca", "Stock, {n} cards: draw"),
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
    "your_hand": ("La tua mano", "Your hand"),
    "hand_of": ("Mano di {name}", "{name}'s hand"),
    "hand_hidden": ("Carte coperte", "Cards hidden"),
    "table_melds": ("Giochi sul tavolo", "Melds on the table"),
    "table_empty": ("Nessun gioco sul tavolo.", "No melds on the table yet."),
    "melds_of": ("Giochi di {name}", "{name}'s melds"),
    "cards_n": ("{n} carte", "{n} cards"),
    "card_1": ("1 carta", "1 card"),
    "opened": ("aperto", "opened"),
    "not_opened": ("non aperto", "not opened"),
    "out": ("eliminato", "out"),
    "dealer": ("mazziere", "dealer"),
    "points_n": ("{n} punti", "{n} points"),
    "score": ("Punteggio", "Score"),
    "opening": ("Apertura", "Opening"),
    "opening_done": ("Aperto", "Opened"),
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
    "selected_n": ("{n} selezionate", "{n} selected"),
    "hand_n": ("Mano {n}", "Hand {n}"),
    "log": ("Mosse", "Moves"),
    "log_empty": ("Nessuna mossa ancora.", "No moves yet."),
    "choose_meld": ("Come vuoi calare queste carte?", "How do you want to lay these cards?"),
    "choose_attach": ("Come vuoi attaccare {card}?", "How do you want to attach {card}?"),
    "attach_low": ("in basso", "at the low end"),
    "attach_high": ("in alto", "at the high end"),
    "attach_plain": ("attacca", "attach"),
    "joker_as": ("jolly come {card}", "joker as {card}"),
    "swap_joker_opt": ("Sostituisci il jolly e prendilo", "Swap for the joker and take it"),
    "meld_label": ("{kind} di {owner}: {cards}", "{owner}'s {kind}: {cards}"),
    "meld_attach_label": ("Attacca qui: {label}", "Attach here: {label}"),
    "sequence": ("scala", "sequence"),
    "combination": ("combinazione", "combination"),
    "pass_title": ("Passa il dispositivo a {name}", "Pass the device to {name}"),
    "pass_text": (
        "Le carte di {name} restano coperte finché non si tocca il pulsante.",
        "{name}'s cards stay hidden until the button is pressed.",
    ),
    "pass_ready": ("Mostra le carte di {name}", "Show {name}'s cards"),
    "keyboard_help": (
        "Tastiera: frecce per scegliere, Invio per selezionare, D pesca, P pozzo, "
        "M cala, X scarta, U annulla, H suggerimento, S ordina, Esc deseleziona.",
        "Keyboard: arrows to move, Enter to select, D draw, P pile, M meld, X discard, "
        "U undo, H hint, S sort, Esc clear.",
    ),
    "select_one": ("Seleziona una sola carta.", "Select one card."),
    "select_cards": ("Seleziona le carte da calare.", "Select the cards to meld."),
    "not_your_turn": ("Non è il tuo turno.", "It is not your turn."),
    # the end of a hand and of the match
    "hand_over": ("Fine della mano {n}", "End of hand {n}"),
    "closed_by": ("{name} chiude", "{name} closes"),
    "closed_in_mano": (
        "{name} chiude in mano: penalità raddoppiate",
        "{name} closes in mano: penalties doubled",
    ),
    "you_closed": ("Hai chiuso", "You closed"),
    "you_closed_in_mano": (
        "Hai chiuso in mano: penalità raddoppiate",
        "You closed in mano: penalties doubled",
    ),
    "you_closed_in_mano_plain": ("Hai chiuso in mano", "You closed in mano"),
    "you_lost": ("Hai perso: vince {name}.", "You lost: {name} wins."),
    "eliminated_many": ("{names} eliminati", "{names} out"),
    "closed_in_mano_plain": ("{name} chiude in mano", "{name} closes in mano"),
    "no_closer": (
        "Il tallone è finito: mano senza vincitore.",
        "The stock ran out: no winner this hand.",
    ),
    "score_sheet": ("Tabellone", "Score sheet"),
    "total": ("Totale", "Total"),
    "hand_col": ("Mano", "Hand"),
    "eliminated": ("{names} eliminato", "{names} out"),
    "reentered": ("{names} rientra", "{names} re-enters"),
    "next_hand": ("Prossima mano", "Next hand"),
    "next_dealer": ("Prossimo mazziere: {name}", "Next dealer: {name}"),
    "winner": ("Vince {name}!", "{name} wins!"),
    "match_over": ("Partita finita", "Match over"),
    "you_won": ("Hai vinto!", "You won!"),
    "cards_left": ("Carte rimaste", "Cards left"),
    "penalty": ("Penalità", "Penalty"),
    "show_sheet": ("Tabellone", "Scores"),
    # saves
    "bad_save_title": ("Salvataggio illeggibile", "Unreadable save"),
    "bad_save_text": (
        "La partita salvata non si può riprendere: {why} L'abbiamo messa da parte "
        "(chiave «{key}») e puoi iniziare una nuova partita.",
        "The saved match cannot be resumed: {why} It was kept aside (key “{key}”); "
        "you can start a new match.",
    ),
    # stored data refused by web/store/storage.py: {path} names the field ("last.count")
    "bad_data_title": ("Dati salvati illeggibili", "Unreadable saved data"),
    "bad_data_text": (
        "{what} non si possono leggere: {why} Li abbiamo messi da parte (chiave «{key}») "
        "e usiamo i valori predefiniti.",
        "{what} could not be read: {why} They were kept aside (key “{key}”) and the "
        "defaults are used.",
    ),
    "data_key_game": ("La partita salvata", "The saved match"),
    "data_key_table": ("I posti della partita salvata", "The saved match's seats"),
    "data_key_settings": ("Le impostazioni", "The settings"),
    "data_key_stats": ("Le statistiche", "The statistics"),
    "data_too_big": ("sono troppo lunghi ({size} caratteri, al massimo {limit}).",
                     "they are too long ({size} characters, at most {limit})."),
    "data_empty": ("sono vuoti.", "they are empty."),
    "data_too_deep": ("sono annidati oltre {limit} livelli.",
                      "they nest deeper than {limit} levels."),
    "data_not_json": ("non sono JSON (troncati?).", "they are not JSON (cut short?)."),
    "data_not_text": ("{path} non è un testo.", "{path} is not text."),
    "data_text_too_long": ("{path} supera {limit} caratteri.",
                           "{path} is longer than {limit} characters."),
    "data_surrogate": ("{path} contiene un carattere non valido.",
                       "{path} holds an invalid character."),
    "data_not_allowed": ("{path} non è uno fra {choices}.", "{path} is not one of {choices}."),
    "data_bad_text": ("{path} non ha la forma attesa.", "{path} is not of the expected form."),
    "data_not_whole": ("{path} non è un numero intero.", "{path} is not a whole number."),
    "data_out_of_range": ("{path} non è fra {low} e {high}.",
                          "{path} is not between {low} and {high}."),
    "data_not_bool": ("{path} non è vero o falso.", "{path} is not true or false."),
    "data_not_list": ("{path} non è un elenco.", "{path} is not a list."),
    "data_bad_length": ("{path} non ha fra {low} e {high} elementi.",
                        "{path} does not have between {low} and {high} entries."),
    "data_not_object": ("{path} non è un oggetto.", "{path} is not an object."),
    "data_missing": ("manca {path}.", "{path} is missing."),
    "data_seat_count": ("ci sono {have} posti per {need} giocatori.",
                        "they have {have} seats for {need} players."),
    "data_engine": ("la partita non si rigioca ({error}).", "the match does not replay ({error})."),
    # saving (web/store/saver.py)
    "save_title": ("Salvataggio", "Saving"),
    "save_failed": (
        "Il salvataggio non riesce: {why} La partita continua qui; dal menu puoi "
        "scaricarla in un file («Esporta partita»).",
        "Saving fails: {why} The game goes on here; you can keep it in a file from the "
        "menu (“Export game”).",
    ),
    "save_why_quota": ("lo spazio del browser per questo sito è pieno.",
                       "the browser's storage for this site is full."),
    "save_why_denied": ("il browser non permette a questa pagina di salvare.",
                        "the browser does not let this page store data."),
    "save_why_error": ("il browser ha rifiutato la scrittura ({error}).",
                       "the browser refused the write ({error})."),
    "save_ok_again": ("Il salvataggio funziona di nuovo.", "Saving works again."),
    # what else the browser did not keep (web/store/saves.py)
    "unsaved_title": ("Non salvato", "Not saved"),
    "unsaved": ("Non tutto è stato salvato: {why} {what}",
                "Not everything was kept: {why} {what}"),
    "unsaved_settings": ("Le impostazioni valgono finché la pagina resta aperta.",
                         "The settings hold while this page stays open."),
    "unsaved_stats": ("Questa partita non è contata nelle statistiche.",
                      "This match is not counted in the statistics."),
    "unsaved_replay": (
        "Questa partita non è tra quelle da rivedere: puoi scaricarla in un file con "
        "«Esporta partita», sotto i punteggi.",
        "This match is not among those to replay: you can keep it in a file with "
        "“Export game”, below the scores.",
    ),
    "unsaved_daily": ("La partita del giorno di oggi non è segnata come giocata.",
                      "Today's deal of the day is not marked as played."),
    "unsaved_lesson": ("I progressi della mano guidata valgono finché la pagina resta aperta.",
                       "The guided hand's progress holds while this page stays open."),
    "unsaved_friends": ("Se la pagina si ricarica, gli amici avranno bisogno di nuovi inviti.",
                        "If this page reloads, your friends will need new invitations."),
    # a bot that fails (web/table/bots.py)
    "bot_failed_title": ("Un bot non risponde", "A bot does not answer"),
    "bot_failed": ("{name} non riesce a scegliere al livello {level} ({why}): riprova più facile.",
                   "{name} could not choose at level {level} ({why}): trying an easier level."),
    "bot_gave_up": ("{name} non riesce a scegliere una mossa ({why}): annulla l'ultima mossa "
                    "o inizia una nuova partita.",
                    "{name} could not choose a move ({why}): undo the last move or start a "
                    "new match."),
    # two tabs (web/page/tabs.py)
    "tab_title": ("Un'altra scheda", "Another tab"),
    "tab_elsewhere": ("Questa partita è aperta in un'altra scheda.",
                      "This game is open in another tab."),
    "tab_taken": ("La partita continua in un'altra scheda: qui non si salva più.",
                  "The game went on in another tab: this tab stopped saving."),
    "tab_play_here": ("Gioca qui", "Play here"),
    # log lines: {name} is the player
    "log_draw": ("{name} pesca dal tallone", "{name} draws from the stock"),
    "log_take": ("{name} prende {card} dal pozzo", "{name} takes {card} from the pile"),
    "log_meld": ("{name} cala {cards}", "{name} lays {cards}"),
    "log_attach": ("{name} attacca {card}", "{name} attaches {card}"),
    "log_swap": ("{name} sostituisce il jolly con {card}", "{name} swaps {card} for the joker"),
    "log_takeback": ("{name} riprende le carte", "{name} takes the cards back"),
    "log_discard": ("{name} scarta {card}", "{name} discards {card}"),
    "log_next": ("Nuova mano", "New hand"),
    # the same, for the player holding the device
    "you_draw": ("Hai pescato dal tallone", "You drew from the stock"),
    "you_take": ("Hai preso {card} dal pozzo", "You took {card} from the pile"),
    "you_meld": ("Hai calato {cards}", "You laid {cards}"),
    "you_attach": ("Hai attaccato {card}", "You attached {card}"),
    "you_swap": ("Hai sostituito il jolly con {card}", "You swapped {card} for the joker"),
    "you_takeback": ("Hai ripreso le carte", "You took the cards back"),
    "you_discard": ("Hai scartato {card}", "You discarded {card}"),
    "your_melds": ("I tuoi giochi", "Your melds"),
    # -- the table in play (layout, motion, prompts) --------------------------
    "you_draw_card": ("Hai pescato {card}", "You drew {card}"),
    "log_draw_card": ("{name} pesca {card}", "{name} draws {card}"),
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
    "closes": ("{name} chiude!", "{name} closes!"),
    "you_close": ("Hai chiuso!", "You closed!"),
    "drawn_mark": ("Carta pescata", "Card drawn"),
    "mode_single_short": ("Partita singola", "Single hand"),
}

#: Short explanations of every Rules field (RULES.md §9), shown on the new-game screen.
OPTIONS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "opening_minimum": (
        ("Punti per aprire", "Points to open"),
        ("I primi giochi calati nella mano devono valere almeno questi punti.",
         "The first melds laid in a hand must be worth at least this much."),
    ),
    "jokers": (
        ("Jolly", "Jokers"),
        ("Con i 4 jolly dei due mazzi, o senza jolly.", "Play with the 4 jokers, or none."),
    ),
    "short_deal_for_five_or_six": (
        ("10 carte in 5 o 6", "10 cards with 5 or 6"),
        ("Con 5 o 6 giocatori si danno 10 carte invece di 13.",
         "With 5 or 6 players, deal 10 cards instead of 13."),
    ),
    "pile_before_opening": (
        ("Pozzo prima di aprire", "Pile before opening"),
        ("Si può prendere dal pozzo anche senza aver aperto, se la carta serve per aprire "
         "in quel turno.",
         "The pile card may be taken before opening if it is used to open that same turn."),
    ),
    "clean_opening": (
        ("Apertura pulita", "Clean opening"),
        ("I jolly non contano per l'apertura: i giochi senza jolly devono bastare da soli.",
         "Jokers do not count toward the opening: melds without a joker must reach it alone."),
    ),
    "mano_doubles": (
        ("Chiusura in mano raddoppia", "Closing in mano doubles"),
        ("Chi apre e chiude nello stesso turno raddoppia le penalità degli altri.",
         "Opening and closing in one turn doubles the others' penalties."),
    ),
    "mano_needs_minimum": (
        ("In mano serve il minimo", "In mano needs the minimum"),
        ("Anche la chiusura in mano deve raggiungere i punti di apertura.",
         "A closing in mano must also reach the opening points."),
    ),
    "unopened_pays_100": (
        ("Chi non ha aperto paga 100", "Unopened pay 100"),
        ("Quando chi non ha aperto paga 100 punti invece del valore delle carte.",
         "When a player who never opened pays 100 instead of the cards' value."),
    ),
    "lone_ace_counts_one": (
        ("Asso da solo vale 1", "Lone ace counts 1"),
        ("Un asso rimasto da solo in mano costa 1 punto invece di 11.",
         "An ace left alone in hand costs 1 point instead of 11."),
    ),
    "attachable_discard": (
        ("Scarto attaccabile", "Attachable discard"),
        ("Chi non può scartare una carta che si potrebbe attaccare a un gioco sul tavolo.",
         "Who may not discard a card that could be attached to a meld on the table."),
    ),
    "first_round_closing": (
        ("Chiusura al primo giro", "First-round closing"),
        ("Si può chiudere prima che tutti abbiano fatto un turno.",
         "Closing is allowed before everyone has had a turn."),
    ),
    "reentry": (
        ("Rientro", "Re-entry"),
        ("Chi viene eliminato rientra con il punteggio più alto tra chi è ancora in gioco.",
         "An eliminated player re-enters at the highest score still in."),
    ),
}

CHOICES: dict[str, dict[str, tuple[str, str]]] = {
    "unopened_pays_100": {
        "never": ("mai", "never"),
        "after_mano": ("dopo una chiusura in mano", "after a closing in mano"),
        "always": ("dopo ogni chiusura", "after any closing"),
    },
    "attachable_discard": {
        "before_opening": ("chi non ha aperto", "unopened players"),
        "except_closing": ("tutti, tranne chi chiude", "all, unless closing"),
        "never": ("tutti, sempre", "all, always"),
        "allowed": ("nessuno", "nobody"),
    },
    "jokers": {"4": ("4 jolly", "4 jokers"), "0": ("senza jolly", "no jokers")},
}

PRESET_TEXT: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "classica": (("Classica", "Classic"), ("Le regole più comuni.", "The most common rules.")),
    "federazione": (
        ("Federazione", "Federation"),
        ("Chi non ha aperto paga 100 dopo una chiusura in mano.",
         "Who never opened pays 100 after a closing in mano."),
    ),
    "wikipedia": (
        ("Varianti comuni", "Common variants"),
        ("Apertura a 41, chi non ha aperto paga 100, asso solo 1, rientro.",
         "Open with 41, the unopened pay 100, a lone ace costs 1, re-entry."),
    ),
    "pozzo_libero": (
        ("Pozzo libero", "Free pile"),
        ("Si può prendere dal pozzo per aprire.", "The pile card may be taken to open."),
    ),
    "pulita": (
        ("Apertura pulita", "Clean opening"),
        ("I jolly non contano per i 40.", "Jokers do not count toward the 40."),
    ),
}

SUIT_NAMES = {
    "H": ("cuori", "hearts"),
    "D": ("quadri", "diamonds"),
    "C": ("fiori", "clubs"),
    "S": ("picche", "spades"),
}
JOKER_NAME = ("jolly", "joker")
"""The joker's name, the one place the table spells it."""

#: Bots' default names by seat (a seat of one letter each, A to F).
BOT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")

RANK_NAMES = {
    "A": ("asso", "ace"),
    "J": ("fante", "jack"),
    "Q": ("donna", "queen"),
    "K": ("re", "king"),
}


def t(key: str, lang: str, /, **facts) -> str:
    """The string ``key`` in ``lang`` ("it" or "en"), with ``facts`` filled in."""
    italian, english = STRINGS[key]
    text = italian if lang == "it" else english
    return text.format(**facts) if facts else text


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "it" else pair[1]


def card_name(code: str, lang: str) -> str:
    """A card's name for screen readers: "7 di cuori", "queen of spades", "jolly"."""
    if code.upper().startswith("JK"):
        return pick(JOKER_NAME, lang)
    rank, suit = code[:-1].upper(), code[-1].upper()
    rank_word = pick(RANK_NAMES[rank], lang) if rank in RANK_NAMES else rank
    suit_word = pick(SUIT_NAMES[suit], lang)
    return f"{rank_word} di {suit_word}" if lang == "it" else f"{rank_word} of {suit_word}"


def default_names(kinds: list[str], lang: str) -> list[str]:
    """The names the new-game form offers for seats of these kinds ("human" or "bot").

    One human is "Tu" / "You"; several humans (hot-seat) are numbered; bots have a
    name by seat, so an all-bot table has no "You":

    >>> default_names(["human", "bot", "bot"], "it")
    ['Tu', 'Bruno', 'Carla']
    >>> default_names(["human", "bot", "human"], "en")
    ['Player 1', 'Bruno', 'Player 2']
    >>> default_names(["bot", "bot"], "en")
    ['Anna', 'Bruno']
    """
    humans = kinds.count("human")
    names = []
    for seat, kind in enumerate(kinds):
        if kind != "human":
            names.append(BOT_NAMES[seat % len(BOT_NAMES)])
        elif humans == 1:
            names.append(t("you_name", lang))
        else:
            names.append(t("player_n", lang, n=kinds[: seat + 1].count("human")))
    return names


def is_default_name(name: str) -> bool:
    """A name the form filled in (in either language), not one the player typed.

    >>> is_default_name("Tu"), is_default_name("Player 3"), is_default_name("Bruno ")
    (True, True, True)
    >>> is_default_name("Giovanna"), is_default_name("")
    (False, True)
    """
    name = name.strip()
    if not name or name in BOT_NAMES:
        return True
    for lang in LANGS:
        if name == t("you_name", lang):
            return True
        prefix = t("player_n", lang, n="")
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return True
    return False


def default_lang(browser_lang: str | None) -> str:
    """Italian for an Italian browser, English otherwise.

    >>> default_lang("it-IT"), default_lang("en-GB"), default_lang(None)
    ('it', 'en', 'en')
    """
    return "it" if (browser_lang or "").lower().startswith("it") else "en"


# -- dialogs, the end of a hand and of a match, the start screen --------------------------
STRINGS.update({
    "sheet_out": ("fuori", "out"),
    "rematch": ("Rivincita", "Rematch"),
    "rematch_hint": ("Stessi giocatori, stesse regole, carte nuove.",
                     "Same players, same rules, new cards."),
    "show_table": ("Guarda il tavolo", "Look at the table"),
    "show_scores": ("Torna ai punteggi", "Back to the scores"),
    "play": ("Gioca", "Play"),
    "play_hint": ("{players} · {mode}", "{players} · {mode}"),
    "setup_more": ("Giocatori, modalità e regole", "Players, mode and rules"),
    "install": ("Installa l'app", "Install the app"),
    "stats_by_level": ("Per livello degli avversari", "By opponents' level"),
    "stats_matches": ("Partite", "Matches"),
    "stats_wins": ("Vinte", "Wins"),
    "stats_rate": ("di vittorie", "won"),
    "stats_closed": ("Mani chiuse", "Hands closed"),
    "stats_in_mano": ("Chiusure in mano", "Closed in mano"),
    "stats_avg_penalty": ("Penalità media", "Average penalty"),
    "stats_best_streak": ("Miglior serie", "Best streak"),
    "stats_hands": ("{n} mani giocate", "{n} hands played"),
    "close_dialog": ("Chiudi", "Close"),
})


# -- something new started over a match in progress (docs/lifecycle.md) -------------------
STRINGS.update({
    "replace_text": ("C'è una partita in corso: se inizi, lasci {what}.",
                     "A match is in progress: if you start, you leave {what}."),
    "replace_abandons": ("Conta come persa per abbandono (−200 punti di classifica).",
                         "It counts as abandoned (−200 ranking points)."),
    "replace_yes": ("Lasciala e inizia", "Leave it and start"),
    "lost_points": ("la partita a {target} (mano {hand}, {lead})",
                    "the match to {target} (hand {hand}, {lead})"),
    "lost_single": ("la partita singola ({lead})", "the single hand ({lead})"),
    "lost_daily": ("la smazzata del giorno ({lead})", "the deal of the day ({lead})"),
    "lost_no_points": ("ancora nessun punto", "no points yet"),
    "lead_you": ("sei in testa con {amount}", "you lead with {amount}"),
    "lead_one": ("{name} è in testa con {amount}", "{name} leads with {amount}"),
    "lead_you_tied": ("sei pari con {names} a {amount}",
                      "you are level with {names} on {amount}"),
    "lead_tied": ("{names} sono pari a {amount}", "{names} are level on {amount}"),
    "hold_you": ("hai in mano {amount}", "you hold {amount}"),
    "point_1": ("1 punto", "1 point"),
    "and": ("e", "and"),
    # the new-game screen's summary: every seat by name
    "summary_bot": ("{name} (bot {level})", "{name} ({level} bot)"),
    "summary_remote": ("{name} (amico)", "{name} (friend)"),
})


def names_list(names: list[str], lang: str) -> str:
    """Names as a sentence lists them.

    >>> names_list(["Anna"], "it"), names_list(["Anna", "Bruno", "Carla"], "en")
    ('Anna', 'Anna, Bruno and Carla')
    """
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {t('and', lang)} {names[-1]}"
