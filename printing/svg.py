"""Inline SVG for the printed pages: tally grids, mark boxes, QR codes, rules.

Measured with WeasyPrint 70: every SVG element and every text box costs layout time,
so each drawing here is one ``<path>`` (or two) and carries no text; the labels live in
the surrounding HTML. Units are millimetres (``viewBox`` in mm).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import qrcode

STROKE = 'fill="none" stroke="#000"'


def _svg(width: float, height: float, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}mm" height="{height:.2f}mm" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">{body}</svg>'
    )


def _box(x: float, y: float, w: float, h: float) -> str:
    return f"M{x:.2f} {y:.2f}h{w:.2f}v{h:.2f}h{-w:.2f}z"


def _cross(x: float, y: float, w: float, h: float) -> str:
    return f"M{x:.2f} {y:.2f}l{w:.2f} {h:.2f}M{x + w:.2f} {y:.2f}l{-w:.2f} {h:.2f}"


class Drawing:
    """Path data collected for one page-sized SVG: one ``<path>`` per stroke weight.

    A whole súmula is one SVG behind the text: WeasyPrint pays a fixed price per SVG
    element and per ``<path>``, far more than per path command.
    """

    def __init__(self) -> None:
        self.thin: list[str] = []
        self.bold: list[str] = []
        self.dashed: list[str] = []
        self.fill: list[str] = []
        self.patterned: dict[tuple[str, float, str], list[str]] = {}

    def svg(self, width: float, height: float) -> str:
        body = f'<path {STROKE} stroke-width="0.25" d="{"".join(self.thin)}"/>'
        if self.bold:
            body += f'<path {STROKE} stroke-width="0.6" d="{"".join(self.bold)}"/>'
        if self.dashed:
            body += f'<path {STROKE} stroke-width="0.5" stroke-dasharray="1 0.8" d="{"".join(self.dashed)}"/>'
        for (dashes, stroke, color), parts in self.patterned.items():
            dash = f' stroke-dasharray="{dashes}"' if dashes else ""
            body += (
                f'<path fill="none" stroke="{color}" stroke-width="{stroke:.3f}"{dash} d="{"".join(parts)}"/>'
            )
        return _svg(width, height, body)

    def pattern(self, dashes: Sequence[float], stroke: float, color: str = "#000") -> list[str]:
        key = (" ".join(f"{v:.2f}" for v in dashes), stroke, color)
        return self.patterned.setdefault(key, [])


GROUP = 3  # the rulebook places the tentos "três a três"


def tally_grid(
    d: Drawing,
    x0: float,
    y0: float,
    target: int,
    *,
    split: int | None = None,
    width: float = 150.0,
    size_cap: float = 9.0,
    scores: Sequence[int | None] = (None, None),
    ladder: Sequence[int] = (),
) -> float:
    """Two rows (side A, side B) of ``target`` boxes in groups of three, malos and buenos
    apart; the first ``scores[i]`` boxes of a row are shaded (a homologated result);
    ``ladder`` underlines the boxes of the truco ladder (3, 6, 9, 12). Returns the box size.

    Drawn with dash patterns: a row's vertical edges are one thick dashed stroke and its
    horizontal edges two dashed strokes, so a grid costs a dozen path commands instead of
    one rectangle per box (WeasyPrint parses every number of a path in Python).
    """
    halves = [split, target - split] if split and 0 < split < target else [target]
    group_gap, half_gap, row_gap, edge = 1.6, 5.0, 1.6, 0.25
    groups = sum(-(-n // GROUP) for n in halves)
    size = (width - group_gap * (groups - len(halves)) - half_gap * (len(halves) - 1)) / target
    size = min(size, size_cap)
    period = GROUP * size + group_gap
    horizontal = d.pattern([GROUP * size + edge / 2, group_gap - edge / 2], edge)
    vertical = d.pattern([edge, size - edge] * (GROUP - 1) + [edge, period - (GROUP - 1) * size - edge], size)
    shade = d.pattern([size - 1.2, 1.2] * (GROUP - 1) + [size - 1.2, group_gap + 1.2], size - 1.2, "#777")
    x = x0
    counted = 0
    for n in halves:
        whole, rest = divmod(n, GROUP)
        length = whole * period - group_gap
        for row in range(2):
            y = y0 + row * (size + row_gap)
            if whole:
                horizontal.append(f"M{x:.2f} {y:.2f}h{length:.2f}M{x:.2f} {y + size:.2f}h{length:.2f}")
                vertical.append(f"M{x - edge / 2:.2f} {y + size / 2:.2f}h{length + edge:.2f}")
            for k in range(rest):  # a target that is not a multiple of three
                d.thin.append(_box(x + whole * period + k * size, y, size, size))
            filled = min(max((scores[row] or 0) - counted, 0), n)
            if filled:
                run = (
                    (filled // GROUP) * period
                    + (filled % GROUP) * size
                    - 1.2
                    - (0 if filled % GROUP else group_gap)
                )
                shade.append(f"M{x + 0.6:.2f} {y + size / 2:.2f}h{run:.2f}")
        for value in ladder:
            if counted < value <= counted + n:
                i = value - counted - 1
                bx = x + (i // GROUP) * period + (i % GROUP) * size
                d.bold.append(f"M{bx:.2f} {y0 + 2 * size + row_gap + 0.6:.2f}h{size:.2f}")
        x += whole * period + rest * size + (half_gap - group_gap if whole and not rest else half_gap)
        counted += n
    if len(halves) == 2:
        sx = x0 + (halves[0] // GROUP) * period - group_gap + half_gap / 2
        d.dashed.append(f"M{sx:.2f} {y0 - 0.5:.2f}v{2 * size + row_gap + 1:.2f}")
    return size


def mark_boxes(
    d: Drawing, x0: float, y0: float, rows: Sequence[Sequence[bool]], columns: int, *, pitch: float = 5.0
) -> None:
    """``columns`` boxes per row (who played each partida); True is marked."""
    size = pitch * 0.72
    off = (pitch - size) / 2
    for r, row in enumerate(rows):
        for c in range(columns):
            x, y = x0 + c * pitch + off, y0 + r * pitch + off
            d.thin.append(_box(x, y, size, size))
            if c < len(row) and row[c]:
                d.bold.append(_cross(x + 0.6, y + 0.6, size - 1.2, size - 1.2))


def box(d: Drawing, x: float, y: float, w: float, h: float, *, bold: bool = False) -> None:
    (d.bold if bold else d.thin).append(_box(x, y, w, h))


def hline(d: Drawing, x: float, y: float, w: float, *, bold: bool = False) -> None:
    (d.bold if bold else d.thin).append(f"M{x:.2f} {y:.2f}h{w:.2f}")


def ruled_lines(count: int, *, width: float = 186.0, pitch: float = 7.0) -> str:
    """Lines to write on (observations)."""
    d = "".join(f"M0 {pitch * (i + 1) - 0.5:.2f}h{width:.2f}" for i in range(count))
    return _svg(width, pitch * count, f'<path {STROKE} stroke-width="0.2" d="{d}"/>')


def signature_lines(count: int, *, width: float = 186.0, gap: float = 8.0) -> str:
    each = (width - gap * (count - 1)) / count
    d = "".join(f"M{i * (each + gap):.2f} 9.5h{each:.2f}" for i in range(count))
    return _svg(width, 10, f'<path {STROKE} stroke-width="0.3" d="{d}"/>')


def _runs(row: Iterable[bool]) -> Iterable[tuple[int, int]]:
    start = None
    cells = list(row)
    for i, dark in enumerate([*cells, False]):
        if dark and start is None:
            start = i
        elif not dark and start is not None:
            yield start, i - start
            start = None


def _qr_matrix(data: str) -> list[list[bool]]:
    qr = qrcode.QRCode(border=1, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    matrix: list[list[bool]] = qr.get_matrix()
    return matrix


def qr_into(drawing: Drawing, data: str, x0: float, y0: float, size: float) -> None:
    """A QR code drawn into ``drawing`` as filled runs (merged runs: a short path)."""
    matrix = _qr_matrix(data)
    m = size / len(matrix)
    # Each run of dark modules is one stroke as thick as a module: 3 numbers, not 6.
    runs = drawing.pattern([], m)
    runs.extend(
        f"M{x0 + x * m:.3f} {y0 + (y + 0.5) * m:.3f}h{length * m:.3f}"
        for y, row in enumerate(matrix)
        for x, length in _runs(row)
    )


def qr_code(data: str, *, size: float = 26.0) -> str:
    """A QR code as one filled SVG path."""
    matrix = _qr_matrix(data)
    n = len(matrix)
    d = "".join(f"M{x} {y}h{length}v1h{-length}z" for y, row in enumerate(matrix) for x, length in _runs(row))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{size}mm" '
        f'viewBox="0 0 {n} {n}" shape-rendering="crispEdges"><path fill="#000" d="{d}"/></svg>'
    )
