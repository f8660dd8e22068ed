"""The words of the house rules: the new-game form's options, their choices and
presets, and the rules page's sentences (web/table/rules.py), one per value of each
:class:`~scala40.Rules` field.

Keys by the field's name and value, so the page finds a sentence from the rules alone:
``option_<field>`` and ``option_<field>_help`` (the form's label and its help),
``choice_<field>_<value>`` (a choice of a select), ``preset_<name>`` and
``preset_<name>_help``, ``rule_<field>_<value>`` (the rules page: ``on`` / ``off`` for
a switch) or ``rule_<field>`` with the number as ``{n}``, and ``rules_basics_<i>``.
"""

from __future__ import annotations

from scala40.words import Message

#: The options the new-game form shows, in its order (the others have their own controls).
OPTIONS = ("opening_minimum", "jokers", "short_deal_for_five_or_six", "pile_before_opening",
           "clean_opening", "mano_doubles", "mano_needs_minimum", "unopened_pays_100",
           "lone_ace_counts_one", "attachable_discard", "first_round_closing", "reentry")

#: The values of the options the form shows as a choice, in the order it lists them.
CHOICES = {
    "unopened_pays_100": ("never", "after_mano", "always"),
    "attachable_discard": ("before_opening", "except_closing", "never", "allowed"),
    "jokers": ("4", "0"),
}

#: How many paragraphs the rules page opens with (``rules_basics_0`` ...).
BASICS = 4

