"""The capataz's page, opened by his team's private link (no login): the team, its next
jogo, its results and classificação, the PIN signature of a súmula sent for it, and
the contestação during the jogo.

A wrong or revoked address answers 404 with a page that says only that (no team, no
tournament). Wrong addresses are not counted against the client as the judges' links
are (django-axes): the page polls its revision every few seconds, and a revoked link
left open on a phone would lock out the hall's whole network; the secret's 192 bits
make guessing pointless anyway. Every answer is ``private, no-store`` with
``Referrer-Policy: same-origin``, so the token stays out of caches and other sites'
logs (``no-referrer`` would make the browser send ``Origin: null`` with the page's
forms, which Django's CSRF check refuses).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views import View

from captains.models import CONTEST_MAX, CaptainLink
from captains.selectors import captain_page, current_match, page_revision
from captains.services import captain_link_find, captain_sign, contest_file
from scoring.services.errors import ScoringError
from scoring.views_judge import origin_of

TEMPLATE = "captains/page.html"


def _private(response: HttpResponse) -> HttpResponse:
    add_never_cache_headers(response)
    response["Cache-Control"] = "private, no-store, max-age=0"
    response["Referrer-Policy"] = "same-origin"
    return response


def _refused(request: HttpRequest) -> HttpResponse:
    return _private(render(request, "captains/refused.html", {}, status=404))


class CaptainView(View):
    """Base of the capataz's views: finds the live link of the address or answers 404."""

    link: CaptainLink
    token: str

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.token = str(kwargs["token"])
        found = captain_link_find(self.token)
        if found is None:
            return _refused(request)
        self.link = found
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[assignment]
        return _private(response)

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        team = self.link.team
        context = {
            "tournament": team.tournament,
            "page": captain_page(team),
            "token": self.token,
            "revision": page_revision(team),
            "contest_max": CONTEST_MAX,
            **extra,
        }
        return render(request, TEMPLATE, context, status=status)

    def back(self, anchor: str) -> HttpResponse:
        return HttpResponseRedirect(reverse("captains:page", args=[self.token]) + anchor, status=303)


class PageView(CaptainView):
    """``/capataz/<token>/``: the team's day on the capataz's phone."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return self.page(request)


class RevisionView(CaptainView):
    """The number the page's live refresh polls (``static/js/live.js``)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return JsonResponse({"revision": page_revision(self.link.team)})


class SignView(CaptainView):
    """POST: the capataz signs the súmula sent for his team with the team PIN."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        match = current_match(self.link.team)
        try:
            version = int(str(request.POST.get("version", "")))
        except ValueError:
            version = 0
        if match is None or version < 1:
            message = _("Assinatura: não há súmula enviada aguardando a assinatura desta equipe.")
            return self.page(request, 409, sign_error=message)
        try:
            captain_sign(
                link=self.link,
                match=match,
                version=version,
                pin=str(request.POST.get("pin", "")),
                origin=origin_of(request),
            )
        except ScoringError as exc:
            return self.page(request, exc.status, sign_error=exc.message)
        return self.back("#assinatura")


class ContestView(CaptainView):
    """POST: a contestação about the team's jogo in progress."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        text = str(request.POST.get("text", ""))
        try:
            contest_file(link=self.link, text=text)
        except ScoringError as exc:
            return self.page(
                request, exc.status, contest_error=exc.message, contest_text=text[: CONTEST_MAX * 2]
            )
        return self.back("#contestacoes")
