"""A per-tournament revision number: bumped by every change the public pages show.

Public pages and JSON are cached under the current revision, so a homologation or a
sorteio is visible on the next request on every web node (the number lives in the
database, not in a per-process cache), and nothing is ever served stale.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest

from core.cache import set_max

# The two scopes of public pages: "all" changes with anything a public page shows; "table"
# only with what the classificação shows (counted results, teams, chaves, sorteios,
# live tenteios, the tournament's settings). Submitting or signing a súmula changes the
# jogo's state on the results pages but not the classificação: those pages keep their
# cached copy through the busiest minute of an event.
ALL, TABLE = "all", "table"


class PublicRevision(models.Model):
    # A plain id, not a foreign key: signals fired while a tournament is being deleted
    # (cascade) may still bump it, and that must not fail the deletion.
    tournament_id = models.BigIntegerField(unique=True)
    value = models.PositiveBigIntegerField(default=0)
    table = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"torneio {self.tournament_id} r{self.value}"


def _cache_key(tournament_id: int, scope: str = ALL) -> str:
    return f"tenteio:rev:{tournament_id}" if scope == ALL else f"tenteio:rev:{scope}:{tournament_id}"


def shared_cache() -> bool:
    """Whether every web node sees the same cache (Redis): only then may the revision
    be read from it; a per-process cache would keep an old number in other processes."""
    return "redis" in settings.CACHES["default"]["BACKEND"].lower()


MIRROR_SECONDS = 300


def clock() -> int:
    """Now, in microseconds: what revisions are made of."""
    return time.time_ns() // 1000


# Set (standings.warm.coming) around a decision whose own request builds public pages
# right after it commits — a homologation, its reversal, a sorteio — to those pages
# (":language:path" of each). Its commit then tells every web node, before the new
# revision is mirrored, which pages are on their way; a visitor of one of them
# meanwhile gets the page built before (public.caching) instead of building the same
# page in a public process. The mark expires by itself, so a request that dies before
# building leaves visitors to build, seconds later.
warm_coming: ContextVar[tuple[str, ...]] = ContextVar("warm_coming", default=())
WARMING_SECONDS = 5


def warming_key(tournament_id: int) -> str:
    return f"tenteio:warming:{tournament_id}"


def bump(tournament_id: int, *, table: bool = True) -> None:
    """A new revision: one more than the last, and never less than the clock in
    microseconds. Only increasing matters for correctness; the clock makes a database
    restored from a backup continue above every number it had handed out before (which
    Redis and the pages cached under them may still hold). ``table=False`` only when the
    change cannot touch the classificação (a súmula that counts neither before nor after)."""
    coming = list(warm_coming.get())
    if coming:  # before the mirror below: on_commit keeps the order
        transaction.on_commit(lambda: cache.set(warming_key(tournament_id), coming, WARMING_SECONDS))
    now = clock()
    changes = {"value": Greatest(F("value") + 1, Value(now))}
    if table:
        changes["table"] = Greatest(F("table") + 1, Value(now))
    updated = PublicRevision.objects.filter(tournament_id=tournament_id).update(**changes)
    if not updated:
        fresh = {"value": now, "table": now}
        PublicRevision.objects.get_or_create(tournament_id=tournament_id, defaults=fresh)
    if shared_cache():
        # Mirror the new numbers as soon as the change is visible to others.
        transaction.on_commit(lambda: _stored(tournament_id, ALL))


def _stored(tournament_id: int, scope: str) -> int:
    """Read the numbers from the database and mirror them in Redis, only ever upwards: a
    reader that read a number just before a homologation committed must not put the
    old number back after the homologation's own mirroring (a page stale until the next
    change). ``set_max`` makes the order in which they reach Redis irrelevant."""
    row = PublicRevision.objects.filter(tournament_id=tournament_id).values_list("value", "table").first()
    values = {ALL: row[0] if row else 0, TABLE: row[1] if row else 0}
    if shared_cache():
        for name, number in values.items():
            set_max(cache, _cache_key(tournament_id, name), number, MIRROR_SECONDS)
    return values[scope]


def current(tournament_id: int, scope: str = ALL) -> int:
    if shared_cache():
        cached = cache.get(_cache_key(tournament_id, scope))
        if cached is not None:
            return int(cached)
    return _stored(tournament_id, scope)
