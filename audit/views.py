"""The audit page of a tournament: organizers only, filtered by kind, jogo, team and
person (plain GET parameters), paginated, exportable as CSV/XLSX with the same filters."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views import View
from django_tables2 import RequestConfig

from audit.selectors import filter_choices, tournament_trail
from audit.tables import AuditTable
from core.exports import export_response
from tournaments.views import OrganizerMixin

PER_PAGE = 50


class AuditLogView(OrganizerMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        choices = filter_choices(self.tournament)
        filters = choices.read(request.GET)
        table = AuditTable(tournament_trail(self.tournament, filters))
        exported = export_response(request, table, f"{slug}-auditoria")
        if exported is not None:
            return exported
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        context = {
            "table": table,
            "choices": choices,
            "filters": filters,
        }
        return self.render_page("audit/log.html", context)
