"""How the share pictures draw a bracket's tree (``public.pictures.bracket_picture`` and,
for a double elimination, ``public.pictures_double``): rodadas as columns of jogo boxes
spread over a band of the picture, each box linked to the jogo its winner plays next,
and each box's two sides fitted to its width with the partidas each side won."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from knockout.selectors import Slot, SlotTeam
from public.pictures_frame import MARGIN, WIDTH, sized, text_width
from public.pictures_frame import fit as fit_text

COLUMN_GAP = 44
SLOT_GAP = 10  # between two boxes of a column, at its fullest


def font_size(columns: int) -> int:
    """The type size of a tree of ``columns`` rodadas across the picture."""
    width = column_width(columns)
    return 26 if width >= 300 else (22 if width >= 220 else 19)


def column_width(columns: int) -> float:
    return (WIDTH - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns


def band_height(rounds: list[list[Slot]], size: int) -> int:
    """The height the tree's fullest column needs at ``size``."""
    return max(len(level) for level in rounds) * (2 * (size + 12) + SLOT_GAP)


def tree(
    rounds: list[list[Slot]],
    names: list[str],
    top: float,
    body: float,
    titles_y: int,
    size: int,
    across: int = 0,
) -> list[dict[str, Any]]:
    """The columns of the tree drawn in the band from ``top``, ``body`` high, each
    column's title on ``titles_y``, its columns as wide as ``across`` columns would be
    (as many as it has when 0). A box is linked to the box of the next column its
    rodada feeds: the jogo of half its index when the next rodada has half the jogos, the
    jogo of the same index when it has as many (a repescagem's rodada that brings in the
    losers of the chave dos vencedores)."""
    columns = len(rounds)
    col_w = column_width(max(across, columns))
    line_h = size + 12
    box_h = 2 * line_h
    cols = []
    for c, (level, name) in enumerate(zip(rounds, names, strict=True)):
        x = MARGIN + c * (col_w + COLUMN_GAP)
        slots = []
        for j, slot in enumerate(level):
            centre = top + (j + 0.5) * body / len(level)
            box = _box(slot, x, centre - box_h / 2, col_w, line_h, size)
            if c + 1 < columns and rounds[c + 1]:
                ahead = len(rounds[c + 1])
                following = top + (j * ahead // len(level) + 0.5) * body / ahead
                middle = x + col_w + COLUMN_GAP / 2
                end = x + col_w + COLUMN_GAP
                box["path"] = f"M{x + col_w:.1f},{centre:.1f} H{middle:.1f} V{following:.1f} H{end:.1f}"
            slots.append(box)
        title_text, title_size = sized(name, col_w, (22, 19, 16))
        cols.append(
            {
                "x": round(x),
                "title": title_text,
                "title_size": title_size,
                "title_y": titles_y,
                "slots": slots,
            }
        )
    return cols


def box(slot: Slot, x: float, y: float, width: float, size: int) -> dict[str, Any]:
    """One jogo's box with its top left corner at (x, y)."""
    return _box(slot, x, y, width, size + 12, size)


def _box(slot: Slot, x: float, y: float, width: float, line_h: int, size: int) -> dict[str, Any]:
    won = _partidas(slot)
    sides = []
    for k, (team, pending, count) in enumerate(
        ((slot.team_a, slot.pending_a, won[0]), (slot.team_b, slot.pending_b, won[1]))
    ):
        side = _side(slot, team, pending, count, width, size)
        top = round(y + k * line_h)
        sides.append({**side, "base": round(top + line_h * 0.68), "bar_y": top + 4, "bar_h": line_h - 8})
    return {
        "x": round(x),
        "y": round(y),
        "w": round(width),
        "h": 2 * line_h,
        "right": round(x + width),
        "text_x": round(x + 16),
        "count_x": round(x + width - 12),
        "sides": sides,
        "mid": round(y + line_h),
    }


def _side(
    slot: Slot,
    team: SlotTeam | None,
    pending: bool,
    count: str,
    width: float,
    size: int,
) -> dict[str, Any]:
    if team is not None:
        name = team.name
    elif slot.bye:
        name = _("chapéu")
    else:
        name = "—" if not pending else _("a definir")
    final = slot.winner is not None and not slot.pending
    shown = count if final else ""
    room = width - 20 - (text_width(shown, size, True) + 12 if shown else 0)
    won = final and team is not None and slot.winner == team.key
    return {
        "name": fit_text(name, size, room, bold=won),
        "won": won,
        "empty": team is None,
        "count": shown,
    }


def _partidas(slot: Slot) -> tuple[str, str]:
    """The partidas each side won, from the scores shown (a W.O. has none)."""
    if not slot.games:
        return ("", "")
    a = b = 0
    for score in slot.games:
        left, _sep, right = score.partition("–")
        try:
            x, y = int(left), int(right)
        except ValueError:
            continue
        a, b = a + (x > y), b + (y > x)
    return (str(a), str(b))
