"""The table around storage, in CPython (issue 11, cases 1-5): values refused at start
are told and kept aside, a full storage is told once and the game goes on, a
second tab stands aside, a failing bot is replaced, and no stored value at all
makes the page-level code raise."""

from __future__ import annotations

import asyncio
import itertools
import json
from time import perf_counter
from types import SimpleNamespace

import js
import match_helper
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_web_storage import FullStore

from scala40 import Discard, DrawStock
from scala40.bots import make_bot
from scala40.record import Game
from web.i18n import t
from web.page.view import whole_page
from web.store import replays, storage
from web.store.match import load_game
from web.store.saves import Saves
from web.store.seat import Seat
from web.store.settings import SPEEDS, Settings
from web.store.stats import empty_stats
from web.store.storage import GAME_KEY, SETTINGS_KEY, STATS_KEY, TABLE_KEY
from web.store.stores import MemoryStore
from web.table import bots
from web.table.bots import SLICE_MS, Abandoned, Bots, think_in_slices
from web.table.menu import set_lang
from web.table.session import Session
from web.table.shown import PAUSING, Effect, Overlay, Screen
from web.table.table import Table

SEATS = [{"name": "Tu", "kind": "human", "level": "medium"},
         {"name": "Bruno", "kind": "bot", "level": "easy"}]


def human_first() -> Game:
    for seed in range(100):
        game = Game.new(["Tu", "Bruno"], seed=seed)
        if game.state.to_move == 0:
            return game
    raise AssertionError("no seed lets seat 0 start")


def ticking():
    """A clock that moves a second each time it is read (no double-tap guard fires)."""
    return itertools.count(1_000_000.0, 1000.0).__next__


def saved_match() -> dict[str, str]:
    return {GAME_KEY: human_first().to_save(), TABLE_KEY: json.dumps({"seats": SEATS})}


def open_table(data: dict[str, str], lang: str | None = "en-US") -> Table:
    """What App.__init__ and App.boot do, on a store holding ``data``."""
    saves = Saves(MemoryStore(data), stamp="9")
    table = Table(saves, saves.load_settings(lang), clock=ticking())
    table.resume_saved(saves.stamp)
    table.tab_granted()
    return table


def kept(table: Table) -> dict[str, str]:
    return {k: v for k, v in table.saves.store.data.items()
            if k.startswith(storage.BROKEN_PREFIX)}


def test_corrupt_seats_are_reported_and_kept_aside_not_silently_reset():
    game = human_first()
    for bad in ("", "garbage", "[]", '{"seats": [{"name": "Tu", "kind": "hu', '{"seats": 5}',
                '{"seats": {"0": {}}}'):
        table = open_table({GAME_KEY: game.to_save(), TABLE_KEY: bad})
        assert table.session is not None and table.screen is Screen.TABLE
        assert table.overlay is Overlay.NOTICE
        title, text = table.notice
        assert title == "Unreadable saved data" and "seats" in text
        assert kept(table) == {"scala40.broken.9.table": bad}
        assert "<h2>Unreadable saved data</h2>" in str(whole_page(table))


def test_each_refused_value_is_told_in_turn():
    table = open_table({GAME_KEY: "[" * 50_000, SETTINGS_KEY: '{"last": []}'}, lang="it-IT")
    assert table.session is None and table.lang == "it"
    assert [title for title, _ in table.notices] == ["Dati salvati illeggibili",
                                                     "Salvataggio illeggibile"]
    table.click("close")
    assert table.overlay is Overlay.NOTICE and len(table.notices) == 1
    table.click("close")
    assert table.overlay is None
    assert set(kept(table)) == {"scala40.broken.9.settings", "scala40.broken.9.game"}


def test_broken_statistics_open_as_none_counted_and_are_told_after_the_dialog():
    table = open_table({STATS_KEY: '{"table": []}'})
    table.click("menu")
    table.click("stats")
    assert table.overlay is Overlay.STATS and table.stats_shown == empty_stats()
    assert "0" in str(whole_page(table))
    table.click("close")
    assert table.overlay is Overlay.NOTICE and "statistics" in table.notice[1]


