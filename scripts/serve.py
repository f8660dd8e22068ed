#!/usr/bin/env python3
"""Serve the built site on localhost with the headers a host gives it.

``python3 -m http.server`` sends no cache or security headers, so a browser
keeps stale copies after a rebuild and nothing checks the Content-Security-
Policy before it reaches a host. This server applies netlify.toml's
``[[headers]]`` (paths matched as Netlify does: ``*`` is any run of characters),
or with ``--headers github`` what GitHub Pages sends (``Cache-Control:
max-age=600`` for every file, no security headers), and can mount the site under
a sub-path as a GitHub Pages project site would be.

With ``--compress gzip`` it compresses what it sends as GitHub Pages does, and
with ``--compress br`` as Netlify does for a browser that takes brotli (the PyPI
``brotli`` package, requirements-dev.txt): what a visit costs over the wire
(bench/load.py counts it, docs/load.md). Every file but an image is compressed
(the stored archives of Python too: the build leaves their compression to the
host), gzip at level 6 and brotli at quality 11, each file once: the result is
kept in ``node_modules/.cache/`` (brotli takes 25 s over Pyodide's WebAssembly).

It listens on 127.0.0.1 only, unless ``--lan`` opens it to the local network (to play
from a phone on the same Wi-Fi): it then lists this machine's network addresses. A port
that is taken is said so, and the next free one is used (up to PORT_TRIES ports up);
``--pick-port`` only prints that port, for scripts/play to check before it builds.

    python3 scripts/serve.py [--port 8000] [--lan] [--pick-port] [--prefix /scala40/]
                             [--dir site] [--headers netlify|github] [--compress none|gzip|br]
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import errno
import functools
import gzip
import hashlib
import http.server
import io
import ipaddress
import os
import re
import socket
import sys
import tomllib
from pathlib import Path
from typing import ClassVar

REPO = Path(__file__).resolve().parent.parent
LOCAL = "127.0.0.1"
EVERYWHERE = "0.0.0.0"  # IPv4: what a phone on a home Wi-Fi reaches
PORT_TRIES = 10
"""How many ports, from the one asked for up, are tried before giving up."""
COMPRESSED_CACHE = REPO / "node_modules" / ".cache" / "scala40-compressed"
"""Each file's compressed bytes, by its digest and the encoding."""


def _brotli(data: bytes) -> bytes:
    import brotli  # a development tool (requirements-dev.txt): scripts/play needs it not

    return brotli.compress(data, quality=11)


