"""A per-tournament revision number: bumped by every change the public pages show.

Public pages and JSON are cached under the current revision, so a homologation or a
sorteio is visible on the next request on every web node (the number lives in the
database, not in a per-process cache), and nothing is ever served stale.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F


class PublicRevision(models.Model):
    # A plain id, not a foreign key: signals fired while a tournament is being deleted
    # (cascade) may still bump it, and that must not fail the deletion.
    tournament_id = models.BigIntegerField(unique=True)
    value = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"torneio {self.tournament_id} r{self.value}"


def bump(tournament_id: int) -> None:
    updated = PublicRevision.objects.filter(tournament_id=tournament_id).update(value=F("value") + 1)
    if not updated:
        PublicRevision.objects.get_or_create(tournament_id=tournament_id, defaults={"value": 1})


def current(tournament_id: int) -> int:
    value = PublicRevision.objects.filter(tournament_id=tournament_id).values_list("value", flat=True).first()
    return value or 0
