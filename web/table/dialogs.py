"""The dialogs over the table: a choice between readings, the hot-seat hand-over,
the menu, a confirmation, the statistics, a notice.

Each is an ``.overlay`` holding a ``role="dialog"``; the score sheet is in
:mod:`web.table.sheet`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scala40 import Card
from scala40.bots import LEVELS
from web.i18n import LANG_NAMES, names_list, t
from web.store.settings import LOOKS, SPEEDS, SWITCHES, Settings
from web.store.stats import HUMANS
from web.table.cards import mini_card, sym
from web.table.registry import MATCH_BUTTONS, drawn
from web.table.session import Session
from web.table.stake import abandons
from web.ui.markup import EMPTY, Markup, html, join

STATS_LEVELS = (*LEVELS, HUMANS)  # named in i18n as level_*


def dialog(inner: Markup, *, label: str = "", labelledby: str = "", cls: str = "") -> Markup:
    """A modal: web/page/modal.js keeps the focus inside it, makes the rest inert, and
    presses its ``data-esc`` control on Escape (a dialog without one stays). Its name is
    ``label``, or the text of the element whose id is ``labelledby`` (its heading)."""
    named = html('aria-labelledby="{}"', labelledby) if labelledby else \
        html('aria-label="{}"', label)
    return html(
        '<div class="overlay {cls}"><div class="dialog" role="dialog" aria-modal="true" '
        '{named}>{inner}</div></div>',
        cls=cls, named=named, inner=inner,
    )


def _shown(facts: dict, lang: str) -> dict:
    """Facts for a sentence: cards as their short label."""
    return {k: (sym(v, lang) if isinstance(v, Card) else v) for k, v in facts.items()}


def choice_dialog(session: Session, lang: str) -> Markup:
    """Which reading of a meld, which end to attach to: one button per engine-legal action."""
    choice = session.choice
    if choice is None:
        return EMPTY
    title = t(choice.title, lang, **_shown(choice.facts, lang))
    options = []
    for index, (parts, _action) in enumerate(choice.options):
        faces = []
        words = []
        for part in parts:
            if isinstance(part[0], Card):  # (card, stands_for); else (i18n key, facts)
                faces.append(mini_card(part[0], lang, part[1]))
            else:
                words.append(t(part[0], lang, **_shown(part[1], lang)))
        text = html('<span class="opt-text">{}</span>', " · ".join(words)) if words else EMPTY
        options.append(html(
            '<button class="option" data-act="choose" data-arg="{}">'
            '<span class="opt-cards">{}</span>{}</button>', index, join(faces), text,
        ))
    inner = html('<h2>{}</h2><div class="options">{}</div>'
                 '<button class="btn" data-act="cancel" data-esc>{}</button>',
                 title, join(options), t("cancel", lang))
    return dialog(inner, label=title, cls="choice")


def pass_screen(session: Session, lang: str) -> Markup:
    """Hot-seat: the cards stay hidden until the player to move says they hold the device."""
    name = session.name(session.state.to_move)
    inner = html(
        '<div class="pass-icon" aria-hidden="true"><span class="card big back-face"></span></div>'
        '<h2>{title}</h2><p>{text}</p>'
        '<button class="btn primary big" data-act="pass-ready">{ready}</button>',
        title=t("pass_title", lang, name=name), text=t("pass_text", lang, name=name),
        ready=t("pass_ready", lang, name=name),
    )
    return dialog(inner, label=t("pass_title", lang, name=name), cls="pass opaque")


def _options(choices: Iterable[tuple[str, str]], current: str) -> Markup:
    return join(
        html('<option value="{}" {}>{}</option>', value, "selected" if value == current else "",
             label)
        for value, label in choices
    )


def menu_dialog(session: Session | None, lang: str, settings: Settings, version: str) -> Markup:
    speeds = _options([(s, t("speed_" + s, lang)) for s in SPEEDS], settings.speed)
    langs = _options(LANG_NAMES.items(), lang)
    game_buttons = html('<button class="btn primary" data-act="close" data-esc>{}</button>',
                        t("close_dialog", lang))
    if session is not None and not session.state.is_over:
        game_buttons = html(
            '<button class="btn primary" data-act="close" data-esc>{}</button>'
            '<button class="btn danger" data-act="leave">{}</button>',
            t("resume", lang), t("leave", lang),
        )
    export = EMPTY  # the record is the host's: a guest has none to export
    if session is not None and session.deals:
        export = html('<button class="btn" data-act="download">{}</button>', t("export", lang))
        game_buttons += drawn(MATCH_BUTTONS, session, lang)
    inner = html(
        '<h2>{menu}</h2>{game_buttons}<div class="menu-grid">'
        '<button class="btn" data-act="new-game">{new_game}</button>'
        '<button class="btn" data-act="stats">{stats}</button>'
        '<button class="btn" data-act="rules">{rules}</button>'
        '<button class="btn" data-act="replays">{replays}</button>'
        '{export}<button class="btn" data-act="import">{import_}</button></div>'
        '<h3>{settings}</h3>'
        '<label class="row">{language} <select data-set="lang" name="lang">{langs}</select></label>'
        '<label class="row">{speed} <select data-set="speed" name="speed">{speeds}</select></label>'
        '<div class="switches">{switches}</div>'
        '<h3 id="looks-title">{looks_title}</h3>'
        '<div class="switches looks" role="group" aria-labelledby="looks-title">{looks}</div>'
        '<p class="small keys-help">{keys}</p>'
        '<p class="small">{engine} scala40 <span id="version">{version}</span></p>',
        menu=t("menu", lang), game_buttons=game_buttons, new_game=t("new_game", lang),
        stats=t("stats", lang), rules=t("rules_open", lang), replays=t("replays", lang),
        import_=t("import", lang), export=export,
        settings=t("settings", lang),
        language=t("language", lang),
        langs=langs, speed=t("speed", lang), speeds=speeds, keys=t("keyboard_help", lang),
        switches=join(switch(name, settings, lang) for name in SWITCHES),
        looks_title=t("looks", lang), looks=join(switch(name, settings, lang) for name in LOOKS),
        engine=t("engine", lang), version=version,
    )
    return dialog(inner, label=t("menu", lang), cls="menu")


def switch(name: str, settings: Settings, lang: str) -> Markup:
    """An on/off setting of the menu: the cues' sound or vibration (web/table/cues.js),
    or one of the table's looks."""
    return html('<label class="row switch">{} <input type="checkbox" role="switch" '
                'data-set="{}" name="{}" {}></label>', t(name, lang), name, name,
                "checked" if settings.is_on(name) else "")


