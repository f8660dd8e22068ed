"""What the coach says in the guided first hand (web/learn/coach.py), a line for each of
the player's moves of its fixed deal, and its congratulations at the end."""

from __future__ import annotations

from scala40.words import Message

STRINGS: dict[str, Message] = {
    "coach_first_draw": (
        "Tocca a te. Ogni turno comincia pescando: tocca il tallone (il mazzo coperto).",
        "Your turn. Every turn starts with a draw: tap the stock (the face-down deck).",
    ),
    "coach_discard_ban": (
        "Ogni turno finisce scartando una carta sul pozzo. Prova a scartare il J♠: non si"
        " può, si attacca alla scala di Q♠ K♠ del bot e chi deve ancora aprire non può "
        "scartare una carta attaccabile. Scarta l'A♣.",
        "Every turn ends with a discard on the pile. Try discarding J♠: you may not, it "
        "fits the bot's Q♠ K♠ run and a player who has not opened may not discard a card "
        "that can be attached. Discard A♣.",
    ),
    "coach_draw_again": (
        "Pesca di nuovo dal tallone.",
        "Draw from the stock again.",
    ),
    "coach_open_run": (
        "Per aprire servono combinazioni che valgano almeno 40 punti, nello stesso turno."
        " Seleziona Q♥ K♥ A♥ e calali: una scala di 31 punti (il totale resta 31/40).",
        "To open you need melds worth at least 40 points, in the same turn. Select Q♥ K♥ "
        "A♥ and lay them: a run worth 31 (the total shows 31/40).",
    ),
    "coach_open_set": (
        "Ora il tris di 9 (9♥ 9♣ 9♠, tre semi diversi): 31 + 27 = 58, hai aperto.",
        "Now the set of nines (9♥ 9♣ 9♠, three different suits): 31 + 27 = 58, you have "
        "opened.",
    ),
    "coach_attach": (
        "Hai aperto, quindi puoi attaccare carte alle combinazioni in tavola: attacca il "
        "J♠ sotto la Q♠ del bot.",
        "Once open you may attach cards to the melds on the table: attach J♠ below the "
        "bot's Q♠.",
    ),
    "coach_end_turn": (
        "Chiudi il turno scartando il 10♣.",
        "End the turn by discarding 10♣.",
    ),
    "coach_draw": (
        "Pesca.",
        "Draw.",
    ),
    "coach_discard_costliest": (
        "Niente da calare: scarta il K♣, la carta che costa di più.",
        "Nothing to lay: discard K♣, your costliest card.",
    ),
    "coach_draw_ace": (
        "Pesca: è l'A♠.",
        "Draw: it is A♠.",
    ),
    "coach_swap": (
        "Il jolly della scala del bot sta per l'A♠, e tu l'A♠ ce l'hai: mettilo al suo "
        "posto e prendi il jolly (sostituzione del jolly).",
        "The joker in the bot's run stands for A♠, and you hold A♠: put it in its place "
        "and take the joker (a joker swap).",
    ),
    "coach_use_joker": (
        "Il jolly preso va usato in questo turno: cala 7♦ 7♠ con il jolly come 7♥.",
        "A joker you take must be used this turn: lay 7♦ 7♠ with the joker as 7♥.",
    ),
    "coach_discard_5c": (
        "Scarta il 5♣.",
        "Discard 5♣.",
    ),
    "coach_discard_5s": (
        "Scarta il 5♠.",
        "Discard 5♠.",
    ),
    "coach_draw_seven": (
        "Pesca: è il 7♥.",
        "Draw: it is 7♥.",
    ),
    "coach_swap_back": (
        "Il tuo jolly nel tris dei 7 sta per il 7♥: riprendilo mettendo il 7♥ al suo "
        "posto.",
        "Your joker in the set of sevens stands for 7♥: take it back by putting 7♥ in its"
        " place.",
    ),
    "coach_lay_run": (
        "Cala 3♥ 5♥ con il jolly come 4♥.",
        "Lay 3♥ 5♥ with the joker as 4♥.",
    ),
    "coach_close": (
        "Ti resta una carta: scartandola chiudi la mano e vinci. Scarta il 3♠.",
        "One card left: discarding it closes the hand and wins. Discard 3♠.",
    ),
    "coach_done": (
        "Hai chiuso la mano: hai vinto la tua prima partita! Ora sai giocare a Scala 40.",
        "You closed the hand and won your first game! Now you know how to play Scala 40.",
    ),
    # a move the rules allow but the lesson does not take now: said alone, under the
    # coach's line, which stays until its step is done
    "coach_not_now": ("Non è la mossa della lezione: segui l'istruzione.",
                      "That is not the lesson's move: follow the instruction."),
}
