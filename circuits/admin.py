"""The circuits in Django's admin, a power tool: a circuit's settings are checked on save,
and a link's constraints (one team per etapa each way) by the database. A change saved
here reads the placings of any etapa added (or whose tournament changed since) and moves
the circuit's number, as the circuit services do: its public page shows it."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from circuits.models import (
    Circuit,
    CircuitEtapa,
    CircuitLots,
    CircuitPlayer,
    CircuitTeam,
    PlayerLink,
    TeamLink,
)
from circuits.revision import bump
from circuits.services.placings import etapa_placings_refresh, stale_etapas


class ChangesCircuit:
    """Once a circuit, a circuit team or a person is saved or deleted with its inlines."""

    def _changed(self, obj: Any) -> None:
        circuit_id = obj.pk if isinstance(obj, Circuit) else obj.circuit_id
        bump(circuit_id)
        etapa_placings_refresh(etapas=stale_etapas(circuit_id))

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)  # type: ignore[misc]
        self._changed(form.instance)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        super().delete_model(request, obj)  # type: ignore[misc]
        if not isinstance(obj, Circuit):
            self._changed(obj)


class EtapaInline(admin.TabularInline):  # type: ignore[type-arg]
    model = CircuitEtapa
    fields = ["tournament", "order"]
    extra = 0


@admin.register(Circuit)
class CircuitAdmin(ChangesCircuit, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "kind", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]
    inlines = [EtapaInline]


class TeamLinkInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TeamLink
    raw_id_fields = ["etapa", "team"]
    extra = 0


@admin.register(CircuitTeam)
class CircuitTeamAdmin(ChangesCircuit, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "entity", "circuit"]
    list_filter = ["circuit"]
    inlines = [TeamLinkInline]


class PlayerLinkInline(admin.TabularInline):  # type: ignore[type-arg]
    model = PlayerLink
    raw_id_fields = ["player"]
    fields = ["circuit", "player"]
    extra = 0


@admin.register(CircuitPlayer)
class CircuitPlayerAdmin(ChangesCircuit, admin.ModelAdmin):  # type: ignore[type-arg]
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
