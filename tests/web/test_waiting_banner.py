"""The host's table says which friends' seats nobody holds when the match waits on
one of them (issue #53, "no dead ends"), and leaves the table in view while it is the
host's own turn to play (the banner covered the hand's buttons on a phone)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from test_seats import Shared

from scala40 import observe
from scala40.bots import make_bot
from web.friends.page import Friends
from web.friends.view import SeatInvite
from web.page import view as render
from web.store.seat import Seat


def test_the_banner_shows_when_the_match_waits_on_a_seat_nobody_holds():
    shared = Shared([Seat("Anna"), Seat("Bruno", "remote"), Seat("Carla", "remote")], seed=2)
    friends = Friends(app=SimpleNamespace(table=shared.host, page=None))  # type: ignore[arg-type]
    friends.hosting.remote = shared.seats
    friends.hosting.invites = {1: SeatInvite(1, "open"), 2: SeatInvite(2, "waiting")}
    host = shared.host
    bot = make_bot("easy", random.Random(0))
    seen = set()
    for _ in range(60):
        to_move = host.session.state.to_move
        page = str(friends.screen(render.whole_page(host)))
        banner = "peer-banner waiting" in page
        assert banner is (to_move == 2), (to_move, banner)
        if banner:
            assert "Carla" in page and 'data-act="to-bot" data-arg="2"' in page
            assert 'data-arg="1"' not in page.split("peer-banner waiting")[1].split("</div>")[0]
        seen.add(to_move)
        if seen == {0, 1, 2}:
            break
        action = bot.choose(observe(host.session.state, to_move))
        # Bruno's move from his device; Carla's seat, nobody's, played here for the test
        assert (shared.guests[1] if to_move == 1 else host).move(action) is None
    assert seen == {0, 1, 2}