class Full(MemoryStore):
    """A store that refuses every write while ``full``."""

    full = False

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise Exception("QuotaExceededError: The quota has been exceeded.")
        super().setItem(key, value)


def test_a_full_storage_is_told_once_the_game_goes_on_and_deleting_stats_retries():
    store = Full({STATS_KEY: json.dumps({"points": 5, "table": {}})})
    saves = Saves(store, stamp="1")
    table = Table(saves, saves.load_settings(), clock=ticking())
    table.tab_granted()
    table.start_session(Session.new([Seat("Tu"), Seat("Bruno", "bot", "easy")], seed=4))
    store.full = True
    session = table.session
    for _turn in range(3):
        table.move(DrawStock())
        table.move(Discard(session.state.hand.hands[session.state.to_move][0]))
    assert len(session.game.record.actions) >= 6  # the game went on
    told = [text for _title, text in table.notices if "Saving fails" in text]
    assert told == ["Saving fails: the browser's storage for this site is full. The game goes "
                    "on here; you can keep it in a file from the menu (“Export game”)."]
    store.full = False
    table.click("close")
    table.click("menu")
    table.click("stats")
    table.click("reset-stats")
    table.click("reset-yes")  # deleting the statistics frees space: the save is retried
    saved, _, _ = load_game(store, "2")
    assert saved.state == session.state
    assert any(text == "Saving works again." for _title, text in table.notices)


def test_the_record_can_be_downloaded_from_the_menu():
    table = open_table(saved_match())
    table.click("menu")
    assert 'data-act="download"' in str(whole_page(table))
    table.take_effects()
    table.click("download")
    assert Effect.DOWNLOAD in table.take_effects()


# -- what else the browser does not keep: settings, statistics, kept matches, friends ---


def closing_single_hand() -> tuple[Session, Discard]:
    """A single hand of Tu against the bot Bruno, one discard before Tu closes it."""
    game, closing = match_helper.closing_single_hand()
    return Session(game, [Seat("Tu"), Seat("Bruno", "bot", "easy")], "m"), closing


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_match_ending_on_a_full_storage_says_it_was_not_counted_nor_kept(lang):
    session, closing = closing_single_hand()
    store = Full({STATS_KEY: json.dumps({"points": 5, "table": {}})})
    saves = Saves(store, stamp="1")
    table = Table(saves, Settings(lang=lang), clock=ticking())
    table.tab_granted()
    table.start_session(session)
    store.full = True
    assert table.move(closing) is None and session.state.is_over
    unsaved = [text for title, text in table.notices if title == t("unsaved_title", lang)]
    assert unsaved == [t("unsaved", lang, why=t("save_why_quota", lang),
                         what=t("unsaved_stats", lang) + " " + t("unsaved_replay", lang))]
    assert unsaved[0].startswith(("Not everything was kept: the browser's storage for this "
                                  "site is full. This match is not counted",
                                  "Non tutto è stato salvato: lo spazio del browser per "
                                  "questo sito è pieno. Questa partita non è contata")[
        lang == "it"])
    # nothing half-written: the statistics as they were, no kept match
    assert json.loads(store.data[STATS_KEY])["points"] == 5
    assert storage.REPLAYS_KEY not in store.data
    # the record is still in the page, and the notice says where: under the scores
    while table.overlay is Overlay.NOTICE:
        table.click("close")
    assert table.overlay is Overlay.SHEET
    assert 'data-act="download"' in str(whole_page(table))
    # said once a visit: the next match that ends on the full storage is not told again
    table.notices.clear()
    again, closing = closing_single_hand()
    table.start_session(Session(again.game, again.seats, "m2"))
    table.move(closing)
    assert not [title for title, _ in table.notices if title == t("unsaved_title", lang)]


@pytest.mark.parametrize(("write", "what"), [
    (lambda saves: saves.save_settings(Settings(lang="it")), "unsaved_settings"),
    (lambda saves: saves.save_friends({"game": "1", "match": "m", "tokens": {}}),
     "unsaved_friends"),
    (lambda saves: saves.save_daily({"2026-12-05": ""}), "unsaved_daily"),
    (lambda saves: saves.save_lesson(4), "unsaved_lesson"),
])
def test_what_else_the_browser_does_not_keep_is_told_once(write, what):
    saves = Saves(Full(), stamp="1")
    saves.store.full = True
    write(saves)
    write(saves)
    assert saves.take_notices("en") == [("Not saved", t(
        "unsaved", "en", why="the browser's storage for this site is full.",
        what=t(what, "en")))]
    write(saves)
    assert saves.take_notices("en") == []


