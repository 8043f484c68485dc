"""The final placings of a tournament, whatever its shape (docs/rules.md §3.15): a selector.

- **Chaves only** (and the last phase of several phases of chaves): by the position in
  the chave, and among teams of equal position by the cross-chave comparison of §3.4
  (``rules.crossgroup``, as the classificados are chosen); teams still level there wait
  for a sorteio and share the place.
- **Chaves and mata-mata**: the champion, the runner-up, the 3º and 4º by the disputa de
  3º lugar (both semifinal losers share the 3º where there is none, as in the Copa
  Truco), then the teams out in each earlier rodada of the mata-mata, ordered within
  the rodada by their placing in the chaves; then the teams out in the chaves, by that
  placing.
- **Mata-mata only**: the same without chaves, so the teams out in one rodada share.
- **Dupla eliminação** (``Tournament.double_elimination``): 1º, 2º, 3º (the repescagem's
  final), 4º, then a band per earlier rodada of the repescagem (5º–6º, 7º–8º, 9º–12º…),
  from ``knockout.double_bracket.placings`` (``knockout.services.double.double_bands``).

The bands and their order are ``rules.placings``; here the database is read: the
classificação (``standings.selectors``) and the bracket (``knockout.selectors``), both
counting homologated results only (the publication rule, §3.14).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core import words
from knockout.selectors import Bracket, Slot, bracket_data, knockout_stages
from knockout.services.double import double_bands
from rules.modality_params import Modality
from rules.placings import Band, FinalPlacing, chave_bands, positions_of, rank_bands
from rules.types import TeamStatus
from standings.qualification import compare_places
from standings.selectors import StageTable, tournament_standings
from tournaments.models import Stage, Team, Tournament


@dataclass(frozen=True)
class PlacingLine:
    position: int
    team: Team
    shared: bool
    label: str  # how far it went: «Campeão», «Semifinais», «2º da chave»…


@dataclass
class FinalPlacings:
    """Every team placed so far, best first; ``complete`` once the event has ended."""

    lines: list[PlacingLine] = field(default_factory=list)
    complete: bool = False

    @property
    def champion(self) -> Team | None:
        """The champion, once the event has ended (a sole 1º)."""
        first = [p for p in self.lines if p.position == 1]
        return first[0].team if self.complete and len(first) == 1 else None

    @property
    def podium(self) -> list[PlacingLine]:
        return [p for p in self.lines if p.position <= 3]


def _stage_placings(t: Tournament, table: StageTable) -> tuple[list[FinalPlacing], bool]:
    """One phase of chaves placed: (placings, every jogo counted)."""
    deepest = max((len(gt.rows) for gt in table.groups), default=0)
    tiers: list[list[tuple[str, int]]] = []
    labels: list[str] = []
    swiss = table.stage.system == Stage.System.SWISS
    for place, rows in compare_places(t, table, range(1, deepest + 1)).items():
        if rows:
            tiers.append([(r.team, r.position) for r in rows])
            labels.append((_("%(n)dº do suíço") if swiss else _("%(n)dº da chave")) % {"n": place})
    bands = chave_bands(tiers, labels)
    expelled = tuple(r.team for gt in table.groups for r in gt.rows if r.status is TeamStatus.DISQUALIFIED)
    if expelled:
        bands.append(Band(expelled, _("desclassificadas")))
    placed = rank_bands(bands)
    # Teams level in their own chave, waiting for its sorteio, share the better of their
    # places (the tiers above took them in row order).
    level: dict[str, set[str]] = {}
    for gt in table.groups:
        for r in gt.rows:
            if r.pending_lots:
                level[r.team] = {o.team for o in gt.rows if o.pending_lots and o.position == r.position}
    if level:
        at = positions_of(placed)
        placed = sorted(
            (
                FinalPlacing(min(at[o] for o in level[p.team]), p.team, True, p.label)
                if p.team in level
                else p
                for p in placed
            ),
            key=lambda p: p.position,
        )
    return placed, table.complete


def loser(slot: Slot) -> str | None:
    """The team a decided jogo eliminated (None: a chapéu, or still to be decided)."""
    a, b = slot.team_a, slot.team_b
    if a is None or b is None or slot.winner is None or slot.bye:
        return None
    return b.key if slot.winner == a.key else a.key


def _bracket_bands(data: Bracket, record: dict[str, int], modality: Modality) -> tuple[list[Band], bool]:
    """The mata-mata's bands, best first, and whether it has ended."""
    if not data.rounds:
        return [], False
    final = data.rounds[-1][0]
    bands: list[Band] = []

    ended = final.winner is not None and not final.bye
    if final.winner is not None:
        bands.append(Band((final.winner,), words.champion(modality)))
        runner = loser(final)
        if runner:
            bands.append(Band((runner,), words.runner_up(modality)))
    names = data.round_names
    for index in range(len(data.rounds) - 2, -1, -1):
        out = tuple(k for s in data.rounds[index] if (k := loser(s)))
        if index == len(data.rounds) - 2 and data.third_place is not None and data.third_place_enabled:
            third = data.third_place
            if third.winner is not None and (lost := loser(third)):
                bands += [Band((third.winner,), _("3º lugar")), Band((lost,), _("4º lugar"))]
                continue
            ended = False  # the disputa de 3º lugar is still to be played
            bands.append(Band(out, names[index]))  # the semifinal losers, level until it is
            continue
        # Without a disputa de 3º lugar the semifinal losers share the 3º (V-M18):
        # never split by their chave record.
        semis = index == len(data.rounds) - 2
        bands.append(Band(out, names[index], {} if semis else {k: record[k] for k in out if k in record}))
    placed = {k for band in bands for k in band.teams}
    if placed and not ended:
        # While it is played, the teams still in come first, level: nobody eliminated in
        # the quartas is «1º» because the semifinalists are not placed yet.
        alive = tuple(team.key for team in data.teams if team.key not in placed)
        if alive:
            bands.insert(0, Band(alive, _("Na disputa")))
    return bands, ended


