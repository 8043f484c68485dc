"""The Django admin as a power tool for organizers (not the workflow)."""

from django.contrib import admin

from tournaments import models


class PlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = models.Player
    extra = 0


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "modality", "date", "venue", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(models.Team)
class TeamAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "key", "tournament", "entity", "status"]
    list_filter = ["tournament", "status"]
    search_fields = ["name", "key"]
    inlines = [PlayerInline]


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "user", "role"]
    list_filter = ["role", "tournament"]


@admin.register(models.DrawOfLots)
class DrawOfLotsAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
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
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["stage", "number", "starts_at", "deadline"]
