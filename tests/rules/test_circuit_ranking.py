"""rules.circuit_ranking: totals and best N, the circuit's tiebreaks down to a recorded
sorteio, and what is refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.circuit import CircuitSettingError, Result, SharedPoints
from rules.circuit_ranking import rank_circuit
from rules.circuit_terms import CircuitRanking, check_precedence
from rules.explain import SeparationKind
from tests.rules.circuit_helpers import RODEIO, C, Entry, F, R, etapa_points, rank, table

ETAPAS = ["e1", "e2", "e3"]


def test_totals_rank_first_and_best_n_counts_the_highest() -> None:
    results = [
        R("a", "e1", 25, 1),
        R("a", "e2", 1, 12),
        R("a", "e3", 13, 5),
        R("b", "e1", 21, 2),
        R("b", "e2", 21, 2),
    ]
    ranking = rank(ETAPAS, results, best_n=2)
    assert table(ranking) == [(1, "b", F(42), False), (2, "a", F(38), False)]
    a = ranking.rows[1]
    assert [(c.etapa, c.counted) for c in a.cells if c] == [("e1", True), ("e2", False), ("e3", True)]
    assert [c.counted if c else None for c in ranking.rows[0].cells] == [True, True, None]
    assert ranking.separations[0].criterion is C.POINTS
    assert (ranking.separations[0].upper_value, ranking.separations[0].lower_value) == (F(42), F(38))
    assert table(rank(ETAPAS, results)) == [(1, "b", F(42), False), (2, "a", F(39), False)]


def test_best_n_prefers_the_earlier_etapa_among_equal_points() -> None:
    results = [R("a", "e3", 13, 6), R("a", "e2", 25, 1), R("a", "e1", 13, 5)]
    cells = rank(ETAPAS, results, best_n=2).rows[0].cells
    assert [c.counted for c in cells if c] == [True, True, False]
    assert [c.counted for c in rank(ETAPAS, results).rows[0].cells if c] == [True, True, True]


TIE_CASES = {
    "most etapas won": (
        [R("a", "e1", 25, 1), R("a", "e2", 1, 9), R("b", "e1", 13, 5), R("b", "e2", 13, 5)],
        [("b", "a")],
        ["a", "b"],
        C.ETAPAS_WON,
        (1, 0),
    ),
    "then the best placings: more 2ºs": (
        [R("a", "e1", 21, 2), R("a", "e2", 13, 6), R("b", "e1", 17, 3), R("b", "e2", 17, 3)],
        [],
        ["a", "b"],
        C.BEST_PLACINGS,
        ((0, 1), (0, 0)),
    ),
    "then head-to-head across etapas both played": (
        [
            R("a", "e1", 13, 5),
            R("a", "e2", 13, 6),
            R("a", "e3", 13, 7),
            R("b", "e1", 13, 6),
            R("b", "e2", 13, 7),
            R("b", "e3", 13, 5),
        ],
        [],
        ["a", "b"],
        C.HEAD_TO_HEAD,
        (2, 1),
    ),
}


@pytest.mark.parametrize("results, lots, order, criterion, values", TIE_CASES.values(), ids=list(TIE_CASES))
def test_tiebreaks(
    results: list[Entry],
    lots: list[tuple[str, ...]],
    order: list[str],
    criterion: C,
    values: tuple[object, object],
) -> None:
    ranking = rank(ETAPAS, results, lots=lots)
    assert [r.competitor for r in ranking.rows] == order
    assert [r.position for r in ranking.rows] == [1, 2]
    sep = ranking.separations[0]
    assert (sep.criterion, (sep.upper_value, sep.lower_value)) == (criterion, values)


LEVEL = [R("a", "e1", 13, 5), R("b", "e1", 13, 5), R("c", "e1", 13, 5)]


def test_a_tie_waits_for_a_sorteio_and_shares_the_place() -> None:
    ranking = rank(ETAPAS, LEVEL)
    assert [(r.position, r.pending_lots) for r in ranking.rows] == [(1, True)] * 3
    assert ranking.pending_ties == (frozenset("abc"),)
    assert {s.kind for s in ranking.separations} == {SeparationKind.PENDING_LOTS}


def test_the_most_recent_sorteio_of_exactly_the_tie_decides() -> None:
    lots = [("c", "b", "a"), ("b", "a"), ("a", "c", "b")]
    ranking = rank(ETAPAS, LEVEL, lots=lots)
    assert [(r.position, r.competitor, r.pending_lots) for r in ranking.rows] == [
        (1, "a", False),
        (2, "c", False),
        (3, "b", False),
    ]
    assert [(s.criterion, s.upper_value, s.lower_value) for s in ranking.separations] == [
        (C.LOTS, 1, 2),
        (C.LOTS, 2, 3),
    ]
    assert ranking.pending_ties == ()


def test_a_sorteio_of_another_tie_does_not_apply() -> None:
    assert rank(ETAPAS, LEVEL, lots=[("a", "b")]).pending_ties == (frozenset("abc"),)


def test_without_lots_in_the_precedence_a_tie_is_shared_and_pending_nothing() -> None:
    ranking = rank(ETAPAS, LEVEL, tiebreakers=[C.ETAPAS_WON])
    assert [(r.position, r.pending_lots) for r in ranking.rows] == [(1, False)] * 3
    assert ranking.pending_ties == ()
    assert {s.kind for s in ranking.separations} == {SeparationKind.TIED}


def test_head_to_head_is_applied_again_among_fewer() -> None:
    # a, b, c level on points and placings. Among the three, c placed ahead least (it
    # is last); between a and b alone, a placed ahead of b in e2 and b of a in e1 and e3.
    results = [
        R("a", "e1", 10, 2),
        R("b", "e1", 10, 1),
        R("c", "e1", 10, 3),
        R("a", "e2", 10, 1),
        R("b", "e2", 10, 3),
        R("c", "e2", 10, 2),
        R("a", "e3", 10, 3),
        R("b", "e3", 10, 2),
        R("c", "e3", 10, 1),
    ]
    ranking = rank(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD, C.LOTS])
    assert ranking.pending_ties == (frozenset("abc"),)  # a perfect cycle: 3 each
    results[8] = R("c", "e3", 10, 4)  # c now last in e3: c 1 ahead, a 3 and b 4
    ranking = rank(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD, C.LOTS])
    assert [r.competitor for r in ranking.rows] == ["b", "a", "c"]
    assert [(s.criterion, s.upper_value, s.lower_value) for s in ranking.separations] == [
        (C.HEAD_TO_HEAD, 2, 1),  # b over a, the two alone: e1 and e3 against e2
        (C.HEAD_TO_HEAD, 4, 1),  # among the three: a 4 (e1: c; e2: b, c; e3: c), b 4, c 1
    ]


def test_an_entity_with_several_teams_is_compared_by_its_best_team() -> None:
    results = [R("X", "e1", 12, 1, 4), R("Y", "e1", 12, 2, 3), R("X", "e2", 3, 4), R("Y", "e2", 3, 4)]
    ranking = rank(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD])
    assert [r.competitor for r in ranking.rows] == ["X", "Y"]


def test_an_empty_circuit() -> None:
    assert rank(ETAPAS, []) == CircuitRanking((), (), ())
    assert rank_circuit(ETAPAS, {"a": []}) == CircuitRanking((), (), ())  # no result: not ranked


PRECEDENCE_ERRORS = {
    "unknown": (["wins"], "circuit.tiebreaker_unknown"),
    "points is not a tiebreak": (["points"], "circuit.tiebreaker_unknown"),
    "duplicated": (["lots", "lots"], "circuit.tiebreaker_duplicate"),
    "lots not last": (["lots", "etapas_won"], "circuit.lots_not_last"),
}


@pytest.mark.parametrize("criteria, code", PRECEDENCE_ERRORS.values(), ids=list(PRECEDENCE_ERRORS))
def test_check_precedence(criteria: list[str], code: str) -> None:
    with pytest.raises(CircuitSettingError) as err:
        check_precedence(criteria)
    assert err.value.code == code


def test_check_precedence_accepts_names() -> None:
    assert check_precedence(["head_to_head", "lots"]) == (C.HEAD_TO_HEAD, C.LOTS)


BAD_RESULTS = {
    "unknown etapa": ([R("a", "e9", 1, 1)], "unknown etapa"),
    "no placing": ([("a", Result("e1", F(1), ()))], "no valid placing"),
    "negative points": ([R("a", "e1", -1, 1)], "no valid placing"),
    "two results in one etapa": ([R("a", "e1", 1, 1), R("a", "e1", 2, 1)], "two results"),
}


@pytest.mark.parametrize("results, message", BAD_RESULTS.values(), ids=list(BAD_RESULTS))
def test_bad_results_are_refused(results: list[Entry], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank(ETAPAS, results)


def test_best_n_below_one_is_refused() -> None:
    with pytest.raises(CircuitSettingError, match="circuit.best_n_invalid"):
        rank(ETAPAS, [], best_n=0)


def test_whole_points_stay_ints_and_the_rest_fractions() -> None:
    points = etapa_points([("a", 1), ("b", 2), ("c", 3), ("d", 3)], RODEIO, SharedPoints.AVERAGE)
    assert [type(v) for v in points.values()] == [int, int, Fraction, Fraction]
    ranking = rank(["e1", "e2"], [R("a", "e1", F(9, 2), 3), R("a", "e2", F(3, 2), 4)])
    assert ranking.rows[0].total == 6 and type(ranking.rows[0].total) is int


def test_each_cell_is_its_result_marked_counted_or_not() -> None:
    kept = Result("e1", F(13), (5,))
    results = [kept, Result("e2", F(1), (9,), counted=False), Result("e3", F(17), (3,), counted=False)]
    everything = rank_circuit(ETAPAS, {"a": results}).rows[0].cells
    assert everything[0] is kept  # no copy where nothing changes
    assert [c.counted for c in everything if c] == [True, True, True]
    best_two = rank_circuit(ETAPAS, {"a": results}, best_n=2).rows[0].cells
    assert best_two[0] is kept and best_two[1] is results[1]
    assert [c.counted for c in best_two if c] == [True, False, True]
    assert rank(ETAPAS, [R("a", "e1", 13, 5)], best_n=2).rows[0].total == 13
    counted_twice = rank(ETAPAS, [("a", kept), R("a", "e2", 1, 9), R("a", "e3", 17, 3)], best_n=2)
    assert [c.counted for c in counted_twice.rows[0].cells if c] == [True, False, True]


def test_competitors_with_the_same_results_part_only_at_the_sorteio() -> None:
    # b and c: the same result in every etapa, equal under every criterion; a differs.
    results = [
        R("a", "e1", 10, 1),
        R("a", "e2", 10, 4),
        *[R(x, e, 10, p) for x in "bc" for e, p in (("e1", 2), ("e2", 3))],
    ]
    ranking = rank(ETAPAS, results, lots=[("c", "b")])
    assert [r.competitor for r in ranking.rows] == ["a", "c", "b"]
    assert [s.criterion for s in ranking.separations] == [C.ETAPAS_WON, C.LOTS]
    tied = rank(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD])
    assert [(r.competitor, r.position) for r in tied.rows] == [("a", 1), ("b", 2), ("c", 2)]
    assert tied.separations[1].kind is SeparationKind.TIED and tied.pending_ties == ()


def test_head_to_head_counts_each_competitor_of_a_class() -> None:
    # a and b played both etapas in one trio (one class), c in another. In e1 their trio
    # placed ahead of c; in e2 c placed ahead of both: c 2, a and b 1 each.
    flat = [(x, e, 1, p) for x in "ab" for e, p in (("e1", 1), ("e2", 2))] + [
        ("c", "e1", 1, 2),
        ("c", "e2", 1, 1),
    ]
    ranking = rank(
        ETAPAS, [R(*entry) for entry in flat], tiebreakers=[C.HEAD_TO_HEAD, C.LOTS], lots=[("b", "a")]
    )
    assert [r.competitor for r in ranking.rows] == ["c", "b", "a"]
    assert [(s.criterion, s.upper_value, s.lower_value) for s in ranking.separations] == [
        (C.HEAD_TO_HEAD, 2, 1),
        (C.LOTS, 1, 2),
    ]
