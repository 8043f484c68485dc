"""Each etapa's final placings, kept as last read (``EtapaPlacing``).

Reading the final placings of a tournament (``knockout.placings.final_placings``) takes
its classificação and its bracket: a dozen queries. A circuit of twenty etapas would
take twenty times that on every page. So the placings are kept, with the tournament's
public revision (``tournaments.revision``) at the time they were read: every change of
what a tournament shows — a homologation, a sorteio, a team withdrawn, a rule edited —
moves that number, and the next reading of the circuit reads that etapa's placings
again (:func:`etapa_placings_refresh`). A circuit whose etapas have not changed is read
in a fixed number of queries, however many etapas it has.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction

from circuits.models import CircuitEtapa, EtapaPlacing
from knockout.placings import final_placings
from tournaments.models import Tournament
from tournaments.revision import current


def revision_of(tournament: Tournament) -> int:
    """The tournament's public revision from a row read with ``public_revision`` (0: none)."""
    try:
        return int(tournament.public_revision.value)
    except ObjectDoesNotExist:
        return 0


def is_stale(etapa: CircuitEtapa) -> bool:
    return etapa.placings_revision != revision_of(etapa.tournament)


def etapa_placings_refresh(*, etapas: Iterable[CircuitEtapa]) -> list[CircuitEtapa]:
    """Read again the placings of the etapas whose tournament changed since; returns those.

    Each is rewritten in its own transaction, its row locked, so two readers refreshing
    the same etapa at once write it one after the other (the second finds it current).
    """
    refreshed = []
    for etapa in etapas:
        if is_stale(etapa):
            _refresh(etapa)
            refreshed.append(etapa)
    return refreshed


@transaction.atomic
def _refresh(etapa: CircuitEtapa) -> None:
    locked = CircuitEtapa.objects.select_for_update().filter(pk=etapa.pk).first()
    if locked is None:  # removed meanwhile
        return
    revision = current(etapa.tournament_id)  # read before the placings: a later change reads again
    if locked.placings_revision != revision:
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
    etapa.placings_revision, etapa.placings_complete = locked.placings_revision, locked.placings_complete
