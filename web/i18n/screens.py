"""The words of the screens around the table: the menu, replays, the deal of the
day, challenges, files, the rules page, the new-game screen, the dialogs, and the
question before a match in progress is replaced."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
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
    "kept_won": ("Vinta", "Won"),
    "kept_lost": ("Persa", "Lost"),
    "kept_winner": ("Ha vinto {winner}", "{winner} won"),
    "kept_friends": ("Con amici", "With friends"),
    "kept_challenge": ("Sfida di {challenger}", "Challenge from {challenger}"),
    "replay_delete": ("Elimina", "Delete"),
    "replay_unreadable": ("Questa partita non si può rivedere: {why} Resta nell'elenco, "
                          "dove puoi eliminarla.",
                          "This game cannot be replayed: {why} It stays in the list, where "
                          "you can delete it."),
    "replay_pos": ("Mossa {n} di {total} · mano {hand}", "Move {n} of {total} · hand {hand}"),
    "replay_hand": ("Mano {n}", "Hand {n}"),
    "replay_cards": ({"one": "{n} carta", "many": "{n} carte"},
                 {"one": "{n} card", "many": "{n} cards"}),
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
    # said beside its count, drawn large: "1 giorno di fila", "3 days in a row"
    "daily_days_in_a_row": ({"one": "giorno di fila", "many": "giorni di fila"},
                            {"one": "day in a row", "many": "days in a row"}),
    "daily_played": ("Giocate", "Played"),
    "daily_best": ("Serie migliore", "Best run"),
    # the label on the table while it is played
    "daily_label": ("Smazzata del giorno · {day}", "Deal of the day · {day}"),
    # challenges
    "challenge": ("Sfida", "Challenge"),
    "challenge_text": ("Manda questo link a chi vuoi: apre la stessa smazzata contro gli "
                       "stessi avversari, così confrontate come l'avete giocata. Non viene "
                       "inviato nulla a nessun server.",
                       "Send this link to a friend: it opens the same deal against the same "
                       "opponents, so you can compare how you both played it. Nothing is "
                       "sent to any server."),
    "challenge_preview": ("Chi lo apre vedrà: «{label}».", "Whoever opens it will see: "
                          "“{label}”."),
    "copy": ("Copia", "Copy"),
    "share": ("Condividi", "Share"),
    "link_copied": ("Link copiato: incollalo in un messaggio.",
                    "Link copied: paste it into a message."),
    "link_select": ("Il browser non ha lasciato copiare: il link è selezionato, copialo tu.",
                    "The browser did not allow copying: the link is selected, copy it "
                    "yourself."),
    # the challenger, named on the table, at the end and in the list of kept matches
    "challenge_friend": ("un amico", "a friend"),
    "challenge_label": ("Sfida di {challenger}: la stessa smazzata",
                        "Challenge from {challenger}: the same deal"),
    "challenge_label_turn": (
        {"one": "Sfida di {challenger}: chiudi in meno di {n} turno",
         "many": "Sfida di {challenger}: chiudi in meno di {n} turni"},
        {"one": "Challenge from {challenger}: close in fewer than {n} turn",
         "many": "Challenge from {challenger}: close in fewer than {n} turns"}),
    "challenge_label_points": (
        {"one": "Sfida di {challenger}: batti {n} punto",
         "many": "Sfida di {challenger}: batti {n} punti"},
        {"one": "Challenge from {challenger}: beat {n} point",
         "many": "Challenge from {challenger}: beat {n} points"}),
    "challenge_won": ("Hai battuto {challenger}: {yours} contro {theirs}.",
                      "You beat {challenger}: {yours} against {theirs}."),
    "challenge_lost": ("Hai perso contro {challenger}: {yours} contro {theirs}.",
                       "You lost to {challenger}: {yours} against {theirs}."),
    "challenge_tied": ("Pari con {challenger}: {yours}.", "Level with {challenger}: {yours}."),
    "score_closed": ({"one": "chiusa in {n} turno", "many": "chiusa in {n} turni"},
                     {"one": "closed in {n} turn", "many": "closed in {n} turns"}),
    # a challenge link refused (web/newgame/challenge.py)
    "challenge_bad": ("Questo link di sfida non si può leggere: {why}",
                      "This challenge link cannot be read: {why}"),
    "challenge_shape": ("non è una sfida.", "it is not a challenge."),
    "challenge_long": ("è troppo lungo.", "it is too long."),
    "challenge_bots": ("gli avversari devono essere da 1 a 5, ciascuno di un livello del "
                       "gioco.", "the opponents must be 1 to 5, each of a level of the game."),
    "challenge_numbers": ("le sue regole hanno numeri fuori misura.",
                          "its rules hold numbers out of range."),
    "challenge_single": ("non è una partita singola.", "it is not a single hand."),
    "challenge_names": ("un nome non va (da 1 a 20 caratteri, tutti diversi, senza segni "
                        "come < > &).", "a name is not right (1 to 20 characters, all "
                        "different, without signs such as < > &)."),
    "challenge_score": ("il risultato da battere non è valido.",
                        "the result to beat is not valid."),
    # game files
    "export": ("Esporta partita", "Export game"),
    "export_done": ("Partita salvata nel file «{file}», tra i download. Per riaprirla: "
                    "Importa, nella schermata iniziale o nel menu.",
                    "The match was saved as the file “{file}”, in your downloads. To open "
                    "it again: Import, on the start screen or in the menu."),
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
    "rules_points": ({"one": "vale {n} punto.", "many": "vale {n} punti."},
                 {"one": "is worth {n} point.", "many": "is worth {n} points."}),
    "rules_opening": ("Apertura", "Opening"),
    "rules_short": ({"one": "{n} punto: non basta, ne servono {need}.",
                     "many": "{n} punti: non basta, ne servono {need}."},
                    {"one": "{n} point: not enough, {need} are needed.",
                     "many": "{n} points: not enough, {need} are needed."}),
    "rules_opens": ({"one": "{n} punto: basta per aprire ({need}).",
                     "many": "{n} punti: basta per aprire ({need})."},
                    {"one": "{n} point: enough to open ({need}).",
                     "many": "{n} points: enough to open ({need})."}),
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
    "leave_confirm_uncounted": (
        "Abbandonare la partita? Non si potrà riprendere.",
        "Leave the match? It cannot be taken up again.",
    ),
    "leave_confirm_guest": (
        "Lasciare il tavolo? La partita resta a chi ti ha invitato: il suo invito ti fa "
        "rientrare.",
        "Leave the table? The match stays with the host: their invitation lets you back in.",
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
    "looks": ("Aspetto", "Display"),
    "large_cards": ("Carte e testo grandi", "Large cards and text"),
    "four_colours": ("Mazzo a quattro colori (♦ blu, ♣ verde)",
                     "Four-colour deck (♦ blue, ♣ green)"),
    "left_handed": ("Per mancini (pulsanti a specchio)", "Left-handed (buttons mirrored)"),
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
    "data_key_friends": ("gli inviti della partita con amici",
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
    "mode_101": ("A punti: fuori a 101", "Points: out at 101"),
    "mode_201": ("A punti: fuori a 201", "Points: out at 201"),
    "mode_custom": ("A punti: soglia personalizzata", "Points: custom limit"),
    "mode_custom_short": ("a punti ({n})", "points ({n})"),
    "elimination_at": ("Fuori a", "Out at"),
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
    # dialogs, the end of a hand and of a match, the start screen
    "sheet_out": ("fuori", "out"),
    "rematch": ("Rivincita", "Rematch"),
    "rematch_hint": ("Stessi giocatori, stesse regole, carte nuove.",
                     "Same players, same rules, new cards."),
    "rematch_hint_friends": (
        "Stessi giocatori, stesse regole, carte nuove: gli amici ancora in collegamento "
        "restano al tavolo e scelgono se giocarla.",
        "Same players, same rules, new cards: the friends connected stay seated and choose "
        "whether to play it."),
    "rematch_offer": ("Chi ti ha invitato ha chiesto la rivincita: stessi giocatori, stesse "
                      "regole, carte nuove. Le tue carte sono già servite.",
                      "The host started a rematch: the same players, the same rules, new "
                      "cards. Your cards are dealt."),
    "rematch_play": ("Gioca la rivincita", "Play the rematch"),
    "rematch_leave": ("Lascia il tavolo", "Leave the table"),
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
    "stats_in_mano": ("Chiusure in mano", "Went rummy"),
    "stats_avg_penalty": ("Penalità media", "Average penalty"),
    "stats_best_streak": ("Miglior serie", "Best streak"),
    "stats_hands": ({"one": "{n} mano giocata", "many": "{n} mani giocate"},
                 {"one": "{n} hand played", "many": "{n} hands played"}),
    "close_dialog": ("Chiudi", "Close"),
    # something new started over a match in progress (docs/lifecycle.md)
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
    "lead": (
        {"you": "sei in testa con {amount}", "they": "{name} è in testa con {amount}"},
        {"you": "you lead with {amount}", "they": "{name} leads with {amount}"},
    ),
    "lead_you_tied": ("sei pari con {names} a {amount}",
                      "you are level with {names} on {amount}"),
    "lead_tied": ("{names} sono pari a {amount}", "{names} are level on {amount}"),
    "hold_you": ("hai in mano {amount}", "you hold {amount}"),
    "and": ("e", "and"),
    # the player at this device in a list of players, last: "Bruno, Carla e tu"
    "you_listed": ("tu", "you"),
    # the new-game screen's summary: every seat by name
    "summary_bot": ("{name} (bot {level})", "{name} ({level} bot)"),
    "summary_remote": ("{name} (da remoto)", "{name} (friend)"),
    # the question before a challenge link's deal replaces the match at the table
    "replace_challenge": ("Iniziare la sfida di {challenger}?",
                          "Start the challenge from {challenger}?"),
}
