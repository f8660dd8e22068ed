"""Every text the page shows, in each language of :data:`LANG_NAMES`: one catalog, said
with grammar.

The catalog is :data:`STRINGS`, the ``PAGE`` and ``WORDS`` parts of each language's
module of :mod:`scala40.lang` (a language is that one file and its entry here), each
message with forms by person and number where it needs them, said by
:func:`scala40.words.say` as the engine's refusals are (``RuleError.message(lang)``:
a rule is explained in one place only). Pure Python, checked in CPython:

>>> t("draw", "it"), t("draw", "en")
('Pesca', 'Draw')
>>> card_name("7H", "it"), card_name("QS", "en"), card_name("JK", "it")
('7 di cuori', 'queen of spades', 'jolly')
"""

from __future__ import annotations

from collections.abc import KeysView, Sequence
from datetime import date

from scala40.cards import Card
from scala40.words import FALLBACK, Catalog, say_with, the_card

#: The game's languages, each by its own name (the menu lists them so): the one list,
#: each a module of :mod:`scala40.lang`.
LANG_NAMES = {"it": "Italiano", "en": "English"}
#: Their codes: a view of :data:`LANG_NAMES`, so an entry there is a language everywhere.
LANGS: KeysView[str] = LANG_NAMES.keys()
#: The language of a browser whose own the game does not have, and of a message that a
#: language lacks (:data:`scala40.words.FALLBACK`).
DEFAULT_LANG = FALLBACK

#: The page's messages (and the words it shares with the engine's), by key.
STRINGS = Catalog("PAGE", "WORDS")

#: Messages whose ``{n}`` is a number in a label, not a count of what they name:
#: "Mano 3", "Giocatore 2", "Mossa 4 di 30".
LABELS = frozenset({"replay_pos", "replay_hand", "replay_stock", "daily_streak", "seat",
                    "mode_custom_short", "player_n", "hand_n", "hand_over", "seat_for",
                    "join_title", "join_title_anon", "moves_title",
                    "friend_n"})
#: Messages that name a player who is never the one at this device: a bot, the winner
#: said to the loser, the next person of a shared device, a seat of the summary, a
#: friend's seat on the host's screen and the friend who dropped.
ABOUT_OTHERS = frozenset({"you_lost", "thinking", "turn_of", "pass_title", "pass_text",
                          "pass_ready", "bot_failed", "bot_gave_up", "summary_bot",
                          "summary_remote", "seat_for", "dropped_title", "knock",
                          "seat_waiting"})

#: Bots' default names by seat (a seat of one letter each, A to F).
BOT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")

def t(key: str, lang: str, /, **facts: object) -> str:
    """The message ``key`` in ``lang`` (a code of :data:`LANGS`) with ``facts`` filled in, in the
    form for ``you`` (True: the player at this device) and ``n`` (a count) where the
    message has forms (:func:`scala40.words.say`)."""
    return say_with(STRINGS[key], lang, facts)


def card_name(code: str, lang: str) -> str:
    """A card's name for screen readers: "7 di cuori", "queen of spades", "jolly"."""
    if code.upper().startswith("JK"):
        return t("joker", lang)
    rank, suit = code[:-1].upper(), code[-1].upper()
    return t("card_named", lang, rank=rank_name(rank, lang), suit=t("suit_" + suit, lang))


def rank_name(rank: str, lang: str, *, n: int = 1) -> str:
    """A rank ("7", "K") as said of ``n`` cards: "re", "7"; "kings", "7s" (a set's).

    >>> rank_name("A", "it", n=2), rank_name("10", "en", n=3), rank_name("10", "it", n=3)
    ('assi', '10s', '10')
    """
    key = "rank_" + rank
    return t(key if key in STRINGS else "rank_number", lang, n=n, rank=rank)