#: How each encoding compresses, as the hosts do.
ENCODINGS = {"gzip": lambda data: gzip.compress(data, compresslevel=6, mtime=0), "br": _brotli}


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
    """Headers for a site path; later matching rules override earlier ones. A ``*``
    in a rule's path matches any run of characters, ``/`` too, as in Netlify's."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), site_path):
            found.update(values)
    return found


def compressed(path: str, encoding: str) -> bytes:
    """The bytes of the file at ``path`` compressed with ``encoding``, made once."""
    data = Path(path).read_bytes()
    cached = COMPRESSED_CACHE / f"{hashlib.sha256(data).hexdigest()}.{encoding}"
    if cached.is_file():
        return cached.read_bytes()
    packed = ENCODINGS[encoding](data)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(packed)
    return packed


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``directory``, mounted at ``prefix``, with netlify.toml's headers,
    compressed with ``compress`` ("gzip" or "br") when the browser takes it."""

    prefix: ClassVar[str] = "/"
    rules: ClassVar[list] = []
    compress: ClassVar[str | None] = None
    server: SiteServer

    def send_head(self):
        """A file's head, its body compressed when the host would compress it; anything
        else (a folder's redirect, a missing file) as the plain server answers."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        content_type = self.guess_type(path)
        accepted = self.headers.get("Accept-Encoding", "")
        if (self.compress is None or self.compress not in accepted
                or content_type.startswith("image/") or not os.path.isfile(path)):
            return super().send_head()
        modified = os.stat(path).st_mtime
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(modified):
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
        body = compressed(path, self.compress)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", self.compress)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.sent.append((self.path, source.tell() - start))

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
    ``served`` lists each request answered, as (path, status), and ``sent`` each body
    sent whole, as (path, bytes on the wire): what a visit cost."""

    daemon_threads = True
    allow_reuse_port = False  # a taken port must refuse us, not be shared (free_server)
    verbose = False
    prefix = "/"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.served: list[tuple[str, int]] = []
        self.sent: list[tuple[str, int]] = []

    @property
    def url(self) -> str:
        """The site's address on this machine (127.0.0.1 when it listens everywhere)."""
        host, port = self.server_address[:2]
        return f"http://{LOCAL if host == EVERYWHERE else host}:{port}{self.prefix}"

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, prefix: str = "/", verbose: bool = False,
                host: str = "netlify", compress: str | None = None, address: str = LOCAL):
    """A threaded HTTP server for ``directory`` on ``address`` (port 0 picks a free one),
    sending ``host``'s headers ("netlify" or "github"), its files compressed with
    ``compress`` ("gzip", "br" or None)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "rules": host_headers(host),
                                               "compress": compress})
    server = SiteServer((address, port), functools.partial(handler, directory=str(directory)))
    server.verbose = verbose
    server.prefix = prefix
    return server


def free_server(directory: Path, port: int, tries: int = PORT_TRIES, **options) -> SiteServer:
    """``make_server`` on ``port``, or if it is taken on the next free one of ``tries``
    ports up, saying so on stderr; none free is a plain message, not a traceback."""
    for candidate in range(port, port + tries) if port else [0]:
        try:
            return make_server(directory, candidate, **options)
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
            print(f"serve: port {candidate} is taken (another server?), trying the next one",
                  file=sys.stderr)
    raise SystemExit(f"serve: ports {port} to {port + tries - 1} are all taken: "
                     "stop what runs there, or choose another with --port (PORT= for scripts/play)")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, loopback left out: the one its
    route to a private network goes out from (connecting a UDP socket only picks the
    route, nothing is sent), then those its host name resolves to."""
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 9))
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += [info[4][0] for info in
                  socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return [address for address in dict.fromkeys(found)
            if not (ipaddress.ip_address(address).is_loopback
                    or ipaddress.ip_address(address).is_unspecified)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000,
                        help=f"the port, or the next free one of {PORT_TRIES} up (0: any)")
    parser.add_argument("--lan", action="store_true",
                        help="listen on every network of this machine, not 127.0.0.1 only "
                             "(to play from a phone on the same Wi-Fi)")
    parser.add_argument("--pick-port", action="store_true",
                        help="print the port that would be served and stop")
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--dir", type=Path, default=REPO / "site")
    parser.add_argument("--headers", choices=("netlify", "github"), default="netlify",
                        help="send netlify.toml's headers (default) or GitHub Pages' ones")
    parser.add_argument("--compress", choices=("none", *ENCODINGS), default="none",
                        help="compress as GitHub Pages (gzip) or Netlify (br) do")
    args = parser.parse_args()
    server = free_server(args.dir, args.port, prefix=args.prefix, verbose=True,
                         host=args.headers, address=EVERYWHERE if args.lan else LOCAL,
                         compress=None if args.compress == "none" else args.compress)
    if args.pick_port:
        print(server.server_address[1])
        server.server_close()
        return
    print(f"Scala 40 is being served at {server.url}")
    if args.lan:
        port = server.server_address[1]
        addresses = lan_addresses()
        for address in addresses:
            print(f"On this network: http://{address}:{port}{server.prefix}")
        if not addresses:
            print("No network address found: is this machine on a network?")
        print("Warning: anyone on this network can open it.")
    print("Open that address in a browser; press Ctrl+C to stop.", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
