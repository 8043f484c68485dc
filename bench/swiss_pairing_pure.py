"""Benchmark: pairing one Swiss rodada of a large event, rules engine alone.

Run from the project root: ``.venv/bin/python bench/swiss_pairing_pure.py [--teams N]
[--round R] [--entities E] [--repeat K]``. Imports only ``rules`` and the standard library.

A seeded event of 1,024 teams from 128 entities (CTGs) plays rodadas 1 to 7 with random
winners; then rodada 8 is paired K times (vitórias, then Buchholz corte 1, Buchholz and
Sonneborn-Berger as the sort key) and the best time printed, with the desempates'
own time. Target: ≤ 1 s per pairing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script

from bench.ranking import cpu_name  # noqa: E402
from rules.swiss import pair_round  # noqa: E402
from rules.swiss_tiebreaks import FinishedRound, Game, sort_keys, swiss_tiebreaks  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--teams", type=int, default=1024)
    parser.add_argument("--round", type=int, default=8, help="the rodada to time (earlier ones are played)")
    parser.add_argument("--entities", type=int, default=128, help="0: no entities")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    teams = [f"t{i:04d}" for i in range(args.teams)]
    entities = {t: f"CTG {rng.randrange(args.entities)}" if args.entities else None for t in teams}
    done: list[FinishedRound] = []
    for _ in range(args.round - 1):
        lines = swiss_tiebreaks(teams, done)
        scores = {t: line.wins for t, line in lines.items()}
        r = pair_round(teams, done, scores, sort_keys=sort_keys(lines), entities=entities, seed=args.seed)
        done.append(FinishedRound(tuple(Game(a, b, rng.choice((a, b))) for a, b in r.pairs), r.bye))

    t0 = time.perf_counter()
    lines = swiss_tiebreaks(teams, done)
    t_tiebreaks = time.perf_counter() - t0
    scores = {t: line.wins for t, line in lines.items()}
    keys = sort_keys(lines)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = pair_round(teams, done, scores, sort_keys=keys, entities=entities, seed=args.seed)
        times.append(time.perf_counter() - start)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.platform()}")
    print(f"cpu: {cpu_name()}, os.cpu_count()={os.cpu_count()}")
    entity_text = args.entities or "none"
    print(f"teams: {args.teams}, entities: {entity_text}, rodada {args.round}, best of {args.repeat}")
    print(f"desempates (swiss_tiebreaks): {t_tiebreaks * 1000:8.2f} ms")
    best = min(times)
    verdict = "met" if best <= 1 else "NOT met"
    print(f"pairing (pair_round):         {best * 1000:8.2f} ms  (target ≤ 1 s: {verdict})")
    print(f"jogos: {len(result.pairs)}, folga: {result.bye or '—'}, floaters: {len(result.floaters)}, "
          f"relaxed: {', '.join(result.relaxed) or 'nothing'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
