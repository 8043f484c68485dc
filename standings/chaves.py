"""One chave's standings from the contributions stored when its súmulas were written.

No súmula is parsed or validated here: that happened once, at the write
(``scoring.services.contributions``). A chave is ranked from its teams' summed
counters (:func:`from_sums`), with the jogos among tied teams when a tie reaches
head-to-head; a chave with an expelled team, whose later jogos change (AMB-07), from
its stored fixtures (:func:`from_matches`), through the rules engine's same walk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.modality_params import Modality
from rules.ranking import GroupStandings, rank_group, rank_totals
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
    between: Sequence[RankedMatch] | None,
) -> ChaveResult:
    """Rank a chave where nobody is expelled from its summed counters. ``between`` are
    the jogos among tied teams that head-to-head needs: ``None`` when not fetched, and
    then ``rules.resolver.MatchesNeeded`` names the teams whose jogos are needed."""
    standings = rank_totals(teams, totals, between, tiebreakers=modality.tiebreakers, lots=lots)
    return ChaveResult(standings, None, {}, unplayed)


def from_matches(
    modality: Modality, teams: Sequence[str], fixtures: Sequence[StoredMatch], lots: Sequence[Sequence[str]]
) -> ChaveResult:
    """Evaluate (docs/rules.md §3.13, expulsions) and rank one chave from its stored fixtures."""
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
        len(fixtures) - len(evaluation.ranked) - len(evaluation.void),
    )
