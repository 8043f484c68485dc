"""One chave's standings from the contributions stored when its súmulas were written.

No súmula is parsed or validated here: that happened once, at the write
(``scoring.services.contributions``). A chave is ranked from its teams' summed
counters (:func:`from_sums`) unless it needs its jogos themselves — a tie that reaches
head-to-head, or an expelled team, whose later jogos change (AMB-07) — and then from
its stored fixtures (:func:`from_matches`), through the rules engine's same walk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.modality_params import Modality
from rules.ranking import GroupStandings, MatchesNeeded, rank_group, rank_totals
from rules.totals import StoredMatch, evaluate_tallies, expulsion_reasons
from rules.types import Counters, RankedMatch


@dataclass(frozen=True, slots=True)
class ChaveResult:
    standings: GroupStandings
    ranked: tuple[RankedMatch, ...] | None  # None: not fetched (not needed to rank)
    dq_reasons: Mapping[str, str]
    unplayed: int  # fixtures still without a counted result


def from_sums(
    modality: Modality,
    teams: Sequence[str],
    totals: Mapping[str, Counters],
    unplayed: int,
    lots: Sequence[Sequence[str]],
    no_jogos: bool = False,
) -> ChaveResult | None:
    """Rank a chave where nobody is expelled from its summed counters; ``None`` when a
    tie reaches head-to-head, which needs the jogos (:func:`from_matches`), unless the
    chave has no counted jogo (``no_jogos``)."""
    matches: tuple[RankedMatch, ...] | None = () if no_jogos else None
    try:
        standings = rank_totals(teams, totals, matches, tiebreakers=modality.tiebreakers, lots=lots)
    except MatchesNeeded:
        return None
    return ChaveResult(standings, matches, {}, unplayed)


def from_matches(
    modality: Modality, teams: Sequence[str], fixtures: Sequence[StoredMatch], lots: Sequence[Sequence[str]]
) -> ChaveResult:
    """Evaluate (RULES.md §3.13, expulsions) and rank one chave from its stored fixtures."""
    evaluation = evaluate_tallies(modality, fixtures)
    standings = rank_group(
        teams,
        evaluation.ranked,
        tiebreakers=modality.tiebreakers,
        lots=lots,
        disqualified=evaluation.disqualified & set(teams),
    )
    return ChaveResult(
        standings,
        evaluation.ranked,
        expulsion_reasons(fixtures, evaluation.disqualified),
        len(fixtures) - len(evaluation.ranked),
    )
