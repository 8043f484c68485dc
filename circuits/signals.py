"""The circuits answer their etapas' tournaments: once a change of what a tournament
shows commits (``tournaments.revision.revision_published``), the placings of every etapa
of it are read again and the circuits' revisions bumped
(``circuits.services.placings.tournament_published``). Tournaments depends on nothing
above it, so it sends and this app listens."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from circuits.services.placings import tournament_published
from tournaments.revision import revision_published


@receiver(revision_published, dispatch_uid="circuits.tournament_published")
def etapa_changed(sender: Any, *, tournament_id: int, scopes: tuple[str, ...], **kwargs: Any) -> None:
    tournament_published(sender, tournament_id=tournament_id, scopes=scopes)
