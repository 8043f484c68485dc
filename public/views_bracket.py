"""The public mata-mata: the bracket page and its JSON (``tenteio-bracket/1``).

Cached like every public page (public.caching: the key holds the revision of the
mata-mata, so its homologations show on the next request) and refreshed live (live.js).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, JsonResponse
from django.utils.decorators import method_decorator
from django.views.generic import TemplateView, View

from knockout.selectors import bracket_data, bracket_document, knockout_stages, pick_stage
from public import scopes
from public.caching import public_page
from tournaments.permissions import Action, TournamentPermissionMixin


@method_decorator(public_page("fase", scopes=scopes.bracket), name="dispatch")
class BracketView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/bracket.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        stages = knockout_stages(self.tournament)
        stage = pick_stage(stages, self.request.GET.get("fase"))
        if stage is None and self.request.GET.get("fase"):
            raise Http404
        context.update(
            stages=stages,
            stage=stage,
            bracket=bracket_data(stage) if stage else None,
            live=True,
        )
        return context


@method_decorator(public_page("fase", scopes=scopes.bracket), name="dispatch")
class BracketJsonView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> JsonResponse:
        stage = pick_stage(knockout_stages(self.tournament), request.GET.get("fase"))
        if stage is None:
            raise Http404
        doc = bracket_document(self.tournament, bracket_data(stage))
        return JsonResponse(doc, json_dumps_params={"ensure_ascii": False})
