"""Thin public views: each declares its permission, then asks a selector.

Public pages: tournament home, classificação (with qualification), results, schedule,
team pages, JSON for integrators, and the revision number the live refresh polls. Every
result they show is the publication rule's (``standings.selectors_published``, through
``standings.results`` and ``standings.selectors``): homologated, or marked «aguardando
homologação» where the tournament shows those.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from core import words
from core.exports import export_response
from core.numbers import whole_number
from knockout.placings import FinalPlacings, final_placings
from public import scopes
from public.caching import public_page
from public.standings_export import standings_export_table
from public.swiss import swiss_values, with_swiss_values
from public.tables import ResultsTable, ScheduleTable, StandingsTable
from public.tables_swiss import HIDDEN, SwissStandingsTable
from standings.qualification import qualification
from standings.results import match_rows, play_order, results_document
from standings.selectors import standings_document, tournament_standings
from standings.selectors_published import shows_pending
from tally import selectors as tally_selectors
from tournaments.models import Stage, Team
from tournaments.permissions import Action, TournamentPermissionMixin
from tournaments.phases import names_by_id
from tournaments.revision import published


def phase(t: Any, jogos: list[tuple[int, int | None, bool]], placings: FinalPlacings) -> str:
    """The tournament's phase in the words of its shape: the first rodada with a jogo
    not homologated is «em jogo» (a mata-mata's by its name); «Encerrado» at the end.
    ``jogos``: ``standings.results.play_order``."""
    if placings.complete:
        return _("Encerrado")
    if not jogos:
        return (
            _("Inscrições e sorteio das chaves") if t.has_groups else _("Inscrições e sorteio do mata-mata")
        )
    pending = [(pk, rodada) for pk, rodada, homologated in jogos if not homologated]
    if not pending:
        return _("Aguardando a próxima fase")
    pk, rodada = pending[0]  # in play order: phase, rodada
    name = names_by_id([pk]).get(pk) or _("Rodada %(n)d") % {"n": rodada or 0}
    return _("%(name)s em jogo") % {"name": name}


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class TournamentHomeView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        t = self.tournament
        jogos = play_order(t)
        # A jogo still to homologate: the event has not ended, and the page shows no final
        # placings — nor computes them (the whole classificação, its dearest read).
        ended = all(homologated for _pk, _rodada, homologated in jogos)
        placings = final_placings(t) if ended else FinalPlacings()
        context.update(
            modality=t.rules(),
            # Who plays: a team marked ausente at the check-in is not one of them.
            team_count=t.teams.exclude(status=Team.Status.ABSENT).count(),
            absent_count=t.teams.filter(status=Team.Status.ABSENT).count(),
            phase=phase(t, jogos, placings),
            placings=placings,
            champion=placings.champion,
            stages=t.stages.prefetch_related("groups__entries__team__entity").order_by("order"),
            live=True,
        )
        return context


def played(stage_table: Any) -> bool:
    """Whether a jogo of the phase counts yet: before it every team is level and no
    classificado (nor a sorteio among them) is worth showing."""
    return any(r.counters.played for gt in stage_table.groups for r in gt.rows)


def leads_on(t: Any, stage_table: Any) -> bool:
    """Whether a phase of chaves has a next phase for its classificados: a mata-mata
    («Chaves e mata-mata») or more chaves (several phases, which end with one chave)."""
    if t.stage_plan == t.StagePlan.GROUPS_KNOCKOUT:
        return True
    if t.stage_plan != t.StagePlan.MULTI_PHASE:
        return False
    later = t.stages.filter(kind="groups", order__gt=stage_table.stage.order).exists()
    return later or len(stage_table.groups) > 1


def standings_rows(t: Any, group_table: Any) -> list[dict[str, Any]]:
    rows = []
    for line in group_table.lines:
        c = line.row.counters
        dq = line.row.status.value == "disqualified"
        status = (
            _("desclassificada — %(reason)s") % {"reason": line.dq_reason}
            if dq and line.dq_reason
            else (_("desclassificada") if dq else "")
        )
        rows.append(
            {
                "position": line.row.position,
                "team": line.team.name,
                "entity": line.team.entity.name if line.team.entity else "",
                "played": c.played,
                "wins": c.wins,
                "losses": c.losses,
                "games_won": c.games_won,
                "points_for": c.points_for,
                "points_against": c.points_against,
                "points_difference": c.points_difference,
                "status": status,
                "disqualified": dq,
                # No tie waits for a sorteio before its teams have played, nor while rodadas
                # to come (a Swiss phase's) will change the table.
                "pending_lots": line.row.pending_lots and c.played > 0 and not group_table.awaiting_rodadas,
                "url": reverse("public:team", args=[t.slug, line.team.pk]),
            }
        )
    return rows


def block(t: Any, st: Any, gt: Any, swiss: Any = None) -> dict[str, Any]:
    """One chave's section of the standings page, with a digest of everything it shows:
    the page keeps each section's HTML under its digest (the ``fragments`` cache), so
    after a homologation only the chave that changed is rendered again. ``swiss``: a
    Swiss chave's desempates (``public.swiss.swiss_values``), shown as its columns."""
    rows = standings_rows(t, gt)
    if swiss is not None:
        with_swiss_values(rows, gt, swiss)
    played = any(r.counters.played for r in gt.rows)
    # Before a jogo is counted every team is level: no tie lines, no sorteio pending.
    notes, draws = (gt.explanations() if played else []), gt.draw_lines()
    shown = (gt.group.pk, gt.group.name, gt.unplayed, rows, notes, draws, translation.get_language())
    return {
        "stage": st.stage,
        "gt": gt,
        "notes": notes,
        "draws": draws,
        "digest": hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest(),
        # The teams of a pending sorteio, by name, for the organizer's sorteio form.
        "lots": [(line.team.key, line.team.name) for line in gt.lines if line.team.key in gt.pending_lots],
        # Built only when the section is rendered (a template calls a callable): on a
        # fragment hit, building django-tables2's columns would be the page's main cost.
        "table": functools.partial(SwissStandingsTable, rows, exclude=HIDDEN)
        if swiss is not None
        else functools.partial(StandingsTable, rows, exclude=("stage", "group", "status")),
        "swiss": swiss is not None,
    }


@method_decorator(public_page("page", scopes=scopes.standings_page), name="dispatch")
class StandingsView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/standings.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        t = self.tournament
        chaves = scopes.ordered_chaves(t.slug)
        self.page = scopes.chave_page(chaves, request.GET.get("page"))
        self.group_ids = [pk for pk, _ in self.page.object_list]
        # A state final has 128 chaves: only the page's are ranked (each on its own jogos).
        many = self.page.paginator.num_pages > 1 and not request.GET.get("_export")
        self.stage_tables = tournament_standings(t, group_ids=self.group_ids if many else None)
        if request.GET.get("_export"):
            table = standings_export_table(self.stage_tables, functools.partial(standings_rows, t))
            exported = export_response(request, table, f"{t.slug}-classificacao")
            if exported is not None:
                return exported
        shown = set(self.group_ids)
        swiss = swiss_values(
            [st for st in self.stage_tables if any(gt.group.pk in shown for gt in st.groups)]
        )
        self.blocks = [
            block(t, st, gt, swiss.get(gt.group.pk))
            for st in self.stage_tables
            for gt in st.groups
            if gt.group.pk in shown
        ]
        self.chave_links = [(name, (k // scopes.CHAVES_PER_PAGE) + 1) for k, (_, name) in enumerate(chaves)]
        self.small = len(chaves) <= scopes.CHAVES_PER_PAGE
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["blocks"] = self.blocks
        # Placar parcial of the jogos of the page's chaves (the live board has them all).
        shown = set(self.group_ids)
        context["live_states"] = [
            s for s in tally_selectors.live_board(self.tournament) if s.match.group_id in shown
        ]
        context["pending_shown"] = shows_pending(self.tournament)
        context["page"] = self.page
        context["chave_links"] = self.chave_links if self.page.paginator.num_pages > 1 else []
        # The full qualification list of a large stage lives on its own page.
        small = self.small
        going_on = [st for st in self.stage_tables if leads_on(self.tournament, st) and played(st)]
        context["qualification"] = [qualification(self.tournament, st) for st in going_on] if small else []
        context["qualification_elsewhere"] = bool(going_on) and not small
        context["live"] = True
        return context


@method_decorator(public_page("rodada", "page", scopes=scopes.jogos), name="dispatch")
class ResultsView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/results.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        rows = match_rows(self.tournament, round_number=whole_number(request.GET.get("rodada"), 5))
        exported = export_response(request, ResultsTable(rows), f"{self.tournament.slug}-resultados")
        if exported is not None:
            return exported
        self.page = paginate(request, rows, 100)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(page=self.page, rounds=by_round(self.page.object_list), live=True)
        return context


@method_decorator(public_page("mesa", "rodada", "page", scopes=scopes.jogos), name="dispatch")
class ScheduleView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/schedule.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        mesa = request.GET.get("mesa") or None
        rows = match_rows(
            self.tournament, round_number=whole_number(request.GET.get("rodada"), 5), table=mesa
        )
        exported_rows = rows
        if request.GET.get("_export"):  # the file names rodadas as the page does
            named = names_by_id(r["pk"] for r in rows)
            exported_rows = [{**r, "round": named.get(r["pk"]) or r["round"]} for r in rows]
        exported = export_response(
            request, ScheduleTable(exported_rows), f"{self.tournament.slug}-programacao"
        )
        if exported is not None:
            return exported
        self.page = paginate(request, rows, 200)
        self.mesa = mesa
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            page=self.page,
            rounds=by_round(self.page.object_list),
            mesa=self.mesa,
            tables=self.tournament.tables.all(),
            live=True,
        )
        return context


@method_decorator(public_page(scopes=scopes.team), name="dispatch")
class TeamView(TournamentPermissionMixin, TemplateView):
    action = Action.VIEW_PUBLIC
    template_name = "public/team.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        team = get_object_or_404(
            Team.objects.select_related("entity").prefetch_related("players"),
            tournament=self.tournament,
            pk=self.kwargs["team_id"],
        )
        rows = match_rows(self.tournament, team_id=team.pk)
        path = []
        chaves = list(team.groups.values_list("pk", flat=True))
        for st in tournament_standings(self.tournament, group_ids=chaves) if chaves else []:
            for gt in st.groups:
                if team.key in gt.teams:
                    row = gt.standings.row_for(team.key)
                    path.append({"stage": st.stage.key, "group": gt.group.name, "row": row})
        context.update(team=team, phases=by_phase(self.tournament, rows), path=path)
        modality = self.tournament.rules()
        context.update(
            hs=tally_selectors.team_stats(team), modality=modality, points_word=words.points(modality)
        )
        return context


def by_phase(tournament: Any, rows: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """A team's jogos under their phase — «Chave A», then «Mata-mata» — each row with its
    rodada's name (``round_name``: «Rodada 2», «Semifinais»), so the chaves' rodadas
    1, 2, 3 and the mata-mata's never read as one list."""
    kinds = dict(tournament.stages.values_list("key", "kind"))
    names = names_by_id(row["pk"] for row in rows)
    phases: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if kinds.get(row["stage"]) == Stage.Kind.KNOCKOUT:
            title = _("Mata-mata")
        else:
            title = _("Chave %(name)s") % {"name": row["group"]} if row["group"] else _("Chaves")
        phases.setdefault(title, []).append({**row, "round_name": names.get(row["pk"], "")})
    return list(phases.items())


def paginate(request: HttpRequest, rows: list[dict[str, Any]], per_page: int) -> Page[dict[str, Any]]:
    """Long lists are paginated: no page renders more than a few hundred jogos."""
    return Paginator(rows, per_page).get_page(request.GET.get("page"))


def by_round(rows: Any) -> list[tuple[str, list[dict[str, Any]]]]:
    """Rows under their rodada's name: «Rodada n» in the chaves, the mata-mata's by its
    phase (tournaments.phases), so a chave's rodada 1 and the quartas never share one."""
    rows = list(rows)
    names = names_by_id(row["pk"] for row in rows)
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(names.get(row["pk"], ""), []).append(row)
    return list(groups.items())


@method_decorator(public_page("stage", scopes=scopes.jogos), name="dispatch")
class StandingsJsonView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> JsonResponse:
        stage = request.GET.get("stage")
        try:
            tables = tournament_standings(self.tournament, stage_key=stage)
        except LookupError:
            raise Http404 from None
        return JsonResponse(
            standings_document(self.tournament, tables), json_dumps_params={"ensure_ascii": False}
        )


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class ResultsJsonView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> JsonResponse:
        doc = results_document(self.tournament, match_rows(self.tournament))
        return JsonResponse(doc, json_dumps_params={"ensure_ascii": False})


@method_decorator(public_page("escopo", scopes=scopes.polled), name="dispatch")
class RevisionView(TournamentPermissionMixin, View):
    """The number the live refresh polls: the revision of the scopes a page shows
    (``?escopo=``), or of the whole tournament; the page reloads its content when it
    changes."""

    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> JsonResponse:
        found = published(slug, request.public_scopes)  # type: ignore[attr-defined]
        return JsonResponse({"revision": found.revision if found else 0})


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class QualificationView(TournamentPermissionMixin, TemplateView):
    """Who advances from each stage of chaves, with the cross-chave comparison."""

    action = Action.VIEW_PUBLIC
    template_name = "public/qualification.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tables = [
            st for st in tournament_standings(self.tournament) if leads_on(self.tournament, st) and played(st)
        ]
        context.update(qualification=[qualification(self.tournament, st) for st in tables], live=True)
        return context
