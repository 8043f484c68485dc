"""Organizer pages of the inscrições online: their settings, and the review of the
inscrições (approve, approve many, refuse with a reason, fill freed places, erase a
person's contact). Only the tournament's organizers (and superusers) open them: the
contact data is shown on the review page alone."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.numbers import whole_number
from signups import review
from signups.forms import SettingsForm
from signups.models import Signup
from signups.selectors import decided, public_summary, review_rows, roster_of
from signups.services import settings_of, settings_save
from signups.tables import ReviewTable, contact_html, roster_html
from tournaments.services import ServiceError, apply_to_form
from tournaments.views import OrganizerPage


class SettingsView(OrganizerPage):
    def page(self, request: HttpRequest, form: SettingsForm | None = None, status: int = 200) -> HttpResponse:
        s = settings_of(self.tournament)
        initial = {
            "enabled": s.enabled,
            "capacity": s.capacity,
            "closes_at": s.closes_at,
            "contact_required": s.contact_required,
        }
        context = {"form": form or SettingsForm(initial=initial), "summary": public_summary(self.tournament)}
        return self.render_page("signups/settings.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = SettingsForm(request.POST)
        if not form.is_valid():
            return self.page(request, form, status=400)
        try:
            settings_save(tournament=self.tournament, **form.cleaned_data)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, form, status=400)
        messages.success(request, _("Inscrições online salvas."))
        return redirect("signups:settings", slug=slug)


class ReviewView(OrganizerPage):
    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        summary = public_summary(self.tournament)
        rows = review_rows(self.tournament)
        done = decided(self.tournament)
        context = {
            "summary": summary,
            "table": ReviewTable(rows),
            "has_rows": bool(rows),
            "decided": [(s, roster_html(roster_of(s)), contact_html(s)) for s in done],
            "free": max(0, summary.capacity - summary.taken),
            **extra,
        }
        return self.render_page("signups/review.html", context, status=status)

    def _signup(self, raw: Any) -> Signup:
        return get_object_or_404(Signup, pk=whole_number(str(raw or ""), 18) or 0, tournament=self.tournament)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        post = request.POST
        try:
            if "approve" in post:
                team = review.signup_approve(signup=self._signup(post["approve"]), user=request.user)
                messages.success(
                    request, _("Inscrição aprovada: equipe «%(team)s» inscrita.") % {"team": team.name}
                )
            elif "refuse" in post:
                signup = self._signup(post["refuse"])
                promoted = review.signup_refuse(
                    signup=signup, user=request.user, reason=post.get(f"reason_{signup.pk}", "")
                )
                messages.success(request, _("Inscrição «%(team)s» recusada.") % {"team": signup.name})
                _say_promoted(request, promoted)
            elif "approve_many" in post:
                ids = [n for n in (whole_number(v, 18) for v in post.getlist("selected")) if n]
                if not ids:
                    return self.page(
                        request, status=400, error=_("Aprovar selecionadas: marque ao menos uma inscrição.")
                    )
                teams, problems = review.signups_approve_many(
                    tournament=self.tournament, ids=ids, user=request.user
                )
                if teams:
                    messages.success(
                        request,
                        ngettext("%(n)d inscrição aprovada.", "%(n)d inscrições aprovadas.", len(teams))
                        % {"n": len(teams)},
                    )
                for problem in problems:
                    messages.error(request, problem)
            elif "erase" in post:
                signup = self._signup(post["erase"])
                if review.contact_erase(signup=signup, user=request.user):
                    messages.success(request, _("Contato de «%(team)s» apagado.") % {"team": signup.name})
                else:
                    messages.info(
                        request, _("A inscrição «%(team)s» não tem contato guardado.") % {"team": signup.name}
                    )
            elif "fill" in post:
                _say_promoted(request, review.places_fill(tournament=self.tournament))
            else:
                return self.page(request, status=400, error=_("Pedido inválido: escolha uma ação."))
        except ServiceError as exc:
            return self.page(request, status=400, error=" ".join(exc.messages))
        return redirect("signups:review", slug=slug)


def _say_promoted(request: HttpRequest, promoted: list[Signup]) -> None:
    for s in promoted:
        messages.info(
            request, _("«%(team)s» saiu da lista de espera: agora é inscrita (pendente).") % {"team": s.name}
        )
