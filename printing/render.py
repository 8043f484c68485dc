"""HTML → PDF: the only module of Tenteio that imports WeasyPrint.

Each renderer (``RENDERERS``) takes the plain page data built by ``printing.documents`` and
returns the PDF bytes of those pages. The templates are in ``templates/printing/``; they
use the system's DejaVu fonts (every pt-BR accent is in them) and draw grids, brackets
and boxes as inline SVG, which WeasyPrint lays out far faster than tables or flex boxes
(measured here: a table-heavy súmula 120–340 ms, the SVG grid 27 ms). Súmulas go
further: the form is rendered once and laid under each page (``sumula_form``,
``overlay``), so a page in a chunk costs about 2× the minimal one-page document.

Names typed by organizers or imported reach the pages only as escaped HTML, never CSS
(the margin boxes show running elements). Whatever a page asks for, WeasyPrint fetches
it through :class:`ProjectFetcher`: the project's own static images and style sheets
and small ``data:`` images (the QR codes), nothing else — no file of the machine, no
address on the network.
"""

from __future__ import annotations

import base64
import logging
import mimetypes
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote, urljoin

from django.conf import settings
from django.template.loader import render_to_string

# WeasyPrint logs every layout step at INFO (even at import); a batch would flood the log.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

from weasyprint import HTML  # noqa: E402
from weasyprint.urls import URLFetcher, URLFetcherResponse  # noqa: E402

from printing import overlay  # noqa: E402
from printing.documents import sumula_form  # noqa: E402

# The documents' base URL: a host that never resolves (RFC 2606). A template names a
# static file with {% static %}, which the fetcher maps to the file under its static
# folders; nothing under this name ever goes to the network.
BASE_URL = "https://tenteio.invalid/"
DATA_LIMIT = 64 * 1024  # characters of a data: URL (a QR code is about 1 KB)
STATIC_LIMIT = 2 * 1024 * 1024  # bytes of a static file
DATA_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
STATIC_TYPES = DATA_TYPES | {"image/svg+xml", "text/css"}
# Control characters of a stored name would print as empty boxes; shown as spaces.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class RefusedURL(ValueError):
    """A URL the PDF engine does not fetch (WeasyPrint logs it and draws nothing)."""


def static_base() -> str:
    """The URL prefix of static files in a document (``{% static %}`` after BASE_URL)."""
    return urljoin(BASE_URL, settings.STATIC_URL or "/static/")


def _static_roots() -> list[tuple[str, Path]]:
    """(URL prefix, folder) of each static folder: STATICFILES_DIRS, then STATIC_ROOT."""
    roots = []
    for entry in settings.STATICFILES_DIRS:
        prefix, folder = entry if isinstance(entry, (tuple, list)) else ("", entry)
        roots.append((f"{prefix.strip('/')}/" if prefix else "", Path(folder)))
    if settings.STATIC_ROOT:
        roots.append(("", Path(settings.STATIC_ROOT)))
    return roots


def static_file(name: str) -> Path | None:
    """The file a static URL path names, inside one of the static folders (no ``..``,
    no absolute path, no symbolic link leading out), or None."""
    if not name or name.startswith("/") or "\\" in name or "\x00" in name:
        return None
    if any(part in (".", "..") for part in PurePosixPath(name).parts):
        return None
    for prefix, folder in _static_roots():
        if not name.startswith(prefix):
            continue
        root = folder.resolve()
        path = (root / name[len(prefix) :]).resolve()
        if path.is_relative_to(root) and path.is_file():
            return path
    return None


class ProjectFetcher(URLFetcher):  # type: ignore[misc]
    """WeasyPrint's URL fetcher for Tenteio's documents: static files of the project
    (images and style sheets, up to STATIC_LIMIT) and ``data:`` images up to DATA_LIMIT
    characters; every other URL — ``file:``, ``http(s):``, any other scheme, a static
    path leading out of the static folders — is refused with :class:`RefusedURL`."""

    def __init__(self) -> None:
        super().__init__(timeout=1, allowed_protocols=(), allow_redirects=False)

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if url[:5].lower() == "data:":
            return self._data(url)
        base = static_base()
        if url.startswith(base):
            return self._static(url, unquote(url[len(base) :].split("?")[0].split("#")[0]))
        raise RefusedURL(f"endereço recusado pelo gerador de PDF: {url[:120]}")

    def _data(self, url: str) -> URLFetcherResponse:
        if len(url) > DATA_LIMIT:
            raise RefusedURL(f"imagem data: grande demais ({len(url)} caracteres; máximo {DATA_LIMIT})")
        header, comma, payload = url[5:].partition(",")
        kind = header.split(";")[0].strip().lower()
        if not comma or kind not in DATA_TYPES:
            raise RefusedURL(f"data: recusado pelo gerador de PDF: {header[:60]}")
        body = base64.b64decode(unquote(payload), validate=True) if header.endswith(";base64") else b""
        if not body:
            raise RefusedURL("data: sem imagem em base64")
        return URLFetcherResponse(url, body, {"Content-Type": kind})

    def _static(self, url: str, name: str) -> URLFetcherResponse:
        kind = mimetypes.guess_type(name)[0]
        path = static_file(name) if kind in STATIC_TYPES else None
        if path is None or path.stat().st_size > STATIC_LIMIT:
            raise RefusedURL(f"arquivo estático recusado pelo gerador de PDF: {name[:120]}")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})


FETCHER = ProjectFetcher()


def html_to_pdf(html: str) -> bytes:
    pdf: bytes = HTML(string=CONTROL.sub(" ", html), base_url=BASE_URL, url_fetcher=FETCHER).write_pdf()
    return pdf


def _render(template: str, header: dict[str, Any], **context: Any) -> bytes:
    return html_to_pdf(render_to_string(template, {**header, **context}))


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
        # On the form's first line, whitespace (a line break too) as single spaces.
        "tournament": sumula_form.fit(
            " ".join(str(header["tournament"]).split()), sumula_form.TOURNAMENT_CHARS
        ),
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


Renderer = Callable[..., bytes]


def _document(template: str, *, paged: bool) -> Renderer:
    """The renderer of a document whose units go to ``template`` as they are: ``paged``
    (each unit carries its page number for the margin box) or flowing (WeasyPrint counts
    the pages)."""

    def render(
        header: dict[str, Any], meta: dict[str, Any], units: list[dict[str, Any]], *, total_pages: int
    ) -> bytes:
        return _render(template, header, meta=meta, units=units, paged=paged, total_pages=total_pages)

    return render


RENDERERS: dict[str, Renderer] = {
    "sumulas": render_sumulas_pdf,
    "teams": render_teams_pdf,
    # Pages already laid out by printing.documents.bracket, one unit a page.
    "bracket": _document("printing/bracket.html", paged=True),
    # Standings per chave and the qualification table of each stage.
    "standings": _document("printing/standings.html", paged=False),
    # The schedule per rodada, then per mesa.
    "schedule": _document("printing/schedule.html", paged=False),
    # A Swiss phase's emparceiramentos, a rodada a page (printing.documents.swiss).
    "pairings": _document("printing/pairings.html", paged=False),
    # A circuit's rankings (printing.documents.circuit, a job of printing.circuit_jobs),
    # one unit a ranking, landscape when the etapas would not fit across a portrait page.
    "circuit": _document("printing/circuit.html", paged=False),
}
