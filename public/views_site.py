"""The site's home page and its error pages (config.urls' handlers), in the site's
layout and the visitor's language."""

from __future__ import annotations

import re

from django.contrib.auth.decorators import login_required
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import redirect, render
from django.template import loader
from django.urls import reverse
from django.views.decorators.http import require_safe

from circuits.selectors import managed_circuits, public_circuits
from tournaments.models import Tournament
from tournaments.permissions import Action, can, can_create_tournament
from tournaments.selectors import judged_tournaments, managed_tournaments, visible_tournaments

_UNDER_TOURNAMENT = re.compile(r"^/(?:t|juiz)/(?P<slug>[-\w]+)/")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The home by role: an organizer's tournaments with «Novo torneio» and «Importar»;
    a judge's tournaments, each with a link to their jogos; then the tournaments anyone
    may follow, and the public circuits and rodeios. A visitor sees only the last two.
    An organizer of a circuit who may not create tournaments still gets the link to the
    circuits they organize."""
    user = request.user
    managed = list(managed_tournaments(user).order_by("-date", "name"))  # all, for superusers
    judged = [t for t in judged_tournaments(user).order_by("-date", "name") if t not in managed]
    mine = {t.pk for t in managed} | {t.pk for t in judged}
    others = [t for t in visible_tournaments(user).order_by("-date", "name") if t.pk not in mine]
    context = {
        "managed": managed,
        "judged": judged,
        "tournaments": others,
        # The site's setting (settings.TOURNAMENT_CREATORS): by default the accounts the
        # site admin marked as organizers; a judge's account is for their jogos.
        "can_create": can_create_tournament(user),
        "organizes_circuits": managed_circuits(user).exists(),
        "circuits": list(public_circuits().order_by("name", "pk")),
    }
    return render(request, "public/site_home.html", context)


@login_required
@require_safe
def after_login(request: HttpRequest) -> HttpResponse:
    """Where the login page sends (LOGIN_REDIRECT_URL): a judge with no tournament of
    their own straight to their jogos (the one tournament's, or the home listing each);
    everyone else to the home."""
    user = request.user
    if not user.is_superuser and not managed_tournaments(user).exists():
        judged = list(judged_tournaments(user)[:2])
        if len(judged) == 1:
            return redirect("scoring:judge_home", judged[0].slug)
    return redirect("home")


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
