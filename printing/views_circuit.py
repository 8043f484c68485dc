"""The PDF of a circuit's rankings, rendered on request and downloaded.

Not a print job: ``printing.models.PrintJob`` belongs to one tournament, and a circuit's
ranking is a few pages (one line per team, player and entity), rendered in about the
time of a standings chunk. Only the circuit's organizers may ask for it (a PDF costs
a worker's second; the public page and its CSV/XLSX/JSON are for everyone).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from circuits.models import Circuit
from circuits.permissions import can_manage_circuit
from printing.documents.circuit import circuit_ranking_pages


@login_required
@require_safe
def circuit_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    circuit = get_object_or_404(Circuit, slug=slug)
    if not can_manage_circuit(request.user, circuit):
        raise PermissionDenied(gettext("Somente a organização do circuito pode imprimir a classificação."))
    from printing.render import render_circuit_pdf  # WeasyPrint loads only where PDFs are made

    pdf = render_circuit_pdf(circuit_ranking_pages(circuit))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="circuito-{circuit.slug}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response
