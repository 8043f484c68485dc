"""Judges' private links: the organizer creates and revokes them on «Comissão
organizadora e juízes»; a judge's phone opens one and is logged in for that tournament.

A wrong address counts as a failed login with django-axes (per client address, under
the name «link de juiz», the site's limit and cool-off): after the limit every address
from that client is refused until the cool-off ends, so tokens cannot be tried in bulk.
The address of a revoked link is refused without counting (it was not a guess).
"""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from core.qr import qr_png
from core.site import absolute, base_url, is_loopback
from scoring.forms_links import JudgeLinkForm
from scoring.middleware import SESSION_KEY
from scoring.models import JudgeLink
from scoring.selectors_links import session_scope
from scoring.services.errors import ScoringError
from scoring.services.links import link_create, link_find, link_opened, link_revoke
from tournaments.views import MembersView, OrganizerMixin

LINK_CREDENTIALS = {"username": "«link de juiz»"}  # not a possible username: no clash
PATH_LOGGED = "/acesso/…/"


class LinkCreateView(MembersView):
    """POST: a new link, its address and QR code shown in this response only."""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:  # type: ignore[override]
        form = JudgeLinkForm(request.POST, tournament=self.tournament)
        if form.is_valid():
            try:
                link, token = link_create(
                    tournament=self.tournament, by=request.user, **form.service_kwargs()
                )
            except ScoringError as exc:
                form.add_error(None, exc.message)
            else:
                site = base_url(request)
                url = absolute(reverse("scoring:link_open", args=[token]), site)
                shown = {"link": link, "url": url, "qr": qr_png(url, scale=5), "loopback": is_loopback(site)}
                return self.page(request, new_link=shown)
        return self.page(request, link_form=form, invalid=True)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return redirect("tournaments:members", slug=slug)


class LinkRevokeView(OrganizerMixin, View):
    def post(self, request: HttpRequest, slug: str, link_id: int) -> HttpResponse:
        link = get_object_or_404(
            JudgeLink.objects.select_related("user"), pk=link_id, tournament=self.tournament
        )
        if link_revoke(link=link, by=request.user):
            messages.success(
                request,
                _("Link de %(judge)s revogado: deixou de valer agora.") % {"judge": link.user.get_username()},
            )
        else:
            messages.info(
                request, _("O link de %(judge)s já estava revogado.") % {"judge": link.user.get_username()}
            )
        return redirect("tournaments:members", slug=slug)

    def get(self, request: HttpRequest, slug: str, link_id: int) -> HttpResponse:
        return redirect("tournaments:members", slug=slug)


def _locked(request: HttpRequest) -> HttpResponse:
    request.axes_locked_out = False  # type: ignore[attr-defined]  # our page, not axes' password one
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "scoring/link_refused.html", {"locked": True, "minutes": minutes}, status=429)


class LinkOpenView(View):
    """``/acesso/<token>/``: the judge's phone logs in and lands on the judge's jogos."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        AxesProxyHandler.update_request(request)
        # django-axes logs the path of every login, failed or not: never the token.
        request.axes_path_info = PATH_LOGGED  # type: ignore[attr-defined]
        if AxesProxyHandler.is_locked(request, LINK_CREDENTIALS):
            return _locked(request)
        link = link_find(token)
        if link is None:
            user_login_failed.send(sender=__name__, credentials=LINK_CREDENTIALS, request=request)
            if getattr(request, "axes_locked_out", False):
                return _locked(request)
            return render(request, "scoring/link_refused.html", {}, status=404)
        if not link.active:
            return render(request, "scoring/link_refused.html", {"revoked": True}, status=410)
        if session_scope(link.pk, link.user) is None:  # no longer (only) a judge there
            return render(request, "scoring/link_refused.html", {"revoked": True}, status=403)
        login(request, link.user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_KEY] = link.pk
        link_opened(link=link)
        return redirect("scoring:judge_home", slug=link.tournament.slug)
