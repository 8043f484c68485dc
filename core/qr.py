"""QR codes as tiny one-bit PNGs (``data:`` URIs): on the printed súmulas (the jogo's
page) and on the organizer's dashboard (the address the judges' phones open).

A QR code as SVG was some 300 path runs (about 5 ms a printed page); as an image it is
one object. The encoder's mask is fixed, so the same text always gives the same modules
(tests compare a printed code with :func:`qr_matrix` of the expected address).
"""

from __future__ import annotations

import base64
import struct
import zlib
from collections.abc import Sequence

import qrcode


def qr_matrix(data: str) -> list[list[bool]]:
    # A fixed mask: choosing the "best" of the eight masks costs about 3 ms a page of
    # pure Python, and any mask makes a valid code (ours are printed 26 mm wide).
    qr = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_M, mask_pattern=2)
    qr.add_data(data)
    qr.make(fit=True)
    matrix: list[list[bool]] = qr.get_matrix()
    return matrix


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_1bit(matrix: Sequence[Sequence[bool]], scale: int = 1) -> bytes:
    """A one-bit grayscale PNG, ``scale`` × ``scale`` pixels per module (True is black)."""
    rows = [[dark for dark in row for _ in range(scale)] for row in matrix for _ in range(scale)]
    height, width = len(rows), len(rows[0]) if rows else 0
    data = bytearray()
    for row in rows:
        bits = "".join("0" if dark else "1" for dark in row).ljust(-(-width // 8) * 8, "1")
        data += b"\x00" + int(bits, 2).to_bytes(len(bits) // 8, "big")
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(data)))
        + _chunk(b"IEND", b"")
    )


def qr_png(data: str, scale: int = 2) -> str:
    """A QR code of ``data`` as a ``data:`` URI of a PNG (show it with
    ``image-rendering: pixelated`` so the modules stay sharp). Two pixels a module on
    paper: with one, a viewer scaling the image down for the screen blurs it past reading
    (zbar failed on the page rendered at 72 and 100 dpi; with two it reads from 50 dpi up)."""
    return "data:image/png;base64," + base64.b64encode(png_1bit(qr_matrix(data), scale=scale)).decode()