def test_settings_not_kept_still_hold_on_the_page():
    store = Full()
    saves = Saves(store, stamp="1")
    table = Table(saves, saves.load_settings("en-GB"), clock=ticking())
    store.full = True
    set_lang(table, "it")
    assert table.lang == "it" and SETTINGS_KEY not in store.data
    assert table.notice == ("Non salvato", "Non tutto è stato salvato: lo spazio del "
                            "browser per questo sito è pieno. Le impostazioni valgono finché "
                            "la pagina resta aperta.")


@pytest.mark.parametrize("stored", ["garbage", "[" * 50_000, '[{"id": 5}]'])
def test_a_finished_match_is_kept_over_an_unreadable_list_which_is_kept_aside(stored):
    session, _closing = closing_single_hand()
    saves = Saves(MemoryStore({storage.REPLAYS_KEY: stored}), stamp="4")
    saves.keep_match("m", session.game.record, when=9.0)
    assert [entry["id"] for entry in replays.kept(saves)] == ["m"]
    assert saves.store.data["scala40.broken.4.replays"] == stored  # kept aside, not lost
    [(title, text)] = saves.take_notices("en")  # told, as every value refused is
    assert title == "Unreadable saved data" and text.startswith("The games to replay")


# -- the keys no match depends on: told too (issue #41) ---------------------------------


def open_each_way_in(table: Table) -> None:
    """What reads the guided hand's progress, the deals of the day and the kept matches:
    the lesson, the day's deal, the statistics (its streak), the replays list."""
    table.click("learn")
    table.click("daily", "2026-12-01")
    table.click("stats", "2026-12-01")
    table.click("replays")


@pytest.mark.parametrize(("key", "what"), [
    (storage.LESSON_KEY, "data_key_lesson"),
    (storage.DAILY_KEY, "data_key_daily"),
    (storage.REPLAYS_KEY, "data_key_replays"),
])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_broken_lesson_daily_or_replays_value_is_told_once_and_kept_aside(key, what, lang):
    bad = '{"moves": "x"}' if key == storage.LESSON_KEY else '["not", "this"]'
    table = open_table({key: bad, SETTINGS_KEY: json.dumps({"lang": lang})})
    assert table.notices == []  # read when used, not at start
    open_each_way_in(table)
    aside = "scala40.broken.9." + key.removeprefix("scala40.")

    def told() -> list[str]:
        return [text for _title, text in table.notices if t(what, lang) in text]

    assert len(told()) == 1 and aside in told()[0]
    assert kept(table) == {aside: bad}
    table.saves.store.setItem(key, bad)  # written bad again in the same visit: told again,
    open_each_way_in(table)  # and kept beside the first, not over it
    assert len(told()) == 2 and aside + ".2" in told()[1]
    assert kept(table) == {aside: bad, aside + ".2": bad}


def test_kept_aside_values_are_bounded_to_the_newest():
    table = open_table({})
    store = table.saves.store
    store.setItem(storage.BROKEN_PREFIX + "later.daily", "from an older version")
    for n in range(storage.KEPT_ASIDE + 3):
        store.setItem(storage.LESSON_KEY, f"bad {n}")
        table.click("learn")
    values = sorted(kept(table).values(), key=lambda text: int(text.split()[1]))
    assert values == [f"bad {n}" for n in range(3, storage.KEPT_ASIDE + 3)]


def kept_entry(number: int, size: int) -> dict:
    return {"id": f"old{number}", "when": float(number), "players": ["Tu", "Bruno"],
            "record": "x" * size}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 3000), max_size=replays.KEEP), st.integers(0, 40_000))
