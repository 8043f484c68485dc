"""The circuits in Django's admin, a power tool: a circuit's settings are checked on save."""

from django.contrib import admin

from circuits.models import Circuit, CircuitEtapa, CircuitLots, CircuitPlayer, CircuitTeam


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


admin.site.register(CircuitTeam)
admin.site.register(CircuitPlayer)
admin.site.register(CircuitLots)
