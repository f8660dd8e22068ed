"""The shared table's protocol runs the same in Pyodide (the browser's Python):
a seeded hand's first actions played through HostTable and GuestTables give
the very same messages, byte for byte, in both runtimes.

The Pyodide runner ships ``scala40/`` only, so the code is preceded by lines
that write the protocol's modules of ``web/friends`` into Pyodide's file system (the site ships
them in ``game.zip``).
"""

from __future__ import annotations

import hashlib
import inspect
import random

import pytest
from peer_helper import with_peer_modules
from pyodide_helper import run_in_pyodide

from scala40 import observe
from scala40.bots import make_bot
from scala40.record import Game
from web.friends.guest import GuestTable
from web.friends.host import HostTable

pytestmark = pytest.mark.pyodide


def played_hand_digest(seed: int, actions: int = 60) -> str:
    """The first ``actions`` of a seeded hand, seat 0 on the host and seats 1-2 as
    guests; the digest of every message sent, and the number of messages."""
    game = Game.new(["Anna", "Bruno", "Carla"], seed=seed)
    tokens = {1: "token-one", 2: "token-two"}
    host = HostTable(game, remote=[1, 2], match_id="match", tokens=tokens)
    guests = {seat: GuestTable(ticket) for seat, ticket in host.tickets.items()}
    bots = {seat: make_bot("easy", random.Random(seat)) for seat in range(3)}
    digest = hashlib.sha256()
    count = 0

    def deliver(out, sender=None):
        nonlocal count
        for message in out:
            seat = sender if message.seat is None else message.seat
            digest.update(message.text.encode())
            count += 1
            assert guests[seat].receive(message.text) is None

    for seat, guest in guests.items():
        deliver(host.receive(guest.join(), seat), seat)
    for _ in range(actions):
        if game.state.hand_over:
            break
        seat = game.state.to_move
        if seat == 0:
            game.play(bots[0].choose(observe(game.state, 0)))  # as the host's table plays it
            deliver(host.updates())  # and its watcher sends it on (web/friends/seats.py)
        else:
            guest = guests[seat]
            deliver(host.receive(guest.act(bots[seat].choose(guest.observation)), seat), seat)
    return f"{digest.hexdigest()[:16]} {count}"


def test_a_hand_through_the_protocol_sends_the_same_messages_in_pyodide():
    code = "\n".join(
        [
            "import hashlib, random",
            "from scala40 import observe",
            "from scala40.bots import make_bot",
            "from scala40.record import Game",
            "from web.friends.guest import GuestTable",
            "from web.friends.host import HostTable",
            inspect.getsource(played_hand_digest),
            "print(played_hand_digest(1))",
        ]
    )
    assert run_in_pyodide(with_peer_modules(code)).split("\n")[0] == played_hand_digest(1)
