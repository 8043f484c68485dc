"""Organizer pages of printing: ask for a document, follow its progress, download it.

Thin views: input is checked by ``printing.documents.clean_params`` (bad input → 400
with the message), jobs are run by ``printing.services``; the status endpoint is JSON
polled by ``static/printing/progress.js``. Only organizers (Action.MANAGE) get here.
Team cards with new PINs need a confirmation (the old PINs stop working); the PINs are
only ever in the PDF, never on a page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views import View

from core.jobs import JobsUnavailable
from core.site import base_url, is_loopback
from printing.documents import DOCS, PrintError, clean_params
from printing.documents.common import DOC_NAMES, Params
from printing.models import PrintJob
from printing.services import job_cancel, job_request, job_resume, job_status
from scoring.services.errors import NotAllowed
from tournaments.phases import stage_rounds
from tournaments.views import OrganizerMixin, OrganizerPage


def _status(request: HttpRequest, job: PrintJob) -> dict[str, Any]:
    data = job_status(job)
    assert job.tournament is not None  # a tournament's job here (printing.views_circuit: a circuit's)
    slug = job.tournament.slug
    title = Params.from_dict(job.params).title()
    data["title"] = title[:1].upper() + title[1:]
    data["status_url"] = reverse("printing:status", args=[slug, job.pk])
    data["cancel_url"] = reverse("printing:cancel", args=[slug, job.pk])
    data["resume_url"] = reverse("printing:resume", args=[slug, job.pk])
    data["download_url"] = reverse("printing:download", args=[slug, job.pk]) if data["ready"] else None
    return data


class PrintPageView(OrganizerPage):
    """GET: the form and the recent jobs; POST: start (or reuse) a job."""

    def page(self, request: HttpRequest, error: str = "", status: int = 200) -> HttpResponse:
        t = self.tournament
        jobs = list(t.print_jobs.select_related("tournament")[:12])
        context = {
            "docs": [(key, DOC_NAMES[key]) for key in DOCS],
            "stages": list(t.stages.order_by("order", "id")),
            # Each phase's rodadas by name («Rodada 2», «Semifinais»): «fase:número».
            "stage_rounds": [(s, rounds) for s, rounds in stage_rounds(t.pk) if rounds],
            "jobs": [_status(request, j) for j in jobs],
            "error": error,
            # Where the súmulas' QR codes will point, and whether a phone can reach it.
            "site": base_url(request),
            "site_loopback": is_loopback(base_url(request)),
        }
        return self.render_page("printing/page.html", context, status=status)

    def refuse(self, request: HttpRequest, message: str, status: int) -> HttpResponse:
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"error": message}, status=status)
        return self.page(request, message, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        new_pins = request.POST.get("new_pins") == "1"
        stage, round_ = request.POST.get("stage") or "", request.POST.get("round") or ""
        if ":" in round_:  # a phase's rodada, as the form offers it: «mata:2»
            of_stage, round_ = round_.rsplit(":", 1)
            if stage and stage != of_stage:
                message = gettext("rodada: a rodada escolhida não é da fase «%(stage)s».") % {"stage": stage}
                return self.refuse(request, message, 400)
            stage = of_stage
        try:
            params = clean_params(
                self.tournament,
                request.POST.get("doc"),
                stage=stage,
                round=round_,
                group=request.POST.get("group"),
                new_pins=new_pins,
                # The address phones reach: the one this request came to, or SITE_URL.
                site=base_url(request),
                # Team cards: by default only the teams still in the event.
                all_teams=request.POST.get("all_teams") == "1",
            )
        except PrintError as exc:
            return self.refuse(request, str(exc), 400)
        if new_pins and request.POST.get("confirm") != "1":
            message = gettext("Confirme que os PINs atuais das equipes deixarão de valer.")
            return self.refuse(request, message, 400)
        try:
            job, _created = job_request(tournament=self.tournament, params=params, user=request.user)
        except JobsUnavailable as exc:
            return self.refuse(request, str(exc), 503)
        except NotAllowed as exc:
            return self.refuse(request, str(exc), 403)
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse(_status(request, job), status=202)
        return redirect(reverse("printing:page", args=[slug]) + f"#job-{job.pk}")


class _JobView(OrganizerMixin, View):
    def job(self, job_id: int) -> PrintJob:
        return get_object_or_404(
            PrintJob.objects.select_related("tournament"), pk=job_id, tournament=self.tournament
        )


class JobStatusView(_JobView):
    def get(self, request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
        response = JsonResponse(_status(request, self.job(job_id)))
        response["Cache-Control"] = "no-store"
        return response


class JobDownloadView(_JobView):
    def get(self, request: HttpRequest, slug: str, job_id: int) -> FileResponse:
        job = self.job(job_id)
        path = Path(settings.MEDIA_ROOT, job.file.name) if job.file else None
        if job.status != PrintJob.Status.DONE or path is None or not path.is_file():
            raise Http404(gettext("PDF ainda não está pronto."))
        filename = Params.from_dict(job.params).filename()
        return FileResponse(path.open("rb"), content_type="application/pdf", filename=filename)


class JobCancelView(_JobView):
    def post(self, request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
        job = self.job(job_id)
        job_cancel(job=job)
        job.refresh_from_db()
        return JsonResponse(_status(request, job))


class JobResumeView(_JobView):
    def post(self, request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
        job = self.job(job_id)
        if not job_resume(job=job):
            return JsonResponse({"error": gettext("Esta impressão não pode ser retomada.")}, status=409)
        job.refresh_from_db()
        return JsonResponse(_status(request, job))
