"""One chave's standings from the contributions stored when its súmulas were written.

No súmula is parsed or validated here: that happened once, at the write
(``scoring.services.contributions``). A chave is ranked from its teams' summed
counters (:func:`from_sums`), with the jogos among tied teams when a tie reaches
head-to-head; a chave with an expelled team, whose later jogos change (AMB-07), from
its stored fixtures (:func:`from_matches`), through the rules engine's same walk. A
Swiss phase adds its folgas and its criteria from who met whom (:func:`swiss_sums`)
to the same sums, or ranks from its fixtures (:func:`from_swiss`) in the same cases.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.modality_params import Modality
from rules.ranking import GroupStandings, rank_group, rank_totals, sum_counters
from rules.resolver import ZERO
from rules.swiss_tiebreaks import SwissLine, criterion_values, tiebreaks_of, with_swiss
from rules.totals import StoredMatch, evaluate_tallies, expulsion_reasons, folga_credit
from rules.types import Counters, RankedMatch

SwissLines = Mapping[str, SwissLine]  # a Swiss chave's lines: each team's folgas and criteria


@dataclass(frozen=True, slots=True)
class ChaveResult:
    standings: GroupStandings
    ranked: tuple[RankedMatch, ...] | None  # None: not fetched (not needed to rank)
    dq_reasons: Mapping[str, str]
    unplayed: int  # fixtures still without a counted result
    swiss: SwissLines = field(default_factory=dict)  # a Swiss chave's lines, as it was ranked by them


def from_sums(
    modality: Modality,
    teams: Sequence[str],
    totals: Mapping[str, Counters],
    unplayed: int,
    lots: Sequence[Sequence[str]],
    between: Sequence[RankedMatch] | None,
    swiss: SwissLines | None = None,
) -> ChaveResult:
    """Rank a chave where nobody is expelled from its summed counters. ``between`` are
    the jogos among tied teams that head-to-head needs: ``None`` when not fetched, and
    then ``rules.resolver.MatchesNeeded`` names the teams whose jogos are needed.
    ``swiss``: a Swiss phase's lines (:func:`swiss_sums`, whose totals count the
    folgas), ranked by the chain ``from_swiss`` uses."""
    tiebreakers = modality.tiebreakers if swiss is None else with_swiss(modality.tiebreakers)
    values = None if swiss is None else criterion_values(swiss)
    standings = rank_totals(teams, totals, between, tiebreakers=tiebreakers, lots=lots, values=values)
    return ChaveResult(standings, None, {}, unplayed, swiss or {})


def swiss_sums(
    modality: Modality,
    teams: Sequence[str],
    totals: Mapping[str, Counters],
    byes: Sequence[str],
    met: Sequence[tuple[str, str, str | None]],
) -> tuple[dict[str, Counters], SwissLines]:
    """A Swiss chave's summed counters with each folga's W.O. win added, and its Swiss
    lines from ``met`` (each counted jogo: team A, team B, winner or ``None``), for
    :func:`from_sums`: what :func:`from_swiss` computes from the fixtures."""
    members = set(teams)
    byes = [k for k in byes if k in members]
    out = dict(totals)
    credit = folga_credit(modality)
    for key in byes:
        out[key] = out.get(key, ZERO) + credit
    return out, tiebreaks_of(teams, met, byes)


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


def from_swiss(
    modality: Modality,
    teams: Sequence[str],
    fixtures: Sequence[StoredMatch],
    lots: Sequence[Sequence[str]],
    byes: Sequence[str],
) -> ChaveResult:
    """Rank a Swiss phase (docs/rules.md §3.17) from its stored jogos and its folgas (one
    key per folga given): each folga adds a W.O. win, and the Swiss criteria come from
    who met whom. The chain is the modality's with the Swiss criteria after vitórias,
    unless it names one of them already (``with_swiss``)."""
    evaluation = evaluate_tallies(modality, fixtures)
    ranked = evaluation.ranked
    members = set(teams)
    byes = [k for k in byes if k in members]
    totals = sum_counters(teams, ranked)
    credit = folga_credit(modality)
    for key in byes:
        totals[key] = totals[key] + credit
    lines = tiebreaks_of(teams, ((m.team_a, m.team_b, m.winner) for m in ranked), byes)
    standings = rank_totals(
        teams,
        totals,
        ranked,
        tiebreakers=with_swiss(modality.tiebreakers),
        lots=lots,
        disqualified=evaluation.disqualified & members,
        values=criterion_values(lines),
    )
    return ChaveResult(
        standings,
        ranked,
        expulsion_reasons(fixtures, evaluation.disqualified),
        len(fixtures) - len(ranked) - len(evaluation.void),
        lines,
    )
