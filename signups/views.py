"""Public pages of the inscrições online: the form on the tournament's page, and the
capataz's private link to his inscrição.

The form is refused, writing nothing, when closed (403), from an address past its rate
limit (429, ``signups.ratelimit``), with the honeypot filled (400) or with bad input
(400, each message naming its field). A success answers the state and the capataz's
link, shown in this answer only (``private, no-store``: never kept by a cache or the
browser's history). The link page says the inscrição's state and lets the capataz give
up a pending or waiting one; a wrong link address counts toward its own rate limit.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import View

from core.site import absolute, base_url
from signups import ratelimit
from signups.forms import HONEYPOT, SignupForm
from signups.links import signup_find
from signups.models import Signup
from signups.selectors import capataz_view, public_summary
from signups.services import signup_register, signup_withdraw
from tournaments.permissions import Action, TournamentPermissionMixin
from tournaments.services import ServiceError

# «same-origin»: the link's address is never sent to another site, and a form's POST still
# carries the Origin that the CSRF check compares (with «no-referrer» it is «null»).
PRIVATE = {"Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex"}


def _private(response: HttpResponse) -> HttpResponse:
    for header, value in PRIVATE.items():
        response[header] = value
    return response


def too_many(minutes: int) -> str:
    return _(
        "Muitas tentativas deste endereço: aguarde %(minutes)d minutos e tente de novo. Nada foi registrado."
    ) % {"minutes": minutes}


class RegisterView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def page(self, form: SignupForm | None, status: int = 200, **extra: Any) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "summary": public_summary(self.tournament),
            "modality": self.tournament.rules(),
            "form": form,
            **extra,
        }
        return _private(render(self.request, "signups/register.html", context, status=status))

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(SignupForm(modality=self.tournament.rules()))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        summary = public_summary(self.tournament)
        if not summary.open:
            return self.page(None, status=403, problems=[summary.closed_reason])
        verdict = ratelimit.hit(request, "form")
        if not verdict.allowed:
            return self.page(None, status=429, problems=[too_many(verdict.retry_minutes)])
        form = SignupForm(request.POST, modality=self.tournament.rules())
        if (request.POST.get(HONEYPOT) or "").strip():
            label = form.fields[HONEYPOT].label
            refusal = _("Pedido recusado: o campo «%(field)s» deve ficar vazio. Nada foi registrado.")
            return self.page(form, status=400, problems=[refusal % {"field": label}])
        if not form.is_valid():
            return self.page(form, status=400, problems=form.problems())
        try:
            signup, token = signup_register(
                tournament=self.tournament,
                data=form.team_input(),
                phone=form.cleaned_data.get("phone") or "",
                email=form.cleaned_data.get("email") or "",
            )
        except ServiceError as exc:
            for field, msgs in exc.errors.items():
                for msg in msgs:
                    form.add_error(field if field in form.fields else None, msg)
            return self.page(form, status=400, problems=exc.messages)
        link = absolute(reverse("signups:capataz", args=[token]), base_url(request))  # SITE_URL first
        context = {"tournament": self.tournament, "signup": signup, "link": link}
        return _private(render(request, "signups/registered.html", context))


class CapatazView(View):
    """The capataz's page, found by its private link (the link is the permission)."""

    def _signup(self, request: HttpRequest, token: str) -> Signup | HttpResponse:
        if ratelimit.over(request, "link"):
            problem = too_many(ratelimit.window_minutes("link"))
            return _private(render(request, "signups/capataz.html", {"problem": problem}, status=429))
        signup = signup_find(token)
        if signup is None:
            ratelimit.hit(request, "link")
            raise Http404
        return signup

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        found = self._signup(request, token)
        if isinstance(found, HttpResponse):
            return found
        return _private(render(request, "signups/capataz.html", {**capataz_view(found), "token": token}))

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        found = self._signup(request, token)
        if isinstance(found, HttpResponse):
            return found
        if request.POST.get("action") != "withdraw":
            context = {
                **capataz_view(found),
                "token": token,
                "problem": _("Pedido inválido: escolha «Desistir da inscrição»."),
            }
            return _private(render(request, "signups/capataz.html", context, status=400))
        try:
            signup_withdraw(signup=found)
        except ServiceError as exc:
            context = {**capataz_view(found), "token": token, "problem": " ".join(exc.messages)}
            return _private(render(request, "signups/capataz.html", context, status=400))
        messages.success(request, _("Desistência registrada: a vaga passa para a próxima equipe da espera."))
        return redirect(request.path)