def card_in_sentence(card: Card, lang: str, *, spoken: bool = False) -> str:
    """A card a sentence names, with its article: by its symbol ("Bruno scarta il 7♥",
    "You took the 8♦"), or by its name as a screen reader says it (``spoken``: "l'asso
    di cuori"); the joker by its name, lower case ("Bruno attacca il jolly").

    >>> ace, joker = Card.parse("AH"), Card.parse("JK")
    >>> card_in_sentence(joker, "en"), card_in_sentence(ace, "it", spoken=True)
    ('the joker', "l'asso di cuori")
    """
    code = str(card)
    said = card_name(code, lang) if spoken or card.is_joker else card.symbol
    return the_card("JK" if card.is_joker else card.rank_text, said, lang)


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
    return name.strip() in BOT_NAMES or is_placeholder_name(name)


def is_placeholder_name(name: str) -> bool:
    """No one's name: none, or one the form gives a person ("Tu", "You", "Player 2"),
    which says "You" of someone else on another device. A bot's seat name ("Anna") is
    a name a person may have.

    >>> is_placeholder_name(" You"), is_placeholder_name("Giocatore 2"), is_placeholder_name("")
    (True, True, True)
    >>> is_placeholder_name("Anna")
    False
    """
    name = name.strip()
    if not name or names_you(name):
        return True
    for lang in LANGS:
        prefix = t("player_n", lang, n="")
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return True
    return False


def your_seat(names: Sequence[str]) -> int | None:
    """The one seat named as the new-game form names this device's player ("Tu",
    "You", in either language), if exactly one is: a kept match's names, shown in the
    language read now ("You" of a match played in Italian) and spoken to as "you".

    >>> your_seat(["Tu", "Bruno"]), your_seat(["Anna", "Bruno"]), your_seat(["You", "Tu"])
    (0, None, None)
    """
    yours = [seat for seat, name in enumerate(names) if names_you(name)]
    return yours[0] if len(yours) == 1 else None


def names_you(name: str) -> bool:
    """Whether ``name`` is the form's name of this device's player ("Tu", "You")."""
    return any(name.strip() == t("you_name", lang) for lang in LANGS)


def default_lang(browser_lang: str | None) -> str:
    """The game's language the browser's is (Italian for "it-IT"), English otherwise (as
    web/page/snapshot.js's ``firstLang`` before Python).

    >>> default_lang("it-IT"), default_lang("en-GB"), default_lang(None), default_lang("de")
    ('it', 'en', 'en', 'en')
    """
    browser = (browser_lang or "").lower()
    return next((code for code in LANGS if browser.startswith(code)), DEFAULT_LANG)


def shown_names(players: Sequence[object], lang: str) -> list[str]:
    """The players' names as a screen shows them: this device's player (:func:`your_seat`)
    as "You" / "Tu" in the language read now, whichever the match was started in. A name
    is kept as the form gave it; it is said in the reader's language only when drawn, so
    switching the language redraws it too.

    >>> shown_names(["Tu", "Bruno"], "en"), shown_names(["You", "Carla"], "it")
    (['You', 'Bruno'], ['Tu', 'Carla'])
    """
    names = [str(name) for name in players]
    you = your_seat(names)
    return [t("you_name", lang) if seat == you else name for seat, name in enumerate(names)]


def shown_date(when: date, lang: str) -> str:
    """A date as the page writes it.

    >>> shown_date(date(2026, 12, 1), "it"), shown_date(date(2026, 12, 1), "en")
    ('1 dic 2026', '1 Dec 2026')
    """
    return t("date", lang, day=when.day, month=t(f"month_{when.month}", lang), year=when.year)


def names_list(names: list[str], lang: str) -> str:
    """Names as a sentence lists them, the last after "e" / "and"; the player at this
    device goes last, as "tu" / "you" (``t("you_listed")``).

    >>> names_list(["Anna"], "it"), names_list(["Anna", "Bruno", "Carla"], "en")
    ('Anna', 'Anna, Bruno and Carla')
    >>> names_list(["Dario", t("you_listed", "it")], "it")
    'Dario e tu'
    """
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {t('and', lang)} {names[-1]}"
