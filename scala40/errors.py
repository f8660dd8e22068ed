"""Refusals: one exception with a stable code, its facts, and a message per language.

The table shows these messages as they are, so every rule the engine enforces
is explained in one place, in Italian and English, naming the rule.

>>> error = RuleError("opening_below_minimum", needed=40, have=34)
>>> error.code, error.facts
('opening_below_minimum', {'needed': 40, 'have': 34})
>>> error.message("it")
'Per aprire servono 40 punti: ne hai 34.'
>>> str(error)
'To open you need 40 points: you have 34.'
"""

from __future__ import annotations

from .words import WORDS, Message, say, say_with, the_card

MESSAGES: dict[str, Message] = {
    # cards and notation
    "bad_card": ("«{text}» non è una carta.", "“{text}” is not a card."),
    "card_in_meld_form": (
        "«{text}» è un jolly dentro un gioco: si legge con Meld.parse, "
        "oppure scrivi il jolly da solo come JK.",
        "“{text}” is a joker in a meld: read it with Meld.parse, "
        "or write the joker alone as JK.",
    ),
    # melds (RULES.md §3)
    "meld_too_short": (
        "Un gioco deve avere almeno 3 carte.",
        "A meld needs at least 3 cards.",
    ),
    "meld_two_jokers": (
        "Un gioco può contenere al massimo un jolly.",
        "A meld may hold at most one joker.",
    ),
    "meld_only_jokers": (
        "Un gioco di soli jolly non è valido.",
        "A meld of jokers only is not valid.",
    ),
    "combination_same_suit": (
        "In una combinazione i semi devono essere tutti diversi.",
        "A combination needs cards of different suits.",
    ),
    "combination_too_long": (
        "Una combinazione ha al massimo 4 carte.",
        "A combination has at most 4 cards.",
    ),
    "sequence_not_consecutive": (
        "Le carte non formano una scala: servono carte dello stesso seme in fila, "
        "senza buchi (l'asso va prima del 2 o dopo il re, mai in mezzo).",
        "These cards are not a sequence: it needs cards of one suit in order with no gap "
        "(the ace goes before the 2 or after the king, never in between).",
    ),
    "not_a_meld": (
        "Queste carte non formano né una scala né una combinazione.",
        "These cards form neither a sequence nor a combination.",
    ),
    "bad_joker_declaration": (
        "Il jolly non può stare per {card} in questo gioco.",
        "The joker cannot stand for {card} in this meld.",
    ),
    "attach_does_not_fit": (
        "Non si può attaccare {card} a questo gioco.",
        "You cannot attach {card} to this meld.",
    ),
    "no_joker_in_meld": (
        "In questo gioco non c'è un jolly da sostituire.",
        "There is no joker in this meld to swap.",
    ),
    "swap_wrong_card": (
        "Il jolly sta per {stands_for}: solo quella carta può prenderne il posto.",
        "The joker stands for {stands_for}: only that card can take its place.",
    ),
    # turn order and phases (RULES.md §5)
    "hand_over": ("La mano è finita.", "The hand is over."),
    "match_over": ("La partita è finita.", "The match is over."),
    "hand_not_over": ("La mano non è ancora finita.", "The hand is not over yet."),
    "must_draw_first": (
        "Prima devi pescare una carta.",
        "You must draw a card first.",
    ),
    "already_drew": (
        "Hai già pescato in questo turno.",
        "You have already drawn this turn.",
    ),
    "pile_before_opening": (
        "Puoi prendere dal pozzo solo dopo aver aperto.",
        "You may take from the discard pile only after opening.",
    ),
    "pile_empty": ("Il pozzo è vuoto.", "The discard pile is empty."),
    "card_not_in_hand": ("Non hai {card} in mano.", "You do not hold {card}."),
    "no_such_meld": ("Sul tavolo non c'è il gioco n. {target}.", "There is no meld {target}."),
    "not_opened": (
        "Per attaccare carte o sostituire un jolly devi prima aprire.",
        "You must open before attaching cards or swapping a joker.",
    ),
    "no_legal_action": (
        "{name} non ha nessuna mossa consentita: la posizione è guasta.",
        "{name} has no legal move: the position is broken.",
    ),
    "nothing_to_take_back": (
        "Non ci sono giochi di questo turno da riprendere in mano.",
        "There are no melds laid this turn to take back.",
    ),
    "hand_would_empty": (
        "Devi tenere in mano almeno una carta da scartare per chiudere.",
        "You must keep one card in hand to discard when you close.",
    ),
    # opening (RULES.md §5.2, §9)
    "opening_below_minimum": (
        "Per aprire servono {needed} punti: ne hai {have}.",
        "To open you need {needed} points: you have {have}.",
    ),
    "clean_opening_below_minimum": (
        "Apertura pulita: i giochi senza jolly devono fare da soli {needed} punti: "
        "ne fanno {have}.",
        "Clean opening: the melds without a joker must make {needed} points by themselves: "
        "they make {have}.",
    ),
    "pile_card_not_in_opening": (
        "La carta presa dal pozzo, {card}, deve far parte dei giochi dell'apertura.",
        "The card taken from the pile, {card}, must be part of the opening melds.",
    ),
    # end of turn (RULES.md §5.3, §6)
    "pile_card_unused": (
        "La carta presa dal pozzo, {card}, va usata in questo turno, in un gioco nuovo "
        "o attaccata.",
        "The card taken from the pile, {card}, must be used this turn, in a new meld "
        "or attached.",
    ),
    "joker_unused": (
        "Il jolly recuperato va usato in questo turno, in un gioco nuovo o attaccato.",
        "The joker you took back must be used this turn, in a new meld or attached.",
    ),
    "discard_attachable": (
        "Non puoi scartare {card}: si può attaccare a un gioco sul tavolo.",
        "You may not discard {card}: it can be attached to a meld on the table.",
    ),
    "first_round_closing": (
        "Non si può chiudere al primo giro: ogni giocatore deve aver fatto almeno un turno.",
        "You cannot close in the first round: every player must have had one turn.",
    ),
    # options, records and saves
    "bad_rules": (
        "Regola non valida: {name} = {value!r}. {why}",
        "Invalid rule: {name} = {value!r}. {why}",
    ),
    # the reasons inside bad_rules, bad_record and bad_save (a nested RuleError renders
    # in the language of the message around it)
    "expected_type": ("Serve un valore di tipo {type}.", "Expected {type}."),
    "one_of": ("Uno tra: {choices}.", "One of: {choices}."),
    "jokers_4_or_0": ("4 oppure 0.", "Either 4 or 0."),
    "positive_number": ("Un numero positivo.", "A positive number."),
    "expected_mapping": ("Serve un elenco di opzioni.", "Expected a mapping."),
    "unknown_option": ("Opzione sconosciuta.", "Unknown option."),
    "record_first_line": (
        "la prima riga deve essere «{header}»",
        "the first line must be “{header}”",
    ),
    "record_not_json": ("non è JSON valido", "not valid JSON"),
    "record_missing": ("manca {fields}", "missing {fields}"),
    "record_players": (
        "i giocatori devono essere una lista di nomi",
        "players must be a list of names",
    ),
    "record_action": ("mossa {number} «{action}»: {why}", "action {number} “{action}”: {why}"),
    "save_not_json": ("non è JSON.", "it is not JSON."),
    "save_not_scala40": ("non è un salvataggio di Scala 40.", "it is not a Scala 40 save."),
    "save_no_record": ("manca la registrazione della partita.", "the game record is missing."),
    "save_wrong_position": (
        "la partita non torna alla posizione salvata.",
        "the game does not replay to the saved position.",
    ),
    "bad_position": ("Posizione non valida: {why}", "Invalid position: {why}"),
    "position_first_line": (
        "la prima riga deve essere «{header}»",
        "the first line must be “{header}”",
    ),
    "position_line": ("riga {line} «{text}»: {why}", "line {line} “{text}”: {why}"),
    "position_syntax": ("non si legge.", "it cannot be read."),
    "position_unknown": ("riga sconosciuta o fuori posto.", "unknown or misplaced line."),
    "position_repeated": ("riga ripetuta.", "repeated line."),
    "position_missing": ("manca la riga «{fields}».", "the line “{fields}” is missing."),
    "position_too_long": (
        "testo troppo lungo (oltre {limit} caratteri).",
        "text too long (over {limit} characters).",
    ),
    "position_deck": (
        "le carte non fanno il mazzo delle regole (mancano: {missing}; in più: {extra}).",
        "the cards are not the deck of the rules (missing: {missing}; extra: {extra}).",
    ),
    "position_inconsistent": ("dati incoerenti: {what}.", "inconsistent: {what}."),
    "bad_players": (
        "Servono da 2 a 6 giocatori con nomi diversi.",
        "A match needs 2 to 6 players with different names.",
    ),
    "bad_action": ("Mossa non valida: «{text}».", "Not a move: “{text}”."),
    "bad_action_field": (
        "Mossa non valida: {field} non può essere {value}.",
        "Not a move: {field} cannot be {value}.",
    ),
    "bad_record": (
        "Registrazione della partita non valida (riga {line}): {why}",
        "Invalid game record (line {line}): {why}",
    ),
    "bad_save": (
        "Salvataggio illeggibile: {why}",
        "The save cannot be read: {why}",
    ),
    "unknown_save_version": (
        "Salvataggio di una versione sconosciuta ({version}).",
        "Save from an unknown version ({version}).",
    ),
    # the limits of records and saves (docs/engine.md, "Records and saves")
    "not_text": ("non è testo", "it is not text"),
    "text_too_long": (
        "supera {limit} caratteri ({size})",
        "longer than {limit} characters ({size})",
    ),
    "line_too_long": (
        "la riga supera {limit} caratteri",
        "the line is longer than {limit} characters",
    ),
    "json_too_deep": (
        "JSON annidato oltre {limit} livelli",
        "JSON nested deeper than {limit} levels",
    ),
    "record_twice": ("«{field}» compare due volte", "“{field}” is given twice"),
    "record_unknown_field": ("campo sconosciuto «{field}»", "unknown field “{field}”"),
    "too_many_actions": ("più di {limit} mosse", "more than {limit} actions"),
    "too_many_lines": ("più di {limit} righe", "more than {limit} lines"),
    "bad_name": (
        "Il nome di un giocatore è un testo da 1 a {limit} caratteri.",
        "A player's name is a text of 1 to {limit} characters.",
    ),
    "bad_seed": (
        "Il seme della partita è un testo di al massimo {limit} caratteri.",
        "A match's seed is a text of at most {limit} characters.",
    ),
    "game_too_long": (
        "La partita ha raggiunto {limit} mosse, il massimo che un salvataggio contiene.",
        "The match has reached {limit} actions, the most a save holds.",
    ),
}


