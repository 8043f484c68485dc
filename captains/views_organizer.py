"""The organizer's side of the capataz's page: issue, reissue and revoke a team's link
(from the team's page), and answer a contestação (from the jogo's súmula page).

The issued link is shown once, in the answer to the POST that made it, with its QR code
and the button that prints the «cartão do capataz» (``printing.views_captain``, which
is handed the token back by that form and keeps nothing).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from captains.models import Contest
from captains.services import captain_link_issue, captain_link_revoke, contest_answer
from core.qr import qr_png
from core.site import absolute, base_url, is_loopback
from scoring.services.errors import ScoringError
from scoring.views_organizer import HistoryView
from tournaments.models import Team
from tournaments.views import OrganizerMixin


class TeamMixin(OrganizerMixin):
    def team(self, pk: int) -> Team:
        return get_object_or_404(Team.objects.select_related("entity"), pk=pk, tournament=self.tournament)


class IssueView(TeamMixin, View):
    """POST: a new link for the team's capataz (the old one stops working), shown once."""

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        team = self.team(pk)
        token = captain_link_issue(team, request.user)
        site = base_url(request)
        url = absolute(reverse("captains:page", args=[token]), site)
        context = {
            "team": team,
            "url": url,
            "token": token,
            "qr": qr_png(url, scale=5),
            "loopback": is_loopback(site),
        }
        response = self.render_page("captains/issued.html", context)
        response["Cache-Control"] = "private, no-store, max-age=0"
        return response

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        return redirect("tournaments:team_edit", slug=slug, pk=self.team(pk).pk)


class RevokeView(TeamMixin, View):
    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        team = self.team(pk)
        if captain_link_revoke(team=team, user=request.user):
            messages.success(
                request,
                _("Link do capataz de %(team)s revogado: deixou de valer agora.") % {"team": team.name},
            )
        else:
            messages.info(request, _("%(team)s não tinha link do capataz ativo.") % {"team": team.name})
        return redirect(reverse("tournaments:team_edit", args=[slug, team.pk]) + "#capataz")

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        return redirect("tournaments:team_edit", slug=slug, pk=self.team(pk).pk)


class AnswerView(HistoryView):
    """POST: the comissão answers a contestação of this jogo; a refusal shows the súmula
    page again with its reason (400), nothing written."""

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        match = self.load(match_id)
        raw = str(request.POST.get("contest", ""))
        contest = Contest.objects.filter(match=match, pk=int(raw)).first() if raw.isdigit() else None
        if contest is None:
            return self.page(
                request, match, status=400, error=_("Contestação: escolha uma contestação deste jogo.")
            )
        try:
            contest_answer(contest=contest, user=request.user, answer=str(request.POST.get("answer", "")))
        except ScoringError as exc:
            return self.page(request, match, status=exc.status, error=exc.message)
        messages.success(
            request, _("Resposta à contestação de %(team)s registrada.") % {"team": contest.team.name}
        )
        return redirect(reverse("scoring:history", args=[slug, match.pk]) + "#contestacoes")

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        return redirect("scoring:history", slug=slug, match_id=self.load(match_id).pk)
