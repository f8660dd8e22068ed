"""scripts/serve.py, the server behind `scripts/play`: it prints its address and
serves the site with netlify.toml's headers, under a sub-path if asked, compressed as
GitHub Pages or Netlify would if asked (bench/load.py counts a first visit's bytes so);
on the next free port when the one asked for is taken; to the local network with --lan."""

import gzip
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from threading import Thread

import brotli
import pytest
from script_helper import load_script

REPO = Path(__file__).resolve().parent.parent
SERVE = [sys.executable, str(REPO / "scripts" / "serve.py")]


@dataclass
class Served:
    url: str  # the first line's address
    lines: list[str]  # what it printed before serving
    stderr: str = ""  # what it said on stderr, read once it has stopped


@contextmanager
def serving(*args: str) -> Iterator[Served]:
    """scripts/serve.py run with ``args`` until the block ends: its address and lines."""
    server = subprocess.Popen([*SERVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        lines = [server.stdout.readline()]
        while lines[-1] and not lines[-1].startswith("Open"):
            lines.append(server.stdout.readline())
        served = Served(re.search(r"http://\S+", lines[0]).group(0), lines)
        yield served
    finally:
        server.terminate()
        stderr = server.communicate(timeout=10)[1]
    served.stderr = stderr


def reaches(host: str, port: int) -> bool:
    """Whether a connection to ``host``:``port`` is taken."""
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError:
        return False
    return True


def test_serves_a_folder_with_the_netlify_headers(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "x.js").write_text("1", encoding="utf-8")
    with serving("--port", "0", "--prefix", "/scala40/", "--dir", str(tmp_path)) as served:
        url = served.url
        assert url.endswith("/scala40/")
        with urllib.request.urlopen(url) as page:
            assert b"ok" in page.read()
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
            assert page.headers["Cache-Control"] == "public, max-age=0, must-revalidate"
        with urllib.request.urlopen(url + "runtime/x.js") as runtime:
            assert "immutable" in runtime.headers["Cache-Control"]


def test_github_pages_headers_cache_everything_for_ten_minutes(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    with (serving("--port", "0", "--headers", "github", "--dir", str(tmp_path)) as served,
          urllib.request.urlopen(served.url) as page):
        assert page.headers["Cache-Control"] == "max-age=600"
        assert page.headers["Content-Security-Policy"] is None


def test_a_taken_port_is_said_and_the_next_free_one_served(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        picked = subprocess.run([*SERVE, "--port", str(port), "--pick-port"],
                                capture_output=True, text=True, check=True)
        assert port < int(picked.stdout) < port + 10  # what scripts/play checks before building
        assert f"port {port} is taken" in picked.stderr
        with serving("--port", str(port), "--dir", str(tmp_path)) as served:
            chosen = int(re.search(r":(\d+)/", served.url).group(1))
            assert port < chosen < port + 10
            with urllib.request.urlopen(served.url) as page:
                assert b"ok" in page.read()
            # on this machine only (Linux answers all of 127/8: 127.0.0.2 reaches 0.0.0.0)
            assert not reaches("127.0.0.2", chosen)
        assert f"port {port} is taken" in served.stderr
        assert "Traceback" not in served.stderr
        with pytest.raises(SystemExit, match=f"ports {port} to {port} are all taken"):
            load_script("serve").free_server(tmp_path, port, tries=1)


def test_lan_listens_on_every_network_and_lists_its_addresses(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    addresses = load_script("serve").lan_addresses()
    with serving("--port", "0", "--lan", "--dir", str(tmp_path)) as served:
        port = int(re.search(r":(\d+)/", served.url).group(1))
        assert served.url == f"http://127.0.0.1:{port}/"
        with urllib.request.urlopen(served.url) as page:
            assert b"ok" in page.read()
        assert reaches("127.0.0.2", port)  # not 127.0.0.1's alone: every address
        for address in addresses:
            assert f"On this network: http://{address}:{port}/\n" in served.lines
            assert reaches(address, port)
        if not addresses:
            assert "No network address found: is this machine on a network?\n" in served.lines
        assert "Warning: anyone on this network can open it.\n" in served.lines


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_compresses_as_the_hosts_do_and_counts_what_it_sends(tmp_path, encoding):
    """``--compress``: a file comes compressed to a browser that takes the encoding (an
    image as it is, as hosts send one), plain to one that does not; a revalidation of an
    unchanged file costs no body; ``sent`` counts the bytes on the wire."""
    text = b"<!doctype html>" + b"<p>scala quaranta</p>" * 500
    (tmp_path / "index.html").write_bytes(text)
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + bytes(range(256)) * 4)
    server = load_script("serve").make_server(tmp_path, 0, compress=encoding)
    Thread(target=server.serve_forever, daemon=True).start()
    decode = {"gzip": gzip.decompress, "br": brotli.decompress}[encoding]
    try:
        page = get(server.url, {"Accept-Encoding": f"deflate, {encoding}"})
        assert page.headers["Content-Encoding"] == encoding
        assert page.headers["Content-Type"] == "text/html"
        assert "must-revalidate" in page.headers["Cache-Control"]  # netlify.toml's, as ever
        assert decode(page.body) == text and len(page.body) < len(text) / 10
        assert get(server.url + "index.html", {}).body == text  # no Accept-Encoding
        icon = get(server.url + "icon.png", {"Accept-Encoding": encoding})
        assert icon.headers["Content-Encoding"] is None and len(icon.body) == 1028
        again = get(server.url, {"Accept-Encoding": encoding,
                                 "If-Modified-Since": page.headers["Last-Modified"]})
        assert again.status == 304 and again.body == b""
    finally:
        server.shutdown()
        server.server_close()
    # each counted by its handler's thread after the body went out: in any order
    assert sorted(server.sent) == [("/", len(page.body)), ("/icon.png", 1028),
                                   ("/index.html", len(text))]


def test_a_star_in_a_netlify_rule_matches_inside_a_path():
    """netlify.toml revalidates the trimmed standard library (its bytes follow the
    game's imports) inside the runtime folder cached for a year."""
    rules = load_script("serve").netlify_headers()
    headers = load_script("serve").headers_for
    stdlib = headers("/runtime/pyodide-314.0.7/python_stdlib.zip", rules)["Cache-Control"]
    wasm = headers("/runtime/pyodide-314.0.7/pyodide.asm.wasm", rules)["Cache-Control"]
    assert stdlib == "public, max-age=0, must-revalidate"
    assert "immutable" in wasm


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes


def get(url: str, headers: dict[str, str]) -> Answer:
    """A GET as a browser makes it, with ``headers``, whatever its status."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
            return Answer(answer.status, answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())
