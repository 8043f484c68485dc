"""Organizer page of the standings app: the sorteio among tied teams."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.generic import View

from standings.services import ServiceError, tiebreak_lots_record
from tournaments.models import Group, Stage
from tournaments.permissions import Action, TournamentPermissionMixin


class LotsForm(forms.Form):
    teams = forms.CharField(max_length=2000)
    group = forms.IntegerField(required=False)
    stage = forms.IntegerField(required=False)
    mode = forms.ChoiceField(choices=[("random", "sortear agora"), ("manual", "sorteio feito à mão")])
    order = forms.CharField(required=False, max_length=2000, help_text="códigos das equipes, do 1º ao último")


class LotsView(TournamentPermissionMixin, View):
    action = Action.MANAGE

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        url = reverse("public:standings", args=[slug])
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
