"""The circuit ranking: totals over the etapas (all, or the best N), then the circuit's
tiebreaks, down to a recorded sorteio (docs/rules.md §3.16). Pure.

``rank_circuit`` takes every competitor's results (``rules.circuit``: teams, players or
entities alike) and returns one row per competitor with its points in each etapa, which
of them counted, its total and its competition position, plus one ``CircuitSeparation``
per pair of adjacent rows saying what put the upper one ahead — data, worded at the
edge, as ``rules.explain`` is for a chave.

The precedence after the total is the circuit's setting, by default:

- **etapas won**: etapas where the competitor (one of an entity's teams) placed 1º;
- **best placings**: the most 1ºs, then the most 2ºs, and so on;
- **head-to-head**: among the tied competitors, how often each placed ahead of another
  in an etapa both played (an entity by its best team there);
- **sorteio**: the most recent recorded order of exactly the tied competitors. Nothing
  is drawn here: a tie no recorded sorteio covers is reported (``pending_ties``) and
  its rows share the position until one is recorded.

Placings count in the tiebreaks in every etapa played, counted in the total or not.
Head-to-head, once it splits a tie, is applied again inside each smaller block (among
the fewer competitors left it may now separate them), then the next criterion; the
others are each competitor's own, so a group they leave tied goes straight to the next.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from operator import neg

from rules.circuit import CircuitSettingError, Points, Result, add
from rules.explain import SeparationKind


class CircuitCriterion(str, Enum):
    """What may separate two competitors, by the names used in settings and files."""

    POINTS = "points"  # the total: always first, never in a precedence
    ETAPAS_WON = "etapas_won"
    BEST_PLACINGS = "best_placings"
    HEAD_TO_HEAD = "head_to_head"
    LOTS = "lots"


DEFAULT_PRECEDENCE = (
    CircuitCriterion.ETAPAS_WON,
    CircuitCriterion.BEST_PLACINGS,
    CircuitCriterion.HEAD_TO_HEAD,
    CircuitCriterion.LOTS,
)

CircuitValue = Fraction | int | tuple[int, ...]
"""A compared value: a total (``Points``), a count, or counts of 1ºs, 2ºs… (tuple)."""

_Key = Fraction | int | tuple[int, ...]
_END = 1 << 62  # after every real placing


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
    cells: tuple[Result, ...]  # the etapas it played, in the circuit's order; each ``counted`` or not
    total: Points
    pending_lots: bool  # tied with a neighbour until a sorteio is recorded


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


def counted(results: Sequence[Result], order: Sequence[str], best_n: int | None) -> set[str]:
    """The etapas whose points count: all, or the ``best_n`` highest (an earlier etapa
    first among equal points)."""
    if best_n is None or len(results) <= best_n:
        return {r.etapa for r in results}
    place = {key: k for k, key in enumerate(order)}
    ranked = sorted(results, key=lambda r: (-r.points, place[r.etapa]))
    return {r.etapa for r in ranked[:best_n]}


class _Ranker:
    def __init__(
        self,
        cells: dict[str, dict[str, Result]],
        totals: dict[str, Points],
        precedence: tuple[CircuitCriterion, ...],
        lots: Sequence[Sequence[str]],
    ) -> None:
        self.cells, self.totals, self.precedence, self.lots = cells, totals, precedence, lots
        self.pending: list[frozenset[str]] = []
        self._placings: dict[str, list[int]] = {}  # read only for competitors tied on points

    def placings(self, c: str) -> list[int]:
        """``c``'s placings in every etapa, sorted: once each (its key and its separations read them)."""
        found = self._placings.get(c)
        if found is None:
            found = self._placings[c] = sorted(p for cell in self.cells[c].values() for p in cell.positions)
        return found

    def keys(self, criterion: CircuitCriterion, block: Sequence[str]) -> dict[str, _Key]:
        """Each competitor's key under ``criterion``: higher is better."""
        if criterion is CircuitCriterion.POINTS:
            return {c: self.totals[c] for c in block}
        if criterion is CircuitCriterion.ETAPAS_WON:
            return {c: sum(1 for cell in self.cells[c].values() if 1 in cell.positions) for c in block}
        if criterion is CircuitCriterion.BEST_PLACINGS:
            # More 1ºs, then more 2ºs…: the same order as the placings sorted, compared
            # lower first, with an end mark after the last (one more 5º beats none).
            return {c: (*map(neg, self.placings(c)), -_END) for c in block}
        return self.head_to_head(block)

    def head_to_head(self, block: Sequence[str]) -> dict[str, _Key]:
        """How many times each placed ahead of another of ``block`` in an etapa both
        played: per etapa, the members placed strictly behind (an entity by its best)."""
        by_etapa: dict[str, list[int]] = {}  # etapa → the members' best placings there
        for c in block:
            for etapa, cell in self.cells[c].items():
                placed = by_etapa.get(etapa)
                if placed is None:
                    by_etapa[etapa] = [min(cell.positions)]
                else:
                    placed.append(min(cell.positions))
        for placed in by_etapa.values():
            placed.sort()
        ahead: dict[str, _Key] = {}
        for c in block:
            behind = 0  # the members placed after c, etapa by etapa
            for etapa, cell in self.cells[c].items():
                placed = by_etapa[etapa]
                behind += len(placed) - bisect_right(placed, min(cell.positions))
            ahead[c] = behind
        return ahead

    def shown(
        self, criterion: CircuitCriterion, upper: str, lower: str, keys: dict[str, _Key]
    ) -> tuple[CircuitValue, CircuitValue]:
        """The values a separation reports; for best placings, the counts of 1ºs, 2ºs…
        of each, up to the place where they first differ."""
        if criterion is not CircuitCriterion.BEST_PLACINGS:
            return keys[upper], keys[lower]
        a, b = [*self.placings(upper), _END], [*self.placings(lower), _END]
        place = next(min(x, y) for x, y in zip(a, b, strict=False) if x != y)
        return _counts(a, place), _counts(b, place)

    def resolve(self, block: list[str], index: int) -> tuple[list[str], list[CircuitSeparation]]:
        if len(block) == 1:
            return block, []
        if index == len(self.precedence):
            return self.tie(block, SeparationKind.TIED)
        criterion = self.precedence[index]
        if criterion is CircuitCriterion.LOTS:
            return self.by_lots(block)
        keys = self.keys(criterion, block)
        groups: dict[_Key, list[str]] = {}
        for c in block:
            groups.setdefault(keys[c], []).append(c)
        if len(groups) == 1:
            return self.resolve(block, index + 1)
        # A smaller block is ranked by head-to-head again (among fewer competitors it may
        # separate them), so ``index`` stays; every other key is the competitor's own, the
        # same in any block, so a group of equal keys moves on to the next criterion.
        again = index if criterion is CircuitCriterion.HEAD_TO_HEAD else index + 1
        order: list[str] = []
        seps: list[CircuitSeparation] = []
        for level in sorted(groups, reverse=True):
            sub, sub_seps = self.resolve(groups[level], again)
            if order:
                seps.append(
                    CircuitSeparation(
                        order[-1], sub[0], criterion, *self.shown(criterion, order[-1], sub[0], keys)
                    )
                )
            order += sub
            seps += sub_seps
        return order, seps

    def by_lots(self, block: list[str]) -> tuple[list[str], list[CircuitSeparation]]:
        for recorded in reversed(self.lots):
            places: dict[str, int] = {}
            for place, c in enumerate(recorded, start=1):
                places.setdefault(c, place)
            if places.keys() == set(block):
                order = sorted(block, key=places.__getitem__)
                seps = [
                    CircuitSeparation(u, lo, CircuitCriterion.LOTS, places[u], places[lo])
                    for u, lo in zip(order, order[1:], strict=False)
                ]
                return order, seps
        self.pending.append(frozenset(block))
        return self.tie(block, SeparationKind.PENDING_LOTS)

    @staticmethod
    def tie(block: list[str], kind: SeparationKind) -> tuple[list[str], list[CircuitSeparation]]:
        return block, [
            CircuitSeparation(u, lo, None, kind=kind) for u, lo in zip(block, block[1:], strict=False)
        ]


