"""Standings on PostgreSQL: time and queries against fetching the raw results.

Run: ``.venv/bin/python bench/standings.py`` (DATABASE_URL defaults to this machine's
PostgreSQL, database ``tenteio_bench``, created and migrated if missing). It loads,
once, a 1,024-team Truco Cego tournament (128 chaves of 8, 3,584 homologated jogos,
W.O.s, and ties that reach head-to-head and sorteio) through the interchange service,
then prints the first computation in the process, and, best of several runs: the
standings of the whole tournament and of one chave, the time to fetch the same
homologated results, their ratio, and the query counts (which must not depend on the
size). The standings read the contributions stored when each súmula was written
(``scoring.MatchContribution``); nothing is kept between computations.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.event import best, kept_database  # noqa: E402  (after the path is set)

SLUG = "bench-1024"


def main() -> int:
    kept_database("tenteio_bench")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.generate import tournament_document
    from interchange.load import load_tournament
    from scoring.models import ScoreSheet
    from standings.selectors import tournament_standings
    from tournaments.models import Match, Tournament

    t = Tournament.objects.filter(slug=SLUG).first()
    if t is None:
        started = time.perf_counter()
        doc = tournament_document(
            "truco-cego-trio", groups=128, size=8, seed=1024, played=1.0, walkovers=0.01, ties=0.3, slug=SLUG
        )
        t = load_tournament(doc).tournament
        print(f"loaded {SLUG} through the interchange service in {time.perf_counter() - started:.1f} s")
    group = t.stages.get().groups.order_by("order").first()
    assert group is not None

    def fetch_all() -> object:
        return list(
            ScoreSheet.objects.filter(
                match__stage__tournament=t, confirmed=True, status="homologated"
            ).values_list("match_id", "result")
        )

    def fetch_one() -> object:
        return list(
            ScoreSheet.objects.filter(match__group=group, confirmed=True, status="homologated").values_list(
                "match_id", "result"
            )
        )

    def all_standings() -> object:
        return tournament_standings(t, include_provisional=False)

    def one_standings() -> object:
        return tournament_standings(t, include_provisional=False, group_name=group.name)

    def queries(fn: Callable[[], object]) -> int:
        with CaptureQueriesContext(connection) as ctx:
            fn()
        return len(ctx.captured_queries)

    # Nothing is remembered between computations (no súmula is judged at read time: the
    # contributions were stored at the write), so the first one in the process is timed
    # alone too: it should cost what the later ones do.
    started = time.perf_counter()
    tables = all_standings()
    cold = time.perf_counter() - started
    chaves = sum(len(st.groups) for st in tables)
    h2h = sum(
        1
        for st in tables
        for g in st.groups
        for s in g.standings.separations
        if s.criterion is not None and s.criterion.value == "head_to_head"
    )
    lots = sum(
        1
        for st in tables
        for g in st.groups
        for s in g.standings.separations
        if s.criterion is not None and s.criterion.value == "lots"
    )
    pending = sum(1 for st in tables for g in st.groups if g.pending_lots)
    print(
        f"python {platform.python_version()}, {platform.machine()}, cpus={os.cpu_count()}, "
        f"PostgreSQL {connection.cursor().connection.info.server_version}"
    )
    jogos = Match.objects.filter(stage__tournament=t).count()
    print(f"tournament: {t.teams.count()} teams, {chaves} chaves, {jogos} jogos")
    print(f"separations by head-to-head: {h2h}, by sorteio: {lots}; chaves with a pending sorteio: {pending}")
    print(
        f"whole tournament, first computation in this process: {cold * 1000:.1f} ms "
        f"({cold / best(fetch_all):.2f}× the raw fetch)"
    )
    for label, stand, fetch in (
        ("whole tournament", all_standings, fetch_all),
        ("one chave", one_standings, fetch_one),
    ):
        s_time, f_time = best(stand), best(fetch)
        print(
            f"{label:>16}: standings {s_time * 1000:8.1f} ms ({queries(stand)} queries) | raw fetch "
            f"{f_time * 1000:7.1f} ms ({queries(fetch)} query) | ratio {s_time / f_time:5.2f}× (target ≤ 3×)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
