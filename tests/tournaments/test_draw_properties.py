"""The sorteio das chaves keeps its promises, over random entities, seeds and chave sizes.

Small draws are compared with an exhaustive search: whenever some placement keeps every
entity to ceil(m / chaves) per chave (with the cabeças de chave in their pots), the draw
finds one. Every draw puts seed i in chave i for the first pot and at most one seed of
a pot in a chave, and the same seed gives the same draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import DrawTeam, draw_groups, entity_bound, group_sizes, seed_pots

FAST = settings(max_examples=150, deadline=None)


def separable(teams: Sequence[DrawTeam], sizes: Sequence[int]) -> bool:
    """Exhaustively: is there a placement within the pots that keeps every entity to
    its bound? (The oracle; only for a handful of teams.)"""
    k = len(sizes)
    totals = Counter(t.entity for t in teams if t.entity)
    bound = {e: entity_bound(m, k) for e, m in totals.items()}
    counts = [Counter[str]() for _ in sizes]
    load = [0] * k
    pots = seed_pots(teams, sizes)
    for t, g in zip(*pots[0]) if pots else ():
        load[g] += 1
        if t.entity:
            counts[g][t.entity] += 1
    pending: list[tuple[DrawTeam, int | None]] = [
        (t, p) for p, (members, _c) in enumerate(pots) if p > 0 for t in members
    ]
    pending += [(t, None) for t in teams if t.seed is None]
    used: dict[int, set[int]] = {p: set() for p in range(len(pots))}

    def place(i: int) -> bool:
        if i == len(pending):
            return True
        t, pot = pending[i]
        chaves = pots[pot][1] if pot is not None else range(k)
        for g in chaves:
            if load[g] >= sizes[g] or (pot is not None and g in used[pot]):
                continue
            if t.entity and counts[g][t.entity] >= bound[t.entity]:
                continue
            load[g] += 1
            counts[g][t.entity] += 1
            if pot is not None:
                used[pot].add(g)
            if place(i + 1):
                return True
            load[g] -= 1
            counts[g][t.entity] -= 1
            if pot is not None:
                used[pot].discard(g)
        return False

    return place(0)


@st.composite
def small_draws(draw: st.DrawFn) -> tuple[list[DrawTeam], list[int], str]:
    k = draw(st.integers(2, 3))
    sizes = draw(st.lists(st.integers(2, 4), min_size=k, max_size=k))
    return _teams(draw, sizes), sizes, draw(st.text(min_size=1, max_size=8))


@st.composite
def large_draws(draw: st.DrawFn) -> tuple[list[DrawTeam], list[int], str]:
    n = draw(st.integers(4, 60))
    sizes = group_sizes(n, size=draw(st.integers(2, min(6, n // 2))))
    return _teams(draw, sizes), sizes, draw(st.text(min_size=1, max_size=12))


def _teams(draw: st.DrawFn, sizes: list[int]) -> list[DrawTeam]:
    n = sum(sizes)
    entities = draw(st.integers(0, 6))
    seeds = draw(st.integers(0, min(n, 2 * len(sizes) + 1)))
    teams = []
    for i in range(n):
        entity = f"CTG {draw(st.integers(0, entities - 1))}" if entities else ""
        teams.append(DrawTeam(f"t{i}", entity, i + 1 if i < seeds else None))
    return teams


def check_structure(teams: list[DrawTeam], sizes: list[int], seed: str, result: list[list[str]]) -> None:
    assert [len(g) for g in result] == sizes
    assert sorted(k for g in result for k in g) == sorted(t.key for t in teams)
    chave_of = {key: g for g, keys in enumerate(result) for key in keys}
    for p, (members, chaves) in enumerate(seed_pots(teams, sizes)):
        placed = [chave_of[t.key] for t in members]
        assert len(set(placed)) == len(placed) and set(placed) <= set(chaves)  # one per chave
        if p == 0:
            assert placed == chaves[: len(members)]  # seed 1 in chave A, seed 2 in B…
    seeded = [sum(1 for k in g if k in {t.key for t in teams if t.seed}) for g in result]
    assert max(seeded) - min(seeded) <= 1 or min(sizes) != max(sizes)
    assert draw_groups(teams, sizes, seed) == result  # the recorded seed replays it


def worst(teams: list[DrawTeam], result: list[list[str]]) -> dict[str, int]:
    entity_of = {t.key: t.entity for t in teams}
    out: dict[str, int] = {}
    for keys in result:
        for e, n in Counter(entity_of[k] for k in keys if entity_of[k]).items():
            out[e] = max(out.get(e, 0), n)
    return out


@FAST
@given(small_draws())
def test_small_draws_separate_whenever_possible(case: tuple[list[DrawTeam], list[int], str]) -> None:
    teams, sizes, seed = case
    result = draw_groups(teams, sizes, seed)
    check_structure(teams, sizes, seed, result)
    if separable(teams, sizes):
        totals = Counter(t.entity for t in teams if t.entity)
        for e, n in worst(teams, result).items():
            assert n <= entity_bound(totals[e], len(sizes)), (e, result)


@FAST
@given(large_draws())
def test_large_draws_keep_pots_and_replay(case: tuple[list[DrawTeam], list[int], str]) -> None:
    teams, sizes, seed = case
    result = draw_groups(teams, sizes, seed)
    check_structure(teams, sizes, seed, result)
    if not any(t.seed for t in teams):
        # Even chaves and no seed: separation is always possible, so it must hold.
        totals = Counter(t.entity for t in teams if t.entity)
        for e, n in worst(teams, result).items():
            assert n <= entity_bound(totals[e], len(sizes))


def test_the_reported_case_two_fea_teams_and_a_seed_each_in_its_own_chave() -> None:
    teams = [
        DrawTeam("fea-1", "FEA-USP", 1),
        DrawTeam("poli", "Poli", 2),
        DrawTeam("fea-2", "FEA-USP"),
        *[DrawTeam(f"t{i}", f"E{i}") for i in range(13)],
    ]
    for seed in map(str, range(30)):
        result = draw_groups(teams, [4, 4, 4, 4], seed)
        fea = [g for g, keys in enumerate(result) if {"fea-1", "fea-2"} & set(keys)]
        assert len(fea) == 2 and result[0][0] == "fea-1" and result[1][0] == "poli"


def test_draws_differ_with_the_seed() -> None:
    teams = [DrawTeam(f"t{i}", f"E{i % 5}", 1 + i if i < 4 else None) for i in range(16)]
    assert len({str(draw_groups(teams, [4, 4, 4, 4], str(s))) for s in range(10)}) > 5
