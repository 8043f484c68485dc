"""SVG → PNG: the only module of Tenteio that imports CairoSVG (as ``printing.render``
alone imports WeasyPrint).

The pictures to share (``public.pictures``) are SVG documents made by Django templates
from the same data as the pages; this turns one into PNG bytes. Text is drawn with the
system's DejaVu fonts through fontconfig (Debian: ``fonts-dejavu-core``, ``libcairo2``).
Nothing is fetched while drawing: the templates reference no file, and the URL fetcher
refuses every address, so a name typed by an organizer can never make the server read a
file or open a connection.
"""

from __future__ import annotations

from typing import Any

from cairosvg.surface import PNGSurface


class RefusedURL(ValueError):
    """An address a picture asked for: pictures fetch nothing."""


def _refuse(url: str, *args: Any, **kwargs: Any) -> Any:
    raise RefusedURL(url)


def png(svg: str) -> bytes:
    """The PNG of ``svg`` at the size its root element gives (1 px per user unit)."""
    # ``svg2png`` takes no URL fetcher; the surface's ``convert`` hands it to the parser.
    out = PNGSurface.convert(bytestring=svg.encode("utf-8"), url_fetcher=_refuse, unsafe=False)
    assert isinstance(out, bytes)
    return out
