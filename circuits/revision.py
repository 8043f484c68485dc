"""A circuit's public revision: the number its public page is cached under
(``public.caching``) and its live refresh polls (``/circuito/<slug>/revisao.json``).

One growing integer per circuit (``Circuit.revision``), moved by :func:`bump` in the same
transaction as anything the page shows: the circuit's settings, etapas, links and
sorteios (``circuits.services``, through ``check_change``), and an etapa's placings read
again after its tournament changed (``circuits.services.placings``, on the commit of
that change). As a tournament's number (``tournaments.revision``), it is one more than
the last and never less than the clock in microseconds, so a database restored from a
backup continues above every number it handed out before.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import NamedTuple

from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from circuits.models import Circuit


def bump(circuit_id: int) -> None:
    """A new number for the circuit's page, in the caller's transaction. The row stays
    locked until it commits: two changes of one circuit get two numbers, in commit order."""
    clock = time.time_ns() // 1000
    Circuit.objects.filter(pk=circuit_id).update(
        revision=Greatest(F("revision") + 1, Value(clock)), updated_at=timezone.now()
    )


class CircuitPublished(NamedTuple):
    """What the public cache needs of a circuit, read in one query."""

    circuit_id: int
    is_public: bool
    revision: int
    changed_at: datetime | None

    @property
    def cache_id(self) -> str:
        return f"c{self.circuit_id}"  # apart from the tournaments' ids


def circuit_published(slug: str, scopes: object = ()) -> CircuitPublished | None:
    """The circuit ``slug`` with its page's revision (a circuit's page has no scopes)."""
    row = Circuit.objects.filter(slug=slug).values_list("pk", "is_public", "revision", "updated_at").first()
    return None if row is None else CircuitPublished(*row)
