"""Reads of the judges' private links: the organizer's list, the choices of the form,
and what a session opened by a link may still reach (asked on every request)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from scoring.access import LinkScope
from scoring.models import JudgeLink
from tournaments.models import Match, Membership, Tournament
from tournaments.phases import match_round_names


def tournament_links(tournament: Tournament) -> list[JudgeLink]:
    """The tournament's links, the live ones first, newest first."""
    links = JudgeLink.objects.filter(tournament=tournament).select_related("user", "created_by", "revoked_by")
    return sorted(links, key=lambda link: (link.revoked_at is not None, -link.pk))


def link_judges(tournament: Tournament) -> QuerySet[Any]:
    """Judges of the tournament who may receive a link (no organizers, no site admins)."""
    organizers = Membership.objects.filter(role=Membership.Role.ORGANIZER).values("user_id")
    judges = Membership.objects.filter(tournament=tournament, role=Membership.Role.JUDGE).values("user_id")
    return (
        get_user_model()
        .objects.filter(pk__in=judges, is_active=True, is_staff=False, is_superuser=False)
        .exclude(pk__in=organizers)
        .order_by("username")
    )


def round_choices(tournament: Tournament) -> list[tuple[str, str]]:
    """("stage id-number", name) of every rodada with jogos, in playing order."""
    matches = list(
        Match.objects.filter(stage__tournament=tournament, round__isnull=False)
        .select_related("stage")
        .order_by("stage__order", "stage_id", "round", "third_place", "pk")
    )
    names = match_round_names(matches)
    choices: dict[str, list[str]] = {}
    for m in matches:
        named = choices.setdefault(f"{m.stage_id}-{m.round}", [])
        if names[m.pk] not in named:
            named.append(names[m.pk])  # the final and the 3º lugar share a rodada
    return [(key, " e ".join(named)) for key, named in choices.items()]


def session_scope(link_id: Any, user: Any) -> LinkScope | None:
    """What the session opened by link ``link_id`` may reach, or None when the session
    must end: the link revoked or not this user's, or the user no longer only a judge of
    its tournament (two queries)."""
    link = (
        JudgeLink.objects.filter(pk=link_id, user_id=user.pk, revoked_at__isnull=True)
        .select_related("tournament")
        .first()
        if isinstance(link_id, int)
        else None
    )
    if link is None or not user.is_active or user.is_superuser or user.is_staff:
        return None
    memberships = Membership.objects.filter(user=user, tournament_id=link.tournament_id)
    roles = set(memberships.values_list("role", flat=True))
    if roles != {Membership.Role.JUDGE}:
        return None
    return LinkScope(
        link_id=link.pk,
        tournament_id=link.tournament_id,
        slug=link.tournament.slug,
        tables=frozenset(link.tables) if link.tables is not None else None,
        rounds=frozenset((int(s), int(n)) for s, n in link.rounds) if link.rounds is not None else None,
    )
