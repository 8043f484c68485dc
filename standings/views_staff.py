"""Organizer page of the standings app: the sorteio among tied teams.

The form shows and takes the teams by their names (``standings.forms``); every problem of
the request comes back at once, as messages on the classificação page."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import View

from standings.forms import LotsForm, manual_order
from standings.services import ServiceError, tiebreak_lots_record
from tournaments.models import Group, Stage
from tournaments.views import OrganizerMixin


class LotsView(OrganizerMixin, View):
    def refuse(self, request: HttpRequest, url: str, problems: list[str]) -> HttpResponse:
        for text in problems:
            messages.error(request, _("Sorteio não registrado. %(problem)s") % {"problem": text})
        return HttpResponseRedirect(url, status=303)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        url = reverse("public:standings", args=[slug])
        form = LotsForm(request.POST)
        if not form.is_valid():
            return self.refuse(request, url, [str(e) for errors in form.errors.values() for e in errors])
        data = form.cleaned_data
        t = self.tournament
        group = get_object_or_404(Group, pk=data["group"], stage__tournament=t) if data["group"] else None
        stage = get_object_or_404(Stage, pk=data["stage"], tournament=t) if data["stage"] else None
        teams = form.tied_keys()
        names = dict(t.teams.filter(key__in=teams).values_list("key", "name"))
        manual = None
        typed = [v for v in request.POST.getlist("order") if v.strip()]
        if data["mode"] == "random" and typed:  # an order chosen, then «sortear agora» left on
            return self.refuse(
                request,
                url,
                [
                    _(
                        "Há uma ordem escolhida: marque «registrar sorteio feito à mão» para registrá-la, "
                        "ou deixe a ordem em branco para sortear agora."
                    )
                ],
            )
        if data["mode"] == "manual":
            manual, problems = manual_order(request.POST.getlist("order"), names)
            if problems:
                return self.refuse(request, url, problems)
        try:
            draw = tiebreak_lots_record(
                tournament=t, teams=teams, user=request.user, group=group, stage=stage, manual_order=manual
            )
        except ServiceError as exc:
            return self.refuse(request, url, [str(exc)])
        order = ", ".join(
            _("%(place)dº %(team)s") % {"place": i, "team": names.get(k, k)}
            for i, k in enumerate(draw.result, start=1)
        )
        messages.success(request, _("Sorteio registrado: %(order)s.") % {"order": order})
        return HttpResponseRedirect(url, status=303)
