"""The circuit ranking: totals over the etapas (all, or the best N), then the circuit's
tiebreaks, down to a recorded sorteio (docs/rules.md §3.16). Pure.

``rank_circuit`` takes every competitor's results (``rules.circuit``: teams, players or
entities alike) and returns one row per competitor with its result in each etapa (one
cell per etapa, empty where it did not play), which of them counted, its total and its
competition position, plus one ``CircuitSeparation`` per pair of adjacent rows saying
what put the upper one ahead — data, worded at the edge, as ``rules.explain`` is for a
chave.

The precedence after the total is the circuit's setting, by default:

- **etapas won**: etapas where the competitor (one of an entity's teams) placed 1º;
- **best placings**: the most 1ºs, then the most 2ºs, and so on;
- **head-to-head**: among the tied competitors, how often each placed ahead of another
  in an etapa both played (an entity by its best team there);
- **sorteio**: the most recent recorded order of exactly the tied competitors. Nothing
  is drawn here: a tie no recorded sorteio covers is reported (``pending_ties``) and
  its rows share the position until one is recorded — but for competitors who played
  together below the podium (below).

Placings count in the tiebreaks in every etapa played, counted in the total or not.
Head-to-head, once it splits a tie, is applied again inside each smaller block (among
the fewer competitors left it may now separate them), then the next criterion; the
others are each competitor's own, so a group they leave tied goes straight to the next.
Competitors with the same result in every etapa (the players of a trio that stayed
together all season) are equal under every criterion: they are ranked once, as one
class, and part only at the sorteio (or share the place), where the criteria would
have sent them one by one. A tie of only competitors who played together (the same
``together`` key, the caller's word, and the same results: ``rules.circuit_together``)
that no recorded sorteio orders is shared for good, no sorteio asked, when it starts
below the podium (``PODIUM``: at the 4º or lower); one starting within it waits for a
sorteio like any other. Each row names who shares its place so (``companions``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import chain
from operator import attrgetter, neg

from rules.circuit import CircuitSettingError, Points, Result, add
from rules.circuit_terms import (
    DEFAULT_PRECEDENCE,
    PODIUM,
    CircuitCriterion,
    CircuitRanking,
    CircuitRow,
    CircuitSeparation,
    CircuitValue,
    check_precedence,
)
from rules.circuit_together import Cells, Together, companions, played_together
from rules.explain import SeparationKind

_Key = Fraction | int | tuple[int, ...]
_END = 1 << 62  # after every real placing


_POINTS, _POSITIONS, _COUNTED = attrgetter("points"), attrgetter("positions"), attrgetter("counted")


def _refuse(competitor: str, results: Sequence[Result], place: Mapping[str, int]) -> None:
    """Raise ``ValueError`` naming what is wrong with ``competitor``'s ``results``."""
    seen: set[str] = set()
    for r in results:
        if r.etapa not in place:
            raise ValueError(f"result of {competitor!r} in an unknown etapa {r.etapa!r}")
        if r.etapa in seen:
            raise ValueError(f"{competitor!r} has two results in etapa {r.etapa!r}")
        if not r.positions or min(r.positions) < 1 or r.points < 0:
            raise ValueError(f"result of {competitor!r} in {r.etapa!r} has no valid placing or points")
        seen.add(r.etapa)
    raise AssertionError("results refused with nothing wrong")  # pragma: no cover


def _best(row: Sequence[Result | None], best_n: int) -> list[int]:
    """The etapas (by index) of ``row`` that count: its ``best_n`` highest, an earlier
    etapa first among equal points."""
    played = [k for k, cell in enumerate(row) if cell]
    return sorted(played, key=lambda k: (-row[k].points, k))[:best_n]  # type: ignore[union-attr]


def _classes(results: Mapping[str, Sequence[Result]]) -> dict[str, list[str]]:
    """The competitors with the same results (the players of a trio that stayed together
    all season), under the first of them, in key order: equal under every criterion, a
    class is checked and ranked once. A competitor with no result is in none."""
    by_results: dict[tuple[Result, ...], list[str]] = {}
    for c in sorted(results):
        mine = results[c]
        if mine:
            by_results.setdefault(tuple(mine), []).append(c)
    return {members[0]: members for members in by_results.values()}


