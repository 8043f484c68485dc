"""The Django admin as a power tool for organizers (not the workflow)."""

from typing import Any

from django.contrib import admin

from tournaments import models
from tournaments.revision import bump


class PublicAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """An edit here may change what the public pages show: it bumps the tournament's
    public revision in the admin's own transaction, as the services do."""

    def tournament_id(self, obj: Any) -> int:
        return int(obj.tournament_id)

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        bump(self.tournament_id(obj))

    def delete_model(self, request: Any, obj: Any) -> None:
        tournament_id = self.tournament_id(obj)
        super().delete_model(request, obj)
        if not isinstance(obj, models.Tournament):  # a deleted tournament's pages are 404s
            bump(tournament_id)


class PlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = models.Player
    extra = 0


@admin.register(models.Tournament)
class TournamentAdmin(PublicAdmin):
    list_display = ["name", "slug", "modality", "date", "venue", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def tournament_id(self, obj: Any) -> int:
        return int(obj.pk)


@admin.register(models.Team)
class TeamAdmin(PublicAdmin):
    list_display = ["name", "key", "tournament", "entity", "status"]
    list_filter = ["tournament", "status"]
    search_fields = ["name", "key"]
    inlines = [PlayerInline]


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "user", "role"]
    list_filter = ["role", "tournament"]


@admin.register(models.DrawOfLots)
class DrawOfLotsAdmin(PublicAdmin):
    list_display = ["tournament", "purpose", "stage", "group", "performed_by", "performed_at"]
    readonly_fields = ["performed_at"]


@admin.register(models.GroupSwap)
class GroupSwapAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["stage", "team_a", "team_b", "reason", "performed_by", "performed_at"]
    readonly_fields = ["performed_at"]


@admin.register(models.TeamStatusChange)
class TeamStatusChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["team", "status", "reason", "after_deadline", "changed_by", "changed_at"]
    list_filter = ["status", "after_deadline"]


@admin.register(models.Round)
class RoundAdmin(PublicAdmin):
    list_display = ["stage", "number", "starts_at", "deadline"]

    def tournament_id(self, obj: Any) -> int:
        return int(obj.stage.tournament_id)
