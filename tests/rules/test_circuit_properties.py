"""Hypothesis properties of circuit points and the circuit ranking on generated etapas."""

from __future__ import annotations

from fractions import Fraction
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.circuit import (
    PRESETS,
    EntityMode,
    EtapaPlacings,
    PointsTable,
    Result,
    SharedPoints,
    entity_results,
    player_results,
    scored,
    team_results,
)
from rules.circuit_ranking import _Ranker, rank_circuit
from rules.circuit_terms import CircuitCriterion
from rules.explain import SeparationKind
from tests.rules.circuit_helpers import etapa_points

FAST = settings(max_examples=200, deadline=None)
TEAMS = [f"t{k}" for k in range(8)]


@st.composite
def tables(draw: st.DrawFn) -> PointsTable:
    """Any valid table: non-increasing places, participation at most the last."""
    steps = draw(st.lists(st.integers(0, 6), min_size=1, max_size=10))
    top = sum(steps) + draw(st.integers(0, 5))
    places, value = [], top
    for step in steps:
        places.append(value)
        value -= step
    return PointsTable(tuple(places), draw(st.integers(0, places[-1])))


@st.composite
def placings(draw: st.DrawFn, teams: list[str] | None = None) -> tuple[tuple[str, int], ...]:
    """A competition ranking (1, 2, 2, 4…) of some teams, as final placings give."""
    pool = teams or TEAMS
    chosen = draw(st.lists(st.sampled_from(pool), unique=True, min_size=1, max_size=len(pool)))
    sizes: list[int] = []
    while sum(sizes) < len(chosen):
        sizes.append(draw(st.integers(1, len(chosen) - sum(sizes))))
    out, position, k = [], 1, 0
    for size in sizes:
        out += [(team, position) for team in chosen[k : k + size]]
        position, k = position + size, k + size
    return tuple(out)


@st.composite
def circuits(draw: st.DrawFn) -> list[EtapaPlacings]:
    n = draw(st.integers(1, 5))
    return [EtapaPlacings(f"e{k}", draw(placings())) for k in range(n)]


@FAST
@given(tables(), placings(), st.sampled_from(SharedPoints))
def test_points_are_monotone_in_placing(
    table: PointsTable, placed: tuple[tuple[str, int], ...], shared: SharedPoints
) -> None:
    points = etapa_points(placed, table, shared)
    for team, position in placed:
        for other, worse in placed:
            if worse > position:
                assert points[team] >= points[other]
    assert all(table.points(p) >= table.points(p + 1) for p in range(1, 20))


@FAST
@given(tables(), placings())
def test_shared_placings_split_exactly(table: PointsTable, placed: tuple[tuple[str, int], ...]) -> None:
    points = etapa_points(placed, table, SharedPoints.AVERAGE)
    assert sum(points.values()) == sum(table.points(p) for p in range(1, len(placed) + 1))
    for team, position in placed:
        level = [o for o, p in placed if p == position]
        assert points[team] == Fraction(
            sum(table.points(p) for p in range(position, position + len(level))), len(level)
        )


@FAST
@given(circuits(), st.integers(1, 5))
def test_best_n_picks_the_n_highest(etapas: list[EtapaPlacings], best_n: int) -> None:
    results = team_results(scored(etapas, PRESETS["circuit"], SharedPoints.AVERAGE))
    ranking = rank_circuit([e.key for e in etapas], results, best_n=best_n)
    for row in ranking.rows:
        all_points = sorted((c.points for c in row.cells if c), reverse=True)
        kept = [c.points for c in row.cells if c and c.counted]
        assert len(kept) == min(best_n, len(all_points))
        assert sorted(kept, reverse=True) == all_points[:best_n]
        assert row.total == sum(kept, Fraction(0))


@FAST
@given(circuits(), placings(), st.one_of(st.none(), st.integers(1, 4)), tables())
def test_adding_an_etapa_never_lowers_a_total(
    etapas: list[EtapaPlacings], extra: tuple[tuple[str, int], ...], best_n: int | None, table: PointsTable
) -> None:
    keys = [e.key for e in etapas]
    before = rank_circuit(keys, team_results(scored(etapas, table, SharedPoints.AVERAGE)), best_n=best_n)
    more = [*etapas, EtapaPlacings("new", extra)]
    after = rank_circuit(
        [*keys, "new"], team_results(scored(more, table, SharedPoints.AVERAGE)), best_n=best_n
    )
    totals = {r.competitor: r.total for r in after.rows}
    for row in before.rows:
        assert totals[row.competitor] >= row.total


