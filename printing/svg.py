"""Inline SVG for the printed pages: tally grids, mark boxes and rules (QR codes: core.qr).

Measured with WeasyPrint 70: every SVG element and every number of a path costs layout
and drawing time, so a page's drawing is a few ``<path>`` elements (one per stroke style)
and carries no text; the labels live in the surrounding HTML. Units are millimetres
(``viewBox`` in mm).
"""

from __future__ import annotations

from collections.abc import Sequence

STROKE = 'fill="none" stroke="#000"'
THIN = f'{STROKE} stroke-width="0.25"'
BOLD = f'{STROKE} stroke-width="0.6"'
DASHED = f'{STROKE} stroke-width="0.5" stroke-dasharray="1 0.8"'


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
    """Path data collected for one page-sized SVG: one ``<path>`` per stroke style.

    A whole súmula layer is one SVG behind the text: WeasyPrint pays a fixed price per
    SVG element and per ``<path>``, far more than per path command.
    """

    def __init__(self) -> None:
        self.paths: dict[str, list[str]] = {}

    @property
    def thin(self) -> list[str]:
        return self.paths.setdefault(THIN, [])

    @property
    def bold(self) -> list[str]:
        return self.paths.setdefault(BOLD, [])

    @property
    def dashed(self) -> list[str]:
        return self.paths.setdefault(DASHED, [])

    def pattern(self, dashes: Sequence[float], stroke: float, color: str = "#000") -> list[str]:
        dash = f' stroke-dasharray="{" ".join(f"{v:.2f}" for v in dashes)}"' if dashes else ""
        return self.paths.setdefault(f'fill="none" stroke="{color}" stroke-width="{stroke:.3f}"{dash}', [])

    def svg(self, width: float, height: float) -> str:
        paths = self.paths.items()
        return _svg(width, height, "".join(f'<path {s} d="{"".join(p)}"/>' for s, p in paths if p))


GROUP = 3  # the rulebook places the tentos "três a três"
GROUP_GAP, HALF_GAP, ROW_GAP, EDGE = 1.6, 5.0, 1.6, 0.25


