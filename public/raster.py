"""SVG → PNG: the only module of Tenteio that imports CairoSVG (as ``printing.render``
alone imports WeasyPrint).

The pictures to share (``public.pictures``) are SVG documents made by Django templates
from the same data as the pages; this turns one into PNG bytes. Text is drawn with the
system's DejaVu fonts through fontconfig (Debian: ``fonts-dejavu-core``, ``libcairo2``).
A character XML does not allow (a control character in a stored name) is drawn as a
space instead of breaking the picture. Nothing is fetched while drawing: the templates
reference no file, and the URL fetcher refuses every address, so a name typed by an
organizer can never make the server read a file or open a connection.
"""

from __future__ import annotations

import re
from typing import Any

from cairosvg.surface import PNGSurface

# Characters XML 1.0 does not allow (a stored name may hold one): drawn as a space.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


class RefusedURL(ValueError):
    """An address a picture asked for: pictures fetch nothing."""


def _refuse(url: str, *args: Any, **kwargs: Any) -> Any:
    raise RefusedURL(url)


def png(svg: str) -> bytes:
    """The PNG of ``svg`` at the size its root element gives (1 px per user unit)."""
    # ``svg2png`` takes no URL fetcher; the surface's ``convert`` hands it to the parser.
    source = NOT_XML.sub(" ", svg).encode("utf-8")
    out = PNGSurface.convert(bytestring=source, url_fetcher=_refuse, unsafe=False)
    assert isinstance(out, bytes)
    return out
