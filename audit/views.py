"""The audit page of a tournament: organizers only, filtered by kind, jogo, team and
person (plain GET parameters), paginated, exportable as CSV/XLSX with the same filters."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View
from django_tables2 import RequestConfig

from audit.selectors import filter_choices, tournament_trail
from audit.tables import AuditTable
from core.exports import export_response
from tournaments.permissions import Action, TournamentPermissionMixin

PER_PAGE = 50


class AuditLogView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        choices = filter_choices(self.tournament)
        filters = choices.read(request.GET)
        table = AuditTable(tournament_trail(self.tournament, filters))
        exported = export_response(request, table, f"{slug}-auditoria")
        if exported is not None:
            return exported
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        context = {
            "tournament": self.tournament,
            "can_manage": True,
            "table": table,
            "choices": choices,
            "filters": filters,
        }
        return render(request, "audit/log.html", context)
