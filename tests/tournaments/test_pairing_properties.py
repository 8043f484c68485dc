"""Properties of the pure set-up algorithms: sorteio das chaves and round robins."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    DrawTeam,
    draw_groups,
    entity_bound,
    group_names,
    group_sizes,
    round_robin,
)

FAST = settings(max_examples=100, deadline=None)


@st.composite
def draws(draw: st.DrawFn, with_seeds: bool) -> tuple[list[DrawTeam], list[int], str]:
    n = draw(st.integers(4, 60))
    size = draw(st.integers(2, min(6, n // 2)))
    sizes = group_sizes(n, size=size)
    entity_count = draw(st.integers(0, 12))
    seed_count = draw(st.integers(0, len(sizes) * 2 if with_seeds else 0))
    teams = []
    for i in range(n):
        entity = f"CTG {draw(st.integers(0, entity_count - 1))}" if entity_count else ""
        teams.append(DrawTeam(f"t{i}", entity, i + 1 if i < seed_count else None))
    return teams, sizes, draw(st.text(min_size=1, max_size=12))


@FAST
@given(draws(with_seeds=True))
def test_sizes_seeds_and_replay(case: tuple[list[DrawTeam], list[int], str]) -> None:
    teams, sizes, seed = case
    result = draw_groups(teams, sizes, seed)
    assert [len(g) for g in result] == sizes
    assert max(sizes) - min(sizes) <= 1
    assert sorted(k for g in result for k in g) == sorted(t.key for t in teams)
    seeded = {t.key for t in teams if t.seed is not None}
    per_group = [sum(k in seeded for k in g) for g in result]
    assert max(per_group) - min(per_group) <= 1  # one cabeça de chave per chave, spread evenly
    if len(seeded) >= len(sizes):
        # Seeds 1..n go to chaves A..n in order.
        assert [g[0] for g in result] == [f"t{i}" for i in range(len(sizes))]
    assert draw_groups(teams, sizes, seed) == result


@FAST
@given(draws(with_seeds=False))
def test_entities_kept_apart(case: tuple[list[DrawTeam], list[int], str]) -> None:
    teams, sizes, seed = case
    entity_of = {t.key: t.entity for t in teams}
    totals = Counter(t.entity for t in teams if t.entity)
    for group in draw_groups(teams, sizes, seed):
        for entity, count in Counter(entity_of[k] for k in group if entity_of[k]).items():
            assert count <= entity_bound(totals[entity], len(sizes))


@FAST
@given(draws(with_seeds=True))
def test_entities_kept_apart_with_one_seed_per_chave(case: tuple[list[DrawTeam], list[int], str]) -> None:
    teams, sizes, seed = case
    # Seeds with entities of their own: separation stays possible, so it must hold.
    teams = [
        DrawTeam(
            t.key,
            f"seed-{t.key}" if t.seed is not None else t.entity,
            t.seed if (t.seed or 0) <= len(sizes) else None,
        )
        for t in teams
    ]
    entity_of = {t.key: t.entity for t in teams}
    totals = Counter(t.entity for t in teams if t.entity)
    for group in draw_groups(teams, sizes, seed):
        for entity, count in Counter(entity_of[k] for k in group if entity_of[k]).items():
            assert count <= entity_bound(totals[entity], len(sizes))


def test_known_sizes() -> None:
    assert group_sizes(52, size=4) == [4] * 13
    assert group_sizes(14, size=4) == [4, 4, 3, 3]
    assert group_sizes(10, groups=3) == [4, 3, 3]
    assert group_names(28)[:3] == ["A", "B", "C"] and group_names(28)[26:] == ["AA", "AB"]


def test_different_seeds_usually_differ() -> None:
    teams = [DrawTeam(f"t{i}", f"E{i % 5}") for i in range(16)]
    results = {str(draw_groups(teams, [4, 4, 4, 4], str(s))) for s in range(10)}
    assert len(results) > 5


@FAST
@given(st.integers(2, 17), st.booleans())
def test_round_robin(n: int, double: bool) -> None:
    keys = [f"t{i}" for i in range(n)]
    rounds = round_robin(keys, double=double)
    meetings = Counter(frozenset(p) for r in rounds for p in r)
    assert set(meetings) == {frozenset(p) for p in combinations(keys, 2)}
    assert set(meetings.values()) == {2 if double else 1}
    for r in rounds:
        playing = [k for p in r for k in p]
        assert len(playing) == len(set(playing))  # nobody twice in a rodada
    folgas = [next((k for k in keys if k not in {t for p in r for t in p}), None) for r in rounds]
    if n % 2:
        assert Counter(folgas) == Counter({k: 2 if double else 1 for k in keys})
    else:
        assert set(folgas) == {None}
    if double:
        half = len(rounds) // 2
        assert (
            Counter(rounds[i][j] for i in range(half) for j in range(len(rounds[i])))
            .keys()
            .isdisjoint({p for r in rounds[half:] for p in r})
        )
