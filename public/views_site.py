"""The site's home page and its error pages (config.urls' handlers), in the site's
layout and the visitor's language."""

from __future__ import annotations

import re

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.views.decorators.http import require_safe

from tournaments.models import Tournament
from tournaments.permissions import Action, can
from tournaments.selectors import visible_tournaments

_UNDER_TOURNAMENT = re.compile(r"^/(?:t|juiz)/(?P<slug>[-\w]+)/")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tournaments = visible_tournaments(request.user)
    return render(request, "public/site_home.html", {"tournaments": tournaments})


def tournament_back(request: HttpRequest) -> str | None:
    """The tournament page to go back to from an error under a tournament's address, if
    the visitor may see that tournament: a private one is as absent as a missing one."""
    found = _UNDER_TOURNAMENT.match(request.path)
    if found is None:
        return None
    try:
        tournament = Tournament.objects.filter(slug=found["slug"]).first()
        if tournament is None or not can(request.user, Action.VIEW_PUBLIC, tournament):
            return None
    except DatabaseError:
        return None
    return reverse("public:home", args=[tournament.slug])


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
