"""The losers' bracket's drop order (knockout.double_bracket.DROP_MASKS): its shape, the
first rodada a revanche is possible checked by brute force over the results, the masks
the best of every XOR order, and the revanches when the favourites win."""

from __future__ import annotations

import functools
import itertools

import pytest

from knockout import double_bracket as d
from knockout.bracket import standard_lines
from tests.knockout.test_double_bracket_pure import Winners, favourite, run, seeds


def test_drop_masks_shape() -> None:
    assert set(d.DROP_MASKS) == set(range(1, 9)) and set(d.FIRST_REMATCH) == set(range(2, 9))
    for k, masks in d.DROP_MASKS.items():
        assert len(masks) == max(k - 2, 0)
        assert d.drop_mask(k, 1) == d.drop_mask(k, k) == 0
        for r in range(2, k):
            assert d.drop_mask(k, r) == masks[r - 2] and 0 <= masks[r - 2] < 1 << (k - r)


def test_structure_is_the_docstrings() -> None:
    for k in range(1, 9):
        br = d.build([f"t{i}" for i in range((1 << k) - 1)] + ["last"])
        ids = [j.id for j in br.jogos]
        index = {j: i for i, j in enumerate(ids)}
        size = 1 << k
        lb = [j for j in ids if j[0] == "L"]
        assert len(lb) == (size - 2 if k >= 2 else 0) and max((j[1] for j in lb), default=0) == 2 * k - 2
        for jogo in br.jogos:
            for feed in (jogo.a, jogo.b):
                assert feed.jogo is None or index[feed.jogo] < index[jogo.id]  # feeders first
            kind, t, i = jogo.id
            if kind == "L" and t % 2 == 0:
                r = t // 2 + 1
                assert jogo.a == d.Feed((d.LB, t - 1, i))
                assert jogo.b == d.Feed((d.WB, r, i ^ d.drop_mask(k, r)), loser=True)


