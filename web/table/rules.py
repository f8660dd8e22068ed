"""The rules in the app ("Regole"): the current settings in plain words, with drawn examples.

Every sentence about a house rule is made from the value of its
:class:`~scala40.Rules` field (:func:`option_texts`), and every number in
the examples comes from the engine (a meld's points from
:func:`~scala40.make_meld`, the opening from ``rules.opening_minimum``), so
the page cannot disagree with the rules the table plays. The cards are the
table's own small cards (:func:`~web.table.cards.mini_card`).

>>> from scala40 import Rules
>>> option_texts(Rules(), "en")["opening_minimum"]
'Your first melds of a hand must be worth at least 40 points, laid in one turn.'
>>> option_texts(Rules(opening_minimum=41), "it")["opening_minimum"][-30:]
' 41 punti, calati in un turno.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from scala40 import Rules, make_meld, parse_cards
from scala40.melds import Meld
from web.i18n import OPTIONS, pick, t
from web.table.cards import mini_card
from web.table.dialogs import dialog
from web.ui.markup import Markup, html, join

Text = tuple[str, str]


def _yes_no(on: Text, off: Text) -> Callable[[object], Text]:
    return lambda value: on if value else off


_UNOPENED: dict[str, Text] = {
    "never": ("Chi non ha aperto paga il valore delle carte che ha in mano, come tutti.",
              "A player who never opened pays the value of the cards in hand, like everyone."),
    "after_mano": ("Chi non ha aperto paga 100 punti quando un altro chiude in mano; "
                   "altrimenti il valore delle carte.",
                   "A player who never opened pays 100 when someone goes rummy; "
                   "otherwise the cards' value."),
    "always": ("Chi non ha aperto paga 100 punti a ogni chiusura.",
               "A player who never opened pays 100 at every closing."),
}
_ATTACHABLE: dict[str, Text] = {
    "before_opening": ("Chi non ha ancora aperto non può scartare una carta che si attacca a "
                       "un gioco in tavola; dopo l'apertura sì.",
                       "A player who has not opened may not discard a card that fits a meld "
                       "on the table; once open, they may."),
    "except_closing": ("Nessuno può scartare una carta che si attacca a un gioco in tavola, "
                       "tranne per chiudere.",
                       "Nobody may discard a card that fits a meld on the table, except to "
                       "close."),
    "never": ("Nessuno può mai scartare una carta che si attacca a un gioco in tavola, "
              "nemmeno per chiudere.",
              "Nobody may ever discard a card that fits a meld on the table, not even to "
              "close."),
    "allowed": ("Si può scartare qualunque carta, anche una che si attaccherebbe.",
                "Any card may be discarded, even one that would fit a meld."),
}

#: One sentence per Rules field, made from its value (a test checks every field is here).
OPTION_TEXT: dict[str, Callable[[object], Text]] = {
    "mode": lambda value: (
        ("Si gioca una sola mano: vince chi chiude per primo.",
         "One single hand: whoever closes first wins.") if value == "single" else
        ("Si gioca a punti: a ogni mano chi non chiude paga le carte che ha in mano.",
         "A points match: at every hand those who did not close pay for their cards.")),
    "opening_minimum": lambda value: (
        f"I primi giochi della mano devono valere almeno {value} punti, calati in un turno.",
        f"Your first melds of a hand must be worth at least {value} points, laid in one "
        "turn."),
    "elimination_score": lambda value: (
        f"Chi arriva a {value} punti di penalità è eliminato; vince l'ultimo rimasto.",
        f"Whoever reaches {value} penalty points is out; the last one left wins."),
    "short_deal_for_five_or_six": _yes_no(
        ("Con 5 o 6 giocatori si danno 10 carte a testa.",
         "With 5 or 6 players each gets 10 cards."),
        ("Si danno sempre 13 carte a testa.", "Everyone always gets 13 cards.")),
    "jokers": lambda value: (
        ("Si gioca con 4 jolly: ognuno sostituisce qualunque carta in un gioco.",
         "Four jokers: each stands for any card in a meld.") if value else
        ("Si gioca senza jolly.", "No jokers.")),
    "pile_before_opening": _yes_no(
        ("Si può prendere la carta del pozzo prima di aprire, se serve per aprire in quel "
         "turno.",
         "You may take the pile card before opening, if you open with it that turn."),
        ("Prima di aprire si pesca solo dal tallone.",
         "Before opening you draw from the stock only.")),
    "clean_opening": _yes_no(
        ("Apertura pulita: i giochi con un jolly non contano per l'apertura.",
         "Clean opening: melds holding a joker do not count toward the opening."),
        ("Anche i giochi con un jolly contano per l'apertura.",
         "Melds with a joker count toward the opening too.")),
    "mano_doubles": _yes_no(
        ("Chi apre e chiude nello stesso turno (in mano) fa pagare doppio agli altri.",
         "Going rummy (in Italian \"in mano\": opening and closing in one turn) makes "
         "the others pay double."),
        ("Chiudere in mano non raddoppia nulla.", "Going rummy doubles nothing.")),
    "mano_needs_minimum": _yes_no(
        ("Anche chi chiude in mano deve calare almeno i punti di apertura.",
         "Going rummy must also reach the opening points."),
        ("Chi chiude in mano non ha bisogno del minimo di apertura.",
         "Going rummy needs no opening minimum.")),
    "unopened_pays_100": lambda value: _UNOPENED[str(value)],
    "lone_ace_counts_one": _yes_no(
        ("Un asso rimasto da solo in mano costa 1 punto.",
         "An ace left alone in hand costs 1 point."),
        ("Un asso in mano costa sempre 11 punti.", "An ace in hand always costs 11 points.")),
    "attachable_discard": lambda value: _ATTACHABLE[str(value)],
    "first_round_closing": _yes_no(
        ("Si può chiudere anche prima che tutti abbiano giocato un turno.",
         "You may close even before everyone has had a turn."),
        ("Non si chiude prima che tutti abbiano giocato il primo turno.",
         "Nobody closes before everyone has had a first turn.")),
    "reentry": _yes_no(
        ("Chi è eliminato rientra con il punteggio più alto di chi è ancora in gioco.",
         "An eliminated player re-enters at the highest score still in."),
        ("Chi è eliminato resta fuori.", "An eliminated player stays out.")),
}


def option_texts(rules: Rules, lang: str) -> dict[str, str]:
    """Every option of ``rules`` as a sentence in ``lang``, in the order of the fields."""
    return {field.name: pick(OPTION_TEXT[field.name](getattr(rules, field.name)), lang)
            for field in fields(Rules)}


BASICS: tuple[Text, ...] = (
    ("Si gioca con due mazzi francesi. A ogni turno peschi una carta (dal tallone o, se "
     "puoi, dal pozzo), cali o attacchi se vuoi, e finisci scartando una carta.",
     "Two French decks. Each turn you draw a card (from the stock or, when allowed, the "
     "pile), lay or attach if you wish, and end by discarding a card."),
    ("Una scala sono almeno tre carte dello stesso seme in fila (l'asso sta prima del 2 o "
     "dopo il K); un tris o poker sono tre o quattro carte dello stesso valore di semi "
     "diversi.",
     "A run is three or more cards of one suit in a row (the ace goes below 2 or above "
     "K); a set is three or four cards of one rank in different suits."),
    ("Dopo aver aperto puoi attaccare carte ai giochi in tavola, tuoi e altrui, e prendere "
     "un jolly mettendo al suo posto la carta che rappresenta.",
     "Once open you may attach cards to any meld on the table and take a joker by putting "
     "the card it stands for in its place."),
    ("Chiude chi resta senza carte scartando l'ultima. Le carte valgono: asso 11, figure "
     "10, le altre il loro numero, il jolly 25.",
     "You close by discarding your last card. Cards are worth: ace 11, pictures 10, the "
     "others their number, a joker 25."),
)


def _meld_row(meld: Meld, lang: str) -> Markup:
    cards = join(mini_card(card, lang, meld.joker_as if card.is_joker else None)
                 for card in meld.cards)
    return html('<span class="ex-meld">{}</span>', cards)


def _example(title: str, body: Markup, caption: str) -> Markup:
    return html('<figure class="rules-ex"><figcaption><strong>{}</strong> {}</figcaption>'
                '<div class="ex-cards">{}</div></figure>', title, caption, body)


def examples(rules: Rules, lang: str) -> Markup:
    """A run, a set, an opening one point short and one that reaches it, a joker swap."""
    run = make_meld(parse_cards("4S 5S 6S 7S"))
    group = make_meld(parse_cards("9H 9C 9S"))
    short = [make_meld(parse_cards("KS KH KD")), make_meld(parse_cards("2C 3C 4C"))]
    enough = [make_meld(parse_cards("10S JS QS KS"))]
    need = rules.opening_minimum
    parts = [
        _example(t("rules_run", lang), _meld_row(run, lang), t("rules_points", lang,
                                                              n=run.points)),
        _example(t("rules_set", lang), _meld_row(group, lang), t("rules_points", lang,
                                                                n=group.points)),
    ]
    for melds in (short, enough):
        total = sum(meld.points for meld in melds)
        verdict = t("rules_opens" if total >= need else "rules_short", lang, n=total, need=need)
        parts.append(_example(t("rules_opening", lang),
                              join(_meld_row(meld, lang) for meld in melds), verdict))
    if rules.jokers:
        table_meld = make_meld(parse_cards("5H JK 7H"))
        card = parse_cards("6H")[0]
        swapped = table_meld.swap_joker(card)
        body = html('{} <span class="ex-arrow">+ {} →</span> {}', _meld_row(table_meld, lang),
                    mini_card(card, lang), _meld_row(swapped, lang))
        parts.append(_example(t("rules_swap", lang), body, t("rules_swap_text", lang)))
    return join(parts)


def _switch(value: object, lang: str) -> str:
    """" (sì)" or " (no)" after a switch's name: the name says what it does when on
    ("In mano serve il minimo"), so the sentence that follows, which says what the table
    plays, would read as its contradiction without it; other values say nothing here.

    >>> _switch(False, "it"), _switch(True, "en"), _switch(40, "en")
    (' (no)', ' (yes)', '')
    """
    if not isinstance(value, bool):
        return ""
    return f" ({t('rules_on' if value else 'rules_off', lang)})"


def rules_dialog(rules: Rules, lang: str, title: str = "") -> Markup:
    """The rules of ``rules`` in plain words: the basics, the examples, every option
    (``title``: the dialog's, by default "the rules of this game")."""
    basics = join(html("<p>{}</p>", pick(text, lang)) for text in BASICS)
    options = join(
        html('<li data-option="{name}"><strong>{label}</strong>{switch}: {text}</li>', name=name,
             label=pick(OPTIONS[name][0], lang) if name in OPTIONS else t("rules_" + name, lang),
             switch=_switch(getattr(rules, name), lang), text=text)
        for name, text in option_texts(rules, lang).items()
    )
    inner = html(
        '<h2 id="dlg-title">{title}</h2><div class="rules-page">{basics}'
        '<div class="rules-examples">{examples}</div>'
        '<h3>{these}</h3><ul class="rules-options">{options}</ul></div>'
        '<div class="dlg-actions"><button type="button" class="btn primary" '
        'data-act="close" data-esc>{close}</button></div>',
        title=title or t("rules_title", lang), basics=basics, examples=examples(rules, lang),
        these=t("rules_these", lang), options=options, close=t("close", lang),
    )
    return dialog(inner, label=title or t("rules_title", lang), cls="rules")
