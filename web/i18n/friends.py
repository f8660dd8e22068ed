"""The words of play with friends on other devices: the host's invitations, a guest's
answer, joining by code over the internet (what leaves the device, the code, the host's
"Admit / Refuse", the guest's waits and refusals), the connection's state, the player's
name and the advanced settings (STUN, TURN, relays). The refusals of the protocol are
messages of web/friends/errors.py."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
    # the friends' screen: the choices before the invitations (web/friends/setup.py)
    "friend_n": ("Amico {n}", "Friend {n}"),
    "friends_count": ("Amici, ognuno sul suo dispositivo", "Friends, each on their own device"),
    "friends_bots": ("Giocatori del computer", "Computer players"),
    "friends_level": ("Livello del computer", "Computer's level"),
    "friends_how": ("Come vi collegate", "How you connect"),
    "friends_way_internet": ("Via internet", "Over the internet"),
    "friends_way_internet_help": (
        "Ricevi un codice di 7 lettere da dire o mandare agli amici: lo scrivono su "
        "“Entra con un codice”, ovunque siano.",
        "You get a 7-letter code to say or send to your friends: they type it under "
        "“Join with a code”, wherever they are."),
    "friends_way_room": ("Nella stessa stanza, senza internet", "In the same room, no internet"),
    "friends_way_room_help": (
        "Ogni amico inquadra un codice QR dal tuo schermo e ti mostra il suo: sulla stessa "
        "rete Wi-Fi, se ha già aperto il gioco una volta.",
        "Each friend scans a QR code on your screen and shows you theirs: on the same Wi-Fi, "
        "if they have opened the game once before."),
    "friends_go": ("Invita", "Invite"),
    "friends_too_many": (
        "Al tavolo si sta al massimo in 6: scegli meno amici o meno giocatori del computer.",
        "At most 6 sit at the table: choose fewer friends or computer players."),
    "relays_unreachable": (
        "Nessun server di collegamento risponde: qui internet non funziona, o la rete li "
        "blocca. Gli amici vicini possono entrare con i codici QR qui sotto.",
        "No connection server answers: the internet is not working here, or the network "
        "blocks them. Friends nearby can join with the QR codes below."),
    # the host's lobby
    "lobby_title": ("Gioca con amici", "Play with friends"),
    "lobby_intro": (
        "Ogni amico inquadra il suo codice QR con la fotocamera (o apre il link), poi ti "
        "mostra la sua risposta: inquadrala qui o incollala.",
        "Each friend scans their QR code with the camera (or opens the link), then shows you "
        "their answer: scan it here or paste it."),
    "offline_note": (
        "Senza internet si gioca sulla stessa rete Wi-Fi, se ogni dispositivo ha già aperto "
        "il gioco una volta (resta in memoria).",
        "With no internet you can play on the same Wi-Fi, if every device has opened the game "
        "once before (it stays cached)."),
    "seat_for": ("Posto {n}: {name}", "Seat {n}: {name}"),
    "state_waiting": ("in attesa della risposta", "waiting for the answer"),
    "state_making": ("preparo l'invito…", "making the invitation…"),
    "state_connecting": ("collegamento…", "connecting…"),
    "state_open": ("collegamento attivo", "connected"),
    "state_interrupted": ("riconnessione…", "reconnecting…"),
    "state_closed": ("collegamento perso: nuovo invito qui sotto",
                     "disconnected: new invitation below"),
    "state_bot": ("lo gioca un bot", "played by a bot"),
    "state_failed": ("invito non pronto", "no invitation"),
    "no_peer_code": (
        "Non riesco a caricare il codice che collega i dispositivi: sei senza connessione? "
        "Riprova quando sei online.",
        "The code that connects the devices did not load: are you offline? Try again once "
        "online."),
    "link_failed": ("Il browser non ha preparato il collegamento ({error}). Riprova.",
                    "The browser could not prepare the connection ({error}). Try again."),
    "no_webrtc": (
        "Questo browser non permette collegamenti diretti tra dispositivi (WebRTC): apri il "
        "gioco con un altro browser.",
        "This browser does not allow direct connections between devices (WebRTC): open the "
        "game in another browser."),
    "qr_invitation": ("Codice QR dell'invito", "The invitation's QR code"),
    "qr_answer": ("Codice QR della risposta", "The answer's QR code"),
    "invitation": ("Invito (link da mandare)", "Invitation (link to send)"),
    "answer_label": ("Risposta dell'amico", "Your friend's answer"),
    "accept": ("Collega", "Connect"),
    "scan": ("Inquadra la risposta", "Scan the answer"),
    "stop_scan": ("Chiudi la fotocamera", "Close the camera"),
    "no_camera": ("La fotocamera non è disponibile: incolla qui il testo della risposta.",
                  "The camera is not available: paste the answer's text here."),
    "new_invitation": ("Nuovo invito", "New invitation"),
    "to_bot": ("Fallo giocare a un bot", "Hand it to a bot"),
    "to_table": ("Vai al tavolo", "Go to the table"),
    "to_table_absent": (
        "Al tavolo la partita aspetta chi non è ancora entrato: da lì puoi invitare di nuovo "
        "o dare il posto a un bot.",
        "At the table the match waits for anyone not in yet: from there you can invite again "
        "or give the seat to a bot."),
    # over the host's table: a friend's seat nobody holds
    "seat_waiting": ("In attesa che {name} entri", "Waiting for {name} to join"),
    "seat_to_bot": ("Dai il posto a un bot", "Give the seat to a bot"),
    "invite_again": ("Invita di nuovo", "Invite again"),
    "friends_button": ("Inviti degli amici", "Friends' invitations"),
    "dropped_title": ("Collegamento perso con {name}", "{name} is disconnected"),
    "dropped_text": (
        "Il posto resta suo: il nuovo invito da mandare è in «Inviti degli amici», nel menu ☰ "
        "o, a fine mano, sul foglio dei punti (o fai giocare il posto a un bot).",
        "The seat stays theirs: send them the new invitation from “Friends' invitations”, "
        "in the menu ☰ or, at a hand's end, on the score sheet (or hand the seat to a bot)."),
    "not_connected": (
        "Il collegamento non si è aperto (una risposta a un invito vecchio, o lo stesso "
        "invito aperto da due persone): ecco un invito nuovo per questo posto.",
        "The connection did not open (an answer to an older invitation, or one invitation "
        "opened by two people): here is a new invitation for this seat."),
    "answer_bad": ("Questa non è la risposta a questo invito ({code}).",
                   "This is not the answer to this invitation ({code})."),
    "need_remote": (
        "Il posto 2 è ora «Amico, sul suo dispositivo»: scegli i posti e le regole, poi "
        "di nuovo «Gioca con amici».",
        "Seat 2 is now “Friend, on their own device”: choose the seats and rules, then "
        "“Play with friends” again."),
    # play over the internet: the host's part of the lobby
    "net_title": ("Gioca via internet", "Play over the internet"),
    "net_what": (
        "Solo un messaggio per collegarvi, cifrato con il codice, passa da server pubblici; "
        "la partita va poi direttamente tra i vostri dispositivi.",
        "Only a message to connect you, encrypted with the code, passes through public "
        "servers; the match then goes directly between your devices."),
    "net_start": ("Gioca via internet", "Play over the internet"),
    "net_code": ("Codice del tavolo", "Table code"),
    "net_code_help": (
        "Gli amici scrivono il codice in «Entra con un codice» (o aprono il link): tu li "
        "fai entrare uno per uno.",
        "Friends type the code under “Join with a code” (or open the link): you let each "
        "one in."),
    "net_link": ("Link per entrare", "Link to join"),
    "knock": ("{name} vuole entrare", "{name} wants to join"),
    "admit": ("Fai entrare", "Admit"),
    "refuse": ("Rifiuta", "Refuse"),
    "knock_nameless": ("Un amico", "A friend"),
    # a guest joining by code
    "code_button": ("Entra con un codice", "Join with a code"),
    "code_title": ("Entra al tavolo di un amico", "Join a friend's table"),
    "join_back": ("Indietro", "Back"),
    "code_label": ("Codice del tavolo (7 lettere)", "Table code (7 letters)"),
    "code_help": (
        "Il codice che ti ha dato chi ospita la partita. Solo un messaggio cifrato per "
        "collegarvi passa da server pubblici.",
        "The code the host gave you. Only an encrypted message to connect you passes through "
        "public servers."),
    "code_bad": (
        "Questo non è un codice di tavolo: sono 7 lettere, come KXM-PQRT. Controllalo con chi "
        "ti ha invitato.",
        "This is not a table code: it is 7 letters, like KXM-PQRT. Check it with the host."),
    "code_looking": ("Cerco il tavolo…", "Looking for the table…"),
    "code_nobody": (
        "Nessun tavolo ha risposto a questo codice. Controllalo con chi ti ha invitato: vale "
        "finché la sua pagina resta aperta.",
        "No table answered this code. Check it with the host: it works while their page is "
        "open."),
    "code_asked": ("Aspetta che {host} ti faccia entrare…", "Waiting for {host} to let you in…"),
    "code_asked_anon": ("Aspetta che l'host ti faccia entrare…",
                        "Waiting for the host to let you in…"),
    "code_connecting": ("Puoi entrare: collegamento…", "Admitted: connecting…"),
    "turned_refused": ("L'host non ti ha fatto entrare.", "The host did not let you in."),
    "turned_full": ("Il tavolo non ha posti liberi per un amico.",
                    "The table has no free seat for a friend."),
    "rejoin_code": ("Rientra con il codice", "Rejoin with the code"),
    # a guest's join screen
    "join_title": ("Entra al tavolo di {host} come posto {n}", "Join {host}'s table as seat {n}"),
    "join_title_anon": ("Entra al tavolo come posto {n}", "Join the table as seat {n}"),
    "join_reading": ("Leggo l'invito…", "Reading the invitation…"),
    "join_failed": ("Non si entra al tavolo", "Cannot join the table"),
    "join_answer": (
        "Mostra questo codice a chi ti ha invitato (o mandagli il testo): lo inquadra con il "
        "suo dispositivo.",
        "Show this code to the host (or send them the text): they scan it with their device."),
    "join_answer_text": ("Risposta (testo)", "Answer (text)"),
    "join_waiting": ("In attesa che l'host ti colleghi…", "Waiting for the host to connect you…"),
    "join_connected": ("Collegamento riuscito: l'host ti fa sedere…",
                       "Connected: the host is seating you…"),
    "join_bad": ("Questo invito non si può usare ({code}). Chiedine uno nuovo all'host.",
                 "This invitation cannot be used ({code}). Ask the host for a new one."),
    "reconnecting": ("riconnessione…", "reconnecting…"),
    "lost": ("Collegamento perso. Chiedi all'host un nuovo invito e aprilo qui (o incollalo).",
             "Connection lost. Ask the host for a new invitation and open it here (or paste it)."),
    "paste_invitation": ("Invito (link o testo)", "Invitation (link or text)"),
    "join": ("Entra", "Join"),
    # both screens: the player's name, and the advanced part
    "your_name": ("Il tuo nome", "Your name"),
    "your_name_help": ("Lo vedono gli altri al tavolo.", "The others at the table see it."),
    "advanced": ("Avanzate", "Advanced"),
    "advanced_intro": (
        "Serve solo se gli amici non riescono a collegarsi. Lascia vuoto per usare i "
        "predefiniti.",
        "Only needed if your friends cannot connect. Leave empty to use the defaults."),
    "stun_title": ("Server STUN, uno per riga", "STUN servers, one a line"),
    "stun_help": (
        "Per giocare via internet: un server STUN aiuta due dispositivi su reti diverse a "
        "trovarsi (ad esempio stun:stun.example.org:3478). Vuoto: quelli pubblici.",
        "For play over the internet: a STUN server helps two devices on different networks "
        "find each other (e.g. stun:stun.example.org:3478). Empty: public ones."),
    "turn_url": ("Server TURN", "TURN server"),
    "turn_help": (
        "Fa passare la partita dove due dispositivi non si raggiungono (alcune reti mobili, "
        "di uffici e di scuole); nessuno è pubblico: usa il tuo.",
        "Carries the match where two devices cannot reach each other (some mobile, office "
        "and school networks); none is public: use your own."),
    "turn_user": ("Nome utente TURN", "TURN username"),
    "turn_user_help": ("Quello che ti ha dato chi gestisce il server TURN.",
                       "The one the TURN server's provider gave you."),
    "turn_password": ("Password TURN", "TURN password"),
    "turn_password_help": ("Vale per questa visita: il gioco non la conserva.",
                           "It holds for this visit: the game does not keep it."),
    "turn_bad": ("Server TURN non valido: un indirizzo turn: o turns:, con nome utente e "
                 "password.",
                 "Not a usable TURN server: a turn: or turns: address, with a username and "
                 "password."),
    "relays_title": ("Relay Nostr per il codice, uno per riga",
                     "Nostr relays for the code, one a line"),
    "relays_help": (
        "Portano il messaggio cifrato per collegarvi quando un amico entra con il codice; "
        "vuoto, quelli pubblici predefiniti ({relays}).",
        "They carry the encrypted message to connect you when a friend joins by code; empty, "
        "the default public ones ({relays})."),
    "relays_bad": ("Non è un relay (wss://…): {url}", "Not a relay (wss://…): {url}"),
    "stun_save": ("Salva", "Save"),
    "stun_saved": ("Salvato.", "Saved."),
    "stun_this_visit": ("Vale finché la pagina resta aperta: il browser non l'ha salvato.",
                        "It holds while this page stays open: the browser did not keep it."),
    "stun_bad": ("Non è un indirizzo STUN: {url}", "Not a STUN address: {url}"),
    # quick messages at a friends' table (web/friends/quick.py): the phrases by their
    # ids on the wire (web/friends/protocol.py PHRASES), and who said one
    "quick_title": ("Messaggi rapidi", "Quick messages"),
    "quick_said": ({"you": "Tu: {phrase}", "they": "{name}: {phrase}"},
                   {"you": "You: {phrase}", "they": "{name}: {phrase}"}),
    "quick_nice": ("Bella mossa!", "Nice move!"),
    "quick_your_turn": ("Tocca a te!", "Your turn!"),
    "quick_thanks": ("Grazie!", "Thanks!"),
    "quick_oops": ("Ops!", "Oops!"),
    "quick_hurry": ("Dai, su!", "Come on!"),
    "quick_gg": ("Bella partita!", "Good game!"),
    "quick_clap": ("👏 Applausi!", "👏 Well played!"),
    "quick_laugh": ("😄 Ahah!", "😄 Ha ha!"),
}
