"""web/store/storage.py and web/store/saver.py: every stored key is read through one door, and a
write never throws into the game (issue 11: cases 1-4)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40 import Discard, DrawStock
from scala40.record import Game
from web.store import storage
from web.store.match import load_game, load_table, save_text, stored_version
from web.store.saver import Outcome, Saver
from web.store.settings import Settings, load_settings
from web.store.stats import count_result, empty_stats, read_stats
from web.store.stores import MemoryStore

SEATS = [{"name": "Tu", "kind": "human", "level": "medium"},
         {"name": "Bruno", "kind": "bot", "level": "hard"}]


def saved_match(players=("Tu", "Bruno")) -> str:
    return Game.new(list(players), seed=3).to_save()


def broken(store: MemoryStore) -> dict[str, str]:
    return {k: v for k, v in store.data.items() if k.startswith(storage.BROKEN_PREFIX)}


# -- the values that left the page blank ------------------------------------------


def deep_rules_save() -> str:
    """A save whose record's rules line nests 20,000 deep."""
    data = json.loads(saved_match())
    lines = data["record"].split("\n")
    lines[1] = "rules: " + "[" * 20_000 + "]" * 20_000
    data["record"] = "\n".join(lines)
    return json.dumps(data)


def surrogate_save() -> str:
    data = json.loads(saved_match())
    data["record"] = data["record"].replace('["Tu", "Bruno"]', '["T\\ud800", "Bruno"]')
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "[" * 50_000,
    deep_rules_save(),
    surrogate_save(),
    "",
    "{not json",
    "[]",
    '{"format": "scala40-save", "version": 1, "record": 5}',
    "x" * (storage.MAX_GAME_CHARS + 1),
], ids=["brackets", "deep-rules", "surrogate-name", "empty", "garbage", "list", "wrong-type",
        "huge"])
def test_a_bad_save_is_kept_aside_and_reported(text):
    store = MemoryStore({storage.GAME_KEY: text, storage.TABLE_KEY: json.dumps({"seats": SEATS})})
    game, saved, refusal = load_game(store, "7")
    assert game is None and saved is None
    assert refusal.key == storage.GAME_KEY
    assert storage.GAME_KEY not in store.data
    assert refusal.kept == "scala40.broken.7.game"
    kept = store.data[refusal.kept]
    assert kept == text[: storage.MAX_KEPT_CHARS]
    title, message = refusal.message("it")
    assert title and refusal.kept in message
    assert refusal.why("en").endswith((".", ")"))


def test_a_lone_surrogate_in_a_players_name_is_named_as_such():
    _game, _saved, refusal = load_game(MemoryStore({storage.GAME_KEY: surrogate_save()}),
                                               "1")
    assert refusal.why("en") == "record players holds an invalid character."


def test_a_surrogate_escaped_in_the_save_is_refused_before_the_engine_sees_it():
    store = MemoryStore({storage.GAME_KEY: '{"format": "x\\ud800", "version": 1, "record": ""}'})
    _game, _saved, refusal = load_game(store, "1")
    assert refusal.code == "surrogate"
    assert "format" in refusal.why("en")


def test_a_kept_aside_text_with_a_raw_lone_surrogate_is_written_escaped():
    store = MemoryStore({storage.SETTINGS_KEY: '{"lang": "T\ud800"}'})
    settings, refusal = load_settings(store, "2")
    assert settings == Settings(lang="en")
    assert store.data[refusal.kept] == '{"lang": "T\\ud800"}'


