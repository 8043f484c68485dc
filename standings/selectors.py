"""Standings of a tournament: models -> rules engine -> rows (a selector; reads only).

A constant number of queries whatever the size: stages, chaves with their teams,
matches with their súmulas, and recorded sorteios, each fetched once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from rules.explain import Separation, SeparationKind, describe
from rules.ranking import GroupStandings, StandingRow
from rules.types import Criterion, RankedMatch
from scoring.models import ScoreSheet, ScoringSettings
from standings.chaves import rank_chave
from tournaments.models import DrawOfLots, Group, GroupTeam, Match, Stage, Team, Tournament


@dataclass(frozen=True)
class Line:
    """A standings row with what a page shows beside the numbers."""

    row: StandingRow
    team: Team
    dq_reason: str = ""


@dataclass(frozen=True)
class GroupTable:
    group: Group
    standings: GroupStandings
    teams: dict[str, Team]
    ranked: tuple[RankedMatch, ...] = ()
    dq_reasons: dict[str, str] = field(default_factory=dict)
    unplayed: int = 0  # fixtures still without a counted result
    draws: tuple[DrawOfLots, ...] = ()  # recorded sorteios of this chave, shown publicly

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        return self.standings.rows

    @property
    def lines(self) -> list[Line]:
        return [Line(r, self.teams[r.team], self.dq_reasons.get(r.team, "")) for r in self.standings.rows]

    @property
    def pending_lots(self) -> list[str]:
        return [r.team for r in self.standings.rows if r.pending_lots]

    def draw_lines(self) -> list[str]:
        """Each recorded sorteio, for the public: when, how, by whom, the order drawn."""
        lines = []
        for d in self.draws:
            order = ", ".join(
                f"{i}º {self.teams[k].name if k in self.teams else k}" for i, k in enumerate(d.result, 1)
            )
            how = _("feito à mão") if d.manual else _("semente %(seed)s") % {"seed": d.seed}
            who = _(" por %(user)s") % {"user": d.performed_by.get_username()} if d.performed_by else ""
            when = timezone.localtime(d.performed_at).strftime("%d/%m/%Y %H:%M")
            text = _("Sorteio em %(when)s%(who)s (%(how)s): %(order)s")
            lines.append(text % {"when": when, "who": who, "how": how, "order": order})
        return lines

    def explanations(self, lang: str | None = None) -> list[str]:
        """Why adjacent rows are in this order, for every pair that needed more than wins."""
        names = {key: team.name for key, team in self.teams.items()}
        lang = lang or translation.get_language() or "pt-br"
        return [describe(s, names, lang) for s in self.standings.separations if _worth_explaining(s)]


def _worth_explaining(sep: Separation) -> bool:
    if sep.kind is SeparationKind.CRITERION:
        return sep.criterion is not Criterion.WINS
    return sep.kind is SeparationKind.PENDING_LOTS


@dataclass(frozen=True)
class StageTable:
    stage: Stage
    groups: list[GroupTable]

    @property
    def complete(self) -> bool:
        return all(g.unplayed == 0 for g in self.groups)


class UnknownStage(LookupError):
    pass


def result_statuses(include_provisional: bool) -> list[str]:
    statuses: list[str] = [ScoreSheet.Status.HOMOLOGATED]
    if include_provisional:
        statuses += [ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.SIGNED]
    return statuses


def group_results(groups: QuerySet[Group], include_provisional: bool = False) -> dict[int, str]:
    """The result each jogo of these chaves counts with, as its stored JSON text: its
    confirmed súmula when homologated, or also when only submitted/signed if the
    organizer shows provisional results. An unconfirmed version (e.g. waiting for the
    double entry) never counts. Text, not decoded JSON: ``standings.chaves`` remembers
    the chaves it has ranked under that text, and skips what did not change."""
    sheets = ScoreSheet.objects.filter(
        match__group__in=groups, confirmed=True, status__in=result_statuses(include_provisional)
    ).annotate(text=Cast("result", TextField()))
    return dict(sheets.values_list("match_id", "text"))


def shows_provisional(t: Tournament | int) -> bool:
    """Whether the organizer chose to show submitted (not yet homologated) results."""
    tournament_id = t if isinstance(t, int) else t.pk
    found = ScoringSettings.objects.filter(tournament_id=tournament_id).values_list(
        "show_provisional", flat=True
    )
    return bool(found.first())


def tournament_standings(
    t: Tournament,
    *,
    stage_key: str | None = None,
    include_provisional: bool | None = None,
    group_name: str | None = None,
) -> list[StageTable]:
    """Standings of every chave of every groups stage (or of one stage). Provisional
    results count only when asked, or (``None``) when the tournament shows them."""
    return _standings(t, stage_key, include_provisional, group_name)


def _standings(
    t: Tournament, stage_key: str | None, include_provisional: bool | None, group_name: str | None
) -> list[StageTable]:
    modality = t.rules()
    if include_provisional is None:
        include_provisional = shows_provisional(t)
    stages = list(t.stages.filter(kind=Stage.Kind.GROUPS).order_by("order", "id"))
    if stage_key is not None:
        stages = [s for s in stages if s.key == stage_key]
        if not stages:
            knockout = t.stages.filter(key=stage_key).first()
            if knockout is None:
                raise UnknownStage(stage_key)
            return [StageTable(knockout, [])]  # a mata-mata has no classificação table
    group_qs = Group.objects.filter(stage__in=stages)
    if group_name is not None:
        group_qs = group_qs.filter(name=group_name)
    groups = list(group_qs.order_by("order", "id"))
    # Plain tuples, not model instances: a state final has thousands of jogos, and
    # building ORM objects for them would cost more than ranking them.
    team_by_id = {
        team.pk: team
        for team in Team.objects.filter(groups__in=group_qs)
        .select_related("entity")
        .only("id", "key", "name", "seed", "tournament_id", "entity__name")
    }
    members: dict[int, list[Team]] = {}
    for group_id, team_id in (
        GroupTeam.objects.filter(group__in=group_qs)
        .order_by("order", "id")
        .values_list("group_id", "team_id")
    ):
        members.setdefault(group_id, []).append(team_by_id[team_id])
    by_group: dict[int, list[tuple[int, int | None, str, str]]] = {}
    fixtures_qs = Match.objects.filter(group__in=group_qs).order_by("round", "order", "id")
    for pk, group_id, rnd, a_id, b_id in fixtures_qs.values_list(
        "pk", "group_id", "round", "team_a_id", "team_b_id"
    ):
        by_group.setdefault(group_id, []).append((pk, rnd, team_by_id[a_id].key, team_by_id[b_id].key))
    results = group_results(group_qs, include_provisional)
    lots: dict[int, list[list[str]]] = {}
    recorded: dict[int, list[DrawOfLots]] = {}
    draws = DrawOfLots.objects.filter(group__in=group_qs, purpose=DrawOfLots.Purpose.TIEBREAK)
    for draw in draws.select_related("performed_by").order_by("performed_at", "id"):
        if draw.group_id is not None:
            lots.setdefault(draw.group_id, []).append(list(draw.result))
            recorded.setdefault(draw.group_id, []).append(draw)
    out: list[StageTable] = []
    for stage in stages:
        tables = []
        for g in (g for g in groups if g.stage_id == stage.pk):
            teams = {team.key: team for team in members.get(g.pk, [])}
            fixtures = tuple((pk, rnd, a, b, results.get(pk)) for pk, rnd, a, b in by_group.get(g.pk, []))
            chave = rank_chave(modality, tuple(teams), fixtures, tuple(tuple(o) for o in lots.get(g.pk, [])))
            tables.append(
                GroupTable(
                    g,
                    chave.standings,
                    teams,
                    chave.ranked,
                    chave.dq_reasons,
                    chave.unplayed,
                    tuple(recorded.get(g.pk, [])),
                )
            )
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
                    {"name": gt.group.name, "rows": [standings_row(r, gt.teams) for r in gt.rows]}
                    for gt in st.groups
                ],
            }
            for st in tables
        ],
    }


def standings_row(row: StandingRow, teams: dict[str, Team]) -> dict[str, Any]:
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
