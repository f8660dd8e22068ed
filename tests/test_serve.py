"""scripts/serve.py, the server behind `scripts/play`: it prints its address and
serves the site with netlify.toml's headers, under a sub-path if asked, compressed as
GitHub Pages or Netlify would if asked (bench/load.py counts a first visit's bytes so)."""

import gzip
import re
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from threading import Thread

import brotli
import pytest
from script_helper import load_script

REPO = Path(__file__).resolve().parent.parent


def test_serves_a_folder_with_the_netlify_headers(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    (tmp_path / "runtime").mkdir()
    (tmp_path / "runtime" / "x.js").write_text("1", encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "serve.py"), "--port", "0",
         "--prefix", "/scala40/", "--dir", str(tmp_path)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        url = re.search(r"http://\S+", server.stdout.readline()).group(0)
        assert url.endswith("/scala40/")
        with urllib.request.urlopen(url) as page:
            assert b"ok" in page.read()
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
            assert page.headers["Cache-Control"] == "public, max-age=0, must-revalidate"
        with urllib.request.urlopen(url + "runtime/x.js") as runtime:
            assert "immutable" in runtime.headers["Cache-Control"]
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_github_pages_headers_cache_everything_for_ten_minutes(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>ok</p>", encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "serve.py"), "--port", "0",
         "--headers", "github", "--dir", str(tmp_path)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        url = re.search(r"http://\S+", server.stdout.readline()).group(0)
        with urllib.request.urlopen(url) as page:
            assert page.headers["Cache-Control"] == "max-age=600"
            assert page.headers["Content-Security-Policy"] is None
    finally:
        server.terminate()
        server.wait(timeout=10)


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
    assert server.sent == [("/", len(page.body)), ("/index.html", len(text)),
                           ("/icon.png", 1028)]


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