def confirm_dialog(text: str, yes_act: str, yes_label: str, lang: str, *,
                   no_act: str = "close") -> Markup:
    inner = html(
        '<p>{}</p><div class="row-buttons">'
        '<button class="btn danger" data-act="{}">{}</button>'
        '<button class="btn" data-act="{}" data-esc data-autofocus>{}</button></div>',
        text, yes_act, yes_label, no_act, t("cancel", lang),
    )
    return dialog(inner, label=text, cls="confirm")


def replace_text(session: Session, lang: str, *, abandons: bool, lost: str = "lost_single",
                 challenger: str | None = None) -> str:
    """The question before a new match replaces ``session``'s: what would start, if it is
    a friend's challenge (``challenger``: their name, "" for a link without one), what is
    lost (``lost``: the phrase of a single hand of its kind, :attr:`web.table.kinds.Kind.lost`),
    and whether leaving it counts as abandoned (``abandons``, the table's rule for
    "Leave the match").

    >>> from web.store.seat import Seat
    >>> anna = Session.new([Seat("Tu"), Seat("Bruno", "bot")], seed=1)
    >>> replace_text(anna, "en", abandons=True)
    'A match is in progress: if you start, you leave the match to 101 (hand 1, no points \
yet). It counts as abandoned (−200 ranking points).'
    >>> replace_text(anna, "it", abandons=False, challenger="Marta")
    "Iniziare la sfida di Marta? C'è una partita in corso: se inizi, lasci la partita a 101 \
(mano 1, ancora nessun punto)."
    """
    parts = [t("replace_text", lang, what=match_at_stake(session, lang, lost=lost))]
    if challenger is not None:
        parts.insert(0, t("replace_challenge", lang,
                          challenger=challenger or t("challenge_friend", lang)))
    if abandons:
        parts.append(t("replace_abandons", lang))
    return " ".join(parts)


def match_at_stake(session: Session, lang: str, *, lost: str = "lost_single") -> str:
    """The match at the table in a phrase: its kind, its hand, who leads (the fewest
    points; in a single hand the fewest cards, or the cards the one person here holds).
    The leader is "you" only for the one person at this device, else named."""
    state = session.state
    humans = session.humans
    you = humans[0] if len(humans) == 1 else None
    if state.rules.mode == "single":
        held = {seat: len(state.hand.hands[seat]) for seat in state.hand.seats}
        if you is not None and you in held:
            lead = t("hold_you", lang, amount=_amount(held[you], "card", lang))
        else:
            lead = _lead(session, held, "card", you, lang)
        return t(lost, lang, lead=lead)
    if state.results:
        playing = {seat: score for seat, score in enumerate(state.scores) if not state.out[seat]}
        lead = _lead(session, playing, "point", you, lang)
    else:
        lead = t("lost_no_points", lang)
    return t("lost_points", lang, target=state.rules.elimination_score,
             hand=state.hand.number, lead=lead)


