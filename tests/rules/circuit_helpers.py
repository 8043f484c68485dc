"""What the circuit tests share (tests/rules/test_circuit_*.py): the presets and short
builders of etapas, results and ranking rows."""

from __future__ import annotations

from fractions import Fraction

from rules.circuit import PRESETS, EtapaPlacings, Result
from rules.circuit_ranking import CircuitCriterion, CircuitRanking

C = CircuitCriterion
CIRCUIT = PRESETS["circuit"]
RODEIO = PRESETS["rodeio"]
F = Fraction


def E(key: str, *placings: tuple[str, int]) -> EtapaPlacings:
    return EtapaPlacings(key, tuple(placings))


def R(competitor: str, etapa: str, points: int | Fraction, *positions: int) -> Result:
    return Result(competitor, etapa, F(points), positions)


def table(ranking: CircuitRanking) -> list[tuple[int, str, Fraction, bool]]:
    return [(r.position, r.competitor, r.total, r.pending_lots) for r in ranking.rows]
