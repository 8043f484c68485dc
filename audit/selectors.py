"""Reads of the audit trail."""

from __future__ import annotations

from django.db.models import QuerySet

from audit.models import AuditEntry
from tournaments.models import Tournament


def tournament_trail(tournament: Tournament, kind: str = "") -> QuerySet[AuditEntry]:
    """The entries of one tournament, newest first, optionally of one kind."""
    qs = AuditEntry.objects.filter(tournament_id=tournament.pk)
    if kind in AuditEntry.Kind.values:
        qs = qs.filter(kind=kind)
    return qs.order_by("-at", "-id")