def _amount(n: int, unit: str, lang: str) -> str:
    return t(f"{unit}s_n", lang, n=n)


def _lead(session: Session, counts: dict[int, int], unit: str, you: int | None,
          lang: str) -> str:
    """Who has the fewest of ``counts`` (points, cards), ties named together."""
    best = min(counts.values())
    leaders = [seat for seat, n in counts.items() if n == best]
    amount = _amount(best, unit, lang)
    others = [session.name(seat) for seat in leaders if seat != you]
    if you in leaders:
        if not others:
            return t("lead", lang, you=True, amount=amount)
        return t("lead_you_tied", lang, names=names_list(others, lang), amount=amount)
    if len(others) == 1:
        return t("lead", lang, you=False, name=others[0], amount=amount)
    return t("lead_tied", lang, names=names_list(others, lang), amount=amount)


@dataclass(frozen=True)
class LevelStats:
    """One opponents' level, over every mode: what the statistics dialog shows."""

    level: str
    matches: int
    wins: int
    abandoned: int
    hands: int
    closed: int
    in_mano: int
    penalty: int  # paid over all the hands
    best_streak: int

    @property
    def win_rate(self) -> int:
        """Wins per hundred matches, rounded."""
        return round(100 * self.wins / self.matches) if self.matches else 0

    @property
    def average_penalty(self) -> float:
        """Penalty points paid per hand dealt."""
        return self.penalty / self.hands if self.hands else 0.0


def level_stats(stats: dict) -> list[LevelStats]:
    """The stored rows (by mode, then level) added up by level, in :data:`STATS_LEVELS`
    order; the best streak is the best of any one mode's.

    >>> row = {"played": 2, "won": 1, "abandoned": 0, "hands": 4, "penalty": 90,
    ...        "closed": 2, "in_mano": 1, "best_streak": 1}
    >>> [(s.level, s.matches, s.win_rate, s.average_penalty)
    ...  for s in level_stats({"table": {"101": {"hard": row}, "single": {"hard": row}}})]
    [('hard', 4, 50, 22.5)]
    """
    sums: dict[str, dict[str, int]] = {}
    table = stats.get("table")
    for levels in table.values() if isinstance(table, dict) else ():
        for level, row in levels.items() if isinstance(levels, dict) else ():
            if not isinstance(row, dict):
                continue
            into = sums.setdefault(str(level), {})
            for name in ("played", "won", "abandoned", "hands", "closed", "in_mano", "penalty"):
                into[name] = into.get(name, 0) + _count(row.get(name))
            into["best_streak"] = max(into.get("best_streak", 0), _count(row.get("best_streak")))
    order = {level: index for index, level in enumerate(STATS_LEVELS)}
    return [
        LevelStats(level, row["played"], row["won"], row["abandoned"], row["hands"],
                   row["closed"], row["in_mano"], row["penalty"], row["best_streak"])
        for level, row in sorted(sums.items(), key=lambda item: (order.get(item[0], 99),
                                                                  item[0]))
    ]


