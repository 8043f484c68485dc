"""Organizer page of the mata-mata: generate, schedule the rodadas, fix a pairing, advance.

Thin: the forms shape the input, ``knockout.services`` writes, and
``knockout.selectors`` reads. Action.MANAGE (organizers, superusers).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.collation import by_name
from knockout.selectors import bracket_data, knockout_stages
from knockout.services.advance import bracket_sync
from knockout.services.bracket import bracket_generate
from knockout.services.edits import bracket_schedule, bracket_swap
from tournaments.bounds import bounded_integer, when_field
from tournaments.forms import SwapForm
from tournaments.models import BracketSwap, Stage, StageTeam, Team
from tournaments.services import ServiceError, apply_to_form
from tournaments.timing import default_minutes, phase_start
from tournaments.views import OrganizerPage


class GenerateForm(forms.Form):
    source = forms.ChoiceField(
        label=gettext_lazy("Equipes do mata-mata"),
        choices=[
            ("groups", gettext_lazy("Classificadas das chaves")),
            ("teams", gettext_lazy("Equipes inscritas (sem chaves)")),
        ],
    )
    per_group = forms.IntegerField(
        label=gettext_lazy("Classificados por chave"), min_value=1, max_value=16, required=False
    )
    best_next = forms.IntegerField(
        label=gettext_lazy("Melhores da posição seguinte"), min_value=0, max_value=128, required=False
    )
    draw = forms.BooleanField(
        label=gettext_lazy("Sortear as posições (cabeças de chave ficam no topo)"), required=False
    )
    draw_byes = forms.BooleanField(
        label=gettext_lazy("Sortear os chapéus (em vez de dá-los aos melhores)"), required=False
    )
    seed = forms.CharField(
        label=gettext_lazy("Semente do sorteio (opcional)"), max_length=100, required=False
    )
    third_place = forms.ChoiceField(
        label=gettext_lazy("Disputa de 3º lugar"),
        choices=[
            ("", gettext_lazy("Como manda a modalidade")),
            ("1", gettext_lazy("Sim")),
            ("0", gettext_lazy("Não (dois 3º lugares)")),
        ],
        required=False,
    )
    replace = forms.BooleanField(label=gettext_lazy("Refazer o chaveamento"), required=False)


class BracketScheduleForm(forms.Form):
    # To the minute, from the phase before (tournaments.timing); bounds named in pt-BR.
    start = when_field(gettext_lazy("Início da rodada 1"))
    first_deadline = when_field(
        gettext_lazy("Limite da rodada 1"),
        required=False,
        help_text=gettext_lazy(
            "Vazio: início mais os minutos por rodada. Cada rodada seguinte começa no limite da anterior."
        ),
    )
    minutes = bounded_integer(
        gettext_lazy("Minutos por rodada"), 1, 1440, gettext_lazy("minutos"), initial=60
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, limit = data.get("start"), data.get("first_deadline")
        if start and limit and limit <= start:
            self.add_error(
                "first_deadline", _("Limite da rodada 1: precisa ser depois do início da rodada 1.")
            )
        return data


class BracketSwapForm(SwapForm):
    """The chaves' swap form, for two places of rodada 1 of the mata-mata."""

    team_b = forms.ModelChoiceField(label=gettext_lazy("Trocar de lugar com"), queryset=Team.objects.none())


def _schedule_initial(t: Any, stage: Stage | None) -> dict[str, Any]:
    start, minutes = phase_start(t, stage), default_minutes(t)
    return {"start": start, "first_deadline": start + timedelta(minutes=minutes), "minutes": minutes}


def _entered(stage: Stage | None) -> Any:
    if stage is None:
        return Team.objects.none()
    return Team.objects.filter(pk__in=StageTeam.objects.filter(stage=stage).values("team_id"))


