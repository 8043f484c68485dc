"""The organizer's page for the next phase of chaves (multi-phase tournaments)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View

from knockout.services.phases import next_phase_draw, qualified_for_next_phase
from tournaments import selectors
from tournaments.services import ServiceError, apply_to_form
from tournaments.views import OrganizerMixin


class NextPhaseForm(forms.Form):
    size = forms.IntegerField(label=gettext_lazy("Equipes por chave"), min_value=2, max_value=16, initial=4)
    seed = forms.CharField(
        label=gettext_lazy("Semente do sorteio (opcional)"),
        required=False,
        max_length=64,
        help_text=gettext_lazy("Deixe em branco para uma semente aleatória; ela fica registrada."),
    )


class NextPhaseView(OrganizerMixin, View):
    def _page(
        self, request: HttpRequest, form: NextPhaseForm, status: int = 200, **extra: Any
    ) -> HttpResponse:
        stage = selectors.current_group_stage(self.tournament)
        qualified: list[Any] = []
        problem = ""
        if stage is None:
            problem = _("Ainda não há fase de chaves.")
        else:
            try:
                entries = qualified_for_next_phase(self.tournament, stage)
                names = dict(self.tournament.teams.values_list("key", "name"))
                qualified = [(names.get(e.key, e.key), e.entity, e.seed) for e in entries]
            except ServiceError as exc:
                problem = "; ".join(exc.messages)
        context = {
            "stage": stage,
            "form": form,
            "qualified": qualified,
            "problem": problem,
            **extra,
        }
        return self.render_page("knockout/next_phase.html", context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self._page(request, NextPhaseForm())

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = NextPhaseForm(request.POST)
        stage = selectors.current_group_stage(self.tournament)
        if not form.is_valid() or stage is None:
            return self._page(request, form, 400)
        try:
            draw = next_phase_draw(
                tournament=self.tournament,
                from_stage=stage,
                user=request.user,
                size=form.cleaned_data["size"],
                seed=form.cleaned_data["seed"],
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self._page(request, form, 400)
        n = len(draw.result)
        messages.success(
            request,
            ngettext(
                "Nova fase sorteada (%(n)d chave, semente %(seed)s).",
                "Nova fase sorteada (%(n)d chaves, semente %(seed)s).",
                n,
            )
            % {"n": n, "seed": draw.seed},
        )
        return redirect("tournaments:schedule", slug=slug)
