"""rules.placings: bands of teams to final positions, shared where nothing separates them."""

from __future__ import annotations

import pytest

from rules.placings import Band, FinalPlacing, chave_bands, positions_of, rank_bands


def table(placings: list[FinalPlacing]) -> list[tuple[int, str, bool]]:
    return [(p.position, p.team, p.shared) for p in placings]


CASES = {
    "knockout of 8 with a disputa de 3º lugar": (
        [Band(("a",)), Band(("b",)), Band(("c",)), Band(("d",)), Band(("e", "f", "g", "h"))],
        [(1, "a", False), (2, "b", False), (3, "c", False), (4, "d", False)] + [(5, k, True) for k in "efgh"],
    ),
    "goiano: no 3º lugar jogo, both semifinal losers share the 3º": (
        [Band(("a",)), Band(("b",)), Band(("c", "d")), Band(("e", "f", "g", "h"))],
        [(1, "a", False), (2, "b", False), (3, "c", True), (3, "d", True)] + [(5, k, True) for k in "efgh"],
    ),
    "quartas losers ordered by their chave record": (
        [
            Band(("a",)),
            Band(("b",)),
            Band(("c", "d")),
            Band(("e", "f", "g"), breaker={"e": 7, "f": 3, "g": 5}),
        ],
        [(1, "a", False), (2, "b", False), (3, "c", True), (3, "d", True)]
        + [(5, "f", False), (6, "g", False), (7, "e", False)],
    ),
    "equal records share, the next position skips": (
        [Band(("a", "b", "c"), breaker={"a": 2, "b": 1, "c": 2}), Band(("d",))],
        [(1, "b", False), (2, "a", True), (2, "c", True), (4, "d", False)],
    ),
    "a team missing from the breaker comes last in its band": (
        [Band(("a", "b", "c"), breaker={"b": 1})],
        [(1, "b", False), (2, "a", True), (2, "c", True)],
    ),
    "a team listed twice keeps its better band": (
        [Band(("a",)), Band(("a", "b"), breaker={"a": 1, "b": 2})],
        [(1, "a", False), (2, "b", False)],
    ),
    "empty bands are skipped": ([Band(()), Band(("a",))], [(1, "a", False)]),
}


@pytest.mark.parametrize("bands, expected", CASES.values(), ids=list(CASES))
def test_rank_bands(bands: list[Band], expected: list[tuple[int, str, bool]]) -> None:
    assert table(rank_bands(bands)) == expected


def test_chave_bands_by_position_then_across_chaves() -> None:
    # Chaves A and B: the 1ºs (b1 better across chaves), the 2ºs (level: a sorteio pending).
    tiers = [[("b1", 1), ("a1", 2)], [("a2", 1), ("b2", 1)], [("a3", 1)]]
    placed = rank_bands(chave_bands(tiers, ["1ºs", "2ºs"]))
    assert table(placed) == [
        (1, "b1", False),
        (2, "a1", False),
        (3, "a2", True),
        (3, "b2", True),
        (5, "a3", False),
    ]
    assert [p.label for p in placed] == ["1ºs", "1ºs", "2ºs", "2ºs", ""]
    assert positions_of(placed) == {"b1": 1, "a1": 2, "a2": 3, "b2": 3, "a3": 5}