def test_the_oldest_kept_matches_give_way_to_a_finished_one_that_does_not_fit(sizes, spare):
    """Whatever is kept and however full the storage: the finished match is kept first
    with as many of the newest kept matches as fit, or, if it cannot fit at all, what
    was kept stays as it was and the player is told."""
    session, _closing = closing_single_hand()
    old = [kept_entry(n, size) for n, size in enumerate(sizes)]
    stored = {storage.REPLAYS_KEY: storage.json_text(old)} if old else {}
    used = sum(len(k) + len(v) for k, v in stored.items())
    store = FullStore(used + spare, stored)
    saves = Saves(store, stamp="1")
    saves.keep_match("m", session.game.record, when=99)
    now = replays.kept(saves)
    notices = saves.take_notices("en")
    finished = {"id": "m", "when": 99, "players": ["Tu", "Bruno"],
                "record": session.game.record.text()}
    if now and now[0]["id"] == "m":
        assert notices == []
        assert now[0] == finished
        assert now[1:] == old[: len(now) - 1]  # the newest of the old, in their order
        longer = [finished, *old[: len(now)]]  # the next one kept would not have fitted
        assert len(now) == replays.KEEP or len(now) > len(old) \
            or len(storage.json_text(longer)) > store.room(storage.REPLAYS_KEY)
    else:
        assert now == old  # untouched
        assert [title for title, _ in notices] == ["Not saved"]
        assert "not among those to replay" in notices[0][1]
        assert len(storage.json_text([finished])) > store.quota - len(storage.REPLAYS_KEY)


def two_tabs() -> tuple[MemoryStore, Table, Table]:
    """One saved match opened in two tabs of one browser (one storage): the first owns
    it; the second has resumed it and waits for web/page/tabs.js's answer."""
    store = MemoryStore(saved_match())
    first = Table(Saves(store, "1"), Settings(lang="en"), clock=ticking())
    first.resume_saved("1")
    first.tab_granted()
    second = Table(Saves(store, "2"), Settings(lang="en"), clock=ticking())
    second.resume_saved("2")
    return store, first, second


def test_a_second_tab_stands_aside_until_the_player_says_play_here():
    store, first, second = two_tabs()
    second.tab_busy()
    assert second.overlay is Overlay.TAB
    assert second.notice == ("Another tab", "This game is open in another tab.")
    assert 'data-act="play-here"' in str(whole_page(second))
    second.click("draw")  # nothing happens under the dialog
    assert second.session.state.hand.phase == "draw"
    first.click("draw")
    second.click("play-here")
    assert Effect.CLAIM in second.take_effects()
    second.tab_granted()  # web/page/tabs.js stole the lock: the first tab's move is here
    assert second.overlay is None and second.session.state == first.session.state
    first.lose_tab()
    assert first.notice[1] == "The game went on in another tab: this tab stopped saving."
    first.click("undo")
    assert load_game(store, "3")[0].state == second.session.state


@pytest.mark.parametrize("screen", ["table", "new game"])
def test_the_match_granted_at_start_is_not_drawn_twice(screen):
    """A tab waiting for web/page/tabs.js's answer shows what its owner shows, so the answer
    at start asks for the bots and for no second draw (a long task in a first visit's
    first seconds); a tab that takes the match back ("play here") is drawn again."""
    data = saved_match() if screen == "table" else {}
    saves = Saves(MemoryStore(data), stamp="9")
    table = Table(saves, saves.load_settings("en"), clock=ticking())
    table.resume_saved(saves.stamp)
    claiming = str(whole_page(table))
    table.take_effects()
    table.tab_granted()
    effects = table.take_effects()
    assert Effect.REDRAW not in effects and Effect.BOTS in effects
    assert str(whole_page(table)) == claiming
    _store, _first, second = two_tabs()
    second.tab_busy()
    second.click("play-here")
    second.take_effects()
    second.tab_granted()
    assert Effect.REDRAW in second.take_effects()


def test_without_locks_an_overtaken_tab_finds_out_when_it_saves():
    store, first, second = two_tabs()
    second.tab_granted()
    second.click("draw")  # the second tab moves on
    first.click("draw")  # the first, stale, tries to save over it
    assert first.overlay is Overlay.TAB and not first.tab.may_play
    saved = load_game(store, "3")[0]
    assert saved.state == second.session.state


async def _nothing() -> None:
    pass


class Page:
    def show_thinking(self, _line) -> None:
        pass


