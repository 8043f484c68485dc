"""What the circuit tests share (tests/rules/test_circuit_*.py): the presets and short
builders of etapas, results and ranking rows."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rules.circuit import PRESETS, EtapaPlacings, Points, PointsTable, Result, Results, SharedPoints, scored
from rules.circuit_ranking import rank_circuit
from rules.circuit_terms import CircuitCriterion, CircuitRanking

C = CircuitCriterion
CIRCUIT = PRESETS["circuit"]
RODEIO = PRESETS["rodeio"]
F = Fraction


def E(key: str, *placings: tuple[str, int]) -> EtapaPlacings:
    return EtapaPlacings(key, tuple(placings))


Entry = tuple[str, Result]  # a competitor and one of its results


def R(competitor: str, etapa: str, points: int | Fraction, *positions: int) -> Entry:
    return competitor, Result(etapa, F(points), positions)


def grouped(entries: Iterable[Entry]) -> Results:
    """The entries as ``rank_circuit`` takes them: each competitor's results."""
    out: Results = {}
    for competitor, result in entries:
        out.setdefault(competitor, []).append(result)
    return out


def flat(results: Results) -> list[Entry]:
    """Every (competitor, result), sorted: what ``team_results`` and the others made."""
    return sorted((c, r) for c, mine in results.items() for r in mine)


def rank(etapas: list[str], entries: Iterable[Entry], **settings: object) -> CircuitRanking:
    return rank_circuit(etapas, grouped(entries), **settings)  # type: ignore[arg-type]


def table(ranking: CircuitRanking) -> list[tuple[int, str, Fraction, bool]]:
    return [(r.position, r.competitor, r.total, r.pending_lots) for r in ranking.rows]


def etapa_points(
    placings: Iterable[tuple[str, int]], table: PointsTable, shared: SharedPoints
) -> dict[str, Points]:
    """Each team's points in one etapa, as ``scored`` gives them."""
    (etapa,) = scored([EtapaPlacings("e", tuple(placings))], table, shared)
    return {team: result.points for team, result in etapa.teams}
