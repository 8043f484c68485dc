"""Standings of a tournament: stored contributions -> rules engine -> rows (a selector).

Every súmula was judged once, when it was written (``scoring.MatchContribution``): a
standings read is one aggregate query over those contributions per team and chave,
then the rules engine's ranking (``standings.chaves``). A tie that reaches head-to-head
fetches the jogos among the tied teams (one more query for all chaves); a chave with an
expelled team, whose later jogos change, fetches its fixtures (two more). A Swiss phase
is ranked from the same sums, with the folgas its recorded pairings gave and who met
whom in its counted jogos (one query) for its criteria. A constant number of queries
whatever the size: stages, chaves with their fixture counts, teams, members, recorded
sorteios, the sums (and, when needed, the Swiss pairings, who met whom, those jogos).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.db.models import Count
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from rules.explain import Separation, SeparationKind
from rules.modality_params import Modality
from rules.ranking import GroupStandings, StandingRow
from rules.resolver import MatchesNeeded
from rules.types import Counters, Criterion, RankedMatch
from scoring.selectors_contributions import chave_sums, matches_between, met, stored_matches
from standings.chaves import ChaveResult, SwissLines, from_matches, from_sums, from_swiss, swiss_sums
from standings.explain_text import describe
from tournaments.models import DrawOfLots, Group, GroupTeam, Stage, Team, Tournament


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
    # The counted jogos, as the ranking saw them; fetched on first use (qualification
    # and seeding need them, the standings page does not).
    matches: Callable[[], tuple[RankedMatch, ...]] = tuple
    dq_reasons: Mapping[str, str] = field(default_factory=dict)
    unplayed: int = 0  # fixtures still without a counted result
    draws: tuple[DrawOfLots, ...] = ()  # recorded sorteios of this chave, shown publicly
    points_word: str = "tentos"  # the modality's word for its points, in the explanations
    fixtures: int = 0  # the chave's jogos generated so far (0 before its rodadas exist)
    rodadas_left: int = 0  # a Swiss phase's planned rodadas not paired yet
    # A Swiss chave's lines by team key (folgas, Buchholz, corte 1, Sonneborn-Berger), the
    # values it was ranked by; empty for a round-robin chave.
    swiss: SwissLines = field(default_factory=dict)

    @property
    def awaiting_rodadas(self) -> bool:
        """A chave of two or more teams whose rodadas are not generated yet (for a Swiss
        phase, not all of them): nothing is final, and no sorteio is asked of a table
        the next rodadas will change."""
        return (self.fixtures == 0 or self.rodadas_left > 0) and len(self.teams) > 1

    @property
    def ranked(self) -> tuple[RankedMatch, ...]:
        return self.matches()

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        return self.standings.rows

    @property
    def lines(self) -> list[Line]:
        return [Line(r, self.teams[r.team], self.dq_reasons.get(r.team, "")) for r in self.standings.rows]

    @property
    def pending_lots(self) -> list[str]:
        if self.awaiting_rodadas:
            return []  # everyone level at nothing played: no sorteio to ask for
        return [r.team for r in self.standings.rows if r.pending_lots]

    def draw_lines(self) -> list[str]:
        """Each recorded sorteio, for the public: when, how, by whom, the order drawn."""
        lines = []
        for d in self.draws:
            order = ", ".join(
                _("%(place)dº %(team)s") % {"place": i, "team": self.teams[k].name if k in self.teams else k}
                for i, k in enumerate(d.result, 1)
            )
            how = _("feito à mão") if d.manual else _("semente %(seed)s") % {"seed": d.seed}
            who = _(" por %(user)s") % {"user": d.performed_by.get_username()} if d.performed_by else ""
            when = timezone.localtime(d.performed_at).strftime("%d/%m/%Y %H:%M")
            text = _("Sorteio em %(when)s%(who)s (%(how)s): %(order)s")
            lines.append(text % {"when": when, "who": who, "how": how, "order": order})
        return lines

    def explanations(self, lang: str | None = None) -> list[str]:
        """Why adjacent rows are in this order, for every pair that needed more than wins:
        in ``lang`` when given (a printed page is in pt-BR), else the active language."""
        names = {key: team.name for key, team in self.teams.items()}
        worth = [s for s in self.standings.separations if _worth_explaining(s)]
        if self.awaiting_rodadas:  # no sorteio is asked of a table the next rodadas change
            worth = [s for s in worth if s.kind is not SeparationKind.PENDING_LOTS]
        with translation.override(lang) if lang else contextlib.nullcontext():
            return [describe(s, names, self.points_word) for s in worth]


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
        return all(g.unplayed == 0 and not g.awaiting_rodadas for g in self.groups)

    @property
    def awaiting_rodadas(self) -> bool:
        return any(g.awaiting_rodadas for g in self.groups)


class UnknownStage(LookupError):
    pass


def tournament_standings(
    t: Tournament,
    *,
    stage_key: str | None = None,
    include_provisional: bool = False,
    group_name: str | None = None,
    group_ids: Collection[int] | None = None,
) -> list[StageTable]:
    """Standings of every chave of every groups stage (or of one stage, of the chave
    named, or of the chaves ``group_ids``: a chave is ranked on its own jogos alone), from
    the homologated súmulas (the publication rule, docs/rules.md §3.14: a result waiting
    for homologation never counts, even where the public may see it).
    ``include_provisional`` also counts the confirmed súmulas sent and signed, for checks
    and tests only."""
    modality = t.rules()
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
    if group_ids is not None:
        group_qs = group_qs.filter(pk__in=list(group_ids))
    groups = list(group_qs.annotate(fixtures=Count("matches")).order_by("order", "id"))
    # Plain ids from here on: Django compiles a query over a nested queryset much more
    # slowly than over a list of a few hundred ids.
    group_ids = [g.pk for g in groups]
    # Plain tuples, not model instances: a state final has thousands of jogos, and
    # building ORM objects for them would cost more than ranking them.
    team_by_id = {
        team.pk: team
        for team in Team.objects.filter(groups__in=group_ids)
        .select_related("entity")
        .only("id", "key", "name", "seed", "status", "tournament_id", "entity__name")
    }
    members: dict[int, list[Team]] = {}
    for group_id, team_id in (
        GroupTeam.objects.filter(group__in=group_ids)
        .order_by("order", "id")
        .values_list("group_id", "team_id")
    ):
        members.setdefault(group_id, []).append(team_by_id[team_id])
    lots: dict[int, list[list[str]]] = {}
    recorded: dict[int, list[DrawOfLots]] = {}
    draws = DrawOfLots.objects.filter(group__in=group_ids, purpose=DrawOfLots.Purpose.TIEBREAK)
    for draw in draws.select_related("performed_by").order_by("performed_at", "id"):
        if draw.group_id is not None:
            lots.setdefault(draw.group_id, []).append(list(draw.result))
            recorded.setdefault(draw.group_id, []).append(draw)
    key_of = {pk: team.key for pk, team in team_by_id.items()}
    # A Swiss phase counts the folgas its recorded pairings gave (docs/rules.md §3.17);
    # only the folga is read of each pairing, not its jogos.
    swiss = {s.pk for s in stages if s.system == Stage.System.SWISS}
    byes: dict[int, list[str]] = {g.pk: [] for g in groups if g.stage_id in swiss}
    paired: dict[int, int] = {}
    if byes:
        pairings = DrawOfLots.objects.filter(group__in=list(byes), purpose=DrawOfLots.Purpose.SWISS)
        for group_id, bye in pairings.order_by("performed_at", "id").values_list("group_id", "result__bye"):
            paired[group_id] = paired.get(group_id, 0) + 1
            if bye:
                byes[group_id].append(bye)
    planned = {s.pk: s.swiss_rounds or 0 for s in stages if s.pk in swiss}
    jogos = _Jogos(modality, include_provisional, key_of, members, lots, byes)
    sums = chave_sums(group_ids, include_provisional)
    expelling = {pk for pk, found in sums.items() if found.expulsion}
    # The Swiss criteria of a chave ranked from its sums: who met whom, and who won.
    met_in = met([pk for pk in byes if pk not in expelling], include_provisional, key_of) if byes else {}
    chaves: dict[int, ChaveResult] = {}
    tied: dict[int, tuple[frozenset[str], dict[str, Counters], int]] = {}
    swiss_lines: dict[int, SwissLines] = {}
    for g in groups:
        found = sums.get(g.pk)
        if g.pk in expelling:
            continue  # ranked from its fixtures below
        totals = {key_of[pk]: c for pk, c in found.totals.items()} if found else {}
        if g.pk in byes:
            totals, swiss_lines[g.pk] = swiss_sums(
                modality, jogos.keys(g.pk), totals, byes[g.pk], met_in.get(g.pk, [])
            )
        unplayed = g.fixtures - (found.counted if found else 0)
        between = None if found and found.counted else ()
        try:
            chaves[g.pk] = from_sums(
                modality, jogos.keys(g.pk), totals, unplayed, lots.get(g.pk, []), between,
                swiss_lines.get(g.pk),
            )  # fmt: skip
        except MatchesNeeded as needed:
            tied[g.pk] = (needed.teams, totals, unplayed)
    if tied:
        id_of = {key: pk for pk, key in key_of.items()}
        wanted = {pk: [id_of[key] for key in teams] for pk, (teams, _, _) in tied.items()}
        found_between = matches_between(wanted, include_provisional, key_of)
        for pk, (_, totals, unplayed) in tied.items():
            among = found_between.get(pk, [])
            chaves[pk] = from_sums(
                modality, jogos.keys(pk), totals, unplayed, lots.get(pk, []), among, swiss_lines.get(pk)
            )
    chaves.update(jogos.rank([g.pk for g in groups if g.pk not in chaves]))
    out: list[StageTable] = []
    for stage in stages:
        tables = []
        for g in (g for g in groups if g.stage_id == stage.pk):
            chave = chaves[g.pk]
            tables.append(
                GroupTable(
                    g,
                    chave.standings,
                    {team.key: team for team in members.get(g.pk, [])},
                    partial(jogos.ranked, g.pk, chave.ranked),
                    chave.dq_reasons,
                    chave.unplayed,
                    tuple(recorded.get(g.pk, [])),
                    modality.points_word,
                    g.fixtures,
                    max(0, planned.get(stage.pk, 0) - paired.get(g.pk, 0)),
                    chave.swiss,
                )
            )
        out.append(StageTable(stage, tables))
    return out


class _Jogos:
    """The stored jogos of the chaves that need them, one query per batch: first the
    chaves that cannot be ranked from their sums; then, the first time anybody asks
    for a chave's jogos (qualification, seeding), those of every other chave."""

    def __init__(
        self,
        modality: Modality,
        include_provisional: bool,
        key_of: dict[int, str],
        members: dict[int, list[Team]],
        lots: dict[int, list[list[str]]],
        byes: dict[int, list[str]],
    ) -> None:
        self.modality = modality
        self.byes = byes  # the Swiss chaves' folgas
        self.include_provisional = include_provisional
        self.key_of = key_of
        self.members = members
        self.lots = lots
        self.fetched: dict[int, ChaveResult] = {}

    def keys(self, group_id: int) -> list[str]:
        return [team.key for team in self.members.get(group_id, [])]

    def rank(self, group_ids: list[int]) -> dict[int, ChaveResult]:
        """Rank these chaves from their stored fixtures (in one query)."""
        found = stored_matches(group_ids, self.include_provisional, self.key_of) if group_ids else {}
        for pk in group_ids:
            fixtures, lots = found.get(pk, []), self.lots.get(pk, [])
            if pk in self.byes:
                self.fetched[pk] = from_swiss(self.modality, self.keys(pk), fixtures, lots, self.byes[pk])
            else:
                self.fetched[pk] = from_matches(self.modality, self.keys(pk), fixtures, lots)
        return {pk: self.fetched[pk] for pk in group_ids}

    def ranked(self, group_id: int, known: tuple[RankedMatch, ...] | None) -> tuple[RankedMatch, ...]:
        if known is not None:
            return known
        if group_id not in self.fetched:
            self.rank([pk for pk in self.members if pk not in self.fetched])
        return self.fetched[group_id].ranked or ()


def standings_document(t: Tournament, tables: list[StageTable]) -> dict[str, Any]:
    """The ``tenteio-standings/1`` JSON shape (docs/interchange.md)."""
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
        **c.as_dict(),
        "status": row.status.value,
        "separated_by": row.separated_by.value if row.separated_by is not None else None,
        "pending_lots": row.pending_lots,
    }
