"""A circuit's public page (``/circuito/<slug>/``): its rankings of equipes, jogadores and
entidades, each line's points per etapa (those best N leaves out shown apart), total,
position («dividido» when shared) and what decided each tie; with downloads as CSV (one
ranking), XLSX (the three) and the ``tenteio-circuit/1`` JSON (``circuits.export``).

Two readings (docs/rules.md §3.16): while an etapa is in play the page shows the
**provisional** ranking, that etapa counted with its placings so far and marked «em
andamento» on its column, the whole table «provisória» — what the public follows on a
rodeio's day; ``?ver=final`` shows the ranking of the finished etapas only (the one
sorteios are recorded on). With no etapa in play both are the same page. The downloads
follow the reading shown and say which they are.

In the public cache (``public.caching``) under the circuit's own number
(``circuits.revision``), which moves in the same transaction as anything the page shows;
a private circuit is a 404 to anyone but its organizers. The page refreshes itself
(``static/js/live.js``) by polling ``/circuito/<slug>/revisao.json``
(:func:`circuit_revision_json`), cached the same way, so an unchanged number is a 304.
"""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from circuits.explain_text import ranking_section
from circuits.export import circuit_databook, circuit_document, ranking_dataset
from circuits.models import Circuit, CircuitLots
from circuits.permissions import can_manage_circuit, can_view_circuit
from circuits.revision import circuit_published
from circuits.selectors import circuit_ranking, circuit_rankings
from public.caching import public_page
from rules.circuit import bands_of

Ranking = CircuitLots.Ranking
FINAL = "final"  # ?ver=final: only the finished etapas count


def _download(data: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export(circuit: Circuit, fmt: str, ranking: str, *, provisional: bool = False) -> HttpResponse:
    """The download ``fmt`` (csv, xlsx, json) of the circuit; 404 for another. A
    provisional one says so in its name (``…-provisoria``) and inside."""
    suffix = "-provisoria" if provisional else ""
    name = circuit.slug + suffix
    if fmt == "json":
        document = circuit_document(circuit, provisional=provisional)
        data = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
        return _download(data, "application/json; charset=utf-8", f"{name}.json")
    if fmt == "xlsx":
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        book = circuit_databook(circuit, provisional=provisional)
        return _download(book.export("xlsx"), content_type, f"{name}.xlsx")
    if fmt == "csv":
        if ranking not in Ranking.values:
            raise Http404
        table = circuit_ranking(circuit, ranking, provisional=provisional)
        data = ranking_dataset(table, circuit.name).export("csv")
        return _download(data, "text/csv; charset=utf-8", f"{circuit.slug}-{ranking}{suffix}.csv")
    raise Http404


def reading_of(request: HttpRequest, circuit: Circuit) -> tuple[bool, bool]:
    """(an etapa is in play, the page shows the provisional reading)."""
    in_play = circuit.etapas.filter(placings_complete=False).exists()
    return in_play, in_play and request.GET.get("ver") != FINAL


@require_safe
@public_page("ver", find=circuit_published)
def circuit_page(request: HttpRequest, slug: str) -> HttpResponse:
    circuit = get_object_or_404(Circuit, slug=slug)
    if not can_view_circuit(request.user, circuit):
        raise Http404
    in_play, provisional = reading_of(request, circuit)
    fmt = request.GET.get("_export")
    if fmt:
        return export(circuit, fmt, request.GET.get("ranking") or Ranking.TEAMS, provisional=provisional)
    tables = circuit_rankings(circuit, provisional=provisional)
    columns = tables[Ranking.TEAMS].columns
    table = circuit.table()
    context = {
        "circuit": circuit,
        "columns": columns,
        "sections": [ranking_section(r, t) for r, t in tables.items()],
        "bands": bands_of(table),
        "participation": table.participation,
        "can_manage": can_manage_circuit(request.user, circuit),
        "in_play": in_play,
        "provisional": provisional,
        "reading": "" if provisional or not in_play else f"&ver={FINAL}",
        "revision": circuit.revision,
        "title": _("Classificação provisória do circuito") if provisional else _("Classificação do circuito"),
    }
    return render(request, "public/circuit.html", context)


@require_safe
@public_page(find=circuit_published)
def circuit_revision_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The number the circuit page's live refresh polls (``{"revision": 123}``): for an
    anonymous visitor of a public circuit, the one the cache read (one query; an
    unchanged number is a 304). A private circuit is a 404 to anyone but its organizers,
    as its page is."""
    known = getattr(request, "public_revision", None)
    if known is not None:
        return JsonResponse({"revision": known})
    circuit = get_object_or_404(Circuit, slug=slug)
    if not can_view_circuit(request.user, circuit):
        raise Http404
    return JsonResponse({"revision": circuit.revision})
