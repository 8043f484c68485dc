"""The words of a circuit ranking (docs/rules.md §3.16): its criteria and their default
precedence, the podium, and the rows and separations ``rules.circuit_ranking`` returns.
Pure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.circuit import CircuitSettingError, Points, Result
from rules.explain import SeparationKind


class CircuitCriterion(str, Enum):
    """What may separate two competitors, by the names used in settings and files."""

    POINTS = "points"  # the total: always first, never in a precedence
    ETAPAS_WON = "etapas_won"
    BEST_PLACINGS = "best_placings"
    HEAD_TO_HEAD = "head_to_head"
    LOTS = "lots"


PODIUM = 3
"""The places (1º–3º) where a tie of competitors who played together still asks for a sorteio."""

DEFAULT_PRECEDENCE = (
    CircuitCriterion.ETAPAS_WON,
    CircuitCriterion.BEST_PLACINGS,
    CircuitCriterion.HEAD_TO_HEAD,
    CircuitCriterion.LOTS,
)

CircuitValue = Fraction | int | tuple[int, ...]
"""A compared value: a total (``Points``), a count, or counts of 1ºs, 2ºs… (tuple)."""


def check_precedence(criteria: Iterable[CircuitCriterion | str]) -> tuple[CircuitCriterion, ...]:
    """The precedence, validated: ``circuit.tiebreaker_unknown``,
    ``circuit.tiebreaker_duplicate``, ``circuit.lots_not_last`` otherwise."""
    out: list[CircuitCriterion] = []
    for c in criteria:
        try:
            criterion = CircuitCriterion(c)
        except ValueError:
            raise CircuitSettingError("circuit.tiebreaker_unknown") from None
        if criterion is CircuitCriterion.POINTS:
            raise CircuitSettingError("circuit.tiebreaker_unknown")
        if criterion in out:
            raise CircuitSettingError("circuit.tiebreaker_duplicate")
        out.append(criterion)
    if CircuitCriterion.LOTS in out and out[-1] is not CircuitCriterion.LOTS:
        raise CircuitSettingError("circuit.lots_not_last")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CircuitRow:
    position: int
    competitor: str
    cells: tuple[Result | None, ...]  # one per etapa, in the circuit's order: None where it did not play
    total: Points
    pending_lots: bool  # tied with a neighbour until a sorteio is recorded
    # the others sharing its place because they played together (``rank_circuit``'s
    # ``together``): their tie asks for no sorteio
    companions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CircuitSeparation:
    """What separated ``upper`` from the row right below it, ``lower``: the criterion and
    each side's value (for ``BEST_PLACINGS`` the counts of 1ºs, 2ºs… up to the place that
    decided; for ``LOTS`` each one's place in the recorded order). ``criterion`` is None
    when ``kind`` says they are tied."""

    upper: str
    lower: str
    criterion: CircuitCriterion | None
    upper_value: CircuitValue | None = None
    lower_value: CircuitValue | None = None
    kind: SeparationKind = SeparationKind.CRITERION


@dataclass(frozen=True, slots=True)
class CircuitRanking:
    rows: tuple[CircuitRow, ...]
    separations: tuple[CircuitSeparation, ...]  # [k]: rows[k] over rows[k + 1]
    pending_ties: tuple[frozenset[str], ...]  # ties waiting for a sorteio, best first
