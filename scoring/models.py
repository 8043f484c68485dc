"""Súmulas: append-only versions of a match's result, at most one confirmed.

``result`` holds the result in the tenteio/1 shape (INTERCHANGE.md) so that the rules
engine reads one format whether it came from a judge's phone or from a file.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Match


class ScoreSheet(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("rascunho")
        SUBMITTED = "submitted", _("enviada pelo juiz")
        SIGNED = "signed", _("assinada pelos capatazes")
        HOMOLOGATED = "homologated", _("homologada")
        SUPERSEDED = "superseded", _("substituída")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sheets")
    version = models.PositiveIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    confirmed = models.BooleanField(default=False)
    result = models.JSONField()
    note = models.TextField(blank=True)
    normalizations = models.JSONField(default=list, blank=True)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="unique_sheet_version"),
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(confirmed=True), name="one_confirmed_sheet_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"súmula v{self.version} — {self.match}"