def _counts(placings: Sequence[int], place: int) -> tuple[int, ...]:
    """How many 1ºs, 2ºs… up to ``place`` are among ``placings``."""
    counts = [0] * place
    for p in placings:
        if p <= place:
            counts[p - 1] += 1
    return tuple(counts)


def rank_circuit(
    etapas: Sequence[str],
    results: Iterable[Result],
    *,
    best_n: int | None = None,
    tiebreakers: Sequence[CircuitCriterion | str] = DEFAULT_PRECEDENCE,
    lots: Sequence[Sequence[str]] = (),
) -> CircuitRanking:
    """Rank every competitor with a result. ``etapas`` are the circuit's etapa keys in
    order; ``lots`` the recorded sorteios, each an order best first, oldest first."""
    precedence = check_precedence(tiebreakers)
    if best_n is not None and best_n < 1:
        raise CircuitSettingError("circuit.best_n_invalid")
    # Each result into its etapa's bucket, then the buckets in the circuit's order: every
    # competitor's results arrive in that order, so its cells need no sorting.
    by_etapa: dict[str, list[Result]] = {key: [] for key in etapas}
    for r in results:
        bucket = by_etapa.get(r.etapa)
        if bucket is None:
            raise ValueError(f"result of {r.competitor!r} in an unknown etapa {r.etapa!r}")
        if not r.positions or min(r.positions) < 1 or r.points < 0:
            raise ValueError(f"result of {r.competitor!r} in {r.etapa!r} has no valid placing or points")
        bucket.append(r)
    by_competitor: dict[str, dict[str, Result]] = {}
    for bucket in by_etapa.values():
        for r in bucket:
            played = by_competitor.get(r.competitor)
            if played is None:
                by_competitor[r.competitor] = {r.etapa: r}
            elif r.etapa in played:
                raise ValueError(f"{r.competitor!r} has two results in etapa {r.etapa!r}")
            else:
                played[r.etapa] = r
    cells: dict[str, dict[str, Result]] = {}
    totals: dict[str, Points] = {}
    for c, played in by_competitor.items():
        # Each result is its own cell, copied only where ``counted`` must change.
        if best_n is None or len(played) <= best_n:  # all count: no set to look up
            if not all(r.counted for r in played.values()):
                played = {e: r if r.counted else r._replace(counted=True) for e, r in played.items()}
            totals[c] = add(r.points for r in played.values())
        else:
            mine = list(played.values())
            counts = counted(mine, etapas, best_n)
            played = {
                r.etapa: r if r.counted is (r.etapa in counts) else r._replace(counted=r.etapa in counts)
                for r in mine
            }
            totals[c] = add(r.points for r in mine if r.etapa in counts)
        cells[c] = played
    ranker = _Ranker(cells, totals, (CircuitCriterion.POINTS, *precedence), lots)
    order, seps = ranker.resolve(sorted(cells), 0) if cells else ([], [])
    positions = [1]
    for k, sep in enumerate(seps, start=2):
        positions.append(k if sep.kind is SeparationKind.CRITERION else positions[-1])
    pending = [s.kind is SeparationKind.PENDING_LOTS for s in seps]
    last = len(order) - 1
    rows = tuple(
        CircuitRow(
            positions[k],
            c,
            tuple(cells[c].values()),
            totals[c],
            (k > 0 and pending[k - 1]) or (k < last and pending[k]),
        )
        for k, c in enumerate(order)
    )
    return CircuitRanking(rows, tuple(seps), tuple(ranker.pending))
