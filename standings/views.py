"""Thin public views: each declares its permission, then asks a selector."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.generic import TemplateView, View

from core.permissions import Action, TournamentPermissionMixin
from standings.selectors import standings_document, tournament_standings
from tournaments.interchange.export import export_tournament


class TournamentDetailView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "standings/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        t = self.tournament
        context["modality"] = t.rules()
        context["team_count"] = t.teams.count()
        context["stages"] = t.stages.prefetch_related("groups__entries__team__entity").order_by("order")
        return context


class StandingsView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "standings/standings.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["stage_tables"] = tournament_standings(self.tournament)
        return context


class StandingsJsonView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> JsonResponse:
        doc = standings_document(self.tournament, tournament_standings(self.tournament))
        return JsonResponse(doc, json_dumps_params={"ensure_ascii": False})


class ExportView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        text = json.dumps(export_tournament(self.tournament), ensure_ascii=False, indent=2)
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{self.tournament.slug}.tenteio.json"'
        return response
