"""Bump a tournament's public revision whenever something its public pages show changes."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from audit.describe import tournament_id_of
from scoring.models import ScoreSheet
from standings.models import bump
from tournaments import models as t


def on_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    if isinstance(instance, t.Tournament):
        from standings.caching import forget

        forget(instance.slug)  # its slug may have changed, or it may be gone
    tournament_id = tournament_id_of(instance)
    if tournament_id is not None:
        bump(tournament_id)


WATCHED = (
    ScoreSheet,
    t.Match,
    t.DrawOfLots,
    t.Team,
    t.Player,
    t.Group,
    t.GroupTeam,
    t.Stage,
    t.StageTeam,
    t.Table,
    t.Entity,
)


def connect() -> None:
    for model in WATCHED:
        post_save.connect(on_change, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        post_delete.connect(on_change, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")
    post_save.connect(on_change, sender=t.Tournament, dispatch_uid="revision-save-Tournament")
    post_delete.connect(forget_deleted, sender=t.Tournament, dispatch_uid="revision-delete-Tournament")


def forget_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    from standings.caching import forget

    forget(instance.slug)
    # Other processes remember the slug's tournament until a page of it misses: a new
    # revision makes every page of it miss, and the miss finds the tournament gone.
    bump(instance.pk)
