"""A per-tournament revision number: bumped by every change the public pages show.

Public pages and JSON are cached under the current revision, so a homologation or a
sorteio is visible on the next request on every web node (the number lives in the
database, not in a per-process cache), and nothing is ever served stale.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.db.models import F


class PublicRevision(models.Model):
    # A plain id, not a foreign key: signals fired while a tournament is being deleted
    # (cascade) may still bump it, and that must not fail the deletion.
    tournament_id = models.BigIntegerField(unique=True)
    value = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"torneio {self.tournament_id} r{self.value}"


def _cache_key(tournament_id: int) -> str:
    return f"tenteio:rev:{tournament_id}"


def shared_cache() -> bool:
    """Whether every web node sees the same cache (Redis): only then may the revision
    be read from it; a per-process cache would keep an old number in other processes."""
    return "redis" in settings.CACHES["default"]["BACKEND"].lower()


def bump(tournament_id: int) -> None:
    updated = PublicRevision.objects.filter(tournament_id=tournament_id).update(value=F("value") + 1)
    if not updated:
        PublicRevision.objects.get_or_create(tournament_id=tournament_id, defaults={"value": 1})
    if shared_cache():
        # Drop the mirrored number as soon as the change is visible to others.
        transaction.on_commit(lambda: cache.delete(_cache_key(tournament_id)))


def current(tournament_id: int) -> int:
    if shared_cache():
        cached = cache.get(_cache_key(tournament_id))
        if cached is not None:
            return int(cached)
    value = (
        PublicRevision.objects.filter(tournament_id=tournament_id).values_list("value", flat=True).first()
        or 0
    )
    if shared_cache():
        cache.set(_cache_key(tournament_id), value, 300)
    return value