def _count(value: object) -> int:
    """A stored counter (statistics are read from storage): a whole number from 0, or 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _number(value: float, lang: str) -> str:
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", t("decimal_point", lang))


def stats_dialog(stats: dict, lang: str, parts: Markup = EMPTY) -> Markup:
    """Per opponents' level: matches, wins, win rate, hands closed, closings in mano,
    average penalty, best streak; the ranking points; the features' ``parts`` (the deals
    of the day's streak: :data:`web.table.registry.STATS`)."""
    cards = []
    for row in level_stats(stats):
        shown = t("level_" + row.level, lang) if row.level in STATS_LEVELS else row.level
        shown = shown[:1].upper() + shown[1:]
        figures = (
            ("stats_matches", row.matches), ("stats_wins", row.wins),
            ("stats_closed", row.closed), ("stats_in_mano", row.in_mano),
            ("stats_avg_penalty", _number(row.average_penalty, lang)),
            ("stats_best_streak", row.best_streak),
        )
        cards.append(html(
            '<section class="level-stats" data-level="{level}" aria-label="{name}">'
            '<header><h3>{name}</h3><p class="rate"><strong>{rate}%</strong> '
            '<span>{rate_label}</span></p></header>'
            '<div class="rate-bar" aria-hidden="true"><span style="width: {rate}%"></span></div>'
            '<dl>{figures}</dl><p class="small">{hands}</p></section>',
            level=row.level, name=shown, rate=row.win_rate, rate_label=t("stats_rate", lang),
            figures=join(html('<div data-stat="{}"><dt>{}</dt><dd>{}</dd></div>', key,
                              t(key, lang), value) for key, value in figures),
            hands=t("stats_hands", lang, n=row.hands),
        ))
    body = join(cards) if cards else html("<p>{}</p>", t("stats_empty", lang))
    reset = EMPTY  # nothing counted: no red button to delete nothing
    if cards or stats.get("points"):
        reset = html('<button class="btn danger" data-act="reset-stats">{}</button>',
                     t("stats_reset", lang))
    inner = html(
        '<h2>{stats}</h2>'
        '<p class="points">{points_label}: <strong data-testid="ranking">{points}</strong></p>'
        '<h3 class="sub">{by_level}</h3><div class="level-grid">{body}</div>{parts}'
        '<p class="small">{note}</p>'
        '<div class="row-buttons">{reset}<button class="btn primary" data-act="close" data-esc '
        'data-autofocus>{close}</button></div>',
        stats=t("stats", lang), points_label=t("stats_points", lang),
        points=stats.get("points", 0), by_level=t("stats_by_level", lang), body=body,
        parts=parts,
        note=t("stats_note", lang), reset=reset, close=t("close", lang),
    )
    return dialog(inner, label=t("stats", lang), cls="stats")


def tab_dialog(title: str, text: str, lang: str) -> Markup:
    """The match is another tab's: say so, with the button that takes it here."""
    inner = html('<h2>{}</h2><p>{}</p>'
                 '<button class="btn primary" data-act="play-here">{}</button>',
                 title, text, t("tab_play_here", lang))
    return dialog(inner, label=title, cls="tab")


def leave_question(session: Session | None, lang: str) -> str:
    """"Leave the match?" with what leaving costs: counted as abandoned where the table
    counts it so (:func:`~web.table.stake.abandons`); a friend's table goes on at the
    host's; any other match (several people on this device, or over) is just gone."""
    if session is not None and not session.kept_here:
        return t("leave_confirm_guest", lang)
    if session is not None and abandons(session):
        return t("leave_confirm", lang)
    return t("leave_confirm_uncounted", lang)


def rematch_dialog(lang: str) -> Markup:
    """A guest's question when the host starts a rematch at their shared table: play it
    (the cards are dealt: closing the question is accepting), or leave the table."""
    title = t("rematch", lang)
    inner = html('<h2>{}</h2><p>{}</p><div class="row-buttons">'
                 '<button class="btn primary" data-act="close" data-esc data-autofocus>{}'
                 '</button><button class="btn" data-act="leave-yes">{}</button></div>',
                 title, t("rematch_offer", lang), t("rematch_play", lang),
                 t("rematch_leave", lang))
    return dialog(inner, label=title, cls="rematch-offer")


def notice_dialog(title: str, text: str, lang: str) -> Markup:
    inner = html('<h2>{}</h2><p>{}</p>'
                 '<button class="btn primary" data-act="close" data-esc>{}</button>',
                 title, text, t("close", lang))
    return dialog(inner, label=title, cls="notice")


def import_dialog(error: str | None, lang: str) -> Markup:
    """Open a record file or paste its text; then replay it or play on from its end."""
    shown = html('<p class="msg error" role="alert">{}</p>', error) if error else EMPTY
    inner = html(
        '<h2>{title}</h2><p class="small">{help}</p>'
        '<input type="file" id="import-file" accept=".txt,text/plain">'
        '<textarea id="import-text" rows="6" aria-label="{title}"></textarea>{shown}'
        '<div class="dlg-actions"><button class="btn primary" data-act="import-go" '
        'data-arg="replay">{replay}</button><button class="btn" data-act="import-go" '
        'data-arg="continue">{play_on}</button>'
        '<button class="btn" data-act="close" data-esc>{close}</button></div>',
        title=t("import", lang), help=t("import_help", lang), shown=shown,
        replay=t("replay", lang), play_on=t("import_continue", lang), close=t("close", lang))
    return dialog(inner, label=t("import", lang), cls="import")

