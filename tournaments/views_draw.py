"""Organizer pages of the sorteio das chaves (random, manual, swaps) and of the rodadas."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.collation import by_name
from tournaments import selectors
from tournaments.forms import DrawForm, ScheduleForm, SwapForm
from tournaments.models import Team
from tournaments.pairing import group_sizes
from tournaments.services import ServiceError, apply_to_form
from tournaments.services.draws import (
    draw_notes,
    drawable_teams,
    group_swap,
    groups_draw,
    groups_draw_manual,
    stage_has_results,
)
from tournaments.services.schedule import ScheduleTemplate, schedule_generate
from tournaments.timing import default_minutes, phase_start
from tournaments.views import OrganizerPage


def manual_form(teams: list[Team], data: Any = None) -> forms.Form:
    form = forms.Form(data)
    for t in teams:
        form.fields[f"team_{t.pk}"] = forms.CharField(label=t.name, max_length=60, required=False)
    form.fields["replace"] = forms.BooleanField(label=_("Refazer o sorteio"), required=False)
    return form


class GroupsView(OrganizerPage):
    """The chaves; the draw forms while no súmula exists; swaps until rodada 1 starts."""

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        stage = selectors.group_stage(self.tournament)
        groups = selectors.chaves(stage) if stage else []
        teams = list(drawable_teams(self.tournament).order_by(by_name()))
        drawn = (
            Team.objects.filter(tournament=self.tournament, groups__stage=stage)
            if stage
            else Team.objects.none()
        )
        drawn_by = self.tournament.draws.filter(purpose="groups", stage=stage).last() if stage else None
        context = {
            "stage": stage,
            "groups": groups,
            "random_draw": bool(drawn_by and not drawn_by.manual),
            "notes": draw_notes(drawn_by) if drawn_by else [],
            "draw_teams": teams,
            "locked": bool(stage and stage_has_results(stage)),
            "last_draw": self.tournament.draws.filter(purpose="groups").select_related("performed_by").last(),
            "swaps": stage.swaps.select_related("team_a", "team_b", "group_a", "group_b") if stage else [],
            "draw_form": DrawForm(),
            "manual_form": manual_form(teams),
            "swap_form": SwapForm(teams=drawn.order_by(by_name())),
            **extra,
        }
        return self.render_page("tournaments/groups.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "manual":
            return self._manual(request)
        if action == "swap":
            return self._swap(request)
        form = DrawForm(request.POST)
        if not form.is_valid():
            return self.page(request, 400, draw_form=form)
        data = form.cleaned_data
        count = drawable_teams(self.tournament).count()
        try:
            sizes = data["sizes"] or group_sizes(count, groups=data["groups"], size=data["size"])
        except ValueError:
            form.add_error(
                None,
                ngettext(
                    "Com %(n)d equipe não é possível formar essas chaves (mínimo 2 por chave).",
                    "Com %(n)d equipes não é possível formar essas chaves (mínimo 2 por chave).",
                    count,
                )
                % {"n": count},
            )
            return self.page(request, 400, draw_form=form)
        try:
            draw = groups_draw(
                tournament=self.tournament,
                user=request.user,
                sizes=sizes,
                seed=data["seed"],
                replace=data["replace"],
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, draw_form=form)
        messages.success(request, _("Chaves sorteadas (semente %(seed)s).") % {"seed": draw.seed})
        return redirect("tournaments:groups", slug=slug)

    def _manual(self, request: HttpRequest) -> HttpResponse:
        teams = list(drawable_teams(self.tournament).order_by(by_name()))
        form = manual_form(teams, request.POST)
        form.is_valid()
        assignment = {t.pk: form.cleaned_data.get(f"team_{t.pk}", "") for t in teams}
        try:
            groups_draw_manual(
                tournament=self.tournament,
                user=request.user,
                assignment=assignment,
                replace=bool(form.cleaned_data.get("replace")),
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, manual_form=form, manual_open=True)
        messages.success(request, _("Chaves do sorteio manual registradas."))
        return redirect("tournaments:groups", slug=self.tournament.slug)

    def _swap(self, request: HttpRequest) -> HttpResponse:
        stage = selectors.group_stage(self.tournament)
        teams = (
            Team.objects.filter(tournament=self.tournament, groups__stage=stage)
            if stage
            else Team.objects.none()
        )
        form = SwapForm(request.POST, teams=teams)
        if stage is None or not form.is_valid():
            return self.page(request, 400, swap_form=form)
        try:
            group_swap(stage=stage, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, swap_form=form)
        messages.success(request, _("Troca registrada."))
        return redirect("tournaments:groups", slug=self.tournament.slug)


class ScheduleView(OrganizerPage):
    """Rodadas by rodada (default) or by mesa (?por=mesa), and the generator form."""

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        stage = selectors.current_group_stage(self.tournament)
        matches = list(selectors.stage_matches(stage)) if stage else []
        by_table = request.GET.get("por") == "mesa"
        blocks: dict[Any, list[Any]] = {}
        for m in matches:
            key = (m.table.order, m.table.name) if by_table and m.table else m.round
            blocks.setdefault(key, []).append(m)
        if by_table:
            for rows in blocks.values():
                rows.sort(key=lambda m: (m.scheduled_at or timezone.now(), m.round or 0))
        rounds = {r.number: r for r in stage.rounds.all()} if stage else {}
        t = self.tournament  # times from the phase, to the minute (tournaments.timing)
        initial = {"tables": t.table_count, "minutes": default_minutes(t), "start": phase_start(t, stage)}
        context = {
            "stage": stage,
            "by_table": by_table,
            "blocks": sorted(blocks.items(), key=lambda kv: kv[0]),
            "rounds": rounds,
            "folgas": selectors.round_folgas(stage, matches) if stage and not by_table else {},
            "locked": bool(stage and stage_has_results(stage)),
            "form": ScheduleForm(initial=initial),
            **extra,
        }
        return self.render_page("tournaments/schedule.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = ScheduleForm(request.POST)
        stage = selectors.current_group_stage(self.tournament)
        if not form.is_valid():
            return self.page(request, 400, form=form)
        if stage is None:
            form.add_error(None, _("Faça o sorteio das chaves antes de gerar as rodadas."))
            return self.page(request, 400, form=form)
        data = form.cleaned_data
        template = ScheduleTemplate(
            start=data["start"],
            minutes=data["minutes"],
            breaks=data["breaks"],
            double=data["double"],
            tables=data["tables"],
        )
        try:
            rounds = schedule_generate(stage=stage, template=template)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, form=form)
        messages.success(
            request,
            ngettext("%(n)d rodada gerada.", "%(n)d rodadas geradas.", len(rounds)) % {"n": len(rounds)},
        )
        return redirect("tournaments:schedule", slug=slug)
