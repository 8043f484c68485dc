"""HTML → PDF: the only module of Tenteio that imports WeasyPrint.

Each ``render_<doc>_pdf`` takes the plain page data built by ``printing.documents`` and
returns the PDF bytes of those pages. The templates are in ``templates/printing/``; they
use the system's DejaVu fonts (every pt-BR accent is in them) and draw grids, brackets
and boxes as inline SVG, which WeasyPrint lays out far faster than tables or flex boxes
(measured here: a table-heavy súmula 120–340 ms, the SVG grid 27 ms). Súmulas go
further: the form is rendered once and laid under each page (``sumula_form``,
``overlay``), so a page in a chunk costs about 2× the minimal one-page document.
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

from printing import overlay  # noqa: E402
from printing.documents import sumula_form  # noqa: E402


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


INLINE_PAGES = 2  # up to this many pages and no form at hand: one document, not two
_FORMS: dict[str, bytes] = {}  # form HTML -> its PDF, kept by the process


def render_sumulas_pdf(
    header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
) -> bytes:
    """One page per jogo. ``units`` carry their page number (``page``) in the whole batch.

    Each page is what its jogo fills in, over the form of the modality. The form is
    rendered once per process (it names no job and no date) and drawn under every page
    (``printing.overlay``); a page or two with no form at hand carry it inline instead,
    which costs less than rendering it apart.
    """
    form = sumula_form.form(meta)
    pages = [sumula_form.page(meta, form, u) for u in units]
    layer = {
        "tournament": header["tournament"],
        "meta": meta,
        "F": form["css"],
        "drawing": form["drawing"],
        "partidas": form["partidas"],
        "endings": form["endings"],
    }
    form_html = render_to_string("printing/sumula_form.html", layer)
    forms = _FORMS.get(form_html)
    inline = forms is None and len(pages) <= INLINE_PAGES
    fill = _render(
        "printing/sumulas.html",
        header,
        **layer,
        units=pages,
        paged=True,
        total_pages=total_pages,
        inline=inline,
    )
    if inline:
        return fill
    if forms is None:
        forms = html_to_pdf(form_html)
        if len(_FORMS) >= 8:  # a worker serves a few tournaments at a time
            _FORMS.pop(next(iter(_FORMS)))
        _FORMS[form_html] = forms
    return overlay.under(fill, forms, [p["forms"] for p in pages])


def clear_caches() -> None:
    """Forget the rendered forms (the benchmark measures a worker's first chunk)."""
    _FORMS.clear()


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
