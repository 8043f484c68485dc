"""The public page «Suíço» (``/t/SLUG/suico/``) of a Swiss phase (docs/rules.md §3.17):
each rodada's emparceiramentos — mesa, the two teams, the result once the public may see
it, the folga —, the current rodada first, and the phase's classificação with the Swiss
desempates and the explanation of each row, the classificação page's own sections
(``public.views.block``).

Cached like every public page (``public.caching``) under the revision of the Swiss
chaves and of the jogos: a homologation changes the page, a pairing (a change of every
page) too; its live refresh polls the same scopes. In a tournament with no Swiss phase
started the page says so (the menu links it only once there is one).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.decorators import method_decorator
from django.views.generic import TemplateView

from public.caching import public_page
from public.swiss import rodadas, swiss_stages, swiss_values
from public.views import block
from standings.results import match_rows
from standings.selectors import tournament_standings
from tournaments import revision
from tournaments.models import Group, Stage
from tournaments.permissions import Action, TournamentPermissionMixin


def swiss_scopes(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    """The Swiss chaves (their classificação) and the jogos (the emparceiramentos)."""
    chaves = Group.objects.filter(
        stage__tournament__slug=str(kwargs["slug"]),
        stage__kind=Stage.Kind.GROUPS,
        stage__system=Stage.System.SWISS,
    ).values_list("pk", flat=True)
    return [*(revision.chave(pk) for pk in chaves), revision.JOGOS]


@method_decorator(public_page(scopes=swiss_scopes), name="dispatch")
class SwissView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/swiss.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        t = self.tournament
        stages = swiss_stages(t)
        rows = match_rows(t) if stages else []
        chaves = list(Group.objects.filter(stage__in=stages).values_list("pk", flat=True))
        tables = {st.stage.pk: st for st in tournament_standings(t, group_ids=chaves)}
        values = swiss_values(list(tables.values()))
        phases = []
        for stage in stages:
            st = tables.get(stage.pk)
            # The classificação page's sections, with their digest: the HTML of a table
            # that did not change is kept in the ``fragments`` cache.
            classificacao = [block(t, st, gt, values[gt.group.pk]) for gt in st.groups] if st else []
            found = rodadas(t, stage, rows)
            phases.append(
                {
                    "stage": stage,
                    "rodadas": found,
                    "planned": stage.swiss_rounds,
                    "paired": len(found),
                    "chaves": classificacao,
                }
            )
        context.update(phases=phases, several=len(phases) > 1, live=True)
        return context