def final_placings(t: Tournament) -> FinalPlacings:
    """The tournament's final placings as far as known (see the module's docstring)."""
    tables = [st for st in tournament_standings(t) if st.groups]
    stages = knockout_stages(t)
    staged: list[tuple[list[FinalPlacing], bool]] = [_stage_placings(t, st) for st in tables]
    bands: list[Band] = []
    complete = False
    labels = {p.team: p.label for p in staged[-1][0]} if staged else {}
    record = positions_of(staged[-1][0]) if staged else {}
    if stages and t.double_elimination:  # the repescagem's bands (knockout.services.double)
        bands, complete = double_bands(stages[-1], record)
        if tables:
            bands.append(Band(tuple(record), "", record))
    elif stages:
        data = bracket_data(stages[-1])
        bands, complete = _bracket_bands(data, record, t.rules())
        if tables:  # the teams out in the chaves, by their placing there («3º da chave»)
            bands.append(Band(tuple(record), "", record))
    elif staged:
        last, complete = staged[-1]
        bands.append(Band(tuple(p.team for p in last), "", record))
        if t.stage_plan == Tournament.StagePlan.GROUPS_KNOCKOUT:
            complete = False  # the mata-mata is still to come
        elif t.stage_plan == Tournament.StagePlan.MULTI_PHASE and len(tables[-1].groups) != 1:
            complete = False  # several phases of chaves end with a single chave
    # Earlier phases of chaves: who went out there, by their placing in that phase.
    for number, (placings, _ended) in reversed(list(enumerate(staged[:-1], start=1))):
        earlier = positions_of(placings)
        bands.append(Band(tuple(earlier), _("Fase %(n)d") % {"n": number}, earlier))
    ranked = [
        FinalPlacing(p.position, p.team, p.shared, p.label or labels.get(p.team, ""))
        for p in rank_bands(bands)
    ]
    keys = {p.team for p in ranked}
    teams = {
        team.key: team for team in Team.objects.filter(tournament=t, key__in=keys).select_related("entity")
    }
    lines = [PlacingLine(p.position, teams[p.team], p.shared, p.label) for p in ranked if p.team in teams]
    return FinalPlacings(lines, complete and bool(lines))
