"""The words of a circuit ranking: points as people read them, and why one line is above
the next («Os Taura à frente de Pealo por etapas vencidas (2 × 1)»), in the active
language. The decisions themselves are data (``rules.circuit_terms.CircuitSeparation``).
:func:`ranking_section` gives a whole ranking so, for the public page and the PDF.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from circuits.models import CircuitLots
from circuits.selectors import Line, RankingTable
from rules.circuit import Points
from rules.circuit_terms import CircuitCriterion, CircuitSeparation, CircuitValue
from rules.explain import SeparationKind


def points_text(value: Points) -> str:
    """25, or 13,33 (two decimals) for an average that is not whole."""
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return number_format(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), decimal_pos=2)


def _value(value: CircuitValue | None) -> str:
    if isinstance(value, Fraction | int):
        return points_text(value)
    if isinstance(value, tuple):
        return str(value[-1]) if value else ""
    return "" if value is None else str(value)


def is_provisional(table: RankingTable) -> bool:
    """Whether an etapa in play counts in ``table`` (the provisional reading)."""
    return any(c.counted and not c.complete for c in table.columns)


def separation_text(
    sep: CircuitSeparation, names: dict[str, str], *, provisional: bool = False, together: bool = False
) -> str:
    """Why ``sep.upper`` is above ``sep.lower`` (or that they are level). In a
    provisional reading no tie waits for a sorteio: they are tied for now (sorteios are
    recorded on the final reading). ``together``: they share the place because they
    played together (``Line.companions``), with no sorteio asked."""
    upper, lower = names.get(sep.upper, sep.upper), names.get(sep.lower, sep.lower)
    if sep.kind is SeparationKind.PENDING_LOTS and provisional:
        return _("%(upper)s e %(lower)s empatados por enquanto") % {"upper": upper, "lower": lower}
    if sep.kind is SeparationKind.PENDING_LOTS:
        return _("%(upper)s e %(lower)s empatados: aguardando sorteio") % {"upper": upper, "lower": lower}
    if sep.kind is SeparationKind.TIED and together:
        return _("%(upper)s e %(lower)s empatados: jogaram juntos (mesma equipe em todas as etapas)") % {
            "upper": upper,
            "lower": lower,
        }
    if sep.kind is not SeparationKind.CRITERION or sep.criterion is None:
        return _("%(upper)s e %(lower)s empatados em todos os critérios") % {"upper": upper, "lower": lower}
    a, b = _value(sep.upper_value), _value(sep.lower_value)
    params = {"upper": upper, "lower": lower, "a": a, "b": b}
    if sep.criterion is CircuitCriterion.POINTS:
        return _("%(upper)s à frente de %(lower)s por pontos (%(a)s × %(b)s)") % params
    if sep.criterion is CircuitCriterion.ETAPAS_WON:
        return _("%(upper)s à frente de %(lower)s por etapas vencidas (%(a)s × %(b)s)") % params
    if sep.criterion is CircuitCriterion.BEST_PLACINGS:
        place = len(sep.upper_value) if isinstance(sep.upper_value, tuple) else 0
        return _(
            "%(upper)s à frente de %(lower)s por melhores colocações (%(place)dº lugar: %(a)s × %(b)s)"
        ) % {
            **params,
            "place": place,
        }
    if sep.criterion is CircuitCriterion.HEAD_TO_HEAD:
        # The values: how many times each placed ahead of the others in an etapa both played.
        return _("%(upper)s à frente de %(lower)s no confronto direto nas etapas (%(a)s × %(b)s)") % params
    return _("%(upper)s à frente de %(lower)s por sorteio") % params


def line_why(line: Line, names: dict[str, str], *, provisional: bool = False) -> str:
    """Why ``line`` is above the next one (its separation's words), "" for the last."""
    sep = line.separation
    if sep is None:
        return ""
    return separation_text(sep, names, provisional=provisional, together=sep.lower in line.companions)


def ranking_section(ranking: str, table: RankingTable) -> dict[str, Any]:
    """One ranking as a page or a PDF shows it: plain rows with their words made (points,
    whether each etapa's counts, why a line is above the next)."""
    rows = []
    provisional = is_provisional(table)
    for line in table.lines:
        cells = [
            None if cell is None else {"points": points_text(cell.points), "counted": cell.counted}
            for cell in line.cells
        ]
        rows.append(
            {
                "position": line.position,
                "shared": line.shared,
                "name": line.name,
                "entity": line.entity,
                "cells": cells,
                "total": points_text(line.total),
                "pending_lots": line.pending_lots and not provisional,
                "why": line_why(line, table.names, provisional=provisional),
            }
        )
    return {"key": ranking, "title": str(dict(CircuitLots.Ranking.choices)[ranking]), "rows": rows}
