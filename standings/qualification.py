"""Who advances from a stage of chaves: the first k of each chave, then the best n of
the next position across chaves (docs/rules.md §3.4: per-jogo averages for chaves of
different sizes, a completion of a truncated rule, shown as such).

k and n come from the tournament's set-up (``advance_per_group`` / ``advance_best_next``;
2 and 0 when unset). Everything is provisional while a jogo of the
stage is unplayed or a tie at the cut waits for a sorteio.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules.crossgroup import CrossRow, cross_entries, rank_across_groups
from rules.swiss import default_qualifiers
from rules.types import TeamStatus
from standings.explain_text import describe
from standings.selectors import StageTable
from tournaments.models import DrawOfLots, Team


@dataclass
class Qualified:
    group: str
    position: int
    team: Team
    pending_lots: bool = False


@dataclass
class CrossLine:
    row: CrossRow
    team: Team
    advances: bool
    explanation: str = ""


@dataclass
class Qualification:
    stage_key: str
    per_group: int
    best_next: int
    direct: list[Qualified] = field(default_factory=list)
    cross: list[CrossLine] = field(default_factory=list)
    provisional: bool = True


def compare_places(t: Any, stage_table: StageTable, places: Iterable[int]) -> dict[int, list[CrossRow]]:
    """The teams at each of ``places`` in their chave, compared across the phase's chaves
    (docs/rules.md §3.4), best first: what the classificados, the mata-mata's seeding and
    the final placings all read. The phase's sorteios are read once, oldest first (the
    newest sorteio of a tie decides)."""
    modality = t.rules()
    chaves = {gt.group.name: (gt.standings, gt.ranked) for gt in stage_table.groups}
    lots = [
        list(d.result)
        for d in DrawOfLots.objects.filter(
            stage=stage_table.stage, group__isnull=True, purpose=DrawOfLots.Purpose.TIEBREAK
        ).order_by("performed_at", "id")
    ]
    matches = [m for gt in stage_table.groups for m in gt.ranked]
    return {
        place: rank_across_groups(
            cross_entries(chaves, place),
            criteria=modality.cross_group_criteria,
            method=modality.cross_group_method.value,
            lots=lots,
            head_to_head_matches=matches,
        )
        for place in places
    }


def qualification(
    t: Any, stage_table: StageTable, *, per_group: int | None = None, best_next: int | None = None
) -> Qualification:
    """``per_group`` / ``best_next`` override the tournament's k and n (the mata-mata
    generator asks with the organizer's choice). A Swiss phase left to its default sends
    on ``rules.swiss.default_qualifiers`` of its field, not 2."""
    if not per_group and not t.advance_per_group and stage_table.stage.system == "swiss":
        per_group = default_qualifiers(sum(len(gt.teams) for gt in stage_table.groups))
    per_group = int(per_group or t.advance_per_group or 2)
    best_next = int(best_next if best_next is not None else (t.advance_best_next or 0))
    modality = t.rules()
    q = Qualification(stage_table.stage.key, per_group, best_next)
    if stage_table.awaiting_rodadas:
        return q  # nobody qualifies, and no tie waits for a sorteio, before a jogo exists
    pending = False
    teams: dict[str, Team] = {}
    for gt in stage_table.groups:
        teams.update(gt.teams)
        active = [r for r in gt.rows if r.status is TeamStatus.ACTIVE]
        # The place each seat goes to («1º», «2º»): teams level waiting for a sorteio
        # share a position in the table but not a seat (two «1º da chave C» misled).
        for seat, row in enumerate(active[:per_group], start=1):
            q.direct.append(Qualified(gt.group.name, seat, gt.teams[row.team], row.pending_lots))
        if len(active) > per_group and active[per_group - 1].pending_lots and active[per_group].pending_lots:
            pending = True  # the cut falls inside a tie that waits for a sorteio
    # The next position is compared only where some of it goes on (n > 0).
    rows = compare_places(t, stage_table, [per_group + 1])[per_group + 1] if best_next else []
    names = {key: team.name for key, team in teams.items()}
    for k, cross in enumerate(rows):
        below = rows[k + 1] if k + 1 < len(rows) else None
        explanation = (
            describe(cross.separation, names, modality.points_word) if cross.separation is not None else ""
        )
        if below is not None and below.counters.played == 0 and cross.counters.played > 0:
            # an average over no jogo is no figure («1,000 × 0,000»): say why instead
            explanation = _("%(upper)s à frente de %(lower)s, que não disputou jogo") % {
                "upper": names.get(cross.team, cross.team),
                "lower": names.get(below.team, below.team),
            }
        q.cross.append(CrossLine(cross, teams[cross.team], k < best_next, explanation))
    if (
        best_next
        and len(rows) > best_next
        and rows[best_next - 1].pending_lots
        and rows[best_next].pending_lots
    ):
        pending = True
    q.provisional = pending or not stage_table.complete
    return q
