"""Each etapa's final placings, kept as last read (``EtapaPlacing``), and read again when
its tournament changes — at write time, never by a reader.

Reading the final placings of a tournament (``knockout.placings.final_placings``) takes
its classificação and its bracket: a dozen queries. A circuit of twenty etapas would
take twenty times that on every page. So the placings are kept, with the tournament's
public revision (``tournaments.revision``) at the time they were read. Every change of
what a tournament shows — a homologation, a sorteio, a team withdrawn, a rule edited —
bumps that number, and once its transaction commits ``tournaments.revision`` sends
``revision_published``; :func:`tournament_published` (connected in
``circuits.apps``) then reads again the placings of every etapa of that tournament, and
bumps the circuit's revision (``circuits.revision``) in the same transaction: the
circuit's page shows the homologation on its next poll, a second later. The hands of a
jogo in play (``tournaments.revision.moves_results``) place nobody and are skipped.

It runs in the request that committed the change, after its commit (no worker, no
queue: the embedded install has none running for sure, and a queue would add its
polling to the two seconds "homologated → on the circuit page" may take). If it fails
or the process dies in between, the etapa keeps its last placings, shown as they are,
until the next change of its tournament or of the circuit (every circuit service reads
stale etapas again: ``check_change``) or ``manage.py refreshcircuits``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction

from circuits.models import Circuit, CircuitEtapa, EtapaPlacing
from circuits.revision import bump
from knockout.placings import final_placings
from tournaments.models import Tournament
from tournaments.revision import current, moves_results


def revision_of(tournament: Tournament) -> int:
    """The tournament's public revision from a row read with ``public_revision`` (0: none)."""
    try:
        return int(tournament.public_revision.value)
    except ObjectDoesNotExist:
        return 0


def is_stale(etapa: CircuitEtapa) -> bool:
    return etapa.placings_revision != revision_of(etapa.tournament)


def etapa_placings_refresh(*, etapas: Iterable[CircuitEtapa]) -> list[CircuitEtapa]:
    """Read again the placings of the etapas whose tournament changed since, each with
    its circuit's revision bumped; returns those rewritten.

    Each is rewritten in its own transaction (or the caller's), its circuit's row and
    its own locked — the circuit's first, as every circuit service locks it, so the two
    never wait on each other — and two refreshes of the same etapa at once write it one
    after the other (the second finds it current).
    """
    return [etapa for etapa in etapas if is_stale(etapa) and _refresh(etapa)]


def stale_etapas(circuit_id: int | None = None) -> list[CircuitEtapa]:
    """The etapas (of one circuit, or of all) whose placings are older than their tournament."""
    found = CircuitEtapa.objects.select_related("tournament", "tournament__public_revision")
    if circuit_id is not None:
        found = found.filter(circuit_id=circuit_id)
    return [e for e in found.order_by("pk") if is_stale(e)]


def tournament_published(sender: Any, *, tournament_id: int, scopes: tuple[str, ...], **kwargs: Any) -> None:
    """``tournaments.revision.revision_published``: the tournament's change is committed;
    its etapas' placings are read again and their circuits' revisions bumped."""
    if not moves_results(scopes):
        return
    etapas = CircuitEtapa.objects.filter(tournament_id=tournament_id).select_related(
        "tournament", "tournament__public_revision"
    )
    etapa_placings_refresh(etapas=etapas.order_by("circuit_id", "pk"))


@transaction.atomic
def _refresh(etapa: CircuitEtapa) -> bool:
    if Circuit.objects.select_for_update().filter(pk=etapa.circuit_id).values_list("pk").first() is None:
        return False
    locked = CircuitEtapa.objects.select_for_update().filter(pk=etapa.pk).first()
    if locked is None:  # removed meanwhile
        return False
    revision = current(etapa.tournament_id)  # read before the placings: a later change reads again
    rewritten = locked.placings_revision != revision
    if rewritten:
        placings = final_placings(etapa.tournament)
        EtapaPlacing.objects.filter(etapa=locked).delete()
        EtapaPlacing.objects.bulk_create(
            [
                EtapaPlacing(etapa=locked, team=line.team, position=line.position, shared=line.shared)
                for line in placings.lines
            ]
        )
        locked.placings_revision, locked.placings_complete = revision, placings.complete
        locked.save(update_fields=["placings_revision", "placings_complete"])
        bump(etapa.circuit_id)
    etapa.placings_revision, etapa.placings_complete = locked.placings_revision, locked.placings_complete
    return rewritten
