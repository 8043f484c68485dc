"""Print jobs: one PDF of a tournament requested by an organizer — or of a circuit's
rankings, requested by anyone who may see the circuit — rendered in chunks by the workers.

A job's chunks keep their input data and, once rendered, their PDF bytes in the
database, so any worker on any machine can render, retry or resume any chunk, and a
worker killed mid-job loses at most the chunks it was rendering. Team cards with new
PINs are the exception: their chunks keep only their input, never bytes (the PDF holds
plain PINs), and are rendered in memory by one task (``printing.services.cards_render``). The merged PDF is a
file under MEDIA_ROOT (shared by the web nodes), written under a temporary name and
renamed, so a reader never sees half a file. ``fingerprint`` (tournament revision +
document parameters) lets an unchanged document be served again without rendering.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from circuits.models import Circuit
from tournaments.models import Tournament


class PrintJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("na fila")
        RUNNING = "running", _("imprimindo")
        MERGING = "merging", _("juntando as páginas")
        DONE = "done", _("pronto")
        FAILED = "failed", _("falhou")
        CANCELLED = "cancelled", _("cancelado")

    ACTIVE = (Status.QUEUED, Status.RUNNING, Status.MERGING)

    # A job prints a tournament's document or a circuit's rankings: exactly one of the two.
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="print_jobs", null=True, blank=True
    )
    circuit = models.ForeignKey(
        Circuit, on_delete=models.CASCADE, related_name="print_jobs", null=True, blank=True
    )
    doc = models.CharField(max_length=20)
    params = models.JSONField(default=dict)
    fingerprint = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    header = models.JSONField(default=dict)  # tournament name, title, generation time
    meta = models.JSONField(default=dict)  # document-wide data every chunk needs
    done = models.PositiveIntegerField(default=0)  # units (jogos, equipes, páginas) rendered
    total = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to="printing/", blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # Touched by every chunk: a running job not touched for a while has lost its worker.
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(tournament__isnull=False, circuit__isnull=True)
                | models.Q(tournament__isnull=True, circuit__isnull=False),
                name="print_job_of_one_tournament_or_circuit",
            )
        ]
        verbose_name = _("impressão")
        verbose_name_plural = _("impressões")

    def __str__(self) -> str:
        return f"{self.doc} #{self.pk} ({self.get_status_display()})"


class PrintChunk(models.Model):
    job = models.ForeignKey(PrintJob, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    units = models.JSONField(default=list)
    pdf = models.BinaryField(null=True, blank=True)  # never set for cards with new PINs
    attempts = models.PositiveIntegerField(default=0)
    seconds = models.FloatField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "index"]
        constraints = [models.UniqueConstraint(fields=["job", "index"], name="unique_print_chunk")]

    def __str__(self) -> str:
        return f"{self.job} — parte {self.index + 1}"