def _wb_outcomes(lines: list[int]) -> list[tuple[dict[tuple[int, int], int], set[frozenset[int]]]]:
    """Every WB result, independently of the module: (loser of each WB jogo, pairs that met)."""
    out: list[tuple[dict[tuple[int, int], int], set[frozenset[int]]]] = []

    def go(level: list[int], r: int, losers: dict[tuple[int, int], int], met: set[frozenset[int]]) -> None:
        if len(level) == 1:
            out.append((dict(losers), set(met)))
            return
        pairs = [(level[2 * i], level[2 * i + 1]) for i in range(len(level) // 2)]
        for picks in itertools.product((0, 1), repeat=len(pairs)):
            nxt = [pair[p] for pair, p in zip(pairs, picks)]
            lost = {(r, i): pair[1 - p] for i, (pair, p) in enumerate(zip(pairs, picks))}
            go(nxt, r + 1, losers | lost, met | {frozenset(pair) for pair in pairs})

    go(lines, 1, {}, set())
    return out


@functools.cache
def _first_rematch_by_outcomes(k: int) -> int:
    """Every WB result; with it fixed the LB is a tree whose sides can each hold any team
    dropped below them, so a rematch is possible there iff two that met are on opposite sides."""
    size = 1 << k
    br = d.build([f"t{i}" for i in range(size)])
    lb = [j for j in br.jogos if j.id[0] == "L"]
    first = 2 * k
    for losers, met in _wb_outcomes(list(range(size))):
        beaten = [0] * size
        for pair in met:
            x, y = pair
            beaten[x] |= 1 << y
            beaten[y] |= 1 << x
        below: dict[d.JogoId, int] = {}
        for jogo in lb:
            a, b = (
                1 << losers[f.jogo[1:]] if f.jogo[0] == "W" else below[f.jogo]
                for f in (jogo.a, jogo.b)
                if f.jogo is not None
            )
            below[jogo.id] = a | b
            if jogo.id[1] < first and any(a >> x & 1 and beaten[x] & b for x in range(size)):
                first = jogo.id[1]
    return first


@functools.cache
def _first_rematch_by_play(k: int) -> int:
    """Every result of every jogo, played through :func:`play`, up to the grand final."""
    br = d.build([f"t{i}" for i in range(1 << k)])
    first = 2 * k

    def go(won: Winners, met: frozenset[frozenset[str]]) -> None:
        nonlocal first
        p = d.play(br, won)
        open_ = [j for j in p.playable if j[0] != "GF"]
        if not open_:
            return
        s = p.state(open_[0])
        assert s is not None
        pair = frozenset((str(s.a), str(s.b)))
        if s.id[0] == "L" and pair in met:
            first = min(first, s.id[1])
        for w in (str(s.a), str(s.b)):
            go(won | {s.id: w}, met | {pair})

    go({}, frozenset())
    return first


def test_first_rematch_by_brute_force() -> None:
    assert _first_rematch_by_play(2) == d.FIRST_REMATCH[2] == 2
    assert _first_rematch_by_play(3) == d.FIRST_REMATCH[3] == 3
    assert _first_rematch_by_outcomes(3) == 3
    assert _first_rematch_by_outcomes(4) == d.FIRST_REMATCH[4] == 4


def _wb_inside(j: tuple[int, int], r: tuple[int, int]) -> bool:
    return j[0] < r[0] and j[1] >> (r[0] - j[0]) == r[1]


def _profile(k: int, masks: tuple[int, ...]) -> list[int]:
    """Per LB rodada, the pairs of WB jogos (j inside r) whose losers can meet there."""
    size = 1 << k
    reach: dict[tuple[int, int], set[tuple[int, int]]] = {}
    counts = [0] * (2 * k - 2)

    def meet(t: int, i: int, a: set[tuple[int, int]], b: set[tuple[int, int]]) -> None:
        reach[(t, i)] = a | b
        counts[t - 1] += sum(_wb_inside(x, y) or _wb_inside(y, x) for x in a for y in b)

    for i in range(size >> 2):
        meet(1, i, {(1, 2 * i)}, {(1, 2 * i + 1)})
    for r in range(2, k + 1):
        for i in range(size >> r):
            meet(2 * r - 2, i, reach[(2 * r - 3, i)], {(r, i ^ (masks[r - 2] if r < k else 0))})
        for i in range(size >> (r + 1)) if r < k else ():
            meet(2 * r - 1, i, reach[(2 * r - 2, 2 * i)], reach[(2 * r - 2, 2 * i + 1)])
    return counts


def _first(counts: list[int]) -> int:
    return next(t for t, c in enumerate(counts, start=1) if c)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_drop_masks_are_the_best_xor_orders(k: int) -> None:
    every = itertools.product(*(range(1 << (k - r)) for r in range(2, k)))
    best = min((_profile(k, masks), masks) for masks in every)
    assert best[1] == d.DROP_MASKS[k] and _first(best[0]) == d.FIRST_REMATCH[k]
    reverse = tuple((1 << (k - r)) - 1 for r in range(2, k))
    assert _first(_profile(k, reverse)) == min(4, d.FIRST_REMATCH[k])


def test_profile_agrees_with_brute_force() -> None:
    assert _first(_profile(3, d.DROP_MASKS[3])) == _first_rematch_by_play(3)
    assert _first(_profile(4, d.DROP_MASKS[4])) == _first_rematch_by_outcomes(4)
    assert _first(_profile(3, (0,))) == 2  # slot order: a rematch in LB 2 already


@pytest.mark.parametrize("k", range(2, 9))
def test_one_rematch_rodada_per_pair_of_wb_rodadas(k: int) -> None:
    """Where the loser of WB j meets the loser of WB r (the team that beat it): the rodada
    the docstring gives, the same for every slot."""
    br = d.build([f"t{i}" for i in range(1 << k)])
    path: dict[tuple[int, int], list[d.JogoId]] = {}
    for jogo in br.jogos:
        if jogo.id[0] == "W" and jogo.loser_to is not None:
            at: d.Dest | None = jogo.loser_to
            path[jogo.id[1:]] = []
            while at is not None and at[0][0] == "L":
                path[jogo.id[1:]].append(at[0])
                at = br.jogo(at[0]).winner_to
    mask = {j: d.drop_mask(k, j) for j in range(1, k + 1)}
    for (rj, sj), (rr, sr) in itertools.product(path, path):
        if not _wb_inside((rj, sj), (rr, sr)):
            continue
        meeting = next(x for x in path[(rj, sj)] if x in path[(rr, sr)])
        top, other = mask[rj] >> (rr - rj), mask[rr]
        if top == other:
            assert meeting[1] == 2 * rr - 2
        else:
            width = k - rr
            p = width - (top ^ other).bit_length()
            assert meeting[1] == 2 * (k - p) - 3


@pytest.mark.parametrize("n", [3, 4, 7, 8, 9, 16, 33, 64, 65, 128, 256])
def test_favourites_rematches(n: int) -> None:
    br = d.build(seeds(n))
    p = d.play(br, run(br, favourite))
    met: set[frozenset[str]] = set()
    again: list[tuple[int, set[str]]] = []
    final = 2 * br.rounds - 2
    for s in p.jogos:
        if s.winner is None:
            continue
        pair = frozenset((str(s.a), str(s.b)))
        if s.id[0] == "L" and pair in met:
            again.append((final - s.id[1], set(pair)))
        met.add(pair)
    expected = [(0, {"s2", "s3"})]
    if br.size >= 16:
        expected += [(2, {"s3", "s6"}), (2, {"s4", "s5"})]
    if br.size >= 128:
        expected += [(4, {"s5", "s12"}), (4, {"s6", "s11"}), (4, {"s7", "s10"}), (4, {"s8", "s9"})]
    assert sorted(again, key=lambda x: (x[0], sorted(x[1]))) == sorted(
        expected, key=lambda x: (x[0], sorted(x[1]))
    )
    assert standard_lines(seeds(n)) == list(br.lines)


# --- properties -------------------------------------------------------------------------
