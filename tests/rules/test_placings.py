"""rules.placings: bands of teams to final positions, shared where nothing separates them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def _defined(bands: list[Band]) -> list[tuple[int, str, bool]]:
    """§3.15 as written: in each band, a team's position is 1 + the teams of earlier bands
    + the teams of its band with a lower key; it is shared when another has its key."""
    seen: set[str] = set()
    out, before = [], 0
    for band in bands:
        teams = [t for t in dict.fromkeys(band.teams) if t not in seen]
        seen.update(teams)
        missing = 1 + max(band.breaker.values(), default=0)
        key = {t: band.breaker.get(t, missing) if band.breaker else 0 for t in teams}
        for t in sorted(teams, key=lambda t: key[t]):
            better = sum(1 for o in teams if key[o] < key[t])
            equal = sum(1 for o in teams if key[o] == key[t])
            out.append((before + better + 1, t, equal > 1))
        before += len(teams)
    return out


_team = st.sampled_from([f"t{k}" for k in range(12)])


def _band_of(teams: list[str], keys: list[int], with_breaker: bool) -> Band:
    """Every third team is left out of the breaker (it comes last in its band)."""
    breaker = {t: keys[k % len(keys)] for k, t in enumerate(teams) if k % 3}
    return Band(tuple(teams), breaker=breaker if with_breaker else {})


_band = st.builds(
    _band_of,
    st.lists(_team, max_size=8),
    st.lists(st.integers(1, 4), min_size=1, max_size=8),
    st.booleans(),
)


@given(st.lists(_band, max_size=5))
def test_rank_bands_gives_competition_ranks_within_each_band(bands: list[Band]) -> None:
    assert table(rank_bands(bands)) == _defined(bands)