@FAST
@given(
    circuits(),
    st.one_of(st.none(), st.integers(1, 3)),
    st.permutations(list(CircuitCriterion)[1:]),
    st.lists(st.permutations(TEAMS[:3]), max_size=2),
)
def test_ranking_is_a_permutation_in_order(
    etapas: list[EtapaPlacings],
    best_n: int | None,
    criteria: list[CircuitCriterion],
    lots: list[list[str]],
) -> None:
    precedence = [c for c in criteria if c is not CircuitCriterion.LOTS] + [CircuitCriterion.LOTS]
    results = team_results(scored(etapas, PRESETS["rodeio"], SharedPoints.SAME))
    ranking = rank_circuit([e.key for e in etapas], results, best_n=best_n, tiebreakers=precedence, lots=lots)
    competitors = [r.competitor for r in ranking.rows]
    assert sorted(competitors) == sorted(results)
    assert len(ranking.separations) == max(0, len(competitors) - 1)
    for k, (upper, lower) in enumerate(zip(ranking.rows, ranking.rows[1:], strict=False)):
        sep = ranking.separations[k]
        assert (sep.upper, sep.lower) == (upper.competitor, lower.competitor)
        assert upper.total >= lower.total
        if sep.kind is SeparationKind.CRITERION:
            assert lower.position == k + 2
        else:
            assert lower.position == upper.position and upper.total == lower.total
    pending = {c for tie in ranking.pending_ties for c in tie}
    assert pending == {r.competitor for r in ranking.rows if r.pending_lots}


@FAST
@given(circuits(), st.integers(1, 3))
def test_an_entitys_points_are_its_teams_points(etapas: list[EtapaPlacings], best_k: int) -> None:
    entity_of = {team: f"ctg{int(team[1:]) % 3}" for team in TEAMS}
    etapas_scored = scored(etapas, PRESETS["circuit"], SharedPoints.AVERAGE)
    teams = team_results(etapas_scored)
    every = entity_results(etapas_scored, entity_of)
    best = entity_results(etapas_scored, entity_of, mode=EntityMode.BEST_K, best_k=best_k)
    assert sum(r.points for mine in every.values() for r in mine) == sum(
        r.points for mine in teams.values() for r in mine
    )
    picked = {(entity, r.etapa): r.points for entity, mine in best.items() for r in mine}
    for entity, mine in every.items():
        for r in mine:
            points = sorted(
                (
                    t.points
                    for team, ts in teams.items()
                    if entity_of[team] == entity
                    for t in ts
                    if t.etapa == r.etapa
                ),
                reverse=True,
            )
            assert r.points == sum(points, Fraction(0))
            assert picked[(entity, r.etapa)] == sum(points[:best_k], Fraction(0))


@FAST
@given(circuits(), st.data())
def test_head_to_head_counts_every_pair(etapas: list[EtapaPlacings], data: st.DataObject) -> None:
    """The per-etapa count equals the plain count over every pair of the block."""
    etapas_scored = scored(etapas, PRESETS["circuit"], SharedPoints.AVERAGE)
    results = entity_results(etapas_scored, {t: f"x{int(t[1:]) % 5}" for t in TEAMS})
    keys = [e.key for e in etapas]
    cells = {c: aligned(keys, mine) for c, mine in results.items()}
    block = data.draw(st.lists(st.sampled_from(sorted(cells)), unique=True, min_size=1))
    ranker = _Ranker(cells, {}, (), (), {c: [c] for c in cells})
    plain = {
        c: sum(
            1
            for rival in block
            if rival != c
            for cell, other in zip(cells[c], cells[rival], strict=True)
            if cell and other and min(cell.positions) < min(other.positions)
        )
        for c in block
    }
    assert ranker.head_to_head(block) == plain