class BracketManageView(OrganizerPage):
    def _stage(self) -> Stage | None:
        stages = knockout_stages(self.tournament)
        wanted = self.request.GET.get("fase") or self.request.POST.get("fase")
        return next((s for s in stages if s.key == wanted), stages[0] if stages else None)

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        t = self.tournament
        stage = self._stage()
        data = bracket_data(stage, staff=True) if stage else None
        teams = _entered(stage)
        context = {
            "stage": stage,
            "bracket": data,
            "modality": t.rules(),
            "swaps": BracketSwap.objects.filter(stage=stage).select_related("team_a", "team_b")
            if stage
            else [],
            "draws": stage.draws.select_related("performed_by") if stage else [],
            "generate_form": GenerateForm(
                initial={"source": "groups" if t.stages.filter(kind="groups").exists() else "teams"}
            ),
            "schedule_form": BracketScheduleForm(initial=_schedule_initial(t, stage)),
            "swap_form": BracketSwapForm(teams=teams.order_by(by_name())),
            **extra,
        }
        return self.render_page("knockout/bracket.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        handler = {"schedule": self._schedule, "swap": self._swap, "sync": self._sync}.get(action or "")
        return handler(request) if handler else self._generate(request)

    def _done(self, request: HttpRequest, text: str) -> HttpResponse:
        messages.success(request, text)
        return redirect("knockout:bracket", slug=self.tournament.slug)

    def _generate(self, request: HttpRequest) -> HttpResponse:
        form = GenerateForm(request.POST)
        if not form.is_valid():
            return self.page(request, 400, generate_form=form, generate_open=True)
        d = form.cleaned_data
        try:
            bracket_generate(
                tournament=self.tournament,
                user=request.user,
                source=d["source"],
                draw=d["draw"],
                draw_byes=d["draw_byes"],
                seed=d["seed"],
                third_place={"1": True, "0": False}.get(d["third_place"] or ""),
                per_group=d["per_group"],
                best_next=d["best_next"],
                replace=d["replace"],
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, generate_form=form, generate_open=True)
        return self._done(request, _("Mata-mata gerado: os jogos da rodada 1 estão criados."))

    def _schedule(self, request: HttpRequest) -> HttpResponse:
        form = BracketScheduleForm(request.POST)
        stage = self._stage()
        if stage is None:
            form.add_error(None, _("Gere o mata-mata antes da programação das rodadas."))
        if stage is None or not form.is_valid():
            return self.page(request, 400, schedule_form=form, schedule_open=True)
        d = form.cleaned_data
        try:
            bracket_schedule(
                stage=stage, start=d["start"], minutes=d["minutes"], first_deadline=d["first_deadline"]
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, schedule_form=form, schedule_open=True)
        return self._done(request, _("Rodadas do mata-mata programadas."))

    def _swap(self, request: HttpRequest) -> HttpResponse:
        stage = self._stage()
        teams = _entered(stage)
        form = BracketSwapForm(request.POST, teams=teams)
        if stage is None or not form.is_valid():
            return self.page(request, 400, swap_form=form, swap_open=True)
        d = form.cleaned_data
        try:
            bracket_swap(
                stage=stage, team_a=d["team_a"], team_b=d["team_b"], reason=d["reason"], user=request.user
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, swap_form=form, swap_open=True)
        return self._done(
            request,
            _("%(a)s e %(b)s trocaram de lugar na rodada 1.")
            % {"a": d["team_a"].name, "b": d["team_b"].name},
        )

    def _sync(self, request: HttpRequest) -> HttpResponse:
        stage = self._stage()
        if stage is None:
            return self.page(request, 400)
        try:
            created = bracket_sync(stage=stage)
        except ServiceError as exc:
            messages.error(request, " ".join(exc.messages))
            return self.page(request, 409)
        return self._done(
            request,
            ngettext(
                "Chaveamento atualizado: %(n)d jogo criado.",
                "Chaveamento atualizado: %(n)d jogos criados.",
                len(created),
            )
            % {"n": len(created)},
        )
