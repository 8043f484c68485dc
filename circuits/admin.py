"""The circuits in Django's admin, a power tool: a circuit's settings are checked on save,
and a link's constraints (one team per etapa each way) by the database."""

from django.contrib import admin

from circuits.models import (
    Circuit,
    CircuitEtapa,
    CircuitLots,
    CircuitPlayer,
    CircuitTeam,
    PlayerLink,
    TeamLink,
)


class EtapaInline(admin.TabularInline):  # type: ignore[type-arg]
    model = CircuitEtapa
    fields = ["tournament", "order"]
    extra = 0


@admin.register(Circuit)
class CircuitAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "kind", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [EtapaInline]


class TeamLinkInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TeamLink
    raw_id_fields = ["etapa", "team"]
    extra = 0


@admin.register(CircuitTeam)
class CircuitTeamAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "entity", "circuit"]
    list_filter = ["circuit"]
    inlines = [TeamLinkInline]


class PlayerLinkInline(admin.TabularInline):  # type: ignore[type-arg]
    model = PlayerLink
    raw_id_fields = ["player"]
    fields = ["circuit", "player"]
    extra = 0


@admin.register(CircuitPlayer)
class CircuitPlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "circuit"]
    list_filter = ["circuit"]
    inlines = [PlayerLinkInline]


@admin.register(CircuitLots)
class CircuitLotsAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["circuit", "ranking", "performed_at", "manual"]
    readonly_fields = [
        "circuit",
        "ranking",
        "seed",
        "manual",
        "inputs",
        "result",
        "performed_by",
        "performed_at",
    ]
