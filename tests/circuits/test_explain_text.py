"""The words of the circuit ranking: points as read in pt-BR, and each tie's reason."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation

from circuits.explain_text import points_text, separation_text
from rules.circuit_terms import CircuitCriterion as C
from rules.circuit_terms import CircuitSeparation
from rules.explain import SeparationKind

NAMES = {"a": "Os Taura", "b": "Pealo"}


def test_points_text() -> None:
    with translation.override("pt-br"):
        assert points_text(Fraction(25)) == "25"
        assert points_text(Fraction(40, 3)) == "13,33"
        assert points_text(Fraction(9, 2)) == "4,50"


@pytest.mark.parametrize(
    "sep, words",
    [
        (CircuitSeparation("a", "b", C.POINTS, Fraction(93, 2), Fraction(46)), "por pontos (46,50 × 46)"),
        (CircuitSeparation("a", "b", C.ETAPAS_WON, 2, 1), "por etapas vencidas (2 × 1)"),
        (
            CircuitSeparation("a", "b", C.BEST_PLACINGS, (1, 2), (1, 1)),
            "por melhores colocações (2º lugar: 2 × 1)",
        ),
        (
            CircuitSeparation("a", "b", C.HEAD_TO_HEAD, 3, 1),
            "no confronto direto nas etapas (3 × 1)",
        ),
        (CircuitSeparation("a", "b", C.LOTS, 1, 2), "por sorteio"),
    ],
)
def test_why_one_line_is_above(sep: CircuitSeparation, words: str) -> None:
    with translation.override("pt-br"):
        assert separation_text(sep, NAMES) == f"Os Taura à frente de Pealo {words}"


def test_level_lines() -> None:
    with translation.override("pt-br"):
        pending = CircuitSeparation("a", "b", None, kind=SeparationKind.PENDING_LOTS)
        assert separation_text(pending, NAMES) == "Os Taura e Pealo empatados: aguardando sorteio"
        tied = CircuitSeparation("a", "x", None, kind=SeparationKind.TIED)
        assert separation_text(tied, NAMES) == "Os Taura e x empatados em todos os critérios"
