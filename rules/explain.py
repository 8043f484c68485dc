"""Why one standings row sits above the next: the record the ranking leaves behind.

The ranking (``rules.ranking``, ``rules.crossgroup``) records one ``Separation`` per
pair of adjacent rows while it ranks, so nothing downstream recomputes a decision. This
module holds data only: the sentence a person reads («Trio A à frente de Trio C por
confronto direto (24–13, 24–20)») is written by the Django layer, through gettext, in
the active language (``standings.explain_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.types import Criterion

Value = int | Fraction
"""A compared value: a total (int) or an average per jogo (exact Fraction)."""


class SeparationKind(str, Enum):
    """What lies between two adjacent rows."""

    CRITERION = "criterion"  # a tiebreak criterion put the upper row ahead
    STATUS = "status"  # the upper row is active, the lower one disqualified
    TIED = "tied"  # every criterion was exhausted; the rows share a position
    PENDING_LOTS = "pending_lots"  # tied until a sorteio is recorded


@dataclass(frozen=True, slots=True)
class DirectMatches:
    """Head-to-head between two teams: partida scores of each of their jogos.

    Oriented upper team first, in a canonical (input-order independent) order.
    """

    scores: tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True, slots=True)
class MiniLeague:
    """Head-to-head among 3+ tied teams: the mini-table of only their jogos.

    ``criterion`` is the mini-table criterion that decided (its values are the
    separation's ``upper_value`` / ``lower_value``); ``teams`` is the tied set.
    """

    teams: tuple[str, ...]
    criterion: Criterion


Detail = DirectMatches | MiniLeague


@dataclass(frozen=True, slots=True)
class Separation:
    """What separated ``upper`` from the row right below it, ``lower``.

    ``criterion`` is ``None`` unless ``kind`` is CRITERION. Values: the totals (or
    per-jogo averages when ``averaged``) of the deciding criterion; for a two-team
    head-to-head, the jogos each won against the other (the scores are in
    ``detail``); for a sorteio, each team's place in the recorded order (1 = first).
    """

    upper: str
    lower: str
    criterion: Criterion | None
    upper_value: Value | None = None
    lower_value: Value | None = None
    detail: Detail | None = None
    kind: SeparationKind = SeparationKind.CRITERION
    averaged: bool = False
