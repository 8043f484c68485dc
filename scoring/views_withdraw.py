"""«Retirar equipe»: the confirmation page and the withdrawal of a team already drawn
(``scoring.services.withdrawal``); a team never drawn is deleted on its own page
(``tournaments.views_edit``). Organizers only."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from scoring.services.withdrawal import pending_matches, team_withdraw
from scoring.views_judge import origin_of
from tournaments.models import Team
from tournaments.services import ServiceError
from tournaments.services.closing import team_drawn
from tournaments.views import OrganizerMixin


class TeamWithdrawView(OrganizerMixin, View):
    def _page(self, request: HttpRequest, team: Team, status: int = 200, **extra: Any) -> HttpResponse:
        context = {
            "team": team,
            "drawn": team_drawn(team),
            "pending": pending_matches(team),
            "modality": self.tournament.rules(),
            **extra,
        }
        return self.render_page("scoring/withdraw.html", context, status=status)

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        return self._page(request, get_object_or_404(Team, pk=pk, tournament=self.tournament))

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        team = get_object_or_404(Team, pk=pk, tournament=self.tournament)
        reason = request.POST.get("reason", "")[:300]
        if not request.POST.get("confirm"):
            return self._page(
                request,
                team,
                status=400,
                reason=reason,
                error=_("Marque a confirmação para retirar a equipe."),
            )
        try:
            done = team_withdraw(team=team, user=request.user, reason=reason, origin=origin_of(request))
        except ServiceError as exc:
            return self._page(request, team, status=400, reason=reason, error=" ".join(exc.messages))
        n = len(done.walkovers)
        messages.success(
            request,
            _("Equipe «%(team)s» retirada (desistente).") % {"team": team.name}
            + " "
            + (
                ngettext(
                    "%(n)d súmula de W.O. enviada: faltam a assinatura do capataz presente e a homologação.",
                    "%(n)d súmulas de W.O. enviadas: faltam a assinatura do capataz presente e a "
                    "homologação.",
                    n,
                )
                % {"n": n}
                if n
                else _("Ela não tinha jogos sem resultado.")
            ),
        )
        return redirect("scoring:round", slug=slug)