def grid_size(target: int, split: int | None, width: float, size_cap: float) -> float:
    """The side of a tally box for ``target`` tentos drawn ``width`` mm wide."""
    halves = [split, target - split] if split and 0 < split < target else [target]
    groups = sum(-(-n // GROUP) for n in halves)
    size = (width - GROUP_GAP * (groups - len(halves)) - HALF_GAP * (len(halves) - 1)) / target
    return min(size, size_cap)


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
    boxes: bool = True,
) -> float:
    """Two rows (side A, side B) of ``target`` boxes in groups of three, malos and buenos
    apart; the first ``scores[i]`` boxes of a row are shaded (a homologated result);
    ``ladder`` underlines the boxes of the truco ladder (3, 6, 9, 12). With
    ``boxes=False`` only the shading is drawn (over a grid drawn once per chunk).
    Returns the box size.

    Drawn with dash patterns: a row's vertical edges are one thick dashed stroke and its
    horizontal edges two dashed strokes, so a grid costs a dozen path commands instead of
    one rectangle per box (WeasyPrint parses every number of a path in Python).
    """
    halves = [split, target - split] if split and 0 < split < target else [target]
    size = grid_size(target, split, width, size_cap)
    period = GROUP * size + GROUP_GAP
    x = x0
    counted = 0
    for n in halves:
        whole, rest = divmod(n, GROUP)
        length = whole * period - GROUP_GAP
        for row in range(2):
            y = y0 + row * (size + ROW_GAP)
            if boxes:
                _row_boxes(d, x, y, size, whole, rest, length)
            filled = min(max((scores[row] or 0) - counted, 0), n)
            if filled:
                run = (
                    (filled // GROUP) * period
                    + (filled % GROUP) * size
                    - 1.2
                    - (0 if filled % GROUP else GROUP_GAP)
                )
                shade = d.pattern(
                    [size - 1.2, 1.2] * (GROUP - 1) + [size - 1.2, GROUP_GAP + 1.2], size - 1.2, "#777"
                )
                shade.append(f"M{x + 0.6:.2f} {y + size / 2:.2f}h{run:.2f}")
        if boxes:
            for value in ladder:
                if counted < value <= counted + n:
                    i = value - counted - 1
                    bx = x + (i // GROUP) * period + (i % GROUP) * size
                    d.bold.append(f"M{bx:.2f} {y0 + 2 * size + ROW_GAP + 0.6:.2f}h{size:.2f}")
        x += whole * period + rest * size + (HALF_GAP - GROUP_GAP if whole and not rest else HALF_GAP)
        counted += n
    if boxes and len(halves) == 2:
        sx = x0 + (halves[0] // GROUP) * period - GROUP_GAP + HALF_GAP / 2
        d.dashed.append(f"M{sx:.2f} {y0 - 0.5:.2f}v{2 * size + ROW_GAP + 1:.2f}")
    return size


def _row_boxes(d: Drawing, x: float, y: float, size: float, whole: int, rest: int, length: float) -> None:
    period = GROUP * size + GROUP_GAP
    if whole:
        horizontal = d.pattern([GROUP * size + EDGE / 2, GROUP_GAP - EDGE / 2], EDGE)
        vertical = d.pattern(
            [EDGE, size - EDGE] * (GROUP - 1) + [EDGE, period - (GROUP - 1) * size - EDGE], size
        )
        horizontal.append(f"M{x:.2f} {y:.2f}h{length:.2f}M{x:.2f} {y + size:.2f}h{length:.2f}")
        vertical.append(f"M{x - EDGE / 2:.2f} {y + size / 2:.2f}h{length + EDGE:.2f}")
    for k in range(rest):  # a target that is not a multiple of three
        d.thin.append(_box(x + whole * period + k * size, y, size, size))


def mark_boxes(
    d: Drawing,
    x0: float,
    y0: float,
    rows: Sequence[Sequence[bool]],
    columns: int,
    *,
    pitch: float = 5.0,
    boxes: bool = True,
) -> None:
    """``columns`` boxes per row (who played each partida); True is marked with a cross.
    With ``boxes=False`` only the crosses are drawn. A row of boxes is three dashed
    strokes (like :func:`tally_grid`), not one rectangle per box."""
    size = pitch * 0.72
    off = (pitch - size) / 2
    length = (columns - 1) * pitch + size
    if boxes and rows and columns:
        horizontal = d.pattern([size, pitch - size], EDGE)
        vertical = d.pattern([EDGE, size - EDGE, EDGE, pitch - size - EDGE], size)
    for r, row in enumerate(rows):
        x, y = x0 + off, y0 + r * pitch + off
        if boxes and columns:
            horizontal.append(f"M{x:.2f} {y:.2f}h{length:.2f}M{x:.2f} {y + size:.2f}h{length:.2f}")
            vertical.append(f"M{x - EDGE / 2:.2f} {y + size / 2:.2f}h{length + EDGE:.2f}")
        for c in range(min(columns, len(row))):
            if row[c]:
                d.bold.append(_cross(x + c * pitch + 0.6, y + 0.6, size - 1.2, size - 1.2))


def cross(d: Drawing, x: float, y: float, size: float) -> None:
    """A cross inside the box of side ``size`` at (x, y): a marked option."""
    d.bold.append(_cross(x + 0.5, y + 0.5, size - 1.0, size - 1.0))


def box(d: Drawing, x: float, y: float, w: float, h: float, *, bold: bool = False) -> None:
    (d.bold if bold else d.thin).append(_box(x, y, w, h))


def hline(d: Drawing, x: float, y: float, w: float, *, bold: bool = False) -> None:
    (d.bold if bold else d.thin).append(f"M{x:.2f} {y:.2f}h{w:.2f}")
