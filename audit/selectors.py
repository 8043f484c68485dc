"""Reads of the audit trail: a tournament's entries, filtered, and the filters' choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from audit.models import AuditEntry
from audit.readable import match_label
from core.collation import by_name, name_order
from tournaments.models import Match, Membership, Team, Tournament
from tournaments.phases import match_round_names


@dataclass(frozen=True)
class Filters:
    """What the comissão asked for (GET ``tipo``, ``jogo``, ``equipe``, ``pessoa``);
    anything that is not one of the tournament's own choices is ignored."""

    kind: str = ""
    match: int | None = None
    team: int | None = None
    person: int | None = None


@dataclass(frozen=True)
class Choices:
    kinds: list[tuple[str, Any]]
    matches: list[tuple[int, str]]
    teams: list[tuple[int, str]]
    people: list[tuple[int, str]]

    def read(self, params: Mapping[str, str]) -> Filters:
        def pick(name: str, options: list[tuple[int, str]]) -> int | None:
            raw = params.get(name, "")
            known = {str(pk): pk for pk, _ in options}
            return known.get(raw.strip()) if isinstance(raw, str) else None

        kind = params.get("tipo", "")
        return Filters(
            kind=kind if kind in AuditEntry.Kind.values else "",
            match=pick("jogo", self.matches),
            team=pick("equipe", self.teams),
            person=pick("pessoa", self.people),
        )


def filter_choices(tournament: Tournament) -> Choices:
    """The tournament's jogos, teams and people (its members and whoever is in its trail)."""
    matches = list(
        Match.objects.filter(stage__tournament=tournament).select_related(
            "team_a", "team_b", "table", "stage"
        )
    )
    names = match_round_names(matches)
    teams = Team.objects.filter(tournament=tournament).order_by(by_name()).values_list("pk", "name")
    members = Membership.objects.filter(tournament=tournament).values_list("user_id", flat=True)
    actors = AuditEntry.objects.filter(tournament_id=tournament.pk, actor__isnull=False).values("actor_id")
    users = get_user_model().objects.filter(pk__in=members) | get_user_model().objects.filter(pk__in=actors)
    people = sorted(
        ((u.pk, u.get_full_name() or u.get_username()) for u in users.distinct()),
        key=lambda p: name_order(p[1]),
    )
    return Choices(
        kinds=list(AuditEntry.Kind.choices),
        matches=[(m.pk, match_label(m, names)) for m in matches],
        teams=list(teams),
        people=people,
    )


def tournament_trail(tournament: Tournament, filters: Filters | str = "") -> QuerySet[AuditEntry]:
    """The entries of one tournament, newest first, narrowed by ``filters`` (or a kind)."""
    if isinstance(filters, str):
        filters = Filters(kind=filters if filters in AuditEntry.Kind.values else "")
    qs = AuditEntry.objects.filter(tournament_id=tournament.pk)
    if filters.kind:
        qs = qs.filter(kind=filters.kind)
    if filters.match is not None:
        qs = qs.filter(match_id=filters.match)
    if filters.team is not None:
        qs = qs.filter(teams__contains=f"|{filters.team}|")
    if filters.person is not None:
        qs = qs.filter(people__contains=f"|{filters.person}|")
    return qs.order_by("-at", "-id")
