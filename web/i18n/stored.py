"""The words about what the browser keeps: saves, stored data refused and kept
aside, what was not saved, a bot that failed, two tabs."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
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
        "I dati salvati ({what}) non si possono leggere: {why} Li abbiamo messi da parte "
        "(chiave «{key}») e usiamo i valori predefiniti.",
        "{what} could not be read: {why} They were kept aside (key “{key}”) and the "
        "defaults are used.",
    ),
    # what the data were, said inside the sentence in Italian ("I dati salvati (le
    # impostazioni) ..."), whose subject is always "i dati": each reason agrees with it
    "data_key_game": ("la partita salvata", "The saved match"),
    "data_key_table": ("i posti della partita salvata", "The saved match's seats"),
    "data_key_settings": ("le impostazioni", "The settings"),
    "data_key_stats": ("le statistiche", "The statistics"),
    "data_key_lesson": ("i progressi della mano guidata", "The guided hand's progress"),
    "data_key_daily": ("le partite del giorno giocate", "The deals of the day played"),
    "data_key_replays": ("le partite da rivedere", "The games to replay"),
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
    # two tabs (web/store/tabs.py)
    "tab_title": ("Un'altra scheda", "Another tab"),
    "tab_elsewhere": ("Questa partita è aperta in un'altra scheda.",
                      "This game is open in another tab."),
    "tab_taken": ("La partita continua in un'altra scheda: qui non si salva più.",
                  "The game went on in another tab: this tab stopped saving."),
    "tab_play_here": ("Gioca qui", "Play here"),
}
