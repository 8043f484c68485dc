"""Home page, language switch, health check and error pages."""

from __future__ import annotations

import re

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    HttpResponseServerError,
    JsonResponse,
)
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe

from tournaments.permissions import Action, can
from tournaments.selectors import visible_tournaments


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tournaments = visible_tournaments(request.user)
    return render(request, "core/home.html", {"tournaments": tournaments})


@require_safe
def ping(request: HttpRequest) -> HttpResponse:
    """The trivial view load tests compare against: no database, no template."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def choose_language(request: HttpRequest, lang: str) -> HttpResponse:
    """The language switch is a link, not a form: public pages are cached once and
    served to everybody, so they must not carry one visitor's CSRF token (the next
    visitor's switch would be refused), and a language preference is nothing to forge."""
    if lang not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        lang,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )
    return response


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


# ---- error pages (config.urls' handlers) ------------------------------------------------

_UNDER_TOURNAMENT = re.compile(r"^/(?:t|juiz)/(?P<slug>[-\w]+)/")


def tournament_back(request: HttpRequest) -> str | None:
    """The tournament page to go back to from an error under a tournament's address, if
    the visitor may see that tournament: a private one is as absent as a missing one."""
    found = _UNDER_TOURNAMENT.match(request.path)
    if found is None:
        return None
    from tournaments.models import Tournament

    try:
        tournament = Tournament.objects.filter(slug=found["slug"]).first()
        if tournament is None or not can(request.user, Action.VIEW_PUBLIC, tournament):
            return None
    except DatabaseError:
        return None
    return reverse("standings:home", args=[tournament.slug])


def error_400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # The host may be the refused one (DisallowedHost): nothing here asks for it.
    return render(request, "400.html", status=400)


def error_403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    context = {"exception": str(exception or ""), "back": tournament_back(request)}
    return render(request, "403.html", context, status=403)


def error_404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", {"back": tournament_back(request)}, status=404)


def error_500(request: HttpRequest) -> HttpResponse:
    """Rendered from a plain context: no context processor runs, so neither the session
    nor the database (either may be what failed) is touched."""
    body = loader.get_template("500.html").render({"request": request})
    return HttpResponseServerError(body)
