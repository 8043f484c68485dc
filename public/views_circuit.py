"""A circuit's public page (``/circuito/<slug>/``): its rankings of equipes, jogadores and
entidades, each line's points per etapa (those best N leaves out shown apart), total,
position («dividido» when shared) and what decided each tie; with downloads as CSV (one
ranking), XLSX (the three) and the ``tenteio-circuit/1`` JSON (``circuits.export``).

Not in the public cache (``public.caching`` keys a page by one tournament's revision; a
circuit reads many): served as rendered, ``Cache-Control: public, max-age=1`` for an
anonymous visitor, as the cached pages are. A private circuit is a 404 to anyone but its
organizers.

The page refreshes itself (``static/js/live.js``) by polling ``/circuito/<slug>/revisao.json``
(:func:`circuit_revision_json`), whose number moves with a change of any etapa's
tournament or of the circuit itself (``circuits.selectors.circuit_revision``), answered
with an ``ETag`` so an unchanged number costs a 304.
"""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from circuits.explain_text import ranking_section
from circuits.export import circuit_databook, circuit_document, ranking_dataset
from circuits.models import Circuit, CircuitLots
from circuits.permissions import can_manage_circuit, can_view_circuit
from circuits.selectors import circuit_ranking, circuit_rankings, circuit_revision
from rules.circuit import bands_of

Ranking = CircuitLots.Ranking
CACHE_CONTROL = "public, max-age=1"


def _download(data: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export(circuit: Circuit, fmt: str, ranking: str) -> HttpResponse:
    """The download ``fmt`` (csv, xlsx, json) of the circuit; 404 for another."""
    if fmt == "json":
        data = json.dumps(circuit_document(circuit), ensure_ascii=False, indent=2) + "\n"
        return _download(data, "application/json; charset=utf-8", f"{circuit.slug}.json")
    if fmt == "xlsx":
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        return _download(circuit_databook(circuit).export("xlsx"), content_type, f"{circuit.slug}.xlsx")
    if fmt == "csv":
        if ranking not in Ranking.values:
            raise Http404
        table = circuit_ranking(circuit, ranking)
        data = ranking_dataset(table, circuit.name).export("csv")
        return _download(data, "text/csv; charset=utf-8", f"{circuit.slug}-{ranking}.csv")
    raise Http404


@require_safe
def circuit_page(request: HttpRequest, slug: str) -> HttpResponse:
    circuit = get_object_or_404(Circuit, slug=slug)
    if not can_view_circuit(request.user, circuit):
        raise Http404
    fmt = request.GET.get("_export")
    if fmt:
        return export(circuit, fmt, request.GET.get("ranking") or Ranking.TEAMS)
    tables = circuit_rankings(circuit)
    columns = tables[Ranking.TEAMS].columns
    table = circuit.table()
    context = {
        "circuit": circuit,
        "columns": columns,
        "sections": [ranking_section(r, t) for r, t in tables.items()],
        "bands": bands_of(table),
        "participation": table.participation,
        "can_manage": can_manage_circuit(request.user, circuit),
        "title": _("Classificação do circuito"),
    }
    response = render(request, "public/circuit.html", context)
    if not request.user.is_authenticated:
        response["Cache-Control"] = CACHE_CONTROL
    return response


def _matches(request: HttpRequest, etag: str) -> bool:
    asked = request.headers.get("If-None-Match", "")
    return any(tag.strip().removeprefix("W/") in (etag.removeprefix("W/"), "*") for tag in asked.split(","))


@require_safe
def circuit_revision_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The number the circuit page's live refresh polls (``{"revision": "..."}``): one
    query for an anonymous visitor of a public circuit; a matching ``If-None-Match`` is
    a 304. A private circuit is a 404 to anyone but its organizers, as its page is."""
    found = circuit_revision(slug)
    if found is None or not can_view_circuit(request.user, found.circuit):
        raise Http404
    etag = f'W/"{found.revision}"'
    response: HttpResponse
    if _matches(request, etag):
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"revision": found.revision})
    response["ETag"] = etag
    if not request.user.is_authenticated and found.circuit.is_public:
        response["Cache-Control"] = CACHE_CONTROL
    return response
