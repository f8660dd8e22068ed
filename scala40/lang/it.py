"""Italiano: every message of the game in Italian, by part (what each says is
commented in :mod:`scala40.lang.en`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scala40.words import Text


#: The words the engine's messages share with the page's: a card named with its article, the joker's
#: name, a list's "and".
WORDS: dict[str, Text] = {
    "the_card": "il {card}",
    "the_card_vowel": "l'{card}",
    "the_card_feminine": "la {card}",
    "joker": "jolly",
    "and": "e",
}

#: The engine's refusals (scala40/errors.py), by code.
REFUSALS: dict[str, Text] = {
    "bad_card": "«{text}» non è una carta.",
    "card_in_meld_form": (
        "«{text}» è un jolly dentro un gioco: si legge con Meld.parse, oppure scrivi il jolly da "
        "solo come JK."
    ),
    "meld_too_short": "Un gioco deve avere almeno 3 carte.",
    "meld_two_jokers": "Un gioco può contenere al massimo un jolly.",
    "meld_only_jokers": "Un gioco di soli jolly non è valido.",
    "combination_same_suit": "In una combinazione i semi devono essere tutti diversi.",
    "combination_too_long": "Una combinazione ha al massimo 4 carte.",
    "sequence_not_consecutive": (
        "Le carte non formano una scala: servono carte dello stesso seme in fila, senza buchi "
        "(l'asso va prima del 2 o dopo il re, mai in mezzo)."
    ),
    "not_a_meld": "Queste carte non formano né una scala né una combinazione.",
    "bad_joker_declaration": "Il jolly non può stare per {card} in questo gioco.",
    "attach_does_not_fit": "Non si può attaccare {card} a questo gioco.",
    "no_joker_in_meld": "In questo gioco non c'è un jolly da sostituire.",
    "swap_wrong_card": "Il jolly sta per {stands_for}: solo quella carta può prenderne il posto.",
    "hand_over": "La mano è finita.",
    "match_over": "La partita è finita.",
    "hand_not_over": "La mano non è ancora finita.",
    "must_draw_first": "Prima devi pescare una carta.",
    "already_drew": "Hai già pescato in questo turno.",
    "pile_before_opening": "Puoi prendere dal pozzo solo dopo aver aperto.",
    "pile_empty": "Il pozzo è vuoto.",
    "card_not_in_hand": "Non hai {card} in mano.",
    "no_such_meld": "Sul tavolo non c'è il gioco n. {target}.",
    "not_opened": "Per attaccare carte o sostituire un jolly devi prima aprire.",
    "no_legal_action": "{name} non ha nessuna mossa consentita: la posizione è guasta.",
    "nothing_to_take_back": "Non ci sono giochi di questo turno da riprendere in mano.",
    "hand_would_empty": "Devi tenere in mano almeno una carta da scartare per chiudere.",
    "opening_below_minimum": "Per aprire servono {needed} punti: ne hai {have}.",
    "clean_opening_below_minimum": (
        "Apertura pulita: i giochi senza jolly devono fare da soli {needed} punti: ne fanno "
        "{have}."
    ),
    "pile_card_not_in_opening": (
        "La carta presa dal pozzo, {card}, deve far parte dei giochi dell'apertura."
    ),
    "pile_card_unused": (
        "La carta presa dal pozzo, {card}, va usata in questo turno, in un gioco nuovo o "
        "attaccata."
    ),
    "joker_unused": "Il jolly recuperato va usato in questo turno, in un gioco nuovo o attaccato.",
    "discard_attachable": "Non puoi scartare {card}: si può attaccare a un gioco sul tavolo.",
    "first_round_closing": (
        "Non si può chiudere al primo giro: ogni giocatore deve aver fatto almeno un turno."
    ),
    "bad_rules": "Regola non valida: {name} = {value!r}. {why}",
    "expected_type": "Serve un valore di tipo {type}.",
    "one_of": "Uno tra: {choices}.",
    "jokers_4_or_0": "4 oppure 0.",
    "positive_number": "Un numero positivo.",
    "expected_mapping": "Serve un elenco di opzioni.",
    "unknown_option": "Opzione sconosciuta.",
    "record_first_line": "la prima riga deve essere «{header}»",
    "record_not_json": "non è JSON valido",
    "record_missing": "manca {fields}",
    "record_players": "i giocatori devono essere una lista di nomi",
    "record_action": "mossa {number} «{action}»: {why}",
    "save_not_json": "non è JSON.",
    "save_not_scala40": "non è un salvataggio di Scala 40.",
    "save_no_record": "manca la registrazione della partita.",
    "save_wrong_position": "la partita non torna alla posizione salvata.",
    "bad_position": "Posizione non valida: {why}",
    "position_first_line": "la prima riga deve essere «{header}»",
    "position_line": "riga {line} «{text}»: {why}",
    "position_syntax": "non si legge.",
    "position_unknown": "riga sconosciuta o fuori posto.",
    "position_repeated": "riga ripetuta.",
    "position_missing": "manca la riga «{fields}».",
    "position_too_long": "testo troppo lungo (oltre {limit} caratteri).",
    "position_deck": (
        "le carte non fanno il mazzo delle regole (mancano: {missing}; in più: {extra})."
    ),
    "position_inconsistent": "dati incoerenti: {what}.",
    "bad_players": "Servono da 2 a 6 giocatori con nomi diversi.",
    "bad_action": "Mossa non valida: «{text}».",
    "bad_action_field": "Mossa non valida: {field} non può essere {value}.",
    "bad_record": "Registrazione della partita non valida (riga {line}): {why}",
    "bad_save": "Salvataggio illeggibile: {why}",
    "unknown_save_version": "Salvataggio di una versione sconosciuta ({version}).",
    "not_text": "non è testo",
    "text_too_long": "supera {limit} caratteri ({size})",
    "line_too_long": "la riga supera {limit} caratteri",
    "json_too_deep": "JSON annidato oltre {limit} livelli",
    "record_twice": "«{field}» compare due volte",
    "record_unknown_field": "campo sconosciuto «{field}»",
    "too_many_actions": "più di {limit} mosse",
    "too_many_lines": "più di {limit} righe",
    "bad_name": "Il nome di un giocatore è un testo da 1 a {limit} caratteri.",
    "bad_seed": "Il seme della partita è un testo di al massimo {limit} caratteri.",
    "game_too_long": (
        "La partita ha raggiunto {limit} mosse, il massimo che un salvataggio contiene."
    ),
}

#: Why a bot made a move (scala40/bots/reasons.py), by reason code.
REASONS: dict[str, Text] = {
    "next": "Passa alla mano successiva.",
    "draw_stock": "Pesca dal tallone.",
    "take_pile_swap": "Prendi {card} dal pozzo: ti fa prendere il jolly sul tavolo.",
    "draw_again": "Pesca dal tallone: la carta del pozzo non si poteva usare.",
    "take_pile": "Prendi {card} dal pozzo: si può usare subito.",
    "open": {
        "one": "Apri con {melds}: l'apertura arriva a {n} punto.",
        "many": "Apri con {melds}: l'apertura arriva a {n} punti.",
    },
    "meld": {
        "one": "Cala {meld}: toglie {n} punto dalla mano.",
        "many": "Cala {meld}: toglie {n} punti dalla mano.",
    },
    "attach": "Attacca {card} a un gioco sul tavolo.",
    "swap": "Sostituisci il jolly con {card} e riusalo subito.",
    "use_joker": "Usa subito il jolly preso.",
    "close_mano": "Chiudi in mano: cala tutto e scarta {card}; gli altri pagano doppio.",
    "close": "Chiudi scartando {card}.",
    "discard": "Scarta {card}: è la carta meno utile.",
    "discard_safe": "Scarta {card}: poco utile a te e non serve all'avversario che segue.",
    "discard_no_gift": "Non scartare {gift}: {player} chiude. Scarta {card}.",
    "discard_threat": {
        "one": "Scarta {card}: {player} ha una carta sola e può chiudere.",
        "many": "Scarta {card}: {player} ha {n} carte e può chiudere.",
    },
    "hold": "Non aprire ancora: tieni le carte per chiudere in mano. Scarta {card}.",
    "takeback": "Riprendi le carte di questo turno: così non si può finire il turno.",
    "fallback": "Mossa consentita: {action}.",
}

#: Every text the page shows (web.i18n.t).
PAGE: dict[str, Text] = {
    # -- The words of the screens around the table: the menu, replays, the deal of the day,
    # challenges, files, the rules page, the new-game screen, the dialogs, and the question before a
    # match in progress is replaced.
    "title": "Scala 40",
    "menu": "Menu",
    "new_game": "Nuova partita",
    "start": "Inizia la partita",
    "resume": "Torna al tavolo",
    "learn": "Impara a giocare",
    "learn_offer": "Prima volta? Una mano guidata ti insegna le regole giocando.",
    "you": "Tu",
    "replay": "Rivedi",
    "replays": "Partite da rivedere",
    "replays_none": "Nessuna partita finita da rivedere.",
    "kept_won": "Vinta",
    "kept_lost": "Persa",
    "kept_winner": "Ha vinto {winner}",
    "kept_friends": "Con amici",
    "kept_challenge": "Sfida di {challenger}",
    "replay_delete": "Elimina",
    "replay_unreadable": (
        "Questa partita non si può rivedere: {why} Resta nell'elenco, dove puoi eliminarla."
    ),
    "replay_pos": "Mossa {n} di {total} · mano {hand}",
    "replay_hand": "Mano {n}",
    "replay_cards": {"one": "{n} carta", "many": "{n} carte"},
    "replay_pile": "Pozzo:",
    "replay_stock": "tallone {n}",
    "replay_back": "Indietro",
    "replay_forward": "Avanti",
    "replay_show_all": "Mostra tutte le mani",
    "replay_show_mine": "Solo la mia mano",
    "daily": "La smazzata del giorno",
    "daily_unfinished": "Hai già provato la smazzata di oggi: torna domani.",
    "daily_streak": "Giorni di fila: {n}",
    "daily_days_in_a_row": {"one": "giorno di fila", "many": "giorni di fila"},
    "daily_played": "Giocate",
    "daily_best": "Serie migliore",
    "daily_result": "Scala 40 · {date} · {how} · {points}",
    "daily_closed": "chiusa {on_turn}",
    "daily_lost": "persa {on_turn}",
    "daily_on_turn": "al {turn}° turno",
    "daily_on_turn_vowel": "all'{turn}° turno",
    "date": "{day} {month} {year}",
    "month_1": "gen",
    "month_2": "feb",
    "month_3": "mar",
    "month_4": "apr",
    "month_5": "mag",
    "month_6": "giu",
    "month_7": "lug",
    "month_8": "ago",
    "month_9": "set",
    "month_10": "ott",
    "month_11": "nov",
    "month_12": "dic",
    "decimal_point": ",",
    "daily_label": "Smazzata del giorno · {day}",
    "challenge": "Sfida",
    "challenge_text": (
        "Manda questo link a chi vuoi: apre la stessa smazzata contro gli stessi avversari, così "
        "confrontate come l'avete giocata. Non viene inviato nulla a nessun server."
    ),
    "challenge_preview": "Chi lo apre vedrà: «{label}».",
    "copy": "Copia",
    "share": "Condividi",
    "link_copied": "Link copiato: incollalo in un messaggio.",
    "link_select": "Il browser non ha lasciato copiare: il link è selezionato, copialo tu.",
    "challenge_friend": "un amico",
    "challenge_label": "Sfida di {challenger}: la stessa smazzata",
    "challenge_label_turn": {
        "one": "Sfida di {challenger}: chiudi in meno di {n} turno",
        "many": "Sfida di {challenger}: chiudi in meno di {n} turni",
    },
    "challenge_label_points": {
        "one": "Sfida di {challenger}: batti {n} punto",
        "many": "Sfida di {challenger}: batti {n} punti",
    },
    "challenge_won": "Hai battuto {challenger}: {yours} contro {theirs}.",
    "challenge_lost": "Hai perso contro {challenger}: {yours} contro {theirs}.",
    "challenge_tied": "Pari con {challenger}: {yours}.",
    "score_closed": {"one": "chiusa in {n} turno", "many": "chiusa in {n} turni"},
    "challenge_bad": "Questo link di sfida non si può leggere: {why}",
    "challenge_shape": "non è una sfida.",
    "challenge_long": "è troppo lungo.",
    "challenge_bots": "gli avversari devono essere da 1 a 5, ciascuno di un livello del gioco.",
    "challenge_numbers": "le sue regole hanno numeri fuori misura.",
    "challenge_single": "non è una partita singola.",
    "challenge_names": (
        "un nome non va (da 1 a 20 caratteri, tutti diversi, senza segni come < > &)."
    ),
    "challenge_score": "il risultato da battere non è valido.",
    "export": "Esporta partita",
    "export_done": (
        "Partita salvata nel file «{file}», tra i download. Per riaprirla: Importa, nella "
        "schermata iniziale o nel menu."
    ),
    "import": "Importa",
    "import_help": "Apri un file di partita o incolla qui il suo testo.",
    "import_continue": "Continua a giocarla",
    "rules_open": "Regole",
    "rules_title": "Le regole di questa partita",
    "rules_classic_title": "Le regole classiche",
    "rules_these": "Le regole scelte",
    "rules_on": "sì",
    "rules_off": "no",
    "rules_mode": "Modalità",
    "rules_elimination_score": "Eliminazione",
    "rules_run": "Scala",
    "rules_set": "Tris",
    "rules_points": {"one": "vale {n} punto.", "many": "vale {n} punti."},
    "rules_opening": "Apertura",
    "rules_short": {
        "one": "{n} punto: non basta, ne servono {need}.",
        "many": "{n} punti: non basta, ne servono {need}.",
    },
    "rules_opens": {
        "one": "{n} punto: basta per aprire ({need}).",
        "many": "{n} punti: basta per aprire ({need}).",
    },
    "rules_swap": "Sostituire il jolly",
    "rules_swap_text": (
        "chi ha il 6♥ lo mette al posto del jolly e prende il jolly, da usare nello stesso turno."
    ),
    "leave": "Abbandona la partita",
    "leave_confirm": (
        "Abbandonare la partita? Conta come persa per abbandono (−200 punti di classifica)."
    ),
    "leave_confirm_uncounted": "Abbandonare la partita? Non si potrà riprendere.",
    "leave_confirm_guest": (
        "Lasciare il tavolo? La partita resta a chi ti ha invitato: il suo invito ti fa "
        "rientrare."
    ),
    "leave_yes": "Sì, abbandona",
    "cancel": "Annulla",
    "close": "Chiudi",
    "settings": "Impostazioni",
    "language": "Lingua",
    "speed": "Velocità dei bot",
    "speed_slow": "Lenta",
    "speed_normal": "Normale",
    "speed_fast": "Veloce",
    "sound": "Suoni",
    "haptics": "Vibrazione",
    "looks": "Aspetto",
    "large_cards": "Carte e testo grandi",
    "four_colours": "Mazzo a quattro colori (♦ blu, ♣ verde)",
    "left_handed": "Per mancini (pulsanti a specchio)",
    "stats": "Statistiche",
    "stats_reset": "Azzera le statistiche",
    "stats_reset_confirm": "Azzerare tutte le statistiche?",
    "stats_empty": "Nessuna partita ancora.",
    "stats_points": "Punti classifica",
    "stats_note": (
        "Contano le partite con un solo giocatore umano. Vittoria: 150 / 165 / 180 punti contro "
        "facile / medio / difficile, 150 + 30 × forza contro equilibrato; sconfitta −50; "
        "abbandono −200."
    ),
    "engine": "Motore",
    "players": "Giocatori",
    "seats_count": "Numero di giocatori",
    "seat": "Posto {n}",
    "name": "Nome",
    "human": "Umano",
    "bot": "Bot",
    "remote": "Amico, sul suo dispositivo",
    "play_with_friends": "Gioca con amici",
    "data_key_friends": "gli inviti della partita con amici",
    "host_deals": "La prossima mano la distribuisce chi ti ha invitato.",
    "level": "Livello",
    "strength": "Forza",
    "level_easy": "facile",
    "level_medium": "medio",
    "level_hard": "difficile",
    "level_balanced": "equilibrato",
    "level_humans": "solo umani",
    "mode": "Modalità",
    "mode_single": "Partita singola (una mano)",
    "mode_101": "A punti: fuori a 101",
    "mode_201": "A punti: fuori a 201",
    "mode_custom": "A punti: soglia personalizzata",
    "mode_custom_short": "a punti ({n})",
    "elimination_at": "Fuori a",
    "rules": "Regole",
    "preset": "Regole predefinite",
    "preset_custom": "Personalizzate",
    "last_rules_unreadable": (
        "Le regole dell'ultima partita non si possono leggere ({why}): ecco quelle predefinite."
    ),
    "you_name": "Tu",
    "player_n": "Giocatore {n}",
    "bad_names": "Ogni giocatore deve avere un nome, e i nomi devono essere diversi.",
    "sheet_out": "fuori",
    "rematch": "Rivincita",
    "rematch_hint": "Stessi giocatori, stesse regole, carte nuove.",
    "rematch_hint_friends": (
        "Stessi giocatori, stesse regole, carte nuove: gli amici ancora in collegamento restano "
        "al tavolo e scelgono se giocarla."
    ),
    "rematch_offer": (
        "Chi ti ha invitato ha chiesto la rivincita: stessi giocatori, stesse regole, carte "
        "nuove. Le tue carte sono già servite."
    ),
    "rematch_play": "Gioca la rivincita",
    "rematch_leave": "Lascia il tavolo",
    "show_table": "Guarda il tavolo",
    "show_scores": "Torna ai punteggi",
    "play": "Gioca",
    "play_hint": "{players} · {mode}",
    "setup_more": "Giocatori, modalità e regole",
    "install": "Installa l'app",
    "stats_by_level": "Per livello degli avversari",
    "stats_matches": "Partite",
    "stats_wins": "Vinte",
    "stats_rate": "di vittorie",
    "stats_closed": "Mani chiuse",
    "stats_in_mano": "Chiusure in mano",
    "stats_avg_penalty": "Penalità media",
    "stats_best_streak": "Miglior serie",
    "stats_hands": {"one": "{n} mano giocata", "many": "{n} mani giocate"},
    "close_dialog": "Chiudi",
    "replace_text": "C'è una partita in corso: se inizi, lasci {what}.",
    "replace_abandons": "Conta come persa per abbandono (−200 punti di classifica).",
    "replace_yes": "Lasciala e inizia",
    "lost_points": "la partita a {target} (mano {hand}, {lead})",
    "lost_single": "la partita singola ({lead})",
    "lost_daily": "la smazzata del giorno ({lead})",
    "lost_no_points": "ancora nessun punto",
    "lead": {"you": "sei in testa con {amount}", "they": "{name} è in testa con {amount}"},
    "lead_you_tied": "sei pari con {names} a {amount}",
    "lead_tied": "{names} sono pari a {amount}",
    "hold_you": "hai in mano {amount}",
    "you_listed": "tu",
    "summary_bot": "{name} (bot {level})",
    "summary_remote": "{name} (da remoto)",
    "replace_challenge": "Iniziare la sfida di {challenger}?",
    "boot_label": "Caricamento del gioco",
    "boot_runtime": "Interprete Python",
    "boot_stdlib": "Libreria standard",
    "boot_game": "Regole e tavolo",
    "boot_start": "Avvio di Python",
    "boot_downloading": "Scaricamento del gioco",
    "boot_starting": "Avvio di Python…",
    "boot_share": "{pct}% scaricato",
    "boot_left_s": "circa {s} s ancora",
    "boot_left_min": "circa {m} min ancora",
    "pending_start": "La partita comincia appena il tavolo è pronto.",
    "pending_learn": "La lezione comincia appena il tavolo è pronto.",
    "pending_rules": "Le regole si aprono appena il gioco è pronto.",
    "pending_daily": "La smazzata del giorno comincia appena il tavolo è pronto.",
    "pending_other": "«{what}» si apre appena il gioco è pronto.",
    "boot_failed": "Il gioco non si è caricato: controlla la connessione e ricarica la pagina.",
    "boot_reload": "Ricarica",
    "boot_details": "Dettagli",
    "snapshot_starting": "Avvio del tavolo…",
    "updated": "Scala 40 è stato aggiornato all'ultima versione.",
    "storage_framed": (
        "Il browser non conserva dati per i giochi incorporati: la partita vive solo in questa "
        "pagina."
    ),
    "storage_alone": "Il browser non conserva dati: la partita vive solo in questa pagina.",
    "storage_open": "Apri la pagina intera",
    "storage_close": "Chiudi l'avviso",
    # -- The words of the table in play: its zones and buttons, the prompts, the hand's and the
    # match's end, the moves as the log tells them.
    "stock": "Tallone",
    "pile": "Pozzo",
    "pile_empty": "vuoto",
    "stock_label": {"one": "Tallone, {n} carta: pesca", "many": "Tallone, {n} carte: pesca"},
    "pile_label": "Pozzo, in cima {card}: prendi",
    "pile_label_empty": "Pozzo vuoto",
    "draw": "Pesca",
    "take": "Prendi dal pozzo",
    "lay": "Cala",
    "discard": "Scarta",
    "undo": "Annulla mossa",
    "hint": "Suggerimento",
    "hint_thinking": "Ci penso…",
    "sort_suit": "Ordina per seme",
    "sort_rank": "Ordina per valore",
    "hand_of": {"you": "La tua mano", "they": "Mano di {name}"},
    "melds_of": {"you": "I tuoi giochi", "they": "Giochi di {name}"},
    "meld_label": {"you": "Il tuo gioco, {kind}: {cards}", "they": "{kind} di {name}: {cards}"},
    "hand_hidden": "Carte coperte",
    "table_melds": "Giochi sul tavolo",
    "table_empty": "Nessun gioco sul tavolo.",
    "cards_n": {"one": "{n} carta", "many": "{n} carte"},
    "opened": "ha aperto",
    "not_opened": "da aprire",
    "out": "fuori",
    "dealer": "mazziere",
    "points_n": {"one": "{n} punto", "many": "{n} punti"},
    "score": "Punteggio",
    "opening": "Apertura",
    "opening_done": "Hai aperto",
    "turn_of": "Tocca a {name}",
    "your_turn_draw": "Tocca a te: pesca dal tallone o dal pozzo.",
    "your_turn_play": "Cala, attacca, poi scarta una carta.",
    "thinking": "{name} sta pensando…",
    "must_use": "Da usare in questo turno",
    "selected_n": {"one": "{n} selezionata", "many": "{n} selezionate"},
    "hand_n": "Mano {n}",
    "log": "Mosse",
    "log_empty": "Nessuna mossa ancora.",
    "moves_open": "Tutte le mosse della mano. Ultima: {last}",
    "moves_all": "Tutte",
    "moves_title": "Mosse della mano {n}",
    "last_discards": "Ultimi scarti",
    "choose_meld": "Come vuoi calare queste carte?",
    "choose_attach": "{card}: scegli come attaccare",
    "attach_low": "in basso",
    "attach_high": "in alto",
    "attach_plain": "attacca",
    "joker_as": "jolly come {card}",
    "swap_joker_opt": "Sostituisci il jolly e prendilo",
    "meld_attach_label": "Attacca qui: {label}",
    "sequence": "scala",
    "combination": "combinazione",
    "pass_title": "Passa il dispositivo a {name}",
    "pass_text": "Le carte di {name} restano coperte finché non si tocca il pulsante.",
    "pass_ready": "Mostra le carte di {name}",
    "select_one": "Seleziona una sola carta.",
    "select_cards": "Seleziona le carte da calare.",
    "not_your_turn": "Non è il tuo turno.",
    "hand_over": "Fine della mano {n}",
    "closed": {"you": "Hai chiuso", "they": "{name} chiude"},
    "closed_in_mano": {
        "you": "Hai chiuso in mano: penalità raddoppiate",
        "they": "{name} chiude in mano: penalità raddoppiate",
    },
    "closed_in_mano_plain": {"you": "Hai chiuso in mano", "they": "{name} chiude in mano"},
    "winner": {"you": "Hai vinto!", "they": "Vince {name}!"},
    "next_dealer": {
        "you": "La prossima mano la distribuisci tu",
        "they": "La prossima mano la distribuisce {name}",
    },
    "you_lost": "Hai perso: vince {name}.",
    "no_closer": "Il tallone è finito: mano senza vincitore.",
    "score_sheet": "Tabellone",
    "total": "Totale",
    "hand_col": "Mano",
    "eliminated": {
        "you": {"one": "Sei fuori", "many": "{names} siete fuori"},
        "they": {"one": "{names} è fuori", "many": "{names} sono fuori"},
    },
    "reentered": {
        "you": {"one": "Rientri in gioco", "many": "{names} rientrate in gioco"},
        "they": {"one": "{names} rientra in gioco", "many": "{names} rientrano in gioco"},
    },
    "next_hand": "Prossima mano",
    "match_over": "Partita finita",
    "cards_left": "Carte rimaste",
    "penalty": "Penalità",
    "show_sheet": "Tabellone",
    "move_draw": {"you": "Hai pescato dal tallone", "they": "{name} pesca dal tallone"},
    "move_draw_card": {"you": "Hai pescato {card}", "they": "{name} pesca {card}"},
    "move_take": {"you": "Hai preso {card} dal pozzo", "they": "{name} prende {card} dal pozzo"},
    "move_meld": {"you": "Hai calato {cards}", "they": "{name} cala {cards}"},
    "move_attach": {"you": "Hai attaccato {card}", "they": "{name} attacca {card}"},
    "move_swap": {
        "you": "Hai sostituito il jolly con {card}",
        "they": "{name} sostituisce il jolly con {card}",
    },
    "move_takeback": {"you": "Hai ripreso le carte", "they": "{name} riprende le carte"},
    "move_discard": {"you": "Hai scartato {card}", "they": "{name} scarta {card}"},
    "move_close": {"you": "Hai chiuso!", "they": "{name} chiude!"},
    "log_next": "Nuova mano",
    "your_turn_draw_stock": "Tocca a te: pesca dal tallone.",
    "your_turn_open": "Cala i giochi per aprire, oppure scarta una carta.",
    "opening_live": "{have} punti: ne servono {needed}",
    "opening_live_ok": "{have} punti: bastano per aprire",
    "arrange_melds": "Ordina per giochi",
    "drawn_mark": "Carta pescata",
    "mode_single_short": "Partita singola",
    "hint_attach": "Attacca {card} a {meld} ({owner}): {points} in meno in mano.",
    "hint_meld_of": {"you": "il tuo gioco", "they": "gioco di {name}"},
    "hint_closes": " Poi ti resta una carta sola: scartandola chiudi.",
    "hint_draw": "Pesca dal tallone: {why}",
    "hint_draw_useless": "ora non ti serve {card} sul pozzo.",
    "hand_pays": {
        "you": "Paghi {points}, {total} in tutto",
        "they": "{name} paga {points}, {total} in tutto",
    },
    "hand_pays_single": {"you": "Paghi {points}", "they": "{name} paga {points}"},
    # -- The words about what the browser keeps: saves, stored data refused and kept aside, what was
    # not saved, a bot that failed, two tabs.
    "bad_save_title": "Salvataggio illeggibile",
    "bad_save_text": (
        "La partita salvata non si può riprendere: {why} L'abbiamo messa da parte (chiave "
        "«{key}») e puoi iniziare una nuova partita."
    ),
    "bad_data_title": "Dati salvati illeggibili",
    "bad_data_text": (
        "I dati salvati ({what}) non si possono leggere: {why} Li abbiamo messi da parte (chiave "
        "«{key}») e usiamo i valori predefiniti."
    ),
    "data_key_game": "la partita salvata",
    "data_key_table": "i posti della partita salvata",
    "data_key_settings": "le impostazioni",
    "data_key_stats": "le statistiche",
    "data_key_lesson": "i progressi della mano guidata",
    "data_key_daily": "le partite del giorno giocate",
    "data_key_replays": "le partite da rivedere",
    "data_too_big": "sono troppo lunghi ({size} caratteri, al massimo {limit}).",
    "data_empty": "sono vuoti.",
    "data_too_deep": "sono annidati oltre {limit} livelli.",
    "data_not_json": "non sono JSON (troncati?).",
    "data_not_text": "{path} non è un testo.",
    "data_text_too_long": "{path} supera {limit} caratteri.",
    "data_surrogate": "{path} contiene un carattere non valido.",
    "data_not_allowed": "{path} non è uno fra {choices}.",
    "data_bad_text": "{path} non ha la forma attesa.",
    "data_not_whole": "{path} non è un numero intero.",
    "data_out_of_range": "{path} non è fra {low} e {high}.",
    "data_not_bool": "{path} non è vero o falso.",
    "data_not_list": "{path} non è un elenco.",
    "data_bad_length": "{path} non ha fra {low} e {high} elementi.",
    "data_not_object": "{path} non è un oggetto.",
    "data_missing": "manca {path}.",
    "data_seat_count": "ci sono {have} posti per {need} giocatori.",
    "data_engine": "la partita non si rigioca ({error}).",
    "save_title": "Salvataggio",
    "save_failed": (
        "Il salvataggio non riesce: {why} La partita continua qui; dal menu puoi scaricarla in "
        "un file («Esporta partita»)."
    ),
    "save_why_quota": "lo spazio del browser per questo sito è pieno.",
    "save_why_denied": "il browser non permette a questa pagina di salvare.",
    "save_why_error": "il browser ha rifiutato la scrittura ({error}).",
    "save_ok_again": "Il salvataggio funziona di nuovo.",
    "unsaved_title": "Non salvato",
    "unsaved": "Non tutto è stato salvato: {why} {what}",
    "unsaved_settings": "Le impostazioni valgono finché la pagina resta aperta.",
    "unsaved_stats": "Questa partita non è contata nelle statistiche.",
    "unsaved_replay": (
        "Questa partita non è tra quelle da rivedere: puoi scaricarla in un file con «Esporta "
        "partita», sotto i punteggi."
    ),
    "unsaved_daily": "La partita del giorno di oggi non è segnata come giocata.",
    "unsaved_lesson": "I progressi della mano guidata valgono finché la pagina resta aperta.",
    "unsaved_friends": "Se la pagina si ricarica, gli amici avranno bisogno di nuovi inviti.",
    "bot_failed_title": "Un bot non risponde",
    "bot_failed": "{name} non riesce a scegliere al livello {level} ({why}): riprova più facile.",
    "bot_gave_up": (
        "{name} non riesce a scegliere una mossa ({why}): annulla l'ultima mossa o inizia una "
        "nuova partita."
    ),
    "tab_title": "Un'altra scheda",
    "tab_elsewhere": "Questa partita è aperta in un'altra scheda.",
    "tab_taken": "La partita continua in un'altra scheda: qui non si salva più.",
    "tab_play_here": "Gioca qui",
    # -- The words of play with friends on other devices: the host's invitations, a guest's answer,
    # joining by code over the internet (what leaves the device, the code, the host's "Admit /
    # Refuse", the guest's waits and refusals), the connection's state, the player's name and the
    # advanced settings (STUN, TURN, relays). The refusals of the protocol are messages of
    # web/friends/errors.py.
    "friend_n": "Amico {n}",
    "friends_count": "Amici, ognuno sul suo dispositivo",
    "friends_bots": "Giocatori del computer",
    "friends_level": "Livello del computer",
    "friends_how": "Come vi collegate",
    "friends_way_internet": "Via internet",
    "friends_way_internet_help": (
        "Ricevi un codice di 7 lettere da dire o mandare agli amici: lo scrivono su “Entra con "
        "un codice”, ovunque siano."
    ),
    "friends_way_room": "Nella stessa stanza, senza internet",
    "friends_way_room_help": (
        "Ogni amico inquadra un codice QR dal tuo schermo e ti mostra il suo: sulla stessa rete "
        "Wi-Fi, se ha già aperto il gioco una volta."
    ),
    "friends_go": "Invita",
    "friends_too_many": (
        "Al tavolo si sta al massimo in 6: scegli meno amici o meno giocatori del computer."
    ),
    "relays_unreachable": (
        "Nessun server di collegamento risponde: qui internet non funziona, o la rete li blocca. "
        "Gli amici vicini possono entrare con i codici QR qui sotto."
    ),
    "lobby_title": "Gioca con amici",
    "lobby_intro": (
        "Ogni amico inquadra il suo codice QR con la fotocamera (o apre il link), poi ti mostra "
        "la sua risposta: inquadrala qui o incollala."
    ),
    "offline_note": (
        "Senza internet si gioca sulla stessa rete Wi-Fi, se ogni dispositivo ha già aperto il "
        "gioco una volta (resta in memoria)."
    ),
    "seat_for": "Posto {n}: {name}",
    "state_waiting": "in attesa della risposta",
    "state_making": "preparo l'invito…",
    "state_connecting": "collegamento…",
    "state_open": "collegamento attivo",
    "state_interrupted": "riconnessione…",
    "state_closed": "collegamento perso: nuovo invito qui sotto",
    "state_bot": "lo gioca un bot",
    "state_failed": "invito non pronto",
    "no_peer_code": (
        "Non riesco a caricare il codice che collega i dispositivi: sei senza connessione? "
        "Riprova quando sei online."
    ),
    "link_failed": "Il browser non ha preparato il collegamento ({error}). Riprova.",
    "no_webrtc": (
        "Questo browser non permette collegamenti diretti tra dispositivi (WebRTC): apri il "
        "gioco con un altro browser."
    ),
    "qr_invitation": "Codice QR dell'invito",
    "qr_answer": "Codice QR della risposta",
    "invitation": "Invito (link da mandare)",
    "answer_label": "Risposta dell'amico",
    "accept": "Collega",
    "scan": "Inquadra la risposta",
    "stop_scan": "Chiudi la fotocamera",
    "no_camera": "La fotocamera non è disponibile: incolla qui il testo della risposta.",
    "new_invitation": "Nuovo invito",
    "to_bot": "Fallo giocare a un bot",
    "to_table": "Vai al tavolo",
    "to_table_absent": (
        "Al tavolo la partita aspetta chi non è ancora entrato: da lì puoi invitare di nuovo o "
        "dare il posto a un bot."
    ),
    "seat_waiting": "In attesa che {name} entri",
    "seat_to_bot": "Dai il posto a un bot",
    "invite_again": "Invita di nuovo",
    "friends_button": "Inviti degli amici",
    "dropped_title": "Collegamento perso con {name}",
    "dropped_text": (
        "Il posto resta suo: il nuovo invito da mandare è in «Inviti degli amici», nel menu ☰ o, "
        "a fine mano, sul foglio dei punti (o fai giocare il posto a un bot)."
    ),
    "not_connected": (
        "Il collegamento non si è aperto (una risposta a un invito vecchio, o lo stesso invito "
        "aperto da due persone): ecco un invito nuovo per questo posto."
    ),
    "answer_bad": "Questa non è la risposta a questo invito ({code}).",
    "need_remote": (
        "Il posto 2 è ora «Amico, sul suo dispositivo»: scegli i posti e le regole, poi di nuovo "
        "«Gioca con amici»."
    ),
    "net_title": "Gioca via internet",
    "net_what": (
        "Solo un messaggio per collegarvi, cifrato con il codice, passa da server pubblici; la "
        "partita va poi direttamente tra i vostri dispositivi."
    ),
    "net_start": "Gioca via internet",
    "net_code": "Codice del tavolo",
    "net_code_help": (
        "Gli amici scrivono il codice in «Entra con un codice» (o aprono il link): tu li fai "
        "entrare uno per uno."
    ),
    "net_link": "Link per entrare",
    "knock": "{name} vuole entrare",
    "admit": "Fai entrare",
    "refuse": "Rifiuta",
    "knock_nameless": "Un amico",
    "code_button": "Entra con un codice",
    "code_title": "Entra al tavolo di un amico",
    "join_back": "Indietro",
    "code_label": "Codice del tavolo (7 lettere)",
    "code_help": (
        "Il codice che ti ha dato chi ospita la partita. Solo un messaggio cifrato per "
        "collegarvi passa da server pubblici."
    ),
    "code_bad": (
        "Questo non è un codice di tavolo: sono 7 lettere, come KXM-PQRT. Controllalo con chi ti "
        "ha invitato."
    ),
    "code_looking": "Cerco il tavolo…",
    "code_nobody": (
        "Nessun tavolo ha risposto a questo codice. Controllalo con chi ti ha invitato: vale "
        "finché la sua pagina resta aperta."
    ),
    "code_asked": "Aspetta che {host} ti faccia entrare…",
    "code_asked_anon": "Aspetta che l'host ti faccia entrare…",
    "code_connecting": "Puoi entrare: collegamento…",
    "turned_refused": "L'host non ti ha fatto entrare.",
    "turned_full": "Il tavolo non ha posti liberi per un amico.",
    "rejoin_code": "Rientra con il codice",
    "join_title": "Entra al tavolo di {host} come posto {n}",
    "join_title_anon": "Entra al tavolo come posto {n}",
    "join_reading": "Leggo l'invito…",
    "join_failed": "Non si entra al tavolo",
    "join_answer": (
        "Mostra questo codice a chi ti ha invitato (o mandagli il testo): lo inquadra con il suo "
        "dispositivo."
    ),
    "join_answer_text": "Risposta (testo)",
    "join_waiting": "In attesa che l'host ti colleghi…",
    "join_connected": "Collegamento riuscito: l'host ti fa sedere…",
    "join_bad": "Questo invito non si può usare ({code}). Chiedine uno nuovo all'host.",
    "reconnecting": "riconnessione…",
    "lost": "Collegamento perso. Chiedi all'host un nuovo invito e aprilo qui (o incollalo).",
    "paste_invitation": "Invito (link o testo)",
    "join": "Entra",
    "your_name": "Il tuo nome",
    "your_name_help": "Lo vedono gli altri al tavolo.",
    "advanced": "Avanzate",
    "advanced_intro": (
        "Serve solo se gli amici non riescono a collegarsi. Lascia vuoto per usare i predefiniti."
    ),
    "stun_title": "Server STUN, uno per riga",
    "stun_help": (
        "Per giocare via internet: un server STUN aiuta due dispositivi su reti diverse a "
        "trovarsi (ad esempio stun:stun.example.org:3478). Vuoto: quelli pubblici."
    ),
    "turn_url": "Server TURN",
    "turn_help": (
        "Fa passare la partita dove due dispositivi non si raggiungono (alcune reti mobili, di "
        "uffici e di scuole); nessuno è pubblico: usa il tuo."
    ),
    "turn_user": "Nome utente TURN",
    "turn_user_help": "Quello che ti ha dato chi gestisce il server TURN.",
    "turn_password": "Password TURN",
    "turn_password_help": "Vale per questa visita: il gioco non la conserva.",
    "turn_bad": "Server TURN non valido: un indirizzo turn: o turns:, con nome utente e password.",
    "relays_title": "Relay Nostr per il codice, uno per riga",
    "relays_help": (
        "Portano il messaggio cifrato per collegarvi quando un amico entra con il codice; vuoto, "
        "quelli pubblici predefiniti ({relays})."
    ),
    "relays_bad": "Non è un relay (wss://…): {url}",
    "stun_save": "Salva",
    "stun_saved": "Salvato.",
    "stun_this_visit": "Vale finché la pagina resta aperta: il browser non l'ha salvato.",
    "stun_bad": "Non è un indirizzo STUN: {url}",
    "quick_title": "Messaggi rapidi",
    "quick_said": {"you": "Tu: {phrase}", "they": "{name}: {phrase}"},
    "quick_nice": "Bella mossa!",
    "quick_your_turn": "Tocca a te!",
    "quick_thanks": "Grazie!",
    "quick_oops": "Ops!",
    "quick_hurry": "Dai, su!",
    "quick_gg": "Bella partita!",
    "quick_clap": "👏 Applausi!",
    "quick_laugh": "😄 Ahah!",
    # -- The words a screen reader says at the table (issue #43): a card's and a meld's spoken name,
    # the announcements' region and the keys that reach each zone.
    "card_named": "{rank} di {suit}",
    "rank_A": {"one": "asso", "many": "assi"},
    "rank_J": {"one": "fante", "many": "fanti"},
    "rank_Q": {"one": "donna", "many": "donne"},
    "rank_K": {"one": "re", "many": "re"},
    "rank_number": {"one": "{rank}", "many": "{rank}"},
    "suit_H": "cuori",
    "suit_D": "quadri",
    "suit_C": "fiori",
    "suit_S": "picche",
    "name_selected": "selezionata",
    "name_drawn": "pescata ora",
    "name_must": "da usare in questo turno",
    "name_hinted": "nel suggerimento",
    "meld_run": "scala di {suit} da {low} a {high}",
    "meld_run_joker": " con il jolly come {rank}",
    "meld_set": "combinazione di {ranks}: {suits}",
    "meld_set_joker": "jolly come {suit}",
    "meld_owner": {"you": "tuo", "they": "di {name}"},
    "meld_name": "{meld}, {points}, {owner}",
    "stock_and_pile": "Tallone e pozzo",
    "speech_label": "Annunci",
    "keyboard_help": (
        "Tastiera: 1 mano, 2 giochi sul tavolo, 3 tallone, 4 pozzo, 5 avversari, 6 mosse; frecce "
        "per passare da una carta all'altra (o da un gioco all'altro), Invio per selezionare la "
        "carta, Invio su un gioco per attaccarla; D pesca, P pozzo, M cala, X scarta, U annulla, "
        "H suggerimento, S ordina, R ripete l'ultimo annuncio, Esc deseleziona."
    ),
    # -- The words of the house rules: the new-game form's options, their choices and presets, and
    # the rules page's sentences (web/table/rules.py), one per value of each :class:`~scala40.Rules`
    # field.
    "option_opening_minimum": "Punti per aprire",
    "option_opening_minimum_help": (
        "I primi giochi calati nella mano devono valere almeno questi punti."
    ),
    "option_jokers": "Jolly",
    "option_jokers_help": "Con i 4 jolly dei due mazzi, o senza jolly.",
    "option_short_deal_for_five_or_six": "10 carte in 5 o 6",
    "option_short_deal_for_five_or_six_help": "Con 5 o 6 giocatori si danno 10 carte invece di 13.",
    "option_pile_before_opening": "Pozzo prima di aprire",
    "option_pile_before_opening_help": (
        "Si può prendere dal pozzo anche senza aver aperto, se la carta serve per aprire in quel "
        "turno."
    ),
    "option_clean_opening": "Apertura pulita",
    "option_clean_opening_help": (
        "I jolly non contano per l'apertura: i giochi senza jolly devono bastare da soli."
    ),
    "option_mano_doubles": "Chiusura in mano raddoppia",
    "option_mano_doubles_help": (
        "Chi apre e chiude nello stesso turno raddoppia le penalità degli altri."
    ),
    "option_mano_needs_minimum": "In mano serve il minimo",
    "option_mano_needs_minimum_help": (
        "Anche la chiusura in mano deve raggiungere i punti di apertura."
    ),
    "option_unopened_pays_100": "Chi non ha aperto paga 100",
    "option_unopened_pays_100_help": (
        "Quando chi non ha aperto paga 100 punti invece del valore delle carte."
    ),
    "option_lone_ace_counts_one": "Asso da solo vale 1",
    "option_lone_ace_counts_one_help": (
        "Un asso rimasto da solo in mano costa 1 punto invece di 11."
    ),
    "option_attachable_discard": "Scarto attaccabile",
    "option_attachable_discard_help": (
        "Se si può scartare una carta che si potrebbe attaccare a un gioco sul tavolo."
    ),
    "option_first_round_closing": "Chiusura al primo giro",
    "option_first_round_closing_help": "Si può chiudere prima che tutti abbiano fatto un turno.",
    "option_reentry": "Rientro",
    "option_reentry_help": (
        "Chi esce dalla partita rientra con il punteggio più alto tra chi è ancora in gioco."
    ),
    "choice_unopened_pays_100_never": "mai",
    "choice_unopened_pays_100_after_mano": "dopo una chiusura in mano",
    "choice_unopened_pays_100_always": "dopo ogni chiusura",
    "choice_attachable_discard_before_opening": "vietato a chi non ha aperto",
    "choice_attachable_discard_except_closing": "vietato, tranne per chiudere",
    "choice_attachable_discard_never": "sempre vietato",
    "choice_attachable_discard_allowed": "permesso",
    "choice_jokers_4": "4 jolly",
    "choice_jokers_0": "senza jolly",
    "preset_classica": "Classica",
    "preset_classica_help": "Le regole più comuni.",
    "preset_federazione": "Federazione",
    "preset_federazione_help": "Chi non ha aperto paga 100 dopo una chiusura in mano.",
    "preset_wikipedia": "Varianti comuni",
    "preset_wikipedia_help": "Apertura a 41, chi non ha aperto paga 100, asso solo 1, rientro.",
    "preset_pozzo_libero": "Pozzo libero",
    "preset_pozzo_libero_help": "Si può prendere dal pozzo per aprire.",
    "preset_pulita": "Apertura pulita",
    "preset_pulita_help": "I jolly non contano per i 40.",
    "rules_basics_0": (
        "Si gioca con due mazzi francesi. A ogni turno peschi una carta (dal tallone o, se puoi, "
        "dal pozzo), cali o attacchi se vuoi, e finisci scartando una carta."
    ),
    "rules_basics_1": (
        "Una scala sono almeno tre carte dello stesso seme in fila (l'asso sta prima del 2 o "
        "dopo il K); un tris o poker sono tre o quattro carte dello stesso valore di semi "
        "diversi."
    ),
    "rules_basics_2": (
        "Dopo aver aperto puoi attaccare carte ai giochi in tavola, tuoi e altrui, e prendere un "
        "jolly mettendo al suo posto la carta che rappresenta."
    ),
    "rules_basics_3": (
        "Chiude chi resta senza carte scartando l'ultima. Le carte valgono: asso 11, figure 10, "
        "le altre il loro numero, il jolly 25."
    ),
    "rule_mode_single": "Si gioca una sola mano: vince chi chiude per primo.",
    "rule_mode_points": (
        "Si gioca a punti: a ogni mano chi non chiude paga le carte che ha in mano."
    ),
    "rule_opening_minimum": {
        "one": "I primi giochi della mano devono valere almeno {n} punto, calati in un turno.",
        "many": "I primi giochi della mano devono valere almeno {n} punti, calati in un turno.",
    },
    "rule_elimination_score": {
        "one": "Chi arriva a {n} punto di penalità esce dalla partita; vince l'ultimo rimasto.",
        "many": "Chi arriva a {n} punti di penalità esce dalla partita; vince l'ultimo rimasto.",
    },
    "rule_short_deal_for_five_or_six_on": "Con 5 o 6 giocatori si danno 10 carte a testa.",
    "rule_short_deal_for_five_or_six_off": "Si danno sempre 13 carte a testa.",
    "rule_jokers_4": "Si gioca con 4 jolly: ognuno sostituisce qualunque carta in un gioco.",
    "rule_jokers_0": "Si gioca senza jolly.",
    "rule_pile_before_opening_on": (
        "Si può prendere la carta del pozzo prima di aprire, se serve per aprire in quel turno."
    ),
    "rule_pile_before_opening_off": "Prima di aprire si pesca solo dal tallone.",
    "rule_clean_opening_on": "Apertura pulita: i giochi con un jolly non contano per l'apertura.",
    "rule_clean_opening_off": "Anche i giochi con un jolly contano per l'apertura.",
    "rule_mano_doubles_on": (
        "Chi apre e chiude nello stesso turno (in mano) fa pagare doppio agli altri."
    ),
    "rule_mano_doubles_off": "Chiudere in mano non raddoppia nulla.",
    "rule_mano_needs_minimum_on": (
        "Anche chi chiude in mano deve calare almeno i punti di apertura."
    ),
    "rule_mano_needs_minimum_off": "Chi chiude in mano non ha bisogno del minimo di apertura.",
    "rule_unopened_pays_100_never": (
        "Chi non ha aperto paga il valore delle carte che ha in mano, come tutti."
    ),
    "rule_unopened_pays_100_after_mano": (
        "Chi non ha aperto paga 100 punti quando un altro chiude in mano; altrimenti il valore "
        "delle carte."
    ),
    "rule_unopened_pays_100_always": "Chi non ha aperto paga 100 punti a ogni chiusura.",
    "rule_lone_ace_counts_one_on": "Un asso rimasto da solo in mano costa 1 punto.",
    "rule_lone_ace_counts_one_off": "Un asso in mano costa sempre 11 punti.",
    "rule_attachable_discard_before_opening": (
        "Chi deve ancora aprire non può scartare una carta che si attacca a un gioco in tavola; "
        "dopo l'apertura sì."
    ),
    "rule_attachable_discard_except_closing": (
        "Nessuno può scartare una carta che si attacca a un gioco in tavola, tranne per chiudere."
    ),
    "rule_attachable_discard_never": (
        "Nessuno può mai scartare una carta che si attacca a un gioco in tavola, nemmeno per "
        "chiudere."
    ),
    "rule_attachable_discard_allowed": (
        "Si può scartare qualunque carta, anche una che si attaccherebbe."
    ),
    "rule_first_round_closing_on": (
        "Si può chiudere anche prima che tutti abbiano giocato un turno."
    ),
    "rule_first_round_closing_off": "Non si chiude prima che tutti abbiano giocato il primo turno.",
    "rule_reentry_on": (
        "Chi esce dalla partita rientra con il punteggio più alto di chi è ancora in gioco."
    ),
    "rule_reentry_off": "Chi esce dalla partita non rientra.",
    # -- What the coach says in the guided first hand (web/learn/coach.py), a line for each of the
    # player's moves of its fixed deal, and its congratulations at the end.
    "coach_first_draw": (
        "Tocca a te. Ogni turno comincia pescando: tocca il tallone (il mazzo coperto)."
    ),
    "coach_discard_ban": (
        "Ogni turno finisce scartando una carta sul pozzo. Prova a scartare il J♠: non si può, "
        "si attacca alla scala di Q♠ K♠ del bot e chi deve ancora aprire non può scartare una "
        "carta attaccabile. Scarta l'A♣."
    ),
    "coach_draw_again": "Pesca di nuovo dal tallone.",
    "coach_open_run": (
        "Per aprire servono combinazioni che valgano almeno 40 punti, nello stesso turno. "
        "Seleziona Q♥ K♥ A♥ e calali: una scala di 31 punti (il totale resta 31/40)."
    ),
    "coach_open_set": "Ora il tris di 9 (9♥ 9♣ 9♠, tre semi diversi): 31 + 27 = 58, hai aperto.",
    "coach_attach": (
        "Hai aperto, quindi puoi attaccare carte alle combinazioni in tavola: attacca il J♠ "
        "sotto la Q♠ del bot."
    ),
    "coach_end_turn": "Chiudi il turno scartando il 10♣.",
    "coach_draw": "Pesca.",
    "coach_discard_costliest": "Niente da calare: scarta il K♣, la carta che costa di più.",
    "coach_draw_ace": "Pesca: è l'A♠.",
    "coach_swap": (
        "Il jolly della scala del bot sta per l'A♠, e tu l'A♠ ce l'hai: mettilo al suo posto e "
        "prendi il jolly (sostituzione del jolly)."
    ),
    "coach_use_joker": "Il jolly preso va usato in questo turno: cala 7♦ 7♠ con il jolly come 7♥.",
    "coach_discard_5c": "Scarta il 5♣.",
    "coach_discard_5s": "Scarta il 5♠.",
    "coach_draw_seven": "Pesca: è il 7♥.",
    "coach_swap_back": (
        "Il tuo jolly nel tris dei 7 sta per il 7♥: riprendilo mettendo il 7♥ al suo posto."
    ),
    "coach_lay_run": "Cala 3♥ 5♥ con il jolly come 4♥.",
    "coach_close": "Ti resta una carta: scartandola chiudi la mano e vinci. Scarta il 3♠.",
    "coach_done": "Hai chiuso la mano: hai vinto la tua prima partita! Ora sai giocare a Scala 40.",
    "coach_not_now": "Non è la mossa della lezione: segui l'istruzione.",
}

#: The friends' protocol's refusals (web/friends/errors.py), by code.
PEER: dict[str, Text] = {
    "peer_version": (
        "Versione diversa del gioco: questo dispositivo usa il protocollo {ours}, l’altro il "
        "{theirs}. Ricaricate la pagina su entrambi."
    ),
    "peer_bad_message": "Un messaggio dall’altro dispositivo è stato rifiutato: {why}",
    "peer_wrong_match": "Questo messaggio è di un’altra partita.",
    "peer_bad_seat": (
        "Questo invito non vale per il posto {seat}: chiedi un nuovo invito a chi ospita."
    ),
    "peer_host_deals": "La prossima mano la distribuisce chi ospita la partita.",
    "peer_not_your_turn": "Non è il tuo turno: tocca a {player}.",
    "peer_stale": (
        "La mossa è arrivata quando il tavolo era già cambiato: ecco il tavolo di adesso."
    ),
    "peer_out_of_order": (
        "Messaggi arrivati fuori ordine (atteso il n. {expected}, arrivato il n. {got}): il "
        "tavolo è stato riallineato."
    ),
    "peer_quick_too_fast": "Troppi messaggi rapidi: aspetta qualche secondo.",
    "peer_not_joined": "Non hai ancora un posto al tavolo: attendi la conferma di chi ospita.",
    "peer_unknown_refusal": "L’altro dispositivo ha rifiutato la mossa ({code}).",
    "peer_too_large": "è troppo grande ({size} caratteri, al massimo {limit}).",
    "peer_not_json": "non è JSON.",
    "peer_not_unicode": "contiene un testo non valido.",
    "peer_not_object": "non è un oggetto JSON.",
    "peer_unknown_type": "tipo di messaggio sconosciuto «{type}».",
    "peer_bad_field": "il campo «{field}» non è valido ({expected}).",
}
