"""What every share picture has (``public.pictures``, ``public.pictures_swiss``): its
width, the band on top with the tournament's name and the picture's title, the footer,
and text fitted to a box, measured with the DejaVu font the picture is drawn with."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from PIL import ImageFont

from core import words
from tournaments.models import Tournament

WIDTH = 1200
OG_HEIGHT = 630  # Open Graph and WhatsApp previews: 1200 × 630 (1.91:1)
HEADER = 150  # the band with the tournament's name and the picture's title
FOOTER = 64
MARGIN = 48
ELLIPSIS = "…"
CLOCK_REVISIONS = 10**15  # a revision above this is a time in microseconds (tournaments.revision)


@functools.lru_cache(maxsize=32)
def _font(size: int, bold: bool) -> Any:
    try:
        return ImageFont.truetype("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf", size)
    except OSError:  # no DejaVu: measured roughly, as DejaVu's average glyph
        return None


def text_width(text: str, size: int, bold: bool = False) -> float:
    font = _font(size, bold)
    return float(font.getlength(text)) if font is not None else len(text) * size * 0.62


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut to ``width`` pixels at ``size`` (an ellipsis where it was cut)."""
    if text_width(text, size, bold) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its ellipsis
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def sized(text: str, width: float, sizes: tuple[int, ...], bold: bool = True) -> tuple[str, int]:
    """The largest of ``sizes`` at which ``text`` fits whole, else the smallest, cut."""
    for size in sizes:
        if text_width(text, size, bold) <= width:
            return text, size
    return fit(text, sizes[-1], width, bold), sizes[-1]


def as_of(revision: int) -> datetime | None:
    """When what a picture shows last changed: a public revision is never less than the
    clock in microseconds at its change (``tournaments.revision.bump``)."""
    if revision < CLOCK_REVISIONS:
        return None
    return timezone.localtime(
        datetime.fromtimestamp(revision / 1_000_000, tz=timezone.get_current_timezone())
    )


def _when(revision: int) -> str:
    changed = as_of(revision)
    return _("situação de %(when)s") % {"when": changed.strftime("%d/%m/%Y %H:%M")} if changed else ""


def frame(t: Tournament, title: str, height: int, revision: int, address: str) -> dict[str, Any]:
    """What every picture has: its size, the tournament's name and the picture's title
    in the band on top, the event's date and place and the time of the data below."""
    name, name_size = sized(t.name, WIDTH - 2 * MARGIN, (44, 38, 32))
    place = " · ".join(p for p in (t.date.strftime("%d/%m/%Y") if t.date else "", t.venue or "") if p)
    place = place or words.modality_name(t)
    return {
        "width": WIDTH,
        "height": height,
        "name": name,
        "name_size": name_size,
        "title": fit(title, 30, WIDTH - 2 * MARGIN),
        "place": fit(place, 20, 700),
        "note": " · ".join(note for note in (_when(revision), _("súmulas homologadas")) if note),
        "address": fit(address, 18, 380),
        "footer_y": height - FOOTER,
        "body_top": HEADER,
    }