@pytest.mark.parametrize(("key", "text", "why"), [
    (storage.TABLE_KEY, '{"seats": 5}', "seats is not a list."),
    (storage.TABLE_KEY, '{"seats": {"0": {}}}', "seats is not a list."),
    (storage.TABLE_KEY, "[]", "(all) is not an object."),
    (storage.TABLE_KEY, "", "they are empty."),
    (storage.TABLE_KEY, '{"seats": [{"name": "Tu", "kind": "hum',
     "they are not JSON (cut short?)."),
    (storage.TABLE_KEY, "garbage", "they are not JSON (cut short?)."),
    (storage.TABLE_KEY, json.dumps({"seats": SEATS[:1] * 3}), "they have 3 seats for 2 players."),
    (storage.TABLE_KEY, json.dumps({"seats": [SEATS[0], {"name": "B", "kind": "<b>",
                                                         "level": "easy"}]}),
     "seats[1].kind is not one of human, bot, remote."),
    (storage.SETTINGS_KEY, '{"last": []}', "last is not an object."),
    (storage.SETTINGS_KEY, '{"last": {"count": "x"}}', "last.count is not a whole number."),
    (storage.SETTINGS_KEY, '{"speed": []}', "speed is not text."),
    (storage.SETTINGS_KEY, '{"last": {"seats": [{"level": "\\"><b id=inj>"}]}}',
     "last.seats[0].level is not of the expected form."),
    (storage.STATS_KEY, '{"table": []}', "table is not an object."),
    (storage.STATS_KEY, '{"points": 1e400}', "points is not a whole number."),
    (storage.STATS_KEY, '{"table": {"101": {"hard": {"played": "<img>", "won": 0, '
                        '"abandoned": 0}}}}', "table.101.hard.played is not a whole number."),
])
def test_each_key_refuses_what_its_schema_does_not_allow(key, text, why):
    store = MemoryStore({storage.GAME_KEY: saved_match(), key: text})
    if key == storage.TABLE_KEY:
        value, refusal = load_table(store, players=2, stamp="5")
        assert value is None
    elif key == storage.SETTINGS_KEY:
        value, refusal = load_settings(store, "5")
        assert value == Settings(lang="en")
    else:
        value, refusal = read_stats(store, "5")
        assert value == empty_stats()
    assert refusal.why("en") == why
    assert store.data[refusal.kept] == text
    assert key not in store.data
    title, message = refusal.message("en")
    assert title == "Unreadable saved data" and refusal.kept in message


def test_sound_values_load_as_they_were_saved():
    game = Game.new(["Tu", "Bruno"], seed=3)
    table = {"seats": SEATS, "id": "3", "orders": {"0": ["AH", "10S", "JK"]},
             "sort": {"0": "manual"}, "viewer": 0, "counted": False}
    settings = {"lang": "it", "speed": "fast", "last": {
        "count": 2, "mode": "101", "custom": 151, "preset": "classica",
        "seats": [{"name": "Tu", "kind": "human", "level": "balanced", "strength": 0.5}],
        "rules": {"jokers": 4, "reentry": False, "mode": "points"}}}
    store = MemoryStore({
        storage.GAME_KEY: save_text(game.to_save(), "3", 4),
        storage.TABLE_KEY: json.dumps(table),
        storage.SETTINGS_KEY: json.dumps(settings),
    })
    loaded, saved, refusal = load_game(store, "1")
    assert refusal is None and loaded.state == game.state
    assert (saved.match, saved.revision) == ("3", 4)
    assert load_table(store, 2) == (table, None)
    loaded, refusal = load_settings(store)
    assert refusal is None and loaded.stored() == {**Settings(lang="it").stored(), **settings}
    assert read_stats(store) == (empty_stats(), None)
    assert broken(store) == {}


def test_a_plain_engine_save_still_loads():
    store = MemoryStore({storage.GAME_KEY: saved_match()})
    game, saved, refusal = load_game(store, "1")
    assert refusal is None and game is not None
    assert (saved.match, saved.revision) == (None, 0)


def test_unknown_members_are_kept_not_refused():
    store = MemoryStore({storage.SETTINGS_KEY: '{"lang": "en", "future": [1, 2]}'})
    assert load_settings(store) == (Settings(lang="en", unknown={"future": [1, 2]}), None)


def test_json_depth_counts_without_recursion_and_ignores_strings():
    assert storage.json_depth('["[[[", {"a": "}}}"}]') == 2
    assert storage.json_depth("[" * 1_000_000, limit=8) == 9
    assert storage.json_depth('"\\"[[["') == 0


# -- any value at all --------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
SCHEMA_KEYS = ("seats", "name", "kind", "level", "last", "count", "speed", "lang", "table",
               "points", "played", "orders", "sort", "viewer", "rules", "record", "format")
shaped = st.recursive(
    st.sampled_from(["human", "bot", "easy", "medium", "T\ud800", "<b>", "", "101"])
    | st.integers(-3, 10) | st.booleans() | st.none(),
    lambda children: st.lists(children, max_size=7)
    | st.dictionaries(st.sampled_from((*SCHEMA_KEYS, "0", "1", "101", "hard")), children,
                      max_size=6),
    max_leaves=30,
)