class RuleError(ValueError):
    """An action or input the rules refuse.

    ``code`` is stable (tests and the table key on it), ``facts`` holds the
    numbers and cards behind the refusal, :meth:`message` renders it.
    """

    def __init__(self, code: str, **facts: object) -> None:
        if code not in MESSAGES:
            raise KeyError(f"unknown rule error code {code!r}")
        self.code = code
        self.facts = facts
        super().__init__(self.message("en"))

    def message(self, language: str = "en") -> str:
        """The refusal in ``language`` ("it" or "en"); unknown languages get English."""
        shown = {key: show_fact(value, language) for key, value in self.facts.items()}
        return say_with(MESSAGES[self.code], language, shown)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.facts))


def _rebuild(code: str, facts: dict[str, object]) -> RuleError:
    return RuleError(code, **facts)


FACT_CHARS = 80
"""The most of one fact a message shows: a refused 10 MB line is named by its start."""


def show_fact(value: object, language: str, *, article: bool = True) -> object:
    """Cards read better as symbols (7♥, the joker by its name) with their article ("il
    7♥", "the joker": a refusal names a card as a sentence does; without it, ``article``
    False, for a card among others: "A♦ 2♦ 3♦") in messages, a nested
    refusal (the reason inside another) in the same language; a long fact is cut
    (:data:`FACT_CHARS`); other facts stay as they are.

    >>> from scala40.cards import Card
    >>> RuleError("discard_attachable", card=Card.parse("JK")).message("it")[:26]
    'Non puoi scartare il jolly'

    >>> RuleError("bad_action", text="draw " * 1000).message()[:24]
    'Not a move: “draw draw d'
    >>> len(RuleError("bad_action", text="draw " * 1000).message()) < 100
    True
    """
    if isinstance(value, RuleError):
        return value.message(language)
    symbol, rank = getattr(value, "symbol", None), getattr(value, "rank_text", None)
    if isinstance(symbol, str) and isinstance(rank, str):  # a card (cards.py imports us)
        if getattr(value, "is_joker", False):
            rank, symbol = "JK", say(WORDS["joker"], language)
        return the_card(rank, symbol, language) if article else symbol
    return _Clipped(value) if len(repr(value)) > FACT_CHARS else value


class _Clipped:
    """A long fact in a message: its text and its ``repr`` both cut to the first
    :data:`FACT_CHARS` characters, an ellipsis marking the cut."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return _clip(str(self.value))

    def __repr__(self) -> str:
        return _clip(repr(self.value))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _clip(text: str) -> str:
    return text if len(text) <= FACT_CHARS else text[: FACT_CHARS - 1] + "…"
