"""web/vendor/trystero-nostr.mjs is trystero 0.25.4's Nostr strategy as package.json pins
it, bundled by the pinned esbuild into one ES module (trystero's own imports are bare
names a browser cannot resolve). The bundle is committed, so building the site needs
no bundler; this test makes it again from node_modules and compares, so it is never
edited by hand nor left behind by a new version.

After changing trystero's or esbuild's version: ``.venv/bin/python
tests/test_relay_bundle.py`` writes it again.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUNDLE = REPO / "web" / "vendor" / "trystero-nostr.mjs"
ESBUILD = REPO / "node_modules" / ".bin" / "esbuild"
ENTRY = 'export { getRelaySockets, joinRoom } from "trystero/nostr";\n'


def bundle() -> bytes:
    version = json.loads((REPO / "node_modules" / "trystero" / "package.json").read_text())[
        "version"]
    banner = (f"// trystero {version} (MIT, github.com/dmotz/trystero), its Nostr strategy "
              "bundled by esbuild: tests/test_relay_bundle.py")
    return subprocess.run(
        [str(ESBUILD), "--bundle", "--format=esm", "--minify", "--target=es2022",
         "--legal-comments=eof", "--log-level=warning", f"--banner:js={banner}"],
        input=ENTRY.encode(), capture_output=True, check=True, cwd=REPO).stdout


def test_the_committed_bundle_is_the_pinned_trystero_bundled_again():
    pinned = json.loads((REPO / "package.json").read_text())
    assert pinned["dependencies"]["trystero"] == "0.25.4"
    assert BUNDLE.read_bytes() == bundle(), f"run: .venv/bin/python {Path(__file__).name}"


if __name__ == "__main__":
    BUNDLE.write_bytes(bundle())
    sys.stdout.write(f"wrote {BUNDLE.relative_to(REPO)}\n")
