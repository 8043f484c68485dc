"""Embeddable widgets: a chave's classificação and the mata-mata, read-only, for an
``<iframe>`` on a federation's or a university's site.

The only pages another site may frame: each drops ``X-Frame-Options`` and replaces the
Content-Security-Policy's ``frame-ancestors 'none'`` with ``*`` (every other page keeps
both, ``config.settings.base``). They are cached like the public pages (``public.caching``,
under the revision of the chave or of the mata-mata) and refresh themselves with the same
revision poll (``public/_live.html``). No menu, no form, no cookie: links open the
tournament's pages in a new tab.
"""

from __future__ import annotations

from typing import Any

from csp.decorators import csp_replace
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.clickjacking import xframe_options_exempt

from knockout.selectors import bracket_data, knockout_stages, pick_stage
from public import scopes
from public.caching import public_page
from public.pictures import column_titles
from public.views import standings_rows
from standings.selectors import tournament_standings
from tournaments.permissions import Action, TournamentPermissionMixin

# Outermost, so that every answer carries them: a page from the cache and a 304 too.
FRAMEABLE = (xframe_options_exempt, csp_replace({"frame-ancestors": ["*"]}))


def frameable(cls: type[View]) -> type[View]:
    for decorator in FRAMEABLE:
        cls = method_decorator(decorator, name="dispatch")(cls)
    return cls


@frameable
@method_decorator(public_page(scopes=scopes.chave), name="dispatch")
class ChaveEmbedView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str, group_id: int) -> HttpResponse:
        t = self.tournament
        found = [gt for st in tournament_standings(t, group_ids=[group_id]) for gt in st.groups]
        if not found:
            raise Http404
        context: dict[str, Any] = {
            "tournament": t,
            "group": found[0].group,
            "rows": standings_rows(t, found[0]),
            "columns": column_titles(),
            "unplayed": found[0].unplayed,
        }
        return render(request, "public/embed_chave.html", context)


@frameable
@method_decorator(public_page("fase", scopes=scopes.bracket), name="dispatch")
class BracketEmbedView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        stage = pick_stage(knockout_stages(self.tournament), request.GET.get("fase"))
        if stage is None and request.GET.get("fase"):
            raise Http404
        context = {
            "tournament": self.tournament,
            "stage": stage,
            "bracket": bracket_data(stage) if stage else None,
        }
        return render(request, "public/embed_bracket.html", context)
