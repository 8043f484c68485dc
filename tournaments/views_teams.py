"""Organizer pages of inscrições: team list (filter, sort, export), team form, import, check-in."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import View
from django_tables2 import RequestConfig

from core.collation import by_name
from core.exports import export_response
from core.numbers import whole_number
from rules.modalities import PRESETS
from tournaments import selectors
from tournaments.forms import ImportForm, PlayerFormSet, StatusForm, TeamForm, team_input
from tournaments.models import Team
from tournaments.services import ServiceError, apply_to_form
from tournaments.services.importing import (
    COLUMNS,
    MAX_LISTED,
    MAX_ROWS,
    MAX_UPLOAD_BYTES,
    TEMPLATE_CSV,
    import_preview,
    template_csv,
)
from tournaments.services.registration import (
    TeamInput,
    checkin_closed,
    team_register,
    team_set_status,
    team_update,
    teams_register_many,
)
from tournaments.tables import TeamTable
from tournaments.views import OrganizerMixin, OrganizerPage

PER_PAGE = 50


class TeamListView(OrganizerMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        entity = request.GET.get("entidade", "")
        status = request.GET.get("situacao", "")
        entity_id = whole_number(entity, 18)
        status = status if status in Team.Status.values else ""
        qs = selectors.team_list(self.tournament, entity=entity_id, status=status)
        table = TeamTable(qs, slug=slug)
        exported = export_response(request, table, f"{slug}-equipes")
        if exported is not None:
            return exported
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
        return self.render_page(
            "tournaments/teams.html",
            {
                "table": table,
                "entities": self.tournament.entities.order_by(by_name()),
                "statuses": Team.Status.choices,
                "entity": entity_id,
                "status": status,
            },
        )


class TeamFormView(OrganizerMixin, View):
    """Create (no pk) or edit a team with its players in one form."""

    def _team(self, pk: int | None) -> Team | None:
        return get_object_or_404(Team, pk=pk, tournament=self.tournament) if pk else None

    def _page(
        self,
        request: HttpRequest,
        team: Team | None,
        form: TeamForm,
        players: Any,
        status: int = 200,
        **extra: Any,
    ) -> HttpResponse:
        context = {
            "team": team,
            "form": form,
            "players": players,
            "modality": self.tournament.rules(),
            **extra,
        }
        return self.render_page("tournaments/team_form.html", context, status=status)

    def get(self, request: HttpRequest, slug: str, pk: int | None = None) -> HttpResponse:
        team = self._team(pk)
        modality = self.tournament.rules()
        if team is None:
            form = TeamForm()
            rows: list[dict[str, Any]] = [{"is_captain": i == 0} for i in range(modality.players)]
            rows += [{"is_reserve": True} for _ in range(modality.max_reserves)]
        else:
            form = TeamForm(
                initial={
                    "name": team.name,
                    "entity": team.entity.name if team.entity else "",
                    "seed": team.seed,
                }
            )
            rows = [
                {"name": p.name, "is_captain": p.is_captain, "is_reserve": p.is_reserve}
                for p in team.players.all()
            ]
            if not any(r["is_reserve"] for r in rows):
                rows += [{"is_reserve": True} for _ in range(modality.max_reserves)]
        return self._page(request, team, form, PlayerFormSet(initial=rows, prefix="p"))

    def post(self, request: HttpRequest, slug: str, pk: int | None = None) -> HttpResponse:
        team = self._team(pk)
        form = TeamForm(request.POST)
        players = PlayerFormSet(request.POST, prefix="p")
        if form.is_valid() and players.is_valid():
            data = team_input(form, players)
            try:
                if team is None:
                    team = team_register(tournament=self.tournament, data=data)
                else:
                    team = team_update(team=team, data=data)
            except ServiceError as exc:
                roster_errors = exc.errors.pop("players", [])
                apply_to_form(form, exc)
                return self._page(request, team, form, players, status=400, roster_errors=roster_errors)
            messages.success(request, _("Equipe «%(name)s» salva.") % {"name": team.name})
            return redirect("tournaments:teams", slug=slug)
        return self._page(request, team, form, players, status=400)


SESSION_KEY = "tenteio-import-{}"


class ImportView(OrganizerPage):
    """Upload → preview (nothing written) → confirm (re-checked, written all at once)."""

    def page(self, request: HttpRequest, **extra: Any) -> HttpResponse:
        context = {
            "form": ImportForm(),
            "columns": list(COLUMNS),
            "max_rows": MAX_ROWS,
            **extra,
        }
        return self.render_page("tournaments/import.html", context, status=extra.pop("status", 200))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        key = SESSION_KEY.format(self.tournament.pk)
        if "confirm" in request.POST:
            stored = request.session.get(key)
            if not stored:
                messages.error(request, _("Nenhuma prévia a confirmar: envie o arquivo de novo."))
                return redirect("tournaments:import", slug=slug)
            teams = [TeamInput.from_json(t) for t in stored]
            try:
                created = teams_register_many(tournament=self.tournament, teams=teams)
            except ServiceError as exc:
                listed = exc.messages[:MAX_LISTED]
                more = len(exc.messages) - len(listed)
                return self.page(request, confirm_errors=listed, confirm_more=more, status=400)
            del request.session[key]
            messages.success(
                request,
                ngettext("%(n)d equipe importada.", "%(n)d equipes importadas.", len(created))
                % {"n": len(created)},
            )
            return redirect("tournaments:teams", slug=slug)
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.page(request, form=form, status=400)
        upload = form.cleaned_data["file"]
        # Read one byte past the bound, never the whole of an oversized upload.
        raw = upload.read(MAX_UPLOAD_BYTES + 1)
        preview = import_preview(tournament=self.tournament, filename=upload.name, raw=raw)
        if preview.ok:
            request.session[key] = [t.as_json() for t in preview.teams]
        else:
            request.session.pop(key, None)
        return self.page(request, preview=preview, status=200 if preview.ok else 400)


def import_template(request: HttpRequest) -> HttpResponse:
    """The model CSV (public: it holds no data), with a BOM so Excel reads the accents:
    a team of the modality named by ``?modalidade=`` (the import page names its own),
    a trio's otherwise."""
    preset = PRESETS.get(request.GET.get("modalidade", ""))
    text = template_csv(preset.players, preset.max_reserves) if preset else TEMPLATE_CSV
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="modelo-inscricoes.csv"'
    return response


class CheckinView(OrganizerPage):
    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        teams = self.tournament.teams.select_related("entity").order_by(by_name())
        context = {
            "teams": teams,
            "closed": checkin_closed(self.tournament),
            **extra,
        }
        return self.render_page("tournaments/checkin.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = StatusForm(request.POST)
        if not form.is_valid():
            return self.page(request, status=400, error=_("Pedido inválido."))
        team = get_object_or_404(Team, pk=form.cleaned_data["team"], tournament=self.tournament)
        try:
            team_set_status(
                team=team,
                status=form.cleaned_data["status"],
                user=request.user,
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as exc:
            return self.page(request, status=400, error_team=team.pk, error=" ".join(exc.messages))
        messages.success(request, f"{team.name}: {Team.Status(form.cleaned_data['status']).label}.")
        return redirect(f"{request.path}#t{team.pk}")
