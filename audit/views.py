"""The audit page of a tournament: organizers only, paginated, filtered by kind, exportable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View
from django_tables2 import RequestConfig

from audit.models import AuditEntry
from audit.selectors import tournament_trail
from audit.tables import AuditTable
from core.exports import export_response
from tournaments.permissions import Action, TournamentPermissionMixin

PER_PAGE = 50


class AuditLogView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        kind = request.GET.get("tipo", "")
        kind = kind if kind in AuditEntry.Kind.values else ""
        table = AuditTable(tournament_trail(self.tournament, kind))
        exported = export_response(request, table, f"{slug}-auditoria")
        if exported is not None:
            return exported
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        context = {
            "tournament": self.tournament,
            "can_manage": True,
            "table": table,
            "kinds": AuditEntry.Kind.choices,
            "kind": kind,
        }
        return render(request, "audit/log.html", context)
