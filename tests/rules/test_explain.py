"""Explanations of adjacent standings rows (rules.explain)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.explain import (
    DirectMatches,
    MiniLeague,
    Separation,
    SeparationKind,
    describe,
    format_value,
)
from rules.ranking import DEFAULT_PRECEDENCE, rank_group
from rules.types import Criterion
from tests.rules.test_ranking import CIRCLE, E15, jogo

NAMES = {"T1": "Trio Galponeiro", "T2": "Trio Xucro", "T3": "Trio A", "T4": "Trio C"}


def test_e15_sentences_pt_br() -> None:
    s = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=DEFAULT_PRECEDENCE)
    assert [describe(x, NAMES) for x in s.separations] == [
        "Trio Galponeiro à frente de Trio A por partidas (7 × 5 partidas)",
        "Trio A à frente de Trio Xucro por tentos (188 × 183 tentos)",
        "Trio Xucro à frente de Trio C por vitórias (2 × 0 vitórias)",
    ]
    assert (
        describe(s.separations[1], NAMES, "en") == "Trio A ahead of Trio Xucro on tentos (188 × 183 tentos)"
    )


def test_head_to_head_sentence_with_scores() -> None:
    m = [jogo("T3", "T4", (24, 13), (24, 20))]
    s = rank_group(["T3", "T4"], m, tiebreakers=[Criterion.HEAD_TO_HEAD])
    assert (
        describe(s.separations[0], NAMES) == "Trio A à frente de Trio C por confronto direto (24–13, 24–20)"
    )
    assert describe(s.separations[0], NAMES, "en") == "Trio A ahead of Trio C on head-to-head (24–13, 24–20)"
    two = Separation(
        "a", "b", Criterion.HEAD_TO_HEAD, 2, 1, DirectMatches((((24, 1),), ((2, 24),), ((24, 3),)))
    )
    assert describe(two, {}) == "a à frente de b por confronto direto (24–1; 2–24; 24–3)"
    empty = Separation("a", "b", Criterion.HEAD_TO_HEAD, 1, 0, DirectMatches(()))
    assert describe(empty, {}) == "a à frente de b por confronto direto"


def test_mini_league_sentence() -> None:
    sep = Separation("A", "B", Criterion.HEAD_TO_HEAD, 2, 1, MiniLeague(("A", "B", "C"), Criterion.WINS))
    assert (
        describe(sep, {"A": "Alfa"})
        == "Alfa à frente de B por confronto direto entre Alfa, B e C (2 × 1 vitórias)"
    )
    assert describe(sep, {}, "en") == "A ahead of B on head-to-head among A, B and C (2 × 1 wins)"


def test_lots_tied_pending_and_status() -> None:
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE, lots=[["B", "A", "C"]])
    assert describe(s.separations[0], {}) == "B à frente de A por sorteio"
    assert describe(s.separations[0], {}, "EN") == "B ahead of A on draw of lots"
    pending = Separation("A", "B", None, kind=SeparationKind.PENDING_LOTS)
    assert describe(pending, {}) == "A e B empatados: sorteio pendente"
    assert describe(pending, {}, "en_US") == "A and B tied: draw of lots pending"
    tied = Separation("A", "B", None, kind=SeparationKind.TIED)
    assert describe(tied, {}, "pt") == "A e B empatados"
    assert describe(tied, {}, "en") == "A and B tied"
    status = Separation("A", "B", None, kind=SeparationKind.STATUS)
    assert describe(status, {"B": "Trio B"}) == "A à frente de Trio B: Trio B desclassificado"
    assert describe(status, {}, "en") == "A ahead of B: B disqualified"


def test_averaged_values_render_per_jogo() -> None:
    sep = Separation("X2", "Y2", Criterion.WINS, Fraction(2, 3), Fraction(1, 2), averaged=True)
    assert describe(sep, {}) == "X2 à frente de Y2 por vitórias (0,667 × 0,500 vitórias por jogo)"
    assert describe(sep, {}, "en") == "X2 ahead of Y2 on wins (0.667 × 0.500 wins per jogo)"
    close = Separation(
        "a", "b", Criterion.POINTS_FOR, Fraction(6667, 10000), Fraction(6668, 10000), averaged=True
    )
    assert describe(close, {}) == "a à frente de b por tentos (0,66670 × 0,66680 tentos por jogo)"


def test_format_value() -> None:
    assert format_value(7) == "7"
    assert format_value(Fraction(188, 3)) == "62,667"
    assert format_value(Fraction(-1, 3), "en") == "-0.333"
    assert format_value(Fraction(-1, 10**6)) == "0,000"
    assert format_value(Fraction(5, 2), places=0) == "2"  # exact half rounds to even


def test_missing_values_and_unknown_language() -> None:
    sep = Separation("a", "b", Criterion.WINS)
    assert describe(sep, {}) == "a à frente de b por vitórias"
    with pytest.raises(ValueError, match="unsupported"):
        describe(sep, {}, "es")
