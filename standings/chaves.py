"""One chave's standings from plain values, memoised by what they depend on.

Standings are recomputed after every homologation, and all but one chave of a state
final are the same as the time before. So the standings selector hands this module
only hashable values — the modality, the chave's teams, each fixture with its result
as the JSON text stored in the database, and the recorded sorteios — and the answer is
kept per process under exactly those values: a chave whose inputs did not change is
not parsed, judged or ranked again, and a chave whose inputs changed is a new key. No
invalidation is needed, and a stale answer is impossible, because the key is the
content itself (not an id that a restored database could give to other content).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from rules.group import GroupMatch, evaluate_group
from rules.modality_params import Modality
from rules.ranking import GroupStandings, rank_group
from rules.results import MatchReport, Scope, Side, from_interchange
from rules.types import RankedMatch

# (match id, round, team A key, team B key, result JSON text or None when unplayed)
Fixture = tuple[int, int | None, str, str, str | None]

# Sized for the largest tournaments we plan for (1,024 teams = 128 chaves, 3,584 jogos)
# several times over, so a few tournaments served by one process stay warm.
CHAVES_KEPT = 4096
REPORTS_KEPT = 1 << 16


@dataclass(frozen=True, slots=True)
class ChaveResult:
    standings: GroupStandings
    ranked: tuple[RankedMatch, ...]
    dq_reasons: dict[str, str]
    unplayed: int  # fixtures still without a counted result


@lru_cache(maxsize=REPORTS_KEPT)
def report(raw: str, team_a: str, team_b: str) -> MatchReport | None:
    """The parsed result of one stored súmula (None when its shape is too broken)."""
    return from_interchange(json.loads(raw), team_a, team_b)[0]


@lru_cache(maxsize=CHAVES_KEPT)
def rank_chave(
    modality: Modality,
    teams: tuple[str, ...],
    fixtures: tuple[Fixture, ...],
    lots: tuple[tuple[str, ...], ...],
) -> ChaveResult:
    """Evaluate and rank one chave (RULES.md §3.13 then the modality's tiebreakers)."""
    matches = [
        GroupMatch(str(pk), rnd, a, b, report(raw, a, b) if raw is not None else None)
        for pk, rnd, a, b, raw in fixtures
    ]
    evaluation = evaluate_group(modality, matches)
    standings = rank_group(
        list(teams),
        evaluation.ranked,
        tiebreakers=modality.tiebreakers,
        lots=[list(order) for order in lots],
        disqualified=evaluation.disqualified & set(teams),
    )
    return ChaveResult(
        standings=standings,
        ranked=evaluation.ranked,
        dq_reasons=dq_reasons(matches, evaluation.disqualified),
        unplayed=len(matches) - len(evaluation.ranked),
    )


def dq_reasons(fixtures: list[GroupMatch], expelled: frozenset[str]) -> dict[str, str]:
    """Why each expelled team was expelled, in the rulebook's words."""
    reasons: dict[str, str] = {}
    for f in sorted(fixtures, key=lambda f: (f.round is None, f.round or 0)):
        found: MatchReport | None = f.report
        if found is None:
            continue
        side_team = {Side.A: f.team_a, Side.B: f.team_b}
        if found.walkover is not None:
            for side in found.walkover.sides:
                team = side_team[side]
                if team in expelled:
                    reasons.setdefault(team, "W.O. (Art. 20, III)")
        dq = found.disqualification
        if dq is not None and dq.scope is Scope.TOURNAMENT and side_team[dq.side] in expelled:
            article = f"Art. {dq.article}" if dq.article else "desclassificação"
            reasons.setdefault(side_team[dq.side], article)
    return reasons
