"""The public revision of a tournament: one number that changes with what its public
pages show, so a page cached under it (``public.caching``) is never served stale.

The services that change what the public sees call :func:`bump` inside their own
transaction, and nothing else does: the new number is visible exactly when the change
is. A judge's draft or a capataz's signature changes no public page and bumps nothing.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import NamedTuple

from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from tournaments.models import PublicRevision, Tournament


def bump(tournament_id: int) -> None:
    """A new revision: one more than the last and never less than the clock in
    microseconds, so a database restored from a backup continues above every number
    it handed out before (pages cached under those may still be in Redis)."""
    now, clock = timezone.now(), time.time_ns() // 1000
    changes = {"value": Greatest(F("value") + 1, Value(clock)), "changed_at": now}
    if not PublicRevision.objects.filter(tournament_id=tournament_id).update(**changes):
        PublicRevision.objects.get_or_create(
            tournament_id=tournament_id, defaults={"value": clock, "changed_at": now}
        )


def current(tournament_id: int) -> int:
    found = PublicRevision.objects.filter(tournament_id=tournament_id).values_list("value", flat=True)
    return found.first() or 0


class Published(NamedTuple):
    """What the public cache needs of a tournament, read in one query."""

    tournament_id: int
    is_public: bool
    revision: int
    changed_at: datetime | None


def published(slug: str) -> Published | None:
    row = (
        Tournament.objects.filter(slug=slug)
        .values_list("pk", "is_public", "public_revision__value", "public_revision__changed_at")
        .first()
    )
    return None if row is None else Published(row[0], row[1], row[2] or 0, row[3])
