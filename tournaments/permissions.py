"""Who may do what: the one place that decides it.

Views declare an ``Action``; this module answers for a user and a tournament. Roles are
per tournament (``tournaments.Membership``): organizers run the event, judges enter
súmulas; superusers may do everything; the public sees public tournaments only.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from django.conf import settings
from django.contrib.auth.mixins import AccessMixin, LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament


class Action(str, Enum):
    VIEW_PUBLIC = "view_public"  # standings, results, brackets, schedule
    VIEW_PRIVATE = "view_private"  # dashboards and lists for staff
    MANAGE = "manage"  # set-up, draws, schedules, homologation, settings
    ENTER_RESULTS = "enter_results"  # the judge's súmula entry


ROLE_ACTIONS: dict[str, frozenset[Action]] = {
    "organizer": frozenset(Action),
    "judge": frozenset({Action.VIEW_PUBLIC, Action.VIEW_PRIVATE, Action.ENTER_RESULTS}),
}


def roles_of(user: Any, tournament: Tournament) -> frozenset[str]:
    """The roles a user holds in a tournament, cached on the user for the request."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache: dict[int, frozenset[str]] = user.__dict__.setdefault("_tenteio_roles", {})
    if tournament.pk not in cache:
        cache[tournament.pk] = frozenset(
            tournament.memberships.filter(user=user).values_list("role", flat=True)
        )
    return cache[tournament.pk]


def can(user: Any, action: Action, tournament: Tournament) -> bool:
    if getattr(user, "is_superuser", False) and getattr(user, "is_active", False):
        return True
    roles = roles_of(user, tournament)
    if any(action in ROLE_ACTIONS[role] for role in roles):
        return True
    return action is Action.VIEW_PUBLIC and tournament.is_public


ORGANIZERS_GROUP = "Organizadores"
CREATE_PERMISSION = "tournaments.add_tournament"


def can_create_tournament(user: Any) -> bool:
    """Whether ``user`` may create or import a tournament (``settings.TOURNAMENT_CREATORS``):
    with "organizers" (the default) superusers and the accounts the site admin marked as
    organizers (the group «Organizadores», or the permission tournaments.add_tournament);
    with "anyone" every logged-in account."""
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return False
    if getattr(settings, "TOURNAMENT_CREATORS", "organizers") == "anyone":
        return True
    return bool(user.is_superuser or user.has_perm(CREATE_PERMISSION))


CREATE_REFUSED = gettext_lazy(
    "Sua conta não pode criar torneios: peça ao administrador do site que a marque como "
    "organizadora (grupo «Organizadores»)."
)


class CreatorRequiredMixin(LoginRequiredMixin):
    """A page for whoever may create a tournament (``can_create_tournament``: «Novo
    torneio», importing a file): anyone else logged in gets a 403 saying why."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated and not can_create_tournament(request.user):
            raise PermissionDenied(str(CREATE_REFUSED))
        return super().dispatch(request, *args, **kwargs)


def check(request: HttpRequest, action: Action, tournament: Tournament) -> None:
    """Raise the right refusal: 404 for a private tournament the user cannot see
    (its existence is not revealed), 403 for a forbidden action on a visible one."""
    if can(request.user, action, tournament):
        return
    if not can(request.user, Action.VIEW_PUBLIC, tournament):
        raise Http404
    raise PermissionDenied


class TournamentPermissionMixin(AccessMixin):
    """Loads ``self.tournament`` from the ``slug`` URL kwarg and enforces ``action``.

    An anonymous visitor asked for a staff page of a public tournament is sent to the
    login page. A private tournament answers an anonymous visitor 404, exactly as a
    missing slug does: a redirect to the login page would tell that it exists. The site
    header's "Entrar" link carries the page's address, so an organizer who followed a
    link while logged out logs in from the 404 page and lands on it.
    """

    action: Action = Action.VIEW_PUBLIC
    tournament: Tournament

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        if not can(request.user, self.action, self.tournament):
            if not request.user.is_authenticated and self.tournament.is_public:
                return self.handle_no_permission()
            check(request, self.action, self.tournament)
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        return response

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context_data(**kwargs)  # type: ignore[misc]
        context["tournament"] = self.tournament
        user = self.request.user  # type: ignore[attr-defined]
        context["can_manage"] = can(user, Action.MANAGE, self.tournament)
        context["can_enter_results"] = can(user, Action.ENTER_RESULTS, self.tournament)
        return context
