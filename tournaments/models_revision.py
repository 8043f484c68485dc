"""The public revisions of a tournament (``tournaments.revision`` moves and reads them):
the counter every number comes from, and the last change of each scope of its pages."""

from __future__ import annotations

from django.db import models

from tournaments.models import Tournament


class PublicRevision(models.Model):
    """A tournament's public revision counter (``tournaments.revision``): ``value`` is
    the last number handed out, ``base`` the last change every public page shows."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="public_revision"
    )
    value = models.PositiveBigIntegerField(default=0)
    base = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.tournament_id} r{self.value}"


class ScopeRevision(models.Model):
    """The number of the last change of the pages that show one part of a tournament
    (a chave, a team, a mesa, the jogos: ``tournaments.revision``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    scope = models.CharField(max_length=40)
    value = models.PositiveBigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "scope"], name="scope_revision_once")]

    def __str__(self) -> str:
        return f"{self.tournament_id} {self.scope} r{self.value}"
