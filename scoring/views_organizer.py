"""The organizer's súmula pages: the list with its filters and bulk homologation, history
(with the double-entry workflow and the comissão's decision between two entries),
homologation, PINs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django_tables2 import RequestConfig

from core.numbers import whole_number
from scoring import selectors, selectors_review
from scoring.diff import Names, fields
from scoring.forms import ResolveForm, VersionForm
from scoring.selectors_double import double_entry_of
from scoring.selectors_review import Filters
from scoring.services.bulk import sheets_homologate
from scoring.services.consequences import consequences_of
from scoring.services.double_entry import FIRST, double_entry_resolve
from scoring.services.errors import ScoringError
from scoring.services.pins import pin_unlock, pins_generate
from scoring.services.workflow import sheet_homologate, sheet_revert
from scoring.tables import SheetReviewTable
from scoring.views_judge import origin_of
from tournaments.models import Match
from tournaments.views import OrganizerMixin, OrganizerPage

PER_PAGE = 100
FILTER_KEYS = ("rodada", "fase", "chave", "estado")


def _filters(query: Any, tournament: Any) -> Filters:
    """The list's GET filters; an unknown value is no filter (never an error page)."""
    fases = {k for k, _label in selectors_review.stage_choices(tournament)}
    fase = query.get("fase", "")
    estado = query.get("estado", "")
    return Filters(
        rodada=whole_number(query.get("rodada", ""), 4),
        fase=fase if fase in fases else "",
        chave=whole_number(query.get("chave", ""), 18),
        estado=estado if estado in selectors_review.STATE_FILTERS else "",
    )


def _kept_query(query: Any) -> str:
    """The filters of the list, re-encoded from known keys only (for a redirect back)."""
    kept = QueryDict(mutable=True)
    for key in FILTER_KEYS:
        value = query.get(key, "")
        if value and len(value) <= 60:
            kept[key] = value
    return kept.urlencode()


class RoundSheetsView(OrganizerPage):
    """The súmula list: score, avisos, signatures and state of each jogo, with filters,
    and the form that homologates the selected signed súmulas in one POST."""

    def page(self, request: HttpRequest, status: int = 200, error: str = "") -> HttpResponse:
        filters = _filters(request.GET, self.tournament)
        rows = selectors_review.review_rows(self.tournament, filters)
        table = SheetReviewTable(
            rows,
            slug=self.tournament.slug,
            preselect=request.GET.get("selecionar") == "prontas",
            expelled=selectors.expelled_teams(self.tournament),
        )
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        by_state = Counter(row.view.state for row in rows)
        counts = [selectors.state_count(state, n) for state, n in by_state.items()]
        context = {
            "table": table,
            "rounds": selectors.rounds_of(self.tournament),
            "stages": selectors_review.stage_choices(self.tournament),
            "groups": selectors_review.group_choices(self.tournament),
            "states": selectors_review.STATE_FILTERS.items(),
            "filters": filters,
            "counts": counts,
            "ready": sum(1 for row in rows if row.eligible),
            "query": _kept_query(request.GET),
            "error": error,
        }
        return self.render_page("scoring/round.html", context, status=status)


