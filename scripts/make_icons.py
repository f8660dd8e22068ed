#!/usr/bin/env python3
"""Draw the app icons (web/icons/*.png) with the standard library only.

Two cards on green felt, a red heart on the front one. The PNGs are
committed; run this again only to change the design:
``python3 scripts/make_icons.py``. Maskable icons keep the drawing inside
the central 80% "safe zone" that launchers may crop to a circle.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
FELT = (11, 77, 49)
CARD = (253, 251, 244)
EDGE = (200, 196, 180)
RED = (200, 32, 44)


def _inside_round_rect(x, y, left, top, right, bottom, radius):
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def _inside_heart(x, y, cx, cy, size):
    u, v = (x - cx) / size, -(y - cy) / size
    return (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0


def draw(size: int, maskable: bool) -> list[list[tuple[int, int, int, int]]]:
    """The icon as rows of RGBA pixels (4x supersampled edges)."""
    scale = 0.72 if maskable else 0.9
    unit = size * scale
    ox = oy = (size - unit) / 2
    corner = 0 if maskable else size * 0.18
    back = (ox + unit * 0.08, oy + unit * 0.06, ox + unit * 0.62, oy + unit * 0.80)
    front = (ox + unit * 0.36, oy + unit * 0.18, ox + unit * 0.92, oy + unit * 0.94)
    heart = (ox + unit * 0.64, oy + unit * 0.55, unit * 0.17)
    rows = []
    offsets = [(i + 0.5) / 4 for i in range(4)]
    for py in range(size):
        row = []
        for px in range(size):
            total = [0.0, 0.0, 0.0, 0.0]
            for dy in offsets:
                for dx in offsets:
                    x, y = px + dx, py + dy
                    if not _inside_round_rect(x, y, 0, 0, size, size, corner):
                        continue
                    color = FELT
                    for card in (back, front):
                        radius = unit * 0.06
                        if _inside_round_rect(x, y, *card, radius):
                            inner = _inside_round_rect(
                                x, y, card[0] + 2, card[1] + 2, card[2] - 2, card[3] - 2, radius
                            )
                            color = CARD if inner else EDGE
                    if _inside_heart(x, y, *heart):
                        color = RED
                    for i in range(3):
                        total[i] += color[i]
                    total[3] += 255
            samples = len(offsets) ** 2
            row.append(tuple(round(c / samples) for c in total))
        rows.append(row)
    return rows


def png(rows) -> bytes:
    """Encode RGBA rows as a PNG file."""
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(c for pixel in row for c in pixel) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(draw(size, maskable=False)))
    (ICONS / "maskable-512.png").write_bytes(png(draw(512, maskable=True)))
    (ICONS / "apple-touch-icon.png").write_bytes(png(draw(180, maskable=True)))


if __name__ == "__main__":
    main()
