"""rules.circuit and rules.circuit_ranking: points by placing, shared placings, best N,
entities and players, and the circuit's tiebreaks down to a recorded sorteio."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.circuit import (
    PRESETS,
    CircuitSettingError,
    EntityMode,
    EtapaPlacings,
    PointsTable,
    Result,
    SharedPoints,
    bands_of,
    check_table,
    entity_results,
    etapa_points,
    player_results,
    table_from_bands,
    table_from_json,
    team_results,
)
from rules.circuit_ranking import (
    CircuitCriterion,
    CircuitRanking,
    check_precedence,
    counted,
    rank_circuit,
)
from rules.explain import SeparationKind

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


# -- points --------------------------------------------------------------------------

POINTS_CASES = {
    "no shared placing": (
        [("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", 9)],
        SharedPoints.AVERAGE,
        {"a": 25, "b": 21, "c": 17, "d": 15, "e": 13, "f": 1},
    ),
    "semifinal losers share the 3º: average of 3º and 4º": (
        [("a", 1), ("b", 2), ("c", 3), ("d", 3)],
        SharedPoints.AVERAGE,
        {"a": 25, "b": 21, "c": 16, "d": 16},
    ),
    "semifinal losers share the 3º: each the 3º's points": (
        [("a", 1), ("b", 2), ("c", 3), ("d", 3)],
        SharedPoints.SAME,
        {"a": 25, "b": 21, "c": 17, "d": 17},
    ),
    "three share the 7º across the table's end: (13 + 13 + 1) / 3, exactly": (
        [("a", 7), ("b", 7), ("c", 7)],
        SharedPoints.AVERAGE,
        {"a": F(9), "b": F(9), "c": F(9)},
    ),
    "two share the 8º: (13 + 1) / 2": (
        [("a", 8), ("b", 8)],
        SharedPoints.AVERAGE,
        {"a": 7, "b": 7},
    ),
    "three share the 6º: (13 + 13 + 13) / 3": (
        [("a", 6), ("b", 6), ("c", 6)],
        SharedPoints.AVERAGE,
        {"a": 13, "b": 13, "c": 13},
    ),
}


@pytest.mark.parametrize("placings, shared, expected", POINTS_CASES.values(), ids=list(POINTS_CASES))
def test_etapa_points(
    placings: list[tuple[str, int]], shared: SharedPoints, expected: dict[str, int]
) -> None:
    assert etapa_points(placings, CIRCUIT, shared) == {k: F(v) for k, v in expected.items()}


def test_an_average_that_is_no_decimal_stays_a_fraction() -> None:
    t = PointsTable((10, 9, 7))
    assert etapa_points([("a", 1), ("b", 1), ("c", 1)], t, SharedPoints.AVERAGE) == dict.fromkeys(
        "abc", F(26, 3)
    )


def test_a_team_placed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        etapa_points([("a", 1), ("a", 2)], CIRCUIT, SharedPoints.AVERAGE)


def test_a_position_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="not a placing"):
        CIRCUIT.points(0)


def test_presets() -> None:
    assert [RODEIO.points(p) for p in range(1, 6)] == [12, 9, 6, 3, 0]
    assert [PRESETS["linear"].points(p) for p in (1, 10, 11)] == [10, 1, 0]
    assert bands_of(CIRCUIT) == [(1, 1, 25), (2, 2, 21), (3, 3, 17), (4, 4, 15), (5, 8, 13)]
    for preset in PRESETS.values():
        assert check_table(preset) is preset


TABLE_ERRORS = {
    "empty": (PointsTable(()), "circuit.table_empty", {}),
    "negative": (PointsTable((3, -1)), "circuit.table_negative", {"place": 2}),
    "negative participation": (PointsTable((3, 1), -1), "circuit.table_negative", {"place": 3}),
    "a place worth more than the one above": (
        PointsTable((9, 6, 7)),
        "circuit.table_increasing",
        {"place": 3},
    ),
    "participation above the last place": (PointsTable((9, 6), 7), "circuit.table_participation", {}),
    "too long": (PointsTable((1,) * 1025), "circuit.table_too_long", {"max": 1024}),
}


@pytest.mark.parametrize("t, code, params", TABLE_ERRORS.values(), ids=list(TABLE_ERRORS))
def test_check_table(t: PointsTable, code: str, params: dict[str, int]) -> None:
    with pytest.raises(CircuitSettingError) as err:
        check_table(t)
    assert (err.value.code, err.value.params) == (code, params)


def test_table_json_round_trip_and_shape() -> None:
    assert table_from_json(CIRCUIT.as_json()) == CIRCUIT
    assert table_from_json({"places": [3, 2, 1]}) == PointsTable((3, 2, 1))
    for bad in ([1], {"places": [3], "other": 1}, {"places": "3"}, {"places": [3, True]}, {"places": [3.5]}):
        with pytest.raises(CircuitSettingError, match="circuit.table_shape"):
            table_from_json(bad)
    with pytest.raises(CircuitSettingError, match="circuit.table_increasing"):
        table_from_json({"places": [1, 2]})


def test_table_from_bands() -> None:
    assert table_from_bands([(1, 1, 25), (2, 2, 21), (3, 3, 17), (4, 4, 15), (5, 8, 13)], 1) == CIRCUIT
    for bad in ([(2, 2, 5)], [(1, 2, 5), (4, 4, 3)], [(1, 1, 5), (2, 1, 3)]):
        with pytest.raises(CircuitSettingError, match="circuit.bands_gap"):
            table_from_bands(bad)
    with pytest.raises(CircuitSettingError, match="circuit.table_too_long"):
        table_from_bands([(1, 2000, 1)])


# -- who earns what ------------------------------------------------------------------

ETAPA_1 = E("e1", ("a1", 1), ("b1", 2), ("c1", 3), ("d1", 3))
ETAPA_2 = E("e2", ("b2", 1), ("a2", 2), ("c2", 3), ("d2", 4))


def test_team_results_follow_the_links() -> None:
    identity = {"a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    got = team_results([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE, identity)
    assert sorted(got, key=lambda r: (r.competitor, r.etapa)) == [
        R("A", "e1", 12, 1),
        R("A", "e2", 9, 2),
        R("B", "e1", 9, 2),
        R("B", "e2", 12, 1),
        R("c1", "e1", F(9, 2), 3),
        R("c2", "e2", 6, 3),
        R("d1", "e1", F(9, 2), 3),
        R("d2", "e2", 3, 4),
    ]


def test_a_circuit_team_linked_twice_in_an_etapa_keeps_its_better_result() -> None:
    got = team_results([ETAPA_1], RODEIO, SharedPoints.AVERAGE, {"a1": "A", "c1": "A"})
    assert [r for r in got if r.competitor == "A"] == [R("A", "e1", 12, 1)]


def test_players_earn_their_teams_points() -> None:
    players = {"a1": ["ana", "bia"], "b2": ["ana"], "c2": ["bia", "caio"]}
    got = player_results([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE, players)
    assert sorted(got, key=lambda r: (r.competitor, r.etapa)) == [
        R("ana", "e1", 12, 1),
        R("ana", "e2", 12, 1),
        R("bia", "e1", 12, 1),
        R("bia", "e2", 6, 3),
        R("caio", "e2", 6, 3),
    ]


def test_a_player_in_two_teams_of_one_etapa_keeps_the_better() -> None:
    got = player_results([ETAPA_2], RODEIO, SharedPoints.AVERAGE, {"c2": ["ana"], "a2": ["ana"]})
    assert got == [R("ana", "e2", 9, 2)]


ENTITY_OF = {"a1": "CTG X", "c1": "CTG X", "d1": "CTG X", "b1": "CTG Y", "a2": "CTG X", "b2": "CTG Y"}


def test_entities_sum_all_their_teams() -> None:
    got = entity_results([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE, ENTITY_OF)
    assert sorted(got, key=lambda r: (r.competitor, r.etapa)) == [
        R("CTG X", "e1", 21, 1, 3, 3),  # 12 + 4.5 + 4.5
        R("CTG X", "e2", 9, 2),
        R("CTG Y", "e1", 9, 2),
        R("CTG Y", "e2", 12, 1),
    ]


def test_entities_best_k_teams_per_etapa() -> None:
    got = entity_results([ETAPA_1], RODEIO, SharedPoints.SAME, ENTITY_OF, mode=EntityMode.BEST_K, best_k=2)
    assert sorted(got, key=lambda r: r.competitor) == [R("CTG X", "e1", 18, 1, 3), R("CTG Y", "e1", 9, 2)]
    with pytest.raises(CircuitSettingError, match="circuit.best_k_invalid"):
        entity_results([ETAPA_1], RODEIO, SharedPoints.SAME, ENTITY_OF, mode=EntityMode.BEST_K, best_k=0)


# -- ranking -------------------------------------------------------------------------

ETAPAS = ["e1", "e2", "e3"]


def test_totals_rank_first_and_best_n_counts_the_highest() -> None:
    results = [
        R("a", "e1", 25, 1),
        R("a", "e2", 1, 12),
        R("a", "e3", 13, 5),
        R("b", "e1", 21, 2),
        R("b", "e2", 21, 2),
    ]
    ranking = rank_circuit(ETAPAS, results, best_n=2)
    assert table(ranking) == [(1, "b", F(42), False), (2, "a", F(38), False)]
    a = ranking.rows[1]
    assert [(c.etapa, c.counted) for c in a.cells] == [("e1", True), ("e2", False), ("e3", True)]
    assert ranking.separations[0].criterion is C.POINTS
    assert (ranking.separations[0].upper_value, ranking.separations[0].lower_value) == (F(42), F(38))
    assert table(rank_circuit(ETAPAS, results)) == [(1, "b", F(42), False), (2, "a", F(39), False)]


def test_counted_prefers_the_earlier_etapa_among_equal_points() -> None:
    results = [R("a", "e1", 13, 5), R("a", "e2", 25, 1), R("a", "e3", 13, 6)]
    assert counted(results, ETAPAS, 2) == {"e1", "e2"}
    assert counted(results, ETAPAS, None) == {"e1", "e2", "e3"}


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
    results: list[Result],
    lots: list[tuple[str, ...]],
    order: list[str],
    criterion: C,
    values: tuple[object, object],
) -> None:
    ranking = rank_circuit(ETAPAS, results, lots=lots)
    assert [r.competitor for r in ranking.rows] == order
    assert [r.position for r in ranking.rows] == [1, 2]
    sep = ranking.separations[0]
    assert (sep.criterion, (sep.upper_value, sep.lower_value)) == (criterion, values)


LEVEL = [R("a", "e1", 13, 5), R("b", "e1", 13, 5), R("c", "e1", 13, 5)]


def test_a_tie_waits_for_a_sorteio_and_shares_the_place() -> None:
    ranking = rank_circuit(ETAPAS, LEVEL)
    assert [(r.position, r.pending_lots) for r in ranking.rows] == [(1, True)] * 3
    assert ranking.pending_ties == (frozenset("abc"),)
    assert {s.kind for s in ranking.separations} == {SeparationKind.PENDING_LOTS}


def test_the_most_recent_sorteio_of_exactly_the_tie_decides() -> None:
    lots = [("c", "b", "a"), ("b", "a"), ("a", "c", "b")]
    ranking = rank_circuit(ETAPAS, LEVEL, lots=lots)
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
    assert rank_circuit(ETAPAS, LEVEL, lots=[("a", "b")]).pending_ties == (frozenset("abc"),)


def test_without_lots_in_the_precedence_a_tie_is_shared_and_pending_nothing() -> None:
    ranking = rank_circuit(ETAPAS, LEVEL, tiebreakers=[C.ETAPAS_WON])
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
    ranking = rank_circuit(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD, C.LOTS])
    assert ranking.pending_ties == (frozenset("abc"),)  # a perfect cycle: 3 each
    results[8] = R("c", "e3", 10, 4)  # c now last in e3: c 1 ahead, a 3 and b 4
    ranking = rank_circuit(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD, C.LOTS])
    assert [r.competitor for r in ranking.rows] == ["b", "a", "c"]
    assert [(s.criterion, s.upper_value, s.lower_value) for s in ranking.separations] == [
        (C.HEAD_TO_HEAD, 2, 1),  # b over a, the two alone: e1 and e3 against e2
        (C.HEAD_TO_HEAD, 4, 1),  # among the three: a 4 (e1: c; e2: b, c; e3: c), b 4, c 1
    ]


def test_an_entity_with_several_teams_is_compared_by_its_best_team() -> None:
    results = [R("X", "e1", 12, 1, 4), R("Y", "e1", 12, 2, 3), R("X", "e2", 3, 4), R("Y", "e2", 3, 4)]
    ranking = rank_circuit(ETAPAS, results, tiebreakers=[C.HEAD_TO_HEAD])
    assert [r.competitor for r in ranking.rows] == ["X", "Y"]


def test_an_empty_circuit() -> None:
    assert rank_circuit(ETAPAS, []) == CircuitRanking((), (), ())


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
    "no placing": ([Result("a", "e1", F(1), ())], "no valid placing"),
    "negative points": ([R("a", "e1", -1, 1)], "no valid placing"),
    "two results in one etapa": ([R("a", "e1", 1, 1), R("a", "e1", 2, 1)], "two results"),
}


@pytest.mark.parametrize("results, message", BAD_RESULTS.values(), ids=list(BAD_RESULTS))
def test_bad_results_are_refused(results: list[Result], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank_circuit(ETAPAS, results)


def test_best_n_below_one_is_refused() -> None:
    with pytest.raises(CircuitSettingError, match="circuit.best_n_invalid"):
        rank_circuit(ETAPAS, [], best_n=0)


def test_whole_points_stay_ints_and_the_rest_fractions() -> None:
    points = etapa_points([("a", 1), ("b", 2), ("c", 3), ("d", 3)], RODEIO, SharedPoints.AVERAGE)
    assert [type(v) for v in points.values()] == [int, int, Fraction, Fraction]
    ranking = rank_circuit(["e1", "e2"], [R("a", "e1", F(9, 2), 3), R("a", "e2", F(3, 2), 4)])
    assert ranking.rows[0].total == 6 and type(ranking.rows[0].total) is int