def aligned(keys: list[str], results: list[Result]) -> tuple[Result | None, ...]:
    """``results`` one per etapa of ``keys``, None where there is none: a ranking's row."""
    at = {r.etapa: r for r in results}
    return tuple(at.get(key) for key in keys)


@FAST
@given(st.lists(st.integers(1, 6), max_size=5), st.lists(st.integers(1, 6), max_size=5))
def test_best_placings_order_is_the_counts_order(a: list[int], b: list[int]) -> None:
    """Sorted placings compared with an end mark order as the counts of 1ºs, 2ºs… do."""
    cells = {
        c: tuple(Result(f"e{k}", Fraction(0), (p,)) for k, p in enumerate(ps))
        for c, ps in (("a", a), ("b", b))
    }
    keys = _Ranker(cells, {}, (), (), {c: [c] for c in cells}).keys(
        CircuitCriterion.BEST_PLACINGS, ["a", "b"]
    )
    counts = {c: tuple(ps.count(p) for p in range(1, 7)) for c, ps in (("a", a), ("b", b))}
    assert (keys["a"] > keys["b"]) == (counts["a"] > counts["b"])
    assert (keys["a"] == keys["b"]) == (counts["a"] == counts["b"])


@FAST
@given(
    circuits(),
    st.one_of(st.none(), st.integers(1, 3)),
    st.permutations(list(CircuitCriterion)[1:]),
    st.data(),
)
def test_the_order_of_the_etapas_decides_no_position(
    etapas: list[EtapaPlacings], best_n: int | None, criteria: list[CircuitCriterion], data: st.DataObject
) -> None:
    """Reordering the etapas (the organizer's «Subir»/«Descer») moves the columns and,
    among equal points outside the best N, which one is counted: never a total, a
    position, the order of the lines or what separates them (docs/rules.md §3.16)."""
    precedence = [c for c in criteria if c is not CircuitCriterion.LOTS]
    keys = [e.key for e in etapas]
    moved = data.draw(st.permutations(keys))
    results = team_results(scored(etapas, PRESETS["circuit"], SharedPoints.AVERAGE))
    one = rank_circuit(keys, results, best_n=best_n, tiebreakers=precedence)
    other = rank_circuit(moved, results, best_n=best_n, tiebreakers=precedence)

    def lines(ranking: object) -> list[object]:
        return [
            (
                r.competitor,
                r.position,
                r.total,
                r.pending_lots,
                sorted((c.points, c.counted) for c in r.cells if c),
            )
            for r in ranking.rows  # type: ignore[attr-defined]
        ]

    assert lines(one) == lines(other)
    assert one.separations == other.separations and one.pending_ties == other.pending_ties
    for row in other.rows:
        assert [c.etapa if c else k for c, k in zip(row.cells, moved, strict=True)] == moved


@FAST
@given(
    circuits(),
    st.dictionaries(st.sampled_from(TEAMS), st.lists(st.sampled_from("pqrs"), max_size=3, unique=True)),
    st.permutations(list(CircuitCriterion)[1:]),
    st.lists(st.permutations("pqrs"), max_size=2),
)
def test_competitors_with_the_same_results_ranked_as_one_rank_as_one_by_one(
    etapas: list[EtapaPlacings],
    players: dict[str, list[str]],
    criteria: list[CircuitCriterion],
    lots: list[list[str]],
) -> None:
    """Players who played every etapa together, ranked as one class, come out as they do
    ranked one by one: the same lines, separations and pending ties."""
    precedence = [c for c in criteria if c is not CircuitCriterion.LOTS]
    if CircuitCriterion.LOTS in criteria and len(lots) % 2:  # with and without the sorteio
        precedence.append(CircuitCriterion.LOTS)
    flat = PointsTable((1,), participation=1)  # every placing 1 point: ties on points are common
    results = player_results(scored(etapas, flat, SharedPoints.SAME), players)
    keys = [e.key for e in etapas]
    together = rank_circuit(keys, results, tiebreakers=precedence, lots=lots)
    with patch(
        "rules.circuit_ranking._classes", lambda results: {c: [c] for c in sorted(results) if results[c]}
    ):
        one_by_one = rank_circuit(keys, results, tiebreakers=precedence, lots=lots)
    assert together == one_by_one
