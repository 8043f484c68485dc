"""Reads for tournaments: what a visitor may see, and the structures pages show."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from core.collation import by_name
from tournaments.models import Group, GroupTeam, Match, Membership, Player, Stage, Team, Tournament


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Public tournaments plus the ones the user works in (all, for superusers)."""
    qs = Tournament.objects.all()
    if getattr(user, "is_superuser", False):
        return qs
    if getattr(user, "is_authenticated", False):
        return qs.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return qs.filter(is_public=True)


def _with_role(user: Any, role: str) -> QuerySet[Tournament]:
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    return Tournament.objects.filter(memberships__user=user, memberships__role=role).distinct()


def managed_tournaments(user: Any) -> QuerySet[Tournament]:
    """Tournaments the user organizes (all, for superusers)."""
    if getattr(user, "is_superuser", False):
        return Tournament.objects.all()
    return _with_role(user, Membership.Role.ORGANIZER)


def judged_tournaments(user: Any) -> QuerySet[Tournament]:
    """Tournaments in which the user is a judge (a judge's home: their jogos there)."""
    return _with_role(user, Membership.Role.JUDGE)


def team_list(tournament: Tournament, *, entity: int | None = None, status: str = "") -> QuerySet[Team]:
    """Teams with entity and players in two queries, whatever the count."""
    qs = (
        Team.objects.filter(tournament=tournament)
        .select_related("entity")
        .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("order", "id")))
        # the names' order (core.collation), for the table to sort on
        .annotate(name_sorted=by_name("name"), entity_sorted=by_name("entity__name"))
    )
    if entity:
        qs = qs.filter(entity_id=entity)
    if status:
        qs = qs.filter(status=status)
    return qs


def group_stage(tournament: Tournament) -> Stage | None:
    return Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS).order_by("order", "id").first()


def current_group_stage(tournament: Tournament) -> Stage | None:
    """The latest stage of chaves: the one whose rodadas are scheduled and played now."""
    return (
        Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS).order_by("-order", "-id").first()
    )


def chaves(stage: Stage) -> list[Group]:
    return list(
        stage.groups.order_by("order", "id").prefetch_related(
            Prefetch("entries", queryset=GroupTeam.objects.select_related("team__entity").order_by("order"))
        )
    )


def stage_matches(stage: Stage) -> QuerySet[Match]:
    # Through the reverse relation of scoring's súmulas ("sheets"): this app sits below
    # scoring and does not import it.
    homologated = Match.objects.filter(pk=OuterRef("pk"), sheets__status="homologated")
    return (
        Match.objects.filter(stage=stage)
        .select_related("team_a", "team_b", "table", "group")
        .annotate(homologated=Exists(homologated))
        .order_by("round", "scheduled_at", "table__order", "order")
    )


def round_folgas(stage: Stage, matches: list[Match]) -> dict[int, list[tuple[str, str]]]:
    """Rodada → (chave, team) of each team that has folga in it: a chave's team with no
    jogo of that rodada (an odd chave has one each rodada). One query for the chaves."""
    members: dict[int, list[tuple[str, int, str]]] = {}
    entries = GroupTeam.objects.filter(group__stage=stage).select_related("group", "team")
    for e in entries.order_by("group__order", "group_id", "order"):
        members.setdefault(e.group_id, []).append((e.group.name, e.team_id, e.team.name))
    playing: dict[tuple[int, int], set[int]] = {}
    for m in matches:
        if m.round is not None and m.group_id is not None:
            playing.setdefault((m.round, m.group_id), set()).update((m.team_a_id, m.team_b_id))
    out: dict[int, list[tuple[str, str]]] = {}
    for number in sorted({r for r, _g in playing}):
        for group_id, teams in members.items():
            busy = playing.get((number, group_id), set())
            out.setdefault(number, []).extend((g, name) for g, pk, name in teams if pk not in busy)
    return out