def bots_for(table: Table, failing=(), endless=()) -> tuple[Bots, list[str]]:
    """The table's bots, real ones, except that the levels in ``failing`` raise and
    those in ``endless`` never finish thinking; and the levels asked, in order."""
    bots = Bots(table, Page(), redraw=_nothing, spawn=lambda coroutine: None)
    asked: list[str] = []

    class Endless:
        last_reason = ("", "", "")

        def think(self, _view):
            while True:
                yield

    def make_player(level, rng):
        asked.append(level)
        if level in failing:
            raise ValueError(f"unknown bot level {level!r}")
        return Endless() if level in endless else make_bot(level, rng)

    bots.make_player = make_player
    return bots, asked


def bot_first_match(level: str) -> dict[str, str]:
    """A saved match whose bot, of ``level``, moves first."""
    seats = [dict(SEATS[0]), dict(SEATS[1], level=level)]
    for seed in range(100):
        game = Game.new(["Tu", "Bruno"], seed=seed)
        if game.state.to_move == 1:
            return {GAME_KEY: game.to_save(), TABLE_KEY: json.dumps({"seats": seats})}
    raise AssertionError("no seed lets the bot start")


def bot_first_table(level: str) -> Table:
    return open_table(bot_first_match(level))


def test_every_speed_the_menu_offers_has_its_pace_and_a_failing_bot_steps_down():
    assert set(bots.SPEEDS) == set(SPEEDS)
    assert bots.LADDER == ("hard", "medium", "easy")


def test_the_bots_stop_in_a_tab_that_finds_the_match_went_on_in_another(
        monkeypatch, clock, run_alone):
    """Without the tabs' lock (web/page/tabs.js), two tabs may both play one match. The tab
    whose bot's move finds, when it saves, that the other tab saved first steps aside:
    its bots play no further move there, for nothing (it saves none) and shown as if
    the match went that way."""
    monkeypatch.setattr("web.table.bots.SPEEDS", {"normal": 0})
    monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
    store = MemoryStore(bot_first_match("easy"))
    tabs = []
    for stamp in "12":
        table = Table(Saves(store, stamp), Settings(lang="en"), clock=ticking())
        table.resume_saved(stamp)
        table.tab_granted()
        tabs.append(table)
    first, second = tabs

    async def run(table):
        bots, _ = bots_for(table)
        bots.generation += 1
        await bots.loop(bots.generation)

    run_alone(run(second))  # the bot's turn, drawn and discarded, saved by the second tab
    moves = len(second.session.state.hand.log)
    assert moves >= 2 and not second.session.bot_to_move()
    run_alone(run(first))
    assert first.overlay is Overlay.TAB and not first.tab.may_play and not first.thinking
    assert len(first.session.state.hand.log) == 1  # the draw that found out, no discard after
    assert load_game(store, "3")[0].state == second.session.state


def test_a_bots_move_decided_as_the_tab_steps_aside_is_not_played(monkeypatch, clock, run_alone):
    """The tab steps aside after the bot has decided, while its move waits to be shown
    (the table's speed): the move is not played there."""
    monkeypatch.setattr("web.table.bots.SPEEDS", {"normal": 0})
    monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
    table = bot_first_table("easy")
    bots, _ = bots_for(table)

    class LastThought:
        last_reason = ("", "", "")

        def think(self, _view):
            yield
            table.lose_tab()  # as the table does when a save finds another tab saved first
            return DrawStock()

    bots.make_player = lambda _level, _rng: LastThought()

    async def run():
        bots.generation += 1
        await bots.loop(bots.generation)

    run_alone(run())
    assert not table.tab.may_play and not table.thinking
    assert table.session.state.hand.log == ()