class _Ranker:
    """Ranks classes of competitors (``_classes``), each under its first member: ``cells``
    and ``totals`` are read by that one; a class's members part only where nothing
    separates them, at the sorteio or a shared place."""

    def __init__(
        self,
        cells: Mapping[str, Cells],
        totals: Mapping[str, Points],
        precedence: tuple[CircuitCriterion, ...],
        lots: Sequence[Sequence[str]],
        members: Mapping[str, list[str]],
        *,
        together: Together | None = None,
        podium: int = PODIUM,
    ) -> None:
        self.cells, self.totals, self.precedence, self.lots = cells, totals, precedence, lots
        self.members, self.together, self.podium = members, together, podium
        self.first = {m: c for c, ms in self.members.items() for m in ms}  # member → its class
        self.pending: list[frozenset[str]] = []
        self._placings: dict[str, list[int]] = {}  # read only for competitors tied on points
        self._best: dict[str, list[int]] = {}  # read only for head-to-head

    def placings(self, c: str) -> list[int]:
        """``c``'s placings in every etapa, sorted: once each (its key and its separations read them)."""
        found = self._placings.get(c)
        if found is None:
            found = self._placings[c] = sorted(
                chain.from_iterable(map(_POSITIONS, filter(None, self.cells[c])))
            )
        return found

    def best(self, c: str) -> list[int]:
        """``c``'s best placing in each etapa (an entity's best team), 0 where it did not play."""
        found = self._best.get(c)
        if found is None:
            found = self._best[c] = [cell.positions[0] if cell else 0 for cell in self.cells[c]]
        return found

    def keys(self, criterion: CircuitCriterion, block: Sequence[str]) -> dict[str, _Key]:
        """Each competitor's key under ``criterion``: higher is better."""
        if criterion is CircuitCriterion.POINTS:
            return {c: self.totals[c] for c in block}
        if criterion is CircuitCriterion.ETAPAS_WON:
            return {c: sum(1 for cell in self.cells[c] if cell and 1 in cell.positions) for c in block}
        if criterion is CircuitCriterion.BEST_PLACINGS:
            # More 1ºs, then more 2ºs…: the same order as the placings sorted, compared
            # lower first, with an end mark after the last (one more 5º beats none).
            return {c: (*map(neg, self.placings(c)), -_END) for c in block}
        return self.head_to_head(block)

    def head_to_head(self, block: Sequence[str]) -> dict[str, _Key]:
        """How many times each placed ahead of another of ``block`` in an etapa both
        played: per etapa, the members placed strictly behind (an entity by its best)."""
        best = [self.best(c) for c in block]
        # etapa by etapa, the members' best placings there, sorted (0: did not play); a
        # class's once for each of its competitors
        by_etapa: list[list[int]] = [[] for _ in best[0]]
        for c, mine in zip(block, best, strict=True):
            n = len(self.members[c])
            for placed, p in zip(by_etapa, mine, strict=True):
                if p:
                    placed += [p] * n
        for placed in by_etapa:
            placed.sort()
        return {
            c: sum(len(by_etapa[k]) - bisect_right(by_etapa[k], p) for k, p in enumerate(mine) if p)
            for c, mine in zip(block, best, strict=True)
        }

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

    def resolve(
        self, block: list[str], index: int, start: int = 1
    ) -> tuple[list[str], list[CircuitSeparation]]:
        """``block``'s classes in order, as their competitors, and what separates them;
        ``start`` is the block's position (whatever is above it is separated from it)."""
        if len(block) == 1 and len(self.members[block[0]]) == 1:
            return block, []
        if index == len(self.precedence):
            return self.tie(self.everyone(block), SeparationKind.TIED)
        criterion = self.precedence[index]
        if criterion is CircuitCriterion.LOTS:
            return self.by_lots(self.everyone(block), start)
        if len(block) == 1:  # one class: nothing but the sorteio separates its competitors
            last = len(self.precedence) - 1
            lots = last if self.precedence[last] is CircuitCriterion.LOTS else last + 1
            return self.resolve(block, lots, start)
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
            sub, sub_seps = self.resolve(groups[level], again, start + len(order))
            if order:
                upper, lower = self.first[order[-1]], self.first[sub[0]]
                seps.append(
                    CircuitSeparation(
                        order[-1], sub[0], criterion, *self.shown(criterion, upper, lower, keys)
                    )
                )
            order += sub
            seps += sub_seps
        return order, seps

    def everyone(self, block: list[str]) -> list[str]:
        """The competitors of ``block``'s classes, in key order."""
        return sorted(chain.from_iterable(self.members[c] for c in block))

    def by_lots(self, block: list[str], start: int = 1) -> tuple[list[str], list[CircuitSeparation]]:
        """The most recent recorded sorteio of exactly ``block``; without one, a tie: shared
        for good by competitors who played together below the podium, else pending."""
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
        if start > self.podium and played_together(self.together, self.cells, block):
            return self.tie(block, SeparationKind.TIED)
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
    results: Mapping[str, Sequence[Result]],
    *,
    best_n: int | None = None,
    tiebreakers: Sequence[CircuitCriterion | str] = DEFAULT_PRECEDENCE,
    lots: Sequence[Sequence[str]] = (),
    together: Together | None = None,
    podium: int = PODIUM,
) -> CircuitRanking:
    """Rank every competitor with a result. ``etapas`` are the circuit's etapa keys in
    order; ``results`` each competitor's, in any order; ``lots`` the recorded sorteios,
    each an order best first, oldest first. ``together`` gives a key to competitors who
    may have played together (a player: the team they were listed in, etapa by etapa);
    those with equal keys and the same result in every etapa, level on everything, share
    their place without a sorteio unless it is within the first ``podium`` places."""
    precedence = check_precedence(tiebreakers)
    if best_n is not None and best_n < 1:
        raise CircuitSettingError("circuit.best_n_invalid")
    place = {key: k for k, key in enumerate(etapas)}
    cells: dict[str, Cells] = {}
    totals: dict[str, Points] = {}
    classes = _classes(results)
    for members in classes.values():
        mine = results[members[0]]
        # Each result into its etapa's cell: the cells come out in the circuit's order
        # with no sorting. Checked as a whole (``_refuse`` says what is wrong): a player
        # ranking holds tens of thousands of results.
        row: list[Result | None] = [None] * len(place)
        try:
            for r in mine:
                row[place[r.etapa]] = r
        except KeyError:  # an unknown etapa
            valid = False
        else:  # no points below 0; placings (best first) from the 1º on
            lowest = min(map(_POSITIONS, mine))
            valid = min(map(_POINTS, mine)) >= 0 and bool(lowest) and lowest[0] >= 1
        if not valid or row.count(None) != len(place) - len(mine):
            _refuse(members[0], mine, place)
        if best_n is not None and len(mine) > best_n:
            kept = set(_best(row, best_n))
            row = [
                cell if cell is None or (k in kept) is cell.counted else cell._replace(counted=k in kept)
                for k, cell in enumerate(row)
            ]
            total = add(cell.points for cell in row if cell and cell.counted)
        else:
            if not all(map(_COUNTED, mine)):  # a result is its own cell, copied only to count
                row = [cell if cell is None or cell.counted else cell._replace(counted=True) for cell in row]
            total = add(map(_POINTS, mine))
        shared = tuple(row)
        for c in members:
            cells[c], totals[c] = shared, total
    ranker = _Ranker(
        cells,
        totals,
        (CircuitCriterion.POINTS, *precedence),
        lots,
        classes,
        together=together,
        podium=podium,
    )
    order, seps = ranker.resolve(list(classes), 0) if cells else ([], [])
    positions = [1]
    for k, sep in enumerate(seps, start=2):
        positions.append(k if sep.kind is SeparationKind.CRITERION else positions[-1])
    pending = [s.kind is SeparationKind.PENDING_LOTS for s in seps]
    last = len(order) - 1
    pending_row = [(k > 0 and pending[k - 1]) or (k < last and pending[k]) for k in range(len(order))]
    mates = companions(order, positions, pending_row, together, cells)
    rows = tuple(
        CircuitRow(positions[k], c, cells[c], totals[c], pending_row[k], mates.get(c, ()))
        for k, c in enumerate(order)
    )
    return CircuitRanking(rows, tuple(seps), tuple(ranker.pending))
