"""A Nostr relay on this machine for "Play over the internet" with no internet: PyPI's
``nostr-relay`` (requirements-dev.txt) on a free port of 127.0.0.1, behind a websocket
proxy that records every frame a page sends it, so a test sees what a public relay
would. Used by tests/e2e/conftest.py's ``nostr_relay`` fixture and bench/friends_relay.py.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from threading import Thread
from typing import Any


@dataclass
class NostrRelay:
    """A relay of the test's: its ``url`` (the recording proxy's) and every frame a page
    sent it (``heard``), in order."""

    url: str
    heard: list[str] = field(default_factory=list)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_relay(folder: Path) -> Iterator[NostrRelay]:
    """``nostr-relay serve`` (its database and log in ``folder``) and the recording proxy
    in front of it, stopped on leaving."""
    from websockets.asyncio.client import connect
    from websockets.asyncio.server import serve

    port = _free_port()
    config = folder / "relay.yaml"
    config.write_text(f"storage:\n  sqlalchemy.url: sqlite+aiosqlite:///{folder}/relay.db\n"
                      f"gunicorn:\n  bind: 127.0.0.1:{port}\n  loglevel: warning\n")
    log = folder / "relay.log"
    with log.open("wb") as out:
        relay = subprocess.Popen([str(Path(sys.executable).with_name("nostr-relay")), "-c",
                                  str(config), "serve", "--use-uvicorn"], cwd=folder,
                                 stdout=out, stderr=subprocess.STDOUT)

    def wait_for(listening: int) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", listening), timeout=1).close()
                return
            except OSError:
                if relay.poll() is not None or time.monotonic() > deadline:
                    relay.kill()
                    raise RuntimeError(
                        f"nostr-relay did not start: {log.read_text()[-2000:]}") from None
                time.sleep(0.1)

    recorded = NostrRelay(f"ws://127.0.0.1:{_free_port()}")
    proxy_port = int(recorded.url.rsplit(":", 1)[1])
    loop = asyncio.new_event_loop()
    stop = loop.create_future()

    async def forward(client: Any) -> None:
        async with connect(f"ws://127.0.0.1:{port}", max_size=None) as upstream:
            async def up() -> None:
                async for frame in client:
                    recorded.heard.append(str(frame))
                    await upstream.send(frame)

            async def down() -> None:
                async for frame in upstream:
                    await client.send(frame)

            tasks = [asyncio.ensure_future(up()), asyncio.ensure_future(down())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()

    async def run() -> None:
        async with serve(forward, "127.0.0.1", proxy_port, max_size=None):
            await stop

    proxy = Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    try:
        wait_for(port)
        proxy.start()
        wait_for(proxy_port)
        yield recorded
    finally:
        if proxy.is_alive():
            loop.call_soon_threadsafe(stop.set_result, None)
            proxy.join(timeout=10)
        relay.terminate()
        try:
            relay.wait(timeout=10)
        except subprocess.TimeoutExpired:
            relay.kill()
            relay.wait()
