"""The circuits answer their etapas' tournaments: once a change of what a tournament
shows commits (``tournaments.revision.revision_published``), the placings of every etapa
of it are read again and the circuits' revisions bumped
(``circuits.services.placings.tournament_published``). Tournaments depends on nothing
above it, so it sends and this app listens. An etapa deleted with its tournament bumps
its circuit, in the deletion's transaction: the page loses a column."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete
from django.dispatch import receiver

from circuits.models import CircuitEtapa
from circuits.revision import bump
from circuits.services.placings import tournament_published
from tournaments.revision import revision_published


@receiver(revision_published, dispatch_uid="circuits.tournament_published")
def etapa_changed(sender: Any, *, tournament_id: int, scopes: tuple[str, ...], **kwargs: Any) -> None:
    tournament_published(sender, tournament_id=tournament_id, scopes=scopes)


@receiver(post_delete, sender=CircuitEtapa, dispatch_uid="circuits.etapa_deleted")
def etapa_deleted(sender: Any, *, instance: CircuitEtapa, **kwargs: Any) -> None:
    bump(instance.circuit_id)  # nothing when the circuit itself is being deleted
