"""HTML → PDF: the only module of Tenteio that imports WeasyPrint.

Each ``render_<doc>_pdf`` takes the plain page data built by ``printing.documents`` and
returns the PDF bytes of those pages. The templates are in ``templates/printing/``; they
use the system's DejaVu fonts (every pt-BR accent is in them) and draw grids, brackets
and QR codes as inline SVG, which WeasyPrint lays out far faster than tables or flex
boxes (RULES of thumb measured here: a table-heavy súmula 120–340 ms, the SVG grid 27 ms).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string

# WeasyPrint logs every layout step at INFO (even at import); a batch would flood the log.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

from weasyprint import HTML  # noqa: E402

from printing.documents import sumulas  # noqa: E402


def html_to_pdf(html: str) -> bytes:
    # base_url lets a template name a static file (a logo) by a relative path.
    pdf: bytes = HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
    return pdf


def css_string(text: str) -> str:
    """``text`` as the inside of a CSS string in a <style> element (@page margin boxes):
    the HTML escaping of templates does not apply there."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("<", "\\3C ")


def _render(template: str, header: dict[str, Any], **context: Any) -> bytes:
    margins = {
        f"css_{key}": css_string(str(header.get(key, ""))) for key in ("tournament", "title", "generated")
    }
    return html_to_pdf(render_to_string(template, {**header, **margins, **context}))


def render_sumulas_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """One page per jogo. ``units`` carry their page number (``page``) in the whole batch."""
    pages = [sumulas.decorate(meta, u) for u in units]
    return _render(
        "printing/sumulas.html",
        header,
        meta=meta,
        units=pages,
        paged=True,
        total_pages=total_pages,
        L=sumulas.LAYOUT,
    )


def render_teams_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """Team cards, ``meta["per_page"]`` to a page; units carry their ``page``."""
    per_page = int(meta["per_page"])
    sheets = [units[i : i + per_page] for i in range(0, len(units), per_page)]
    return _render(
        "printing/teams.html", header, meta=meta, sheets=sheets, paged=True, total_pages=total_pages
    )


def render_bracket_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """Bracket pages already laid out by ``printing.documents.bracket`` (one unit a page)."""
    return _render(
        "printing/bracket.html", header, meta=meta, units=units, paged=True, total_pages=total_pages
    )


def render_standings_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """Standings per chave and the qualification table of each stage (pages flow)."""
    return _render("printing/standings.html", header, meta=meta, units=units, paged=False)


def render_schedule_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """The schedule per rodada, then per mesa (pages flow)."""
    return _render("printing/schedule.html", header, meta=meta, units=units, paged=False)


Renderer = Callable[..., bytes]

RENDERERS: dict[str, Renderer] = {
    "sumulas": render_sumulas_pdf,
    "teams": render_teams_pdf,
    "bracket": render_bracket_pdf,
    "standings": render_standings_pdf,
    "schedule": render_schedule_pdf,
}
