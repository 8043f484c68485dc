"""Bump a tournament's public revision whenever something its public pages show changes."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save, pre_save

from audit.describe import tournament_id_of
from scoring.models import ScoreSheet, ScoringSettings
from standings.models import bump
from standings.selectors import result_statuses, shows_provisional
from tournaments import models as t


def _counts(state: tuple[str, bool] | None, provisional: bool) -> bool:
    """Whether a súmula in this (status, confirmed) state counts in the classificação
    (``standings.selectors.group_results``); an unknown state is taken to count."""
    if state is None:
        return True
    status, confirmed = state
    return confirmed and status in result_statuses(provisional)


def _state(instance: ScoreSheet) -> tuple[str, bool] | None:
    loaded = instance.__dict__
    if "status" not in loaded or "confirmed" not in loaded:
        return None  # deferred fields: unknown
    return (str(loaded["status"]), bool(loaded["confirmed"]))


def remember(sender: Any, instance: ScoreSheet, **kwargs: Any) -> None:
    """Before a súmula is saved, the state its row has in the database (read in the
    saving transaction, so a stale copy in memory cannot hide a change)."""
    if kwargs.get("raw") or instance.pk is None:
        return
    row = ScoreSheet.objects.filter(pk=instance.pk).values_list("status", "confirmed").first()
    instance.__dict__["_tenteio_before"] = (str(row[0]), bool(row[1])) if row else ("new", False)


def _touches_table(instance: ScoreSheet, tournament_id: int, kwargs: dict[str, Any]) -> bool:
    if "created" not in kwargs:
        return True  # deleted
    provisional = shows_provisional(tournament_id)
    before = ("new", False) if kwargs["created"] else instance.__dict__.pop("_tenteio_before", None)
    return _counts(before, provisional) or _counts(_state(instance), provisional)


def on_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    if isinstance(instance, t.Tournament):
        from public.caching import forget

        forget(instance.slug)  # its slug may have changed, or it may be gone
    tournament_id = tournament_id_of(instance)
    if tournament_id is None:
        return
    if isinstance(instance, ScoreSheet):
        bump(tournament_id, table=_touches_table(instance, tournament_id, kwargs))
    else:
        bump(tournament_id)


WATCHED = (
    ScoreSheet,
    ScoringSettings,
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
    pre_save.connect(remember, sender=ScoreSheet, dispatch_uid="revision-remember-ScoreSheet")
    for model in WATCHED:
        post_save.connect(on_change, sender=model, dispatch_uid=f"revision-save-{model.__name__}")
        post_delete.connect(on_change, sender=model, dispatch_uid=f"revision-delete-{model.__name__}")
    post_save.connect(on_change, sender=t.Tournament, dispatch_uid="revision-save-Tournament")
    post_delete.connect(forget_deleted, sender=t.Tournament, dispatch_uid="revision-delete-Tournament")


def forget_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    from public.caching import forget

    forget(instance.slug)
    # Other processes remember the slug's tournament until a page of it misses: a new
    # revision makes every page of it miss, and the miss finds the tournament gone.
    bump(instance.pk)
