"""The PDF of a circuit's rankings, for anyone who may see the circuit (a private one is a
404 to all but its organizers, as its page is): a page to ask for it and follow its
progress, the job's JSON status (polled by ``static/printing/progress.js``; without a
script the page reloads itself while the job runs) and the download.

The PDF is a print job like a tournament's documents (``printing.circuit_jobs``): a
worker renders it, and one job serves every visitor while the circuit does not change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views import View
from django.views.decorators.http import require_safe

from circuits.models import Circuit
from circuits.permissions import can_view_circuit
from core.jobs import JobsUnavailable
from printing.circuit_jobs import circuit_job_current, circuit_job_request
from printing.models import PrintJob
from printing.services import job_status


def _circuit(request: HttpRequest, slug: str) -> Circuit:
    circuit = get_object_or_404(Circuit, slug=slug)
    if not can_view_circuit(request.user, circuit):
        raise Http404
    return circuit


def _job(circuit: Circuit, job_id: int) -> PrintJob:
    return get_object_or_404(PrintJob, pk=job_id, circuit=circuit)


def _status(circuit: Circuit, job: PrintJob) -> dict[str, Any]:
    data = job_status(job)
    data["title"] = gettext("Classificação do circuito")
    data["status_url"] = reverse("printing:circuit_status", args=[circuit.slug, job.pk])
    ready = data["ready"]
    data["download_url"] = (
        reverse("printing:circuit_download", args=[circuit.slug, job.pk]) if ready else None
    )
    return data


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


class CircuitPdfView(View):
    """GET: the circuit's current PDF (ready, under way, or a button to make it);
    POST: make it (or hand out the one already made or under way)."""

    def page(
        self, request: HttpRequest, circuit: Circuit, error: str = "", status: int = 200
    ) -> HttpResponse:
        job = circuit_job_current(circuit)
        context = {"circuit": circuit, "job": _status(circuit, job) if job else None, "error": error}
        response = render(request, "printing/circuit_page.html", context, status=status)
        response["Cache-Control"] = "no-store"  # the job's state, and a form with its token
        return response

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request, _circuit(request, slug))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        circuit = _circuit(request, slug)
        try:
            job, _created = circuit_job_request(circuit=circuit, user=request.user)
        except JobsUnavailable as exc:
            if _wants_json(request):
                return JsonResponse({"error": str(exc)}, status=503)
            return self.page(request, circuit, str(exc), status=503)
        if _wants_json(request):
            return JsonResponse(_status(circuit, job), status=202)
        return redirect(reverse("printing:circuit_pdf", args=[slug]) + f"#job-{job.pk}")


@require_safe
def circuit_job_status(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    circuit = _circuit(request, slug)
    response = JsonResponse(_status(circuit, _job(circuit, job_id)))
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def circuit_job_download(request: HttpRequest, slug: str, job_id: int) -> FileResponse:
    circuit = _circuit(request, slug)
    job = _job(circuit, job_id)
    path = Path(settings.MEDIA_ROOT, job.file.name) if job.file else None
    if job.status != PrintJob.Status.DONE or path is None or not path.is_file():
        raise Http404(gettext("PDF ainda não está pronto."))
    response = FileResponse(
        path.open("rb"), content_type="application/pdf", filename=f"circuito-{circuit.slug}.pdf"
    )
    if not circuit.is_public:
        response["Cache-Control"] = "private, no-store"
    return response