class BulkHomologateView(RoundSheetsView):
    """POST: homologate the selected súmulas («id:versão» each), one by one."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        selected = []
        for value in request.POST.getlist("sumula"):
            match_id, _sep, version = value.partition(":")
            pair = (whole_number(match_id, 18), whole_number(version, 6))
            if pair[0] is None or pair[1] is None:
                return self.page(request, 400, _("Seleção inválida (súmula e versão): recarregue a página."))
            selected.append((pair[0], pair[1]))
        back = reverse("scoring:round", args=[self.tournament.slug])
        query = _kept_query(QueryDict(request.POST.get("filtros", "")))
        back += f"?{query}" if query else ""
        if not selected:
            messages.error(request, _("Nenhuma súmula selecionada: marque as súmulas a homologar."))
            return HttpResponseRedirect(back, status=303)
        try:
            outcome = sheets_homologate(
                tournament=self.tournament, user=request.user, selected=selected, origin=origin_of(request)
            )
        except ScoringError as exc:
            return self.page(request, exc.status, exc.message)
        if outcome.homologated:
            names = "; ".join(label for _pk, label in outcome.homologated)
            n = len(outcome.homologated)
            messages.success(
                request,
                ngettext("%(n)d súmula homologada: %(names)s.", "%(n)d súmulas homologadas: %(names)s.", n)
                % {"n": n, "names": names},
            )
        for refusal in outcome.refused:
            messages.error(request, _("Não homologada — %(reason)s") % {"reason": refusal.message})
        return HttpResponseRedirect(back, status=303)


class HistoryView(OrganizerMixin, View):
    def load(self, match_id: int) -> Match:
        match = selectors.tournament_match(self.tournament, match_id)
        if match is None:
            raise Http404
        return match

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        return self.page(request, self.load(match_id))

    def page(self, request: HttpRequest, match: Match, status: int = 200, error: str = "") -> HttpResponse:
        sheet = selectors.sheet_view(match)
        double = double_entry_of(match, sheet)
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
            "double": double,
            "can_decide": double is not None
            and double.state == "mismatch"
            and not double.typed_by(request.user),
            "error": error,
        }
        return render(request, "scoring/history.html", context, status=status)


class _ActionView(HistoryView):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        match = self.load(match_id)
        form = VersionForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Pedido inválido: recarregue a página."))
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
        messages.success(request, _("Súmula homologada (versão %(version)d).") % {"version": data["version"]})


class RevertView(_ActionView):
    def act(self, request: HttpRequest, match: Match, data: dict[str, Any]) -> None:
        sheet_revert(
            match=match,
            user=request.user,
            version=data["version"],
            reason=data["reason"],
            origin=origin_of(request),
        )
        messages.success(request, _("Homologação revertida; o motivo ficou no histórico."))


class ResolveView(HistoryView):
    """POST: the comissão accepts the first or the second of two different entries. A
    refusal (stale page, not allowed, nothing to decide) is the page again with its
    reason and status (409, 403); nothing is written then."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        match = self.load(match_id)
        form = ResolveForm(request.POST)
        if not form.is_valid():
            return self.page(request, match, 400, _("Pedido inválido: recarregue a página."))
        data = form.cleaned_data
        try:
            counted = double_entry_resolve(
                match=match,
                user=request.user,
                version=data["version"],
                check=data["check"],
                accept=data["accept"],
                reason=data["reason"],
                origin=origin_of(request),
            )
        except ScoringError as exc:
            return self.page(request, match, exc.status, exc.message)
        if data["accept"] == FIRST:
            done = _("Valeu a 1ª digitação: a versão %(version)d foi confirmada.")
        else:
            done = _(
                "Valeu a 2ª digitação: gravada e confirmada como versão %(version)d; os capatazes "
                "assinam esta versão antes da homologação."
            )
        messages.success(request, done % {"version": counted.version})
        url = reverse("scoring:history", args=[self.tournament.slug, match.pk])
        return HttpResponseRedirect(url, status=303)


class PinsView(OrganizerMixin, View):
    """PINs of the teams, shown once when generated, for printing on the team cards."""

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


class PinUnlockView(OrganizerMixin, View):
    """The organizer clears a team's PIN lock (its paper signature waits for this)."""

    def post(self, request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
        team = get_object_or_404(self.tournament.teams, pk=team_id)
        try:
            unlocked = pin_unlock(tournament=self.tournament, user=request.user, team=team)
        except ScoringError as exc:
            messages.error(request, exc.message)
        else:
            if unlocked:
                messages.success(request, _("PIN de %(team)s desbloqueado.") % {"team": team.name})
            else:
                messages.info(request, _("O PIN de %(team)s não estava bloqueado.") % {"team": team.name})
        return HttpResponseRedirect(reverse("scoring:pins", args=[self.tournament.slug]), status=303)