def test_a_bots_move_waiting_to_be_shown_is_not_played_once_another_tab_takes_the_match(
        monkeypatch, clock, run_alone):
    """web/page/tabs.js tells the page that another tab took the match while a bot's decided
    move waits at the table's speed: the tab steps aside and its bots stop, as
    ``App.on_tab_lost`` does, and the move is not played here."""
    monkeypatch.setattr("web.table.bots.SPEEDS", {"normal": 60})
    monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
    table = bot_first_table("easy")
    bots, _ = bots_for(table)
    decided = asyncio.Event()
    choose = bots.choose

    async def choose_and_tell(*args):
        action = await choose(*args)
        decided.set()
        return action

    bots.choose = choose_and_tell

    async def run():
        async def taken():  # the lock is lost once the move is decided, not yet shown
            await decided.wait()
            table.lose_tab()
            bots.stop()

        other = asyncio.ensure_future(taken())
        bots.last_move = clock()  # a move was just shown: the next one waits its 60 ms
        bots.generation += 1
        await bots.loop(bots.generation)
        await other

    run_alone(run())
    assert decided.is_set()
    assert not table.tab.may_play and not table.thinking
    assert table.session.state.hand.log == ()


@pytest.mark.parametrize("dialog", [*sorted(PAUSING), Screen.NEWGAME, "friends"])
def test_a_bots_move_waits_while_a_dialog_is_open_and_is_played_when_it_closes(
        dialog, monkeypatch, clock, run_alone):
    """The player opens the menu, the rules, a question ("Leave the match?"), the
    new-game screen or a friends' screen (the host's invitations, opened mid-match) as a
    bot is about to move: nothing moves behind it; once it is closed the bot plays on."""
    monkeypatch.setattr("web.table.bots.SPEEDS", {"normal": 0})
    monkeypatch.setattr(js, "Date", SimpleNamespace(now=clock), raising=False)
    table = bot_first_table("easy")
    players, _ = bots_for(table)
    friends_shown = [dialog == "friends"]
    players.covered = lambda: friends_shown[0]
    if dialog is Screen.NEWGAME:
        table.screen = dialog
    elif dialog != "friends":
        table.overlay = dialog
    held: list[int] = []
    sleep = asyncio.sleep

    async def a_while(seconds: float) -> None:
        if seconds == bots.PAUSE_POLL_S:
            held.append(len(table.session.state.hand.log))
            if len(held) == 3:  # the player closes it
                table.overlay, table.screen, friends_shown[0] = None, Screen.TABLE, False
        await sleep(0)

    monkeypatch.setattr(bots.asyncio, "sleep", a_while)

    async def run():
        players.generation += 1
        await players.loop(players.generation)

    run_alone(run())
    assert held == [0, 0, 0]  # three looks while it was open, no move played
    assert len(table.session.state.hand.log) >= 2 and not table.session.bot_to_move()


def test_a_bot_of_an_unknown_level_falls_back_and_says_so(run_alone):
    async def run():
        table = bot_first_table("expert")
        bots = Bots(table, Page(), redraw=_nothing, spawn=lambda coroutine: None)
        return table, await bots.choose(table.session)

    table, action = run_alone(run())
    assert action == DrawStock()
    assert table.session.seats[1].level == "medium"
    assert json.loads(table.saves.store.getItem(TABLE_KEY))["seats"][1]["level"] == "medium"
    assert table.notices == [("A bot does not answer",
                              "Bruno could not choose at level expert (ValueError): trying an "
                              "easier level.")]
    assert table.overlay is Overlay.NOTICE


def test_a_bot_failing_at_every_level_stops_and_says_what_to_do(run_alone):
    async def run():
        table = bot_first_table("hard")
        bots, asked = bots_for(table, failing={"hard", "medium", "easy"})
        return table, asked, await bots.choose(table.session)

    table, asked, action = run_alone(run())
    assert asked == ["hard", "medium", "easy"] and action is None
    assert table.notices[-1] == ("A bot does not answer",
                                 "Bruno could not choose a move (ValueError): undo the last "
                                 "move or start a new match.")


def test_a_bot_thinking_too_long_counts_as_a_failure(monkeypatch, run_alone):
    monkeypatch.setattr("web.table.bots.ANSWER_TIMEOUT_S", 0.05)

    async def run():
        table = bot_first_table("hard")
        bots, asked = bots_for(table, endless={"hard"})
        return table, asked, await bots.choose(table.session)

    table, asked, action = run_alone(run())
    assert asked == ["hard", "medium"] and action == DrawStock()
    assert "timeout" in table.notices[0][1]


