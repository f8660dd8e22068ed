"""scripts/serve.py, the server behind `scripts/play`: it prints its address and
serves the site with netlify.toml's headers, under a sub-path if asked."""

import re
import subprocess
import sys
import urllib.request
from pathlib import Path

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
