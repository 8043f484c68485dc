"""Reads for tournaments: what a visitor may see, and the structures pages show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from tournaments.models import Group, GroupTeam, Match, Membership, Player, Round, Stage, Team, Tournament


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Public tournaments plus the ones the user works in (all, for superusers)."""
    qs = Tournament.objects.all()
    if getattr(user, "is_superuser", False):
        return qs
    if getattr(user, "is_authenticated", False):
        return qs.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return qs.filter(is_public=True)


def managed_tournaments(user: Any) -> QuerySet[Tournament]:
    """Tournaments the user organizes (all, for superusers)."""
    if getattr(user, "is_superuser", False):
        return Tournament.objects.all()
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    return Tournament.objects.filter(
        memberships__user=user, memberships__role=Membership.Role.ORGANIZER
    ).distinct()


def judged_tournaments(user: Any) -> QuerySet[Tournament]:
    """Tournaments in which the user is a judge (a judge's home: their jogos there)."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    return Tournament.objects.filter(
        memberships__user=user, memberships__role=Membership.Role.JUDGE
    ).distinct()


def team_list(tournament: Tournament, *, entity: int | None = None, status: str = "") -> QuerySet[Team]:
    """Teams with entity and players in two queries, whatever the count."""
    qs = (
        Team.objects.filter(tournament=tournament)
        .select_related("entity")
        .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("order", "id")))
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


@dataclass
class Dashboard:
    """What the organizer must do next, and the numbers behind it."""

    phase: str
    status_counts: dict[str, int]
    team_total: int
    stage: Stage | None
    group_count: int
    current_round: Round | None = None
    current_round_number: int | None = None
    missing_by_table: list[tuple[str, int]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)


def dashboard(tournament: Tournament) -> Dashboard:
    """Five queries whatever the size of the tournament."""
    counts = dict(
        Team.objects.filter(tournament=tournament).values_list("status").annotate(n=Count("id")).order_by()
    )
    total = sum(counts.values())
    stage = group_stage(tournament)
    group_count = stage.groups.count() if stage else 0
    board = Dashboard(
        phase="registration", status_counts=counts, team_total=total, stage=stage, group_count=group_count
    )
    if counts.get(Team.Status.CHECKED_IN) or counts.get(Team.Status.ABSENT):
        board.phase = "checkin"
    if stage is None or not group_count:
        return board
    board.phase = "drawn"
    rows = list(stage_matches(stage).order_by().values("round", "table__name", "table__order", "homologated"))  # type: ignore[misc]
    if not rows:
        return board
    rounds: dict[int, dict[str, Any]] = {}
    for row in rows:
        r = rounds.setdefault(row["round"] or 0, {"number": row["round"], "total": 0, "done": 0})
        r["total"] += 1
        r["done"] += int(row["homologated"])
    board.rounds = [rounds[k] for k in sorted(rounds)]
    pending = [r["number"] for r in board.rounds if r["done"] < r["total"]]
    if not pending:
        board.phase = "finished"
        return board
    board.phase = "playing"
    number = pending[0]
    board.current_round_number = number
    board.current_round = Round.objects.filter(stage=stage, number=number).first()
    missing: dict[tuple[int, str], int] = {}
    for row in rows:
        if row["round"] == number and not row["homologated"]:
            key = (row["table__order"] or 0, row["table__name"] or "—")
            missing[key] = missing.get(key, 0) + 1
    board.missing_by_table = [(name, n) for (_o, name), n in sorted(missing.items())]
    return board