def test_a_bot_keeps_its_player_for_the_match_and_gets_a_new_one_for_the_next():
    table = bot_first_table("hard")
    bots, asked = bots_for(table)
    first = bots.player(table.session, 1, "hard")
    assert bots.player(table.session, 1, "hard") is first and asked == ["hard"]
    table.session = bot_first_table("hard").session  # the same deal, another match
    table.session.match_id = "another"
    assert bots.player(table.session, 1, "hard") is not first


def test_thinking_in_slices_lets_the_page_work_between_them(run_alone):
    """A decision longer than a slice: the page's other tasks (a tap, a redraw) run
    between its slices, and its result comes back whole."""
    def thinking():
        for _ in range(4):
            stop = perf_counter() + SLICE_MS / 1000 * 1.5
            while perf_counter() < stop:
                yield
        return "decided"

    async def run():
        ticks = []

        async def page():
            while len(ticks) < 100:
                ticks.append(perf_counter())
                await asyncio.sleep(0)

        other = asyncio.ensure_future(page())
        started = perf_counter()
        result = await think_in_slices(thinking(), limit_s=10)
        ended = perf_counter()
        other.cancel()
        return result, [t for t in ticks if started < t < ended]

    result, between = run_alone(run())
    assert result == "decided" and len(between) >= 3


def test_a_decision_no_longer_wanted_stops_and_is_closed(run_alone):
    closed = []

    def thinking():
        try:
            while True:
                yield
        finally:
            closed.append(True)

    calls = iter([True, True, False])

    async def run():
        await think_in_slices(thinking(), limit_s=10, wanted=lambda: next(calls))

    with pytest.raises(Abandoned):
        run_alone(run())
    assert closed == [True]


# -- any value in any key ---------------------------------------------------------------


def texts():
    valid = human_first().to_save()
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.floats(),
                     st.text(max_size=12), st.sampled_from(["T\ud800", "<b>", "expert", "hard"]))
    keys = st.sampled_from(["seats", "name", "kind", "level", "last", "count", "speed", "lang",
                            "table", "points", "played", "won", "orders", "viewer", "rules",
                            "mode", "custom", "0", "101", "hard"])
    values = st.recursive(leaf, lambda inner: st.lists(inner, max_size=6)
                          | st.dictionaries(keys, inner, max_size=6), max_leaves=25)
    return st.one_of(
        st.none(),
        values.map(json.dumps),
        st.text(max_size=60),
        st.integers(0, len(valid)).map(lambda n: valid[:n]),
        st.integers(1, 60_000).map(lambda n: "[" * n),
        st.just(json.dumps({"seats": SEATS})),
    )


@settings(max_examples=150, deadline=None)
@given(game=texts(), seats=texts(), prefs=texts(), stats=texts(), lang=st.sampled_from(
    [None, "it", "en-GB", ""]))
def test_no_stored_value_makes_the_page_code_raise(game, seats, prefs, stats, lang):
    data = {key: value for key, value in ((GAME_KEY, game), (TABLE_KEY, seats),
                                          (SETTINGS_KEY, prefs), (STATS_KEY, stats))
            if value is not None}
    table = open_table(data, lang)
    whole_page(table)
    while table.overlay is Overlay.NOTICE:
        table.click("close")
    for act in ("menu", "stats", "close", "new-game", "resume-game", "sheet", "close"):
        table.click(act)
        whole_page(table)
    if table.session is not None and table.session.my_turn():
        table.click("draw")
        whole_page(table)




@pytest.mark.parametrize("key", ["scala40.settings", "scala40.stats", "scala40.table",
                                 "scala40.lesson", "scala40.daily", "scala40.replays",
                                 "scala40.friends"])
def test_unreadable_data_is_reported_in_a_sentence_that_agrees_whatever_the_data(key):
    """Italian: the subject is always "i dati salvati", which every reason agrees with
    ("sono troppo lunghi"); the data named inside, never as the subject."""
    refused = storage.Refusal(key, "scala40.broken.x", "too_big", {"size": 9, "limit": 1})
    _title, text = refused.message("it")
    assert text.startswith("I dati salvati (") and "sono troppo lunghi" in text, text
    assert text.split("(")[1][0].islower(), text
    _title, text = refused.message("en")
    assert text[0].isupper() and "could not be read: they are too long" in text, text
