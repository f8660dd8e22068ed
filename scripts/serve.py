#!/usr/bin/env python3
"""Serve the built site on localhost with the headers a host gives it.

``python3 -m http.server`` sends no cache or security headers, so a browser
keeps stale copies after a rebuild and nothing checks the Content-Security-
Policy before it reaches a host. This server applies netlify.toml's
``[[headers]]`` (paths matched as Netlify does: ``/*`` is a prefix), or with
``--headers github`` what GitHub Pages sends (``Cache-Control: max-age=600``
for every file, no security headers), and can mount the site under a
sub-path as a GitHub Pages project site would be.

    python3 scripts/serve.py [--port 8000] [--prefix /scala40/] [--dir site]
                             [--headers netlify|github]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
import tomllib
from pathlib import Path
from typing import ClassVar

REPO = Path(__file__).resolve().parent.parent


def netlify_headers(path: Path = REPO / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    """The (path pattern, headers) rules of netlify.toml, in file order."""
    config = tomllib.loads(path.read_text(encoding="utf-8"))
    return [(rule["for"], dict(rule.get("values", {}))) for rule in config.get("headers", [])]


#: What GitHub Pages sends for every file of a site (it has no header settings).
GITHUB_PAGES_HEADERS = [("/*", {"Cache-Control": "max-age=600",
                                "Access-Control-Allow-Origin": "*"})]


def host_headers(host: str) -> list[tuple[str, dict[str, str]]]:
    """The header rules of a host: "netlify" (netlify.toml) or "github"."""
    if host == "github":
        return GITHUB_PAGES_HEADERS
    if host == "netlify":
        return netlify_headers()
    raise ValueError(f"unknown host {host!r}: netlify or github")


def headers_for(site_path: str, rules) -> dict[str, str]:
    """Headers for a site path; later matching rules override earlier ones."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        matches = (
            site_path.startswith(pattern[:-1]) if pattern.endswith("*") else site_path == pattern
        )
        if matches:
            found.update(values)
    return found


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``directory``, mounted at ``prefix``, with netlify.toml's headers."""

    prefix: ClassVar[str] = "/"
    rules: ClassVar[list] = []
    server: SiteServer

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self) -> None:
        site_path = "/" + self.path.split("?", 1)[0][len(self.prefix):]
        for name, value in headers_for(site_path, self.rules).items():
            self.send_header(name, value)
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.served.append((self.path, int(code) if isinstance(code, int) else 0))
        super().log_request(code, size)

    def log_message(self, format, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """Quiet about browsers that hang up mid-response (Chromium does, on teardown).
    ``served`` lists each request answered, as (path, status): what a visit cost."""

    daemon_threads = True
    verbose = False
    prefix = "/"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.served: list[tuple[str, int]] = []

    @property
    def url(self) -> str:
        """The site's address."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, prefix: str = "/", verbose: bool = False,
                host: str = "netlify"):
    """A threaded HTTP server for ``directory`` on 127.0.0.1 (port 0 picks a free one),
    sending ``host``'s headers ("netlify" or "github")."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "rules": host_headers(host)})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.verbose = verbose
    server.prefix = prefix
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--dir", type=Path, default=REPO / "site")
    parser.add_argument("--headers", choices=("netlify", "github"), default="netlify",
                        help="send netlify.toml's headers (default) or GitHub Pages' ones")
    args = parser.parse_args()
    server = make_server(args.dir, args.port, args.prefix, verbose=True, host=args.headers)
    print(f"Scala 40 is being served at {server.url}")
    print("Open that address in a browser; press Ctrl+C to stop.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
