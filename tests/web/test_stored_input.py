"""The doors of the table that read stored data never fail and never let markup in.

Whatever a stored value holds (any JSON, markup in every string), the
new-game form, the statistics dialog and a session restored from table data
are drawn; a bad value falls back to the default for it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_injection import PAYLOAD, injected

from scala40.record import Game
from web.page import view as render
from web.store.settings import Settings
from web.table.dialogs import stats_dialog
from web.table.session import Session

TEXT = st.one_of(st.text(max_size=20), st.just(PAYLOAD), st.sampled_from(
    ["human", "bot", "easy", "balanced", "single", "custom", "101", "classica", "0.5", "3"]))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=7), st.dictionaries(TEXT, inner, max_size=5)), max_leaves=30)


def shaped(keys: dict[str, st.SearchStrategy]) -> st.SearchStrategy:
    """Dicts with some of ``keys``, each holding what its strategy makes or any JSON."""
    return st.fixed_dictionaries({}, optional={k: st.one_of(v, JSON) for k, v in keys.items()})


SEAT = shaped({"name": TEXT, "kind": TEXT, "level": TEXT, "strength": st.floats()})
LAST = st.one_of(JSON, shaped({
    "count": st.integers(), "seats": st.lists(SEAT, max_size=8), "mode": TEXT,
    "custom": st.integers(), "preset": TEXT, "rules": st.dictionaries(TEXT, JSON),
}))
ROW = shaped({"played": st.integers(), "won": st.integers(), "abandoned": st.integers()})
STATS = shaped({"points": st.integers(),
                "table": st.dictionaries(TEXT, st.dictionaries(TEXT, ROW, max_size=3))})


@settings(max_examples=150, deadline=None)
@given(LAST, st.sampled_from(["it", "en"]))
def test_the_new_game_form_draws_from_any_stored_last_setup(last, lang):
    markup = render.page(None, lang, on_table=False, settings=Settings(lang=lang, last=last))
    assert 'id="setup"' in markup
    assert injected(markup) == []


@settings(max_examples=150, deadline=None)
@given(STATS)
def test_the_statistics_draw_from_any_stored_shape(stats):
    markup = stats_dialog(stats, "en")
    assert injected(markup) == []


GAME = Game.new(["Anna", "Bruno", "Carla"], seed=7)
META = st.one_of(JSON, shaped({
    "seats": st.lists(SEAT, max_size=4), "id": TEXT, "viewer": JSON, "counted": JSON,
    "orders": st.dictionaries(TEXT, st.lists(TEXT, max_size=14)),
    "sort": st.dictionaries(TEXT, TEXT),
    "selected": st.lists(st.one_of(TEXT, st.sampled_from(["AH#0", "JK#1", "10C#0"])),
                         max_size=5),
    "draws": st.lists(st.one_of(TEXT, st.sampled_from(["1:0:0:8D", "1:0:1:JK"])), max_size=5),
}))


@settings(max_examples=150, deadline=None)
@given(META)
def test_a_session_restores_from_any_table_data(meta):
    session = Session.restore(GAME, meta)
    assert [seat.kind in ("human", "bot") for seat in session.seats] == [True] * 3
    assert sorted(str(c) for _, c in session.hand_keys(0)) == sorted(
        str(c) for c in GAME.state.hand.hands[0])
    viewer = session.viewer
    held = {key for key, _ in session.hand_keys(viewer)} if viewer is not None else set()
    assert set(session.selected) <= held and len(set(session.selected)) == len(session.selected)
    assert session.draws == {} and session.marked == []  # no move made: no draw to name
    assert injected(render.page(session, "en", on_table=True)) == []
