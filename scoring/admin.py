"""Súmula versions in the admin: read-only, since versions are append-only."""

from django.contrib import admin

from scoring.models import ScoreSheet


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "version", "status", "confirmed", "entered_by", "entered_at"]
    list_filter = ["status", "confirmed"]

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
