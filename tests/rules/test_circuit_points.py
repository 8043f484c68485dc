"""rules.circuit: points by placing, shared placings, and the points table's checks, forms and presets."""

from __future__ import annotations

import pytest

from rules.circuit import (
    PRESETS,
    CircuitSettingError,
    PointsTable,
    SharedPoints,
    bands_of,
    check_table,
    table_from_bands,
    table_from_json,
)
from tests.rules.circuit_helpers import CIRCUIT, RODEIO, F, etapa_points

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


def test_a_run_of_places_adds_up_past_the_table() -> None:
    assert CIRCUIT.sum(3, 2) == 17 + 15
    assert CIRCUIT.sum(7, 4) == 13 + 13 + 1 + 1  # the 9º and 10º earn participation
    assert CIRCUIT.sum(200, 3) == 3
    with pytest.raises(ValueError, match="not a placing"):
        CIRCUIT.sum(0, 2)


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