STRINGS: dict[str, Message] = {
    # the new-game form: each option's label and help
    "option_opening_minimum": ("Punti per aprire", "Points to open"),
    "option_opening_minimum_help": (
        "I primi giochi calati nella mano devono valere almeno questi punti.",
        "The first melds laid in a hand must be worth at least this much."),
    "option_jokers": ("Jolly", "Jokers"),
    "option_jokers_help": ("Con i 4 jolly dei due mazzi, o senza jolly.",
                           "Play with the 4 jokers, or none."),
    "option_short_deal_for_five_or_six": ("10 carte in 5 o 6", "10 cards with 5 or 6"),
    "option_short_deal_for_five_or_six_help": (
        "Con 5 o 6 giocatori si danno 10 carte invece di 13.",
        "With 5 or 6 players, deal 10 cards instead of 13."),
    "option_pile_before_opening": ("Pozzo prima di aprire", "Pile before opening"),
    "option_pile_before_opening_help": (
        "Si può prendere dal pozzo anche senza aver aperto, se la carta serve per aprire "
        "in quel turno.",
        "The pile card may be taken before opening if it is used to open that same turn."),
    "option_clean_opening": ("Apertura pulita", "Clean opening"),
    "option_clean_opening_help": (
        "I jolly non contano per l'apertura: i giochi senza jolly devono bastare da soli.",
        "Jokers do not count toward the opening: melds without a joker must reach it alone."),
    "option_mano_doubles": ("Chiusura in mano raddoppia", "Going rummy doubles"),
    "option_mano_doubles_help": (
        "Chi apre e chiude nello stesso turno raddoppia le penalità degli altri.",
        "Going rummy (opening and closing in one turn) doubles the others' penalties."),
    "option_mano_needs_minimum": ("In mano serve il minimo", "Going rummy needs the minimum"),
    "option_mano_needs_minimum_help": (
        "Anche la chiusura in mano deve raggiungere i punti di apertura.",
        "Going rummy (opening and closing in one turn) must also reach the opening points."),
    "option_unopened_pays_100": ("Chi non ha aperto paga 100", "Unopened pay 100"),
    "option_unopened_pays_100_help": (
        "Quando chi non ha aperto paga 100 punti invece del valore delle carte.",
        "When a player who never opened pays 100 instead of the cards' value."),
    "option_lone_ace_counts_one": ("Asso da solo vale 1", "Lone ace counts 1"),
    "option_lone_ace_counts_one_help": (
        "Un asso rimasto da solo in mano costa 1 punto invece di 11.",
        "An ace left alone in hand costs 1 point instead of 11."),
    "option_attachable_discard": ("Scarto attaccabile", "Discarding an attachable card"),
    "option_attachable_discard_help": (
        "Se si può scartare una carta che si potrebbe attaccare a un gioco sul tavolo.",
        "Whether a card that could be attached to a meld on the table may be discarded."),
    "option_first_round_closing": ("Chiusura al primo giro", "First-round closing"),
    "option_first_round_closing_help": ("Si può chiudere prima che tutti abbiano fatto un turno.",
                                        "Closing is allowed before everyone has had a turn."),
    "option_reentry": ("Rientro", "Re-entry"),
    "option_reentry_help": (
        "Chi esce dalla partita rientra con il punteggio più alto tra chi è ancora in "
        "gioco.",
        "An eliminated player re-enters at the highest score still in."),
    # the form's choices
    "choice_unopened_pays_100_never": ("mai", "never"),
    "choice_unopened_pays_100_after_mano": ("dopo una chiusura in mano",
                                            "after someone goes rummy"),
    "choice_unopened_pays_100_always": ("dopo ogni chiusura", "after any closing"),
    "choice_attachable_discard_before_opening": ("vietato a chi non ha aperto",
                                                 "forbidden before opening"),
    "choice_attachable_discard_except_closing": ("vietato, tranne per chiudere",
                                                 "forbidden, except to close"),
    "choice_attachable_discard_never": ("sempre vietato", "always forbidden"),
    "choice_attachable_discard_allowed": ("permesso", "allowed"),
    "choice_jokers_4": ("4 jolly", "4 jokers"),
    "choice_jokers_0": ("senza jolly", "no jokers"),
    # the presets (scala40.rules.PRESETS)
    "preset_classica": ("Classica", "Classic"),
    "preset_classica_help": ("Le regole più comuni.", "The most common rules."),
    "preset_federazione": ("Federazione", "Federation"),
    "preset_federazione_help": ("Chi non ha aperto paga 100 dopo una chiusura in mano.",
                                "Who never opened pays 100 when someone goes rummy."),
    "preset_wikipedia": ("Varianti comuni", "Common variants"),
    "preset_wikipedia_help": (
        "Apertura a 41, chi non ha aperto paga 100, asso solo 1, rientro.",
        "Open with 41, the unopened pay 100, a lone ace costs 1, re-entry."),
    "preset_pozzo_libero": ("Pozzo libero", "Free pile"),
    "preset_pozzo_libero_help": ("Si può prendere dal pozzo per aprire.",
                                 "The pile card may be taken to open."),
    "preset_pulita": ("Apertura pulita", "Clean opening"),
    "preset_pulita_help": ("I jolly non contano per i 40.", "Jokers do not count toward the 40."),
    # the rules page: the basics, then one sentence per field as the table plays it
    "rules_basics_0": (
        "Si gioca con due mazzi francesi. A ogni turno peschi una carta (dal tallone o, se "
        "puoi, dal pozzo), cali o attacchi se vuoi, e finisci scartando una carta.",
        "Two French decks. Each turn you draw a card (from the stock or, when allowed, the "
        "pile), lay or attach if you wish, and end by discarding a card."),
    "rules_basics_1": (
        "Una scala sono almeno tre carte dello stesso seme in fila (l'asso sta prima del 2 o "
        "dopo il K); un tris o poker sono tre o quattro carte dello stesso valore di semi "
        "diversi.",
        "A run is three or more cards of one suit in a row (the ace goes below 2 or above "
        "K); a set is three or four cards of one rank in different suits."),
    "rules_basics_2": (
        "Dopo aver aperto puoi attaccare carte ai giochi in tavola, tuoi e altrui, e prendere "
        "un jolly mettendo al suo posto la carta che rappresenta.",
        "Once open you may attach cards to any meld on the table and take a joker by putting "
        "the card it stands for in its place."),
    "rules_basics_3": (
        "Chiude chi resta senza carte scartando l'ultima. Le carte valgono: asso 11, figure "
        "10, le altre il loro numero, il jolly 25.",
        "You close by discarding your last card. Cards are worth: ace 11, pictures 10, the "
        "others their number, a joker 25."),
    "rule_mode_single": ("Si gioca una sola mano: vince chi chiude per primo.",
                         "One single hand: whoever closes first wins."),
    "rule_mode_points": (
        "Si gioca a punti: a ogni mano chi non chiude paga le carte che ha in mano.",
        "A points match: at every hand those who did not close pay for their cards."),
    "rule_opening_minimum": (
        {"one": "I primi giochi della mano devono valere almeno {n} punto, calati in un turno.",
         "many": "I primi giochi della mano devono valere almeno {n} punti, calati in un "
                 "turno."},
        {"one": "Your first melds of a hand must be worth at least {n} point, laid in one "
                "turn.",
         "many": "Your first melds of a hand must be worth at least {n} points, laid in one "
                 "turn."}),
    "rule_elimination_score": (
        {"one": "Chi arriva a {n} punto di penalità esce dalla partita; vince l'ultimo "
                "rimasto.",
         "many": "Chi arriva a {n} punti di penalità esce dalla partita; vince l'ultimo "
                 "rimasto."},
        {"one": "Whoever reaches {n} penalty point is out; the last one left wins.",
         "many": "Whoever reaches {n} penalty points is out; the last one left wins."}),
    "rule_short_deal_for_five_or_six_on": ("Con 5 o 6 giocatori si danno 10 carte a testa.",
                                           "With 5 or 6 players each gets 10 cards."),
    "rule_short_deal_for_five_or_six_off": ("Si danno sempre 13 carte a testa.",
                                            "Everyone always gets 13 cards."),
    "rule_jokers_4": ("Si gioca con 4 jolly: ognuno sostituisce qualunque carta in un gioco.",
                      "Four jokers: each stands for any card in a meld."),
    "rule_jokers_0": ("Si gioca senza jolly.", "No jokers."),
    "rule_pile_before_opening_on": (
        "Si può prendere la carta del pozzo prima di aprire, se serve per aprire in quel "
        "turno.",
        "You may take the pile card before opening, if you open with it that turn."),
    "rule_pile_before_opening_off": ("Prima di aprire si pesca solo dal tallone.",
                                     "Before opening you draw from the stock only."),
    "rule_clean_opening_on": (
        "Apertura pulita: i giochi con un jolly non contano per l'apertura.",
        "Clean opening: melds holding a joker do not count toward the opening."),
    "rule_clean_opening_off": ("Anche i giochi con un jolly contano per l'apertura.",
                               "Melds with a joker count toward the opening too."),
    "rule_mano_doubles_on": (
        "Chi apre e chiude nello stesso turno (in mano) fa pagare doppio agli altri.",
        "Going rummy (in Italian \"in mano\": opening and closing in one turn) makes "
        "the others pay double."),
    "rule_mano_doubles_off": ("Chiudere in mano non raddoppia nulla.",
                              "Going rummy doubles nothing."),
    "rule_mano_needs_minimum_on": (
        "Anche chi chiude in mano deve calare almeno i punti di apertura.",
        "Going rummy must also reach the opening points."),
    "rule_mano_needs_minimum_off": ("Chi chiude in mano non ha bisogno del minimo di apertura.",
                                    "Going rummy needs no opening minimum."),
    "rule_unopened_pays_100_never": (
        "Chi non ha aperto paga il valore delle carte che ha in mano, come tutti.",
        "A player who never opened pays the value of the cards in hand, like everyone."),
    "rule_unopened_pays_100_after_mano": (
        "Chi non ha aperto paga 100 punti quando un altro chiude in mano; "
        "altrimenti il valore delle carte.",
        "A player who never opened pays 100 when someone goes rummy; otherwise the cards' "
        "value."),
    "rule_unopened_pays_100_always": ("Chi non ha aperto paga 100 punti a ogni chiusura.",
                                      "A player who never opened pays 100 at every closing."),
    "rule_lone_ace_counts_one_on": ("Un asso rimasto da solo in mano costa 1 punto.",
                                    "An ace left alone in hand costs 1 point."),
    "rule_lone_ace_counts_one_off": ("Un asso in mano costa sempre 11 punti.",
                                     "An ace in hand always costs 11 points."),
    "rule_attachable_discard_before_opening": (
        "Chi deve ancora aprire non può scartare una carta che si attacca a un gioco in "
        "tavola; dopo l'apertura sì.",
        "A player who has not opened may not discard a card that fits a meld on the table; "
        "once open, they may."),
    "rule_attachable_discard_except_closing": (
        "Nessuno può scartare una carta che si attacca a un gioco in tavola, tranne per "
        "chiudere.",
        "Nobody may discard a card that fits a meld on the table, except to close."),
    "rule_attachable_discard_never": (
        "Nessuno può mai scartare una carta che si attacca a un gioco in tavola, nemmeno per "
        "chiudere.",
        "Nobody may ever discard a card that fits a meld on the table, not even to close."),
    "rule_attachable_discard_allowed": (
        "Si può scartare qualunque carta, anche una che si attaccherebbe.",
        "Any card may be discarded, even one that would fit a meld."),
    "rule_first_round_closing_on": (
        "Si può chiudere anche prima che tutti abbiano giocato un turno.",
        "You may close even before everyone has had a turn."),
    "rule_first_round_closing_off": (
        "Non si chiude prima che tutti abbiano giocato il primo turno.",
        "Nobody closes before everyone has had a first turn."),
    "rule_reentry_on": (
        "Chi esce dalla partita rientra con il punteggio più alto di chi è ancora in gioco.",
        "An eliminated player re-enters at the highest score still in."),
    "rule_reentry_off": ("Chi esce dalla partita non rientra.",
                         "An eliminated player stays out."),
}


def rule_key(name: str, value: object) -> str:
    """The rules page's message for the field ``name`` at ``value``: a switch's ``on`` /
    ``off``, a choice's value; a number's is the field's own (said with ``n=value``).

    >>> rule_key("reentry", False), rule_key("jokers", 4), rule_key("opening_minimum", 41)
    ('rule_reentry_off', 'rule_jokers_4', 'rule_opening_minimum')
    """
    if isinstance(value, bool):
        return f"rule_{name}_{'on' if value else 'off'}"
    if f"rule_{name}" in STRINGS:
        return f"rule_{name}"
    return f"rule_{name}_{value}"
