"""Embeddable widgets: a chave's classificação (a Swiss chave's with its desempates, as
the classificação page shows it) and the mata-mata, read-only, for an ``<iframe>`` on a
federation's or a university's site.

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
from public.pictures import NUMBER_COLUMNS, column_titles
from public.swiss import is_swiss, swiss_values, with_swiss_values
from public.tables_swiss import SWISS_SHOWN, SwissStandingsTable
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
        found = [(st, gt) for st in tournament_standings(t, group_ids=[group_id]) for gt in st.groups]
        if not found:
            raise Http404
        st, gt = found[0]
        rows = standings_rows(t, gt)
        keys: tuple[str, ...] = NUMBER_COLUMNS
        titles = column_titles()
        if is_swiss(st.stage):  # the Swiss desempates, as the classificação page has them
            with_swiss_values(rows, gt, swiss_values([st])[gt.group.pk])
            keys = SWISS_SHOWN
            titles = [str(SwissStandingsTable.base_columns[k].verbose_name) for k in keys]
        context: dict[str, Any] = {
            "tournament": t,
            "group": gt.group,
            "rows": [{**r, "numbers": [r[k] for k in keys]} for r in rows],
            "columns": titles,
            "unplayed": gt.unplayed,
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
