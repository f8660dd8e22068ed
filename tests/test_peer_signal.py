"""The signalling text of web/friends/connection.js, in Node (no browser needed: Node has
CompressionStream, Blob and base64 as the page does).

An SDP reduced, packed, written, read, unpacked and expanded gives back every
field a connection needs, for the candidates browsers produce (mDNS names,
IPv4, IPv6, server-reflexive; TCP ones dropped); and whatever text arrives
instead of an invitation, reading it ends in a ``SignalError`` with a code,
never another exception.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
MODULE = (REPO / "web" / "friends" / "connection.js").as_uri()

CHROME_OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 989639740818169567 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:3619863937 1 udp 2113937151 583a3444-484a-4800-bd49-7c8a9f1897ea.local "
        "45200 typ host generation 0 network-cost 999",
        "a=candidate:480541793 1 udp 2113942271 192.168.1.23 46822 typ host generation 0",
        "a=candidate:1 1 udp 1686052607 2001:db8:85a3::8a2e:370:7334 61002 typ srflx "
        "raddr 0.0.0.0 rport 0 generation 0",
        "a=candidate:2 1 udp 1686052607 fe80::1 61003 typ host generation 0",
        "a=candidate:3 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0",
        "a=candidate:4 1 udp 2113939711 my-laptop.lan 50000 typ host",
        "a=ice-ufrag:OJKg",
        "a=ice-pwd:sYPdX/ndyKjb+3iW4JWinR7a",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 20:21:ED:9A:16:FE:35:76:F7:4A:14:79:B2:63:15:1F:E3:32:9B:F0:"
        "A6:1A:22:BA:B9:A6:45:35:5A:6A:3F:EC",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)

SCRIPT = """
const peer = await import(__MODULE__);
const offer = { type: "offer", sdp: __SDP__ };
const results = {};
const text = await peer.writeSignal(offer, ["m4tch", 2, "t0k3n"]);
const back = await peer.readSignal(text, "offer");
results.text = text;
results.original = peer.reduceSdp(offer.sdp);
results.roundTrip = peer.reduceSdp(back.description.sdp);
results.data = back.data;
results.sdp = back.description.sdp;
try { await peer.readSignal(text, "answer"); } catch (e) { results.asAnswer = e.code; }
// any text at all: a SignalError, never another exception
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ .";
const codes = {};
const raw = peer.unbase64url(text);
for (let i = 0; i < 1500; i++) {
  let candidate;
  if (i % 3 === 0) {  // random text
    candidate = Array.from({ length: Math.floor(random() * 300) },
                           () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  } else if (i % 3 === 1) {  // the real text with bytes flipped
    const bytes = Uint8Array.from(raw);
    for (let k = 0; k < 1 + random() * 4; k++) {
      bytes[Math.floor(random() * bytes.length)] ^= 1 + Math.floor(random() * 255);
    }
    candidate = peer.base64url(bytes);
  } else {  // well-deflated random bytes
    const length = Math.floor(random() * 200);
    const bytes = Uint8Array.from({ length }, () => Math.floor(random() * 256));
    if (bytes.length > 0) bytes[0] = (peer.SIGNAL_VERSION << 1) | (i & 1);
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    candidate = peer.base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
  }
  try {
    const read = await peer.readSignal(candidate, i & 1 ? "answer" : "offer");
    codes.accepted = (codes.accepted || 0) + 1;
    peer.reduceSdp(read.description.sdp);
  } catch (error) {
    const code = error instanceof peer.SignalError ? error.code : "CRASH " + error;
    codes[code] = (codes[code] || 0) + 1;
  }
}
results.codes = codes;
console.log(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def results() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not on PATH")
    script = SCRIPT.replace("__MODULE__", json.dumps(MODULE))
    script = script.replace("__SDP__", json.dumps(CHROME_OFFER))
    run = subprocess.run(
        [node, "--no-warnings", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parent,  # not the test run's cwd, which a test may remove
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_every_field_a_connection_needs_survives_the_text(results):
    original = results["original"]
    assert original["ufrag"] == "OJKg" and original["setup"] == "actpass"
    assert original["fingerprint"].startswith("2021ed9a")
    assert [c["address"] for c in original["candidates"]] == [
        "583a3444-484a-4800-bd49-7c8a9f1897ea.local",
        "192.168.1.23",
        "2001:db8:85a3::8a2e:370:7334",
        "fe80::1",
        "my-laptop.lan",
    ]  # the TCP candidate is dropped
    trip = results["roundTrip"]
    ipv6 = {
        "2001:db8:85a3::8a2e:370:7334": "2001:db8:85a3:0:0:8a2e:370:7334",
        "fe80::1": "fe80:0:0:0:0:0:0:1",
    }  # the same addresses, written out
    expected = [
        {**c, "address": ipv6.get(c["address"], c["address"])} for c in original["candidates"]
    ]
    assert trip == {**original, "candidates": expected}
    assert results["data"] == ["m4tch", 2, "t0k3n"]


def test_the_rebuilt_sdp_is_a_data_channel_offer(results):
    lines = results["sdp"].split("\r\n")
    for needed in (
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=ice-ufrag:OJKg",
        "a=ice-pwd:sYPdX/ndyKjb+3iW4JWinR7a",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
    ):
        assert needed in lines
    assert any(line.startswith("a=fingerprint:sha-256 20:21:ED:9A") for line in lines)
    assert sum(line.startswith("a=candidate:") for line in lines) == 5
    assert results["sdp"].endswith("\r\n")


def test_an_offer_is_not_taken_for_an_answer(results):
    assert results["asAnswer"] == "wrong_kind"


def test_any_other_text_is_refused_with_a_code_never_a_crash(results):
    codes = results["codes"]
    assert not [code for code in codes if code.startswith("CRASH")], codes
    assert {"unreadable", "malformed"} <= codes.keys()
    print(f"1500 hostile texts: {codes}")
