"""Standings of a tournament: models -> rules engine -> rows (a selector; reads only).

A constant number of queries whatever the size: stages, chaves with their teams,
matches with their confirmed súmulas, and recorded sorteios, each fetched once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.group import GroupMatch, evaluate_group
from rules.ranking import GroupStandings, StandingRow, rank_group
from rules.results import from_interchange
from scoring.models import ScoreSheet
from tournaments.models import DrawOfLots, Group, Match, Stage, Team, Tournament


@dataclass(frozen=True)
class GroupTable:
    group: Group
    standings: GroupStandings
    teams: dict[str, Team]

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        return self.standings.rows

    @property
    def lines(self) -> list[tuple[StandingRow, Team]]:
        """Rows with their teams, for templates."""
        return [(row, self.teams[row.team]) for row in self.standings.rows]


@dataclass(frozen=True)
class StageTable:
    stage: Stage
    groups: list[GroupTable]


class UnknownStage(LookupError):
    pass


def tournament_standings(
    t: Tournament, *, stage_key: str | None = None, include_provisional: bool = False
) -> list[StageTable]:
    """Standings of every chave of every groups stage (or of one stage)."""
    modality = t.rules()
    stages = list(t.stages.filter(kind=Stage.Kind.GROUPS).order_by("order", "id"))
    if stage_key is not None:
        stages = [s for s in stages if s.key == stage_key]
        if not stages and not t.stages.filter(key=stage_key).exists():
            raise UnknownStage(stage_key)
    groups = list(
        Group.objects.filter(stage__in=stages)
        .prefetch_related("entries__team__entity")
        .order_by("order", "id")
    )
    matches = list(
        Match.objects.filter(group__in=groups)
        .select_related("team_a", "team_b")
        .order_by("round", "order", "id")
    )
    statuses = [ScoreSheet.Status.HOMOLOGATED]
    if include_provisional:
        statuses += [ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.SIGNED]
    results: dict[int, Any] = {}
    for sheet in (
        ScoreSheet.objects.filter(match__in=matches, status__in=statuses)
        .order_by("match_id", "version")
        .only("match_id", "result", "confirmed")
    ):
        if sheet.confirmed or sheet.match_id not in results:
            results[sheet.match_id] = sheet.result
    lots: dict[int, list[list[str]]] = {}
    for draw in DrawOfLots.objects.filter(group__in=groups, purpose=DrawOfLots.Purpose.TIEBREAK).order_by(
        "performed_at", "id"
    ):
        if draw.group_id is not None:
            lots.setdefault(draw.group_id, []).append(list(draw.result))
    by_group: dict[int, list[Match]] = {}
    for m in matches:
        by_group.setdefault(m.group_id or 0, []).append(m)
    out: list[StageTable] = []
    for stage in stages:
        tables = []
        for g in (g for g in groups if g.stage_id == stage.pk):
            teams = {e.team.key: e.team for e in g.entries.all()}
            group_matches = []
            for m in by_group.get(g.pk, []):
                report = None
                if m.pk in results:
                    report, _ = from_interchange(results[m.pk], m.team_a.key, m.team_b.key)
                group_matches.append(GroupMatch(str(m.pk), m.round, m.team_a.key, m.team_b.key, report))
            evaluation = evaluate_group(modality, group_matches)
            standings = rank_group(
                list(teams),
                evaluation.ranked,
                tiebreakers=modality.tiebreakers,
                lots=lots.get(g.pk, []),
                disqualified=evaluation.disqualified,
            )
            tables.append(GroupTable(g, standings, teams))
        out.append(StageTable(stage, tables))
    return out


def standings_document(t: Tournament, tables: list[StageTable]) -> dict[str, Any]:
    """The ``tenteio-standings/1`` JSON shape (INTERCHANGE.md)."""
    return {
        "format": "tenteio-standings/1",
        "tournament": t.slug,
        "stages": [
            {
                "key": st.stage.key,
                "groups": [
                    {"name": gt.group.name, "rows": [_row(r, gt.teams) for r in gt.rows]} for gt in st.groups
                ],
            }
            for st in tables
        ],
    }


def _row(row: StandingRow, teams: dict[str, Team]) -> dict[str, Any]:
    c = row.counters
    return {
        "position": row.position,
        "team": row.team,
        "name": teams[row.team].name,
        "played": c.played,
        "wins": c.wins,
        "losses": c.losses,
        "games_won": c.games_won,
        "games_lost": c.games_lost,
        "points_for": c.points_for,
        "points_against": c.points_against,
        "status": row.status.value,
        "separated_by": row.separated_by.value if row.separated_by is not None else None,
        "pending_lots": row.pending_lots,
    }
