"""Súmulas in the admin: versions, signatures and history read-only (append-only);
judges' mesas and per-tournament súmula options editable (no page of their own yet);
and the tournament's admin page made to recompute the stored contributions when it
changes the rules."""

from django.contrib import admin

from scoring.models import JudgeAssignment, ScoreSheet, ScoringSettings, SheetEvent, Signature, TeamPin
from scoring.services.contributions import contributions_recompute
from tournaments.admin import PublicAdmin, TournamentAdmin
from tournaments.models import Tournament


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyAdmin):
    list_display = ["match", "version", "status", "confirmed", "entered_by", "entered_at", "source"]
    list_filter = ["status", "confirmed"]


@admin.register(SheetEvent)
class SheetEventAdmin(ReadOnlyAdmin):
    list_display = ["match", "kind", "actor", "at", "ip"]
    list_filter = ["kind"]


@admin.register(Signature)
class SignatureAdmin(ReadOnlyAdmin):
    list_display = ["sheet", "team", "method", "recorded_by", "recorded_at"]


@admin.register(TeamPin)
class TeamPinAdmin(ReadOnlyAdmin):
    list_display = ["team", "failed_attempts", "locked_until", "updated_at"]
    exclude = ["pin_hash"]


@admin.register(JudgeAssignment)
class JudgeAssignmentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "user", "table"]
    list_filter = ["tournament"]


@admin.register(ScoringSettings)
class ScoringSettingsAdmin(PublicAdmin):  # double entry decides when a pending score is confirmed
    list_display = ["tournament", "double_entry", "knockout_only"]


class TournamentRulesAdmin(TournamentAdmin):
    """The tournament admin, plus what a change of its rules implies: the stored
    contributions are judged again under the new rules, in the same transaction
    (the admin's own), as every other writer of a tournament's rules does."""

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        super().save_model(request, obj, form, change)
        if change and {"modality", "settings"} & set(form.changed_data):
            contributions_recompute(tournament=obj)


admin.site.unregister(Tournament)
admin.site.register(Tournament, TournamentRulesAdmin)
