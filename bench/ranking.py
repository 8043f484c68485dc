"""Benchmark: ranking every chave versus merely summing its counters.

Run from the project root: ``.venv/bin/python bench/ranking.py [--chaves N] [--repeat R]``.
Imports only ``rules`` and the standard library.

A seeded tournament of 128 chaves × 8 teams, single round robin (28 jogos per chave,
3,584 jogos), best-of-3 partidas to 24 with the 2–0 sweep credit (3 P, 72 T).
One chave in four plays every jogo with the same 2–1 score, so teams level on wins
are level on everything: their ties reach head-to-head and, through circular
results, lots; half of those chaves have a recorded sorteio. Target: ranking takes
at most 5× the summing pass.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

from rules.ranking import DEFAULT_PRECEDENCE, GroupStandings, rank_group, sum_counters  # noqa: E402
from rules.types import Counters, Criterion, RankedMatch  # noqa: E402

TARGET = 24
Chave = tuple[list[str], list[RankedMatch], list[list[str]]]


def _loser_points(rng: random.Random) -> int:
    # Most partidas are close-ish; a few are routs.
    return min(TARGET - 1, max(0, int(rng.triangular(0, TARGET, 18))))


def _jogo(rng: random.Random, a: str, b: str, fixed: bool) -> RankedMatch:
    a_wins = rng.random() < 0.5
    if fixed:  # identical 2–1 for every jogo: counters depend on wins only
        games = [(24, 20), (20, 24), (24, 20)] if a_wins else [(20, 24), (24, 20), (20, 24)]
    elif rng.random() < 0.55:  # a 2–0 sweep
        games = [(TARGET, _loser_points(rng)) for _ in range(2)]
        games = games if a_wins else [(y, x) for x, y in games]
    else:  # 2–1: the loser takes one partida (first or second)
        won = [(TARGET, _loser_points(rng)) for _ in range(2)]
        lost = (_loser_points(rng), TARGET)
        order = [lost, *won] if rng.random() < 0.5 else [won[0], lost, won[1]]
        games = order if a_wins else [(y, x) for x, y in order]
    pa, pb = sum(x for x, _ in games), sum(y for _, y in games)
    ga = sum(1 for x, y in games if x > y)
    gb = len(games) - ga
    if len(games) == 2:  # sweep credit (docs/rules.md §3.1)
        if a_wins:
            ga, pa = 3, 3 * TARGET
        else:
            gb, pb = 3, 3 * TARGET
    ca = Counters(1, int(a_wins), int(not a_wins), ga, gb, pa, pb)
    cb = Counters(1, int(not a_wins), int(a_wins), gb, ga, pb, pa)
    return RankedMatch(a, b, ca, cb, a if a_wins else b, tuple(games))


def generate(chaves: int = 128, size: int = 8, seed: int = 2026) -> list[Chave]:
    rng = random.Random(seed)
    out: list[Chave] = []
    for g in range(chaves):
        teams = [f"g{g:03d}t{k}" for k in range(size)]
        fixed = g % 4 == 0
        matches = [_jogo(rng, a, b, fixed) for a, b in combinations(teams, 2)]
        rng.shuffle(matches)
        lots = [rng.sample(teams, len(teams))] if fixed and g % 8 == 0 else []
        out.append((teams, matches, lots))
    return out


def sum_pass(data: Sequence[Chave]) -> int:
    """Baseline: every team's totals per chave, the way a caller naturally adds them."""
    n = 0
    for teams, matches, _ in data:
        totals = dict.fromkeys(teams, Counters())
        for m in matches:
            totals[m.team_a] = totals[m.team_a] + m.counters_a
            totals[m.team_b] = totals[m.team_b] + m.counters_b
        n += len(totals)
    return n


def fast_sum_pass(data: Sequence[Chave]) -> int:
    """A stricter baseline: the int-accumulating sum that rank_group itself uses."""
    return sum(len(sum_counters(teams, matches)) for teams, matches, _ in data)


def rank_pass(data: Sequence[Chave]) -> list[GroupStandings]:
    return [rank_group(t, m, tiebreakers=DEFAULT_PRECEDENCE, lots=lots) for t, m, lots in data]


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def best_of(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--chaves", type=int, default=128)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args(argv)
    data = generate(args.chaves)
    jogos = sum(len(m) for _, m, _ in data)
    standings = rank_pass(data)
    h2h = sum(1 for s in standings if any(x.criterion is Criterion.HEAD_TO_HEAD for x in s.separations))
    lots = sum(1 for s in standings if any(x.criterion is Criterion.LOTS for x in s.separations))
    pending = sum(1 for s in standings if s.pending_lots)
    t_sum = best_of(lambda: sum_pass(data), args.repeat)
    t_fast = best_of(lambda: fast_sum_pass(data), args.repeat)
    t_rank = best_of(lambda: rank_pass(data), args.repeat)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.platform()}")
    print(f"cpu: {cpu_name()}, os.cpu_count()={os.cpu_count()}")
    print(f"chaves: {len(data)} × {len(data[0][0])} teams, jogos: {jogos}, best of {args.repeat}")
    print(f"chaves with a head-to-head decision: {h2h}, decided by lots: {lots}, pending lots: {pending}")
    print(f"(a) sum counters:  {t_sum * 1000:8.2f} ms")
    print(f"(a') sum_counters: {t_fast * 1000:8.2f} ms  (int accumulation, stricter baseline)")
    print(f"(b) rank_group:    {t_rank * 1000:8.2f} ms  ({t_rank / len(data) * 1e6:.1f} µs per chave)")
    ratio = t_rank / t_sum
    print(f"ratio (b)/(a):     {ratio:8.2f}×  (target ≤ 5×: {'met' if ratio <= 5 else 'NOT met'})")
    print(f"ratio (b)/(a'):    {t_rank / t_fast:8.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