def adversarial_texts():
    valid = saved_match()
    return st.one_of(
        json_values.map(json.dumps),
        shaped.map(json.dumps),
        st.text(max_size=200),
        st.integers(1, len(valid)).map(lambda n: valid[:n]),  # truncated
        st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
        st.just("x" * 70_000),
        st.just('"T\ud800"'),
    )


@settings(max_examples=300, deadline=None)
@given(game=st.one_of(st.none(), adversarial_texts()),
       table=st.one_of(st.none(), adversarial_texts()),
       prefs=st.one_of(st.none(), adversarial_texts()),
       stats=st.one_of(st.none(), adversarial_texts()))
def test_no_stored_value_makes_a_door_raise(game, table, prefs, stats):
    data = {storage.GAME_KEY: game, storage.TABLE_KEY: table,
            storage.SETTINGS_KEY: prefs, storage.STATS_KEY: stats}
    store = MemoryStore({k: v for k, v in data.items() if v is not None})
    loaded, _saved, refusal = load_game(store, "1")
    assert (loaded is None) or refusal is None
    seats, _ = load_table(store, 2 if loaded is None else len(loaded.state.players))
    assert seats is None or isinstance(seats["seats"], list)
    settings_value, _ = load_settings(store)
    assert isinstance(settings_value, Settings)
    assert isinstance(settings_value.last, dict)
    stats_value, _ = read_stats(store)
    assert isinstance(stats_value["points"], int) and isinstance(stats_value["table"], dict)
    for refused in (k for k in data if data[k] is not None and k not in store.data):
        assert any(key.endswith(refused.removeprefix("scala40.")) for key in broken(store))
    # whatever was refused is gone: a second read is clean
    assert load_settings(store)[1] is None and read_stats(store)[1] is None
    stats, _ = read_stats(store)
    count_result(stats, mode="101", levels=["hard"], outcome="won")
    assert storage.write_json(store, storage.STATS_KEY, stats)
    assert read_stats(store)[0]["table"]["101"]["hard"]["played"] >= 1


@pytest.mark.parametrize(("text", "why"), [
    ('{"game": "1", "match": "m", "tokens": {"7": "abc"}}',
     "tokens key is not of the expected form."),
    ('{"game": "1", "match": "m", "tokens": {"1": "<b>"}}',
     "tokens.1 is not of the expected form."),
    ('{"game": "1", "tokens": {}}', "match is missing."),
])
def test_the_shared_tables_secrets_are_read_through_their_door(text, why):
    store = MemoryStore({storage.FRIENDS_KEY: text})
    value, refusal = storage.load_friends(store, "3")
    assert value is None and refusal.why("en") == why
    assert refusal.message("en")[1].startswith("The invitations of the match with friends")
    good = {"game": "1", "match": "m-_9", "tokens": {"1": "A-b_c"}}
    storage.write_json(store, storage.FRIENDS_KEY, good)
    assert storage.load_friends(store) == (good, None)


@settings(max_examples=200, deadline=None)
@given(text=adversarial_texts())
def test_no_stored_shared_table_makes_its_door_raise(text):
    value, refusal = storage.load_friends(MemoryStore({storage.FRIENDS_KEY: text}))
    assert value is None or refusal is None  # a value, or a refusal, or nothing stored
    if value is not None:
        assert all(key in "012345" for key in value["tokens"])


# -- writing -----------------------------------------------------------------------------


def play_a_turn(game: Game) -> None:
    """Draw from the stock and discard the card drawn."""
    game.play(DrawStock())
    hand = game.state.hand.hands[game.state.to_move]
    game.play(Discard(hand[-1]))


class FullStore(MemoryStore):
    """localStorage with a quota, counted in characters of keys and values."""

    def __init__(self, quota: int, data=None) -> None:
        super().__init__(data)
        self.quota = quota

    def room(self, key: str) -> int:
        """The characters ``key``'s value may have."""
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        return self.quota - used - len(key)

    def setItem(self, key, value):
        if len(value) > self.room(key):
            raise QuotaError("QuotaExceededError: Setting the value of 'x' exceeded the quota.")
        super().setItem(key, value)


class QuotaError(Exception):
    name = "QuotaExceededError"


