"""Organizer pages of the standings app: sorteio among tied teams, import and export."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.generic import View

from core.permissions import Action, TournamentPermissionMixin
from standings.services import ServiceError, tiebreak_lots_record, tournament_import
from tournaments.interchange.export import export_tournament
from tournaments.interchange.load import MAX_FILE_BYTES, InterchangeError
from tournaments.models import Group, Stage


class LotsForm(forms.Form):
    teams = forms.CharField(max_length=2000)
    group = forms.IntegerField(required=False)
    stage = forms.IntegerField(required=False)
    mode = forms.ChoiceField(choices=[("random", "sortear agora"), ("manual", "sorteio feito à mão")])
    order = forms.CharField(required=False, max_length=2000, help_text="códigos das equipes, do 1º ao último")


class LotsView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        url = reverse("standings:standings", args=[slug])
        form = LotsForm(request.POST)
        if not form.is_valid():
            messages.error(request, "Sorteio não registrado: dados incompletos.")
            return HttpResponseRedirect(url, status=303)
        data = form.cleaned_data
        t = self.tournament
        group = get_object_or_404(Group, pk=data["group"], stage__tournament=t) if data["group"] else None
        stage = get_object_or_404(Stage, pk=data["stage"], tournament=t) if data["stage"] else None
        teams = [k for k in data["teams"].split(",") if k]
        manual = (
            [k.strip() for k in data["order"].split(",") if k.strip()] if data["mode"] == "manual" else None
        )
        try:
            draw = tiebreak_lots_record(
                tournament=t, teams=teams, user=request.user, group=group, stage=stage, manual_order=manual
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
            return HttpResponseRedirect(url, status=303)
        names = dict(t.teams.filter(key__in=draw.result).values_list("key", "name"))
        order = ", ".join(f"{i}º {names.get(k, k)}" for i, k in enumerate(draw.result, start=1))
        messages.success(request, f"Sorteio registrado: {order}.")
        return HttpResponseRedirect(url, status=303)


class ExportView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        text = json.dumps(export_tournament(self.tournament), ensure_ascii=False, indent=2)
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{self.tournament.slug}.tenteio.json"'
        return response


class ImportForm(forms.Form):
    file = forms.FileField(label="Arquivo tenteio/1 (.json)")
    clamp = forms.BooleanField(
        required=False, label="Registrar como o alvo as pontuações de vencedor acima do alvo (V-P2)"
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError("Arquivo maior que 20 MB.")
        return upload


class ImportView(LoginRequiredMixin, View):
    template_name = "standings/import.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": ImportForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return render(request, self.template_name, {"form": form}, status=400)
        try:
            outcome = tournament_import(
                raw=form.cleaned_data["file"].read(), user=request.user, clamp=form.cleaned_data["clamp"]
            )
        except InterchangeError as exc:
            issues = [i.line() for i in exc.issues]
            return render(request, self.template_name, {"form": form, "issues": issues}, status=400)
        for note in outcome.notes:
            messages.info(request, f"Ajustado: {note}")
        messages.success(request, f"Torneio «{outcome.tournament.name}» importado.")
        return HttpResponseRedirect(reverse("standings:home", args=[outcome.tournament.slug]), status=303)
