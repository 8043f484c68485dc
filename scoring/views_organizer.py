"""The organizer's súmula pages: states per rodada, history, homologation, PINs."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views import View

from core.numbers import whole_number
from scoring import selectors
from scoring.diff import Names, fields
from scoring.forms import VersionForm
from scoring.services.consequences import consequences_of
from scoring.services.errors import ScoringError
from scoring.services.pins import pin_unlock, pins_generate
from scoring.services.workflow import sheet_homologate, sheet_revert
from scoring.views_judge import origin_of
from tournaments.models import Match
from tournaments.permissions import Action, TournamentPermissionMixin


class RoundSheetsView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        rounds = selectors.rounds_of(self.tournament)
        raw = request.GET.get("rodada", "")
        current = whole_number(raw, 4)
        if current is None:
            current = rounds[0] if rounds else None
        sheets = selectors.round_sheets(self.tournament, current)
        counts: dict[str, int] = {}
        for s in sheets:
            counts[s.state_label] = counts.get(s.state_label, 0) + 1
        context = {
            "tournament": self.tournament,
            "rounds": rounds,
            "current": current,
            "sheets": sheets,
            "counts": counts,
            "expelled": selectors.expelled_teams(self.tournament),
        }
        return render(request, "scoring/round.html", context)


class HistoryView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def load(self, match_id: int) -> Match:
        match = selectors.tournament_match(self.tournament, match_id)
        if match is None:
            raise Http404
        return match

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        match = self.load(match_id)
        sheet = selectors.sheet_view(match)
        names = Names.of(match)
        latest = sheet.latest
        context = {
            "tournament": self.tournament,
            "match": match,
            "sheet": sheet,
            "history": selectors.history(match),
            "current_fields": fields(
                {"result": latest.result, "lineups": latest.lineups, "observations": latest.observations},
                names,
            )
            if latest
            else {},
            "consequences": consequences_of(match, latest.result) if latest else [],
            "pretty_code": selectors.codes.pretty(sheet.code),
        }
        return render(request, "scoring/history.html", context)


class _ActionView(HistoryView):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        match = self.load(match_id)
        form = VersionForm(request.POST)
        if not form.is_valid():
            messages.error(request, "Pedido inválido: recarregue a página.")
        else:
            try:
                self.act(request, match, form.cleaned_data)
            except ScoringError as exc:
                messages.error(request, exc.message)
        url = reverse("scoring:history", args=[self.tournament.slug, match.pk])
        return HttpResponseRedirect(url, status=303)

    def act(self, request: HttpRequest, match: Match, data: dict[str, Any]) -> None:
        raise NotImplementedError


class HomologateView(_ActionView):
    def act(self, request: HttpRequest, match: Match, data: dict[str, Any]) -> None:
        sheet_homologate(match=match, user=request.user, version=data["version"], origin=origin_of(request))
        messages.success(request, f"Súmula homologada (versão {data['version']}).")


class RevertView(_ActionView):
    def act(self, request: HttpRequest, match: Match, data: dict[str, Any]) -> None:
        sheet_revert(
            match=match,
            user=request.user,
            version=data["version"],
            reason=data["reason"],
            origin=origin_of(request),
        )
        messages.success(request, "Homologação revertida; o motivo ficou no histórico.")


class PinsView(TournamentPermissionMixin, View):
    """PINs of the teams, shown once when generated, for printing on the team cards."""

    action = Action.MANAGE

    def page(self, request: HttpRequest, fresh: dict[int, str]) -> HttpResponse:
        teams = list(self.tournament.teams.select_related("pin").order_by("order", "id"))
        rows = [
            {
                "team": t,
                "has_pin": hasattr(t, "pin"),
                "pin": fresh.get(t.pk),
                "locked": hasattr(t, "pin") and t.pin.locked_until is not None,
            }
            for t in teams
        ]
        return render(
            request, "scoring/pins.html", {"tournament": self.tournament, "rows": rows, "fresh": fresh}
        )

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request, {})

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        everyone = request.POST.get("scope") == "all"
        teams = list(self.tournament.teams.all()) if everyone else None
        fresh = pins_generate(tournament=self.tournament, user=request.user, teams=teams)
        response = self.page(request, fresh)
        response["Cache-Control"] = "no-store"  # plain PINs must not stay in a cache
        return response


class PinUnlockView(TournamentPermissionMixin, View):
    """The organizer clears a team's PIN lock (its paper signature waits for this)."""

    action = Action.MANAGE

    def post(self, request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
        team = get_object_or_404(self.tournament.teams, pk=team_id)
        try:
            unlocked = pin_unlock(tournament=self.tournament, user=request.user, team=team)
        except ScoringError as exc:
            messages.error(request, exc.message)
        else:
            if unlocked:
                messages.success(request, f"PIN de {team.name} desbloqueado.")
            else:
                messages.info(request, f"O PIN de {team.name} não estava bloqueado.")
        return HttpResponseRedirect(reverse("scoring:pins", args=[self.tournament.slug]), status=303)