def test_a_full_storage_fails_the_save_once_then_the_retry_writes_it():
    save = saved_match()
    store = FullStore(quota=len(save) + 500)
    saver = Saver(store)
    game = Game.new(["Tu", "Bruno"], seed=3)
    assert saver.save("3", game.to_save(), "{}") is Outcome.SAVED
    store.data["other"] = "y" * store.quota  # another page of the site filled the storage
    play_a_turn(game)
    assert saver.save("3", game.to_save(), "{}") is Outcome.FAILED
    assert "full" in saver.take_notice("en")
    assert saver.take_notice("en") is None  # said once
    play_a_turn(game)
    assert saver.save("3", game.to_save(), "{}") is Outcome.FAILED
    assert saver.take_notice("en") is None
    del store.data["other"]  # the player deleted something
    assert saver.retry() is Outcome.SAVED
    assert saver.take_notice("it") == "Il salvataggio funziona di nuovo."
    loaded, saved, _ = load_game(store, "1")
    assert loaded.state == game.state and saved.revision == 2


def test_kept_aside_values_make_room_for_the_live_match():
    save = save_text(saved_match(), "3", 1)
    store = FullStore(quota=len(save) + 300, data={"scala40.broken.5.game": "z" * len(save)})
    saver = Saver(store)
    assert saver.save("3", saved_match(), "{}") is Outcome.SAVED
    assert broken(store) == {}
    assert saver.take_notice("en") is None


def test_a_denied_storage_is_reported_in_plain_words():
    class Denied(MemoryStore):
        def setItem(self, key, value):
            raise Exception("SecurityError: Access is denied for this document.")

    saver = Saver(Denied())
    assert saver.save("3", saved_match(), "{}") is Outcome.FAILED
    assert saver.take_notice("en") == (
        "Saving fails: the browser does not let this page store data. The game goes on "
        "here; you can keep it in a file from the menu (“Export game”).")


def test_an_older_save_never_replaces_a_newer_one_of_the_same_match():
    store = MemoryStore()
    first, second = Saver(store), Saver(store)
    assert first.save("m", saved_match(), "{}") is Outcome.SAVED
    second.known = first.known  # both tabs loaded revision 1
    assert first.save("m", saved_match(), "{}") is Outcome.SAVED  # A plays on: revision 2
    assert second.save("m", saved_match(), "{}") is Outcome.CONFLICT
    assert stored_version(store) == ("m", 2)
    assert second.save_meta("{}") is Outcome.CONFLICT
    assert not second.clear() and storage.GAME_KEY in store.data
    # a new match, chosen by the player, replaces whatever is there
    assert second.save("n", saved_match(), "{}", replace=True) is Outcome.SAVED
    assert first.save("m", saved_match(), "{}") is Outcome.CONFLICT
    assert stored_version(store) == ("n", 1)



def test_a_save_that_does_not_fit_is_written_deflated_and_loads_the_same():
    game = Game.new(["Tu", "Bruno"], seed=3)
    for _turn in range(35):
        play_a_turn(game)
    plain = save_text(game.to_save(), "3", 1)
    store = FullStore(quota=len(plain) * 2 // 3)
    saver = Saver(store)
    assert saver.save("3", game.to_save(), "{}") is Outcome.SAVED
    stored = store.data[storage.GAME_KEY]
    assert "record_z" in stored and len(stored) < len(plain) * 2 / 3
    loaded, saved, refusal = load_game(store, "1")
    assert refusal is None and loaded.state == game.state and saved.revision == 1
    assert saver.take_notice("en") is None


@pytest.mark.parametrize("packed", ["!!!", "eJzLSM3JyQcABiwCFQ==" + "A", ""])
def test_a_broken_deflated_record_is_refused(packed):
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"a" * (storage.MAX_GAME_CHARS + 10))).decode()
    for value in (packed, bomb):
        text = json.dumps({"format": "scala40-save", "version": 1, "record_z": value})
        _game, _saved, refusal = load_game(MemoryStore({storage.GAME_KEY: text}), "1")
        assert refusal is not None and refusal.code in ("not_json", "too_big", "bad_text",
                                                        "bad_save", "bad_record")


def test_a_save_written_whose_seats_did_not_fit_is_still_the_one_to_build_on():
    class TableFull(MemoryStore):
        def setItem(self, key, value):
            if key == storage.TABLE_KEY and len(value) > 2:
                raise QuotaError("QuotaExceededError")
            super().setItem(key, value)

    store = TableFull()
    saver = Saver(store)
    assert saver.save("3", saved_match(), '{"seats": []}') is Outcome.FAILED
    assert saver.known == ("3", 1) and stored_version(store) == ("3", 1)
    assert saver.save("3", saved_match(), "{}") is Outcome.SAVED  # not a conflict with itself
    assert stored_version(store) == ("3", 2)
