"""A Swiss rodada of 1,024 teams on PostgreSQL: pairing and standings against the raw fetch.

Run: ``.venv/bin/python bench/swiss.py`` (DATABASE_URL defaults to this machine's
PostgreSQL, database ``tenteio_bench``, created and migrated if missing). Once, it
builds a 1,024-dupla Truco Cego duplas Swiss phase through the services
(``standings.swiss``): each of rodadas 1–7 paired, then its 512 jogos sent, signed and
homologated through the scoring workflow, the better seed winning most jogos. Then the
Swiss classificação (``tournament_standings``: Buchholz, corte 1, Sonneborn-Berger, the
folgas) and the pairing of rodada 8 (``swiss_pair_next``, rolled back each time), each
run in turn with the fetch of the same homologated results (so a busy machine slows
both alike), best of 7 each, with their ratio (target ≤ 3×) and queries; then the
pairing's parts: what it reads (``swiss_inputs``) and the pure pairing
(``rules.swiss.pair_round``), the rest being its writes.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.event import best, kept_database  # noqa: E402  (after the path is set)

SLUG = "bench-swiss-1024"
ROUNDS = 7


def build() -> Any:
    from django.contrib.auth import get_user_model

    from bench.generate import tournament_document
    from interchange.load import load_tournament
    from scoring.services.entry import EntryData
    from scoring.services.signing import sheet_sign
    from scoring.services.workflow import sheet_homologate, sheet_save
    from standings.swiss import swiss_pair_next, swiss_start
    from tournaments.models import Match, Membership

    doc = tournament_document("truco-cego-dupla", groups=1, size=1024, seed=8, slug=SLUG)
    for key in ("stages", "matches", "lots"):
        doc.pop(key, None)
    doc["tournament"]["stage_plan"] = "groups"
    t = load_tournament(doc).tournament
    org, _ = get_user_model().objects.get_or_create(username="bench-swiss-org")
    Membership.objects.create(tournament=t, user=org, role="organizer")
    stage = swiss_start(tournament=t, user=org, rounds=ROUNDS + 1)
    rng = random.Random(1024)
    for number in range(1, ROUNDS + 1):
        started = time.perf_counter()
        swiss_pair_next(stage=stage, user=org)
        for m in Match.objects.filter(stage=stage, round=number).select_related(
            "team_a", "team_b", "stage__tournament"
        ):
            a_wins = (m.team_a.order < m.team_b.order) == (rng.random() < 0.7)
            loser = rng.randrange(0, 17)
            games = (
                [[18, loser], [18, rng.randrange(0, 17)]]
                if a_wins
                else [[loser, 18], [rng.randrange(0, 17), 18]]
            )
            sheet = sheet_save(
                match=m, user=org, data=EntryData(result={"games": games}), base_version=0, submit=True
            )
            for team in (m.team_a, m.team_b):
                sheet = sheet_sign(match=m, user=org, team=team, version=sheet.version)
            sheet_homologate(match=m, user=org, version=sheet.version)
        print(f"rodada {number} paired and homologated in {time.perf_counter() - started:.1f} s", flush=True)
    return t


def main() -> int:
    kept_database("tenteio_bench")
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from scoring.models import ScoreSheet
    from standings.selectors import tournament_standings
    from standings.swiss import _pair, swiss_inputs, swiss_pair_next
    from tournaments.models import Match, Tournament

    t = Tournament.objects.filter(slug=SLUG).first()
    if t is None:
        started = time.perf_counter()
        t = build()
        print(f"built {SLUG} through the services in {time.perf_counter() - started:.0f} s")
    assert isinstance(t, Tournament)
    stage = t.stages.get()

    def fetch() -> object:
        return list(
            ScoreSheet.objects.filter(
                match__stage__tournament=t, confirmed=True, status="homologated"
            ).values_list("match_id", "result")
        )

    def standings() -> object:
        return tournament_standings(t)

    def pair() -> object:
        with transaction.atomic():
            draw = swiss_pair_next(stage=stage, user=None)
            transaction.set_rollback(True)
        return draw

    table = tournament_standings(t)[0].groups[0]
    swiss = {"buchholz", "buchholz_cut1", "sonneborn_berger"}
    by_swiss = sum(
        1 for s in table.standings.separations if s.criterion is not None and s.criterion.value in swiss
    )
    print(
        f"python {platform.python_version()}, {platform.machine()}, cpus={os.cpu_count()}, "
        f"PostgreSQL {connection.cursor().connection.info.server_version}"
    )
    jogos = Match.objects.filter(stage=stage).count()
    print(f"tournament: {t.teams.count()} duplas, {jogos} jogos in {ROUNDS} rodadas; "
          f"rows separated by a Swiss criterion: {by_swiss}")  # fmt: skip
    times = []
    for label, fn in (("classificação", standings), ("pair rodada 8", pair)):
        s_time, f_time = in_turn(fn, fetch)
        times.append(s_time)
        with CaptureQueriesContext(connection) as queries:
            fn()
        print(
            f"{label:>14}: {s_time * 1000:8.1f} ms | raw fetch {f_time * 1000:7.1f} ms | "
            f"ratio {s_time / f_time:5.2f}× (target ≤ 3×) | {len(queries)} queries"
        )
    # The pairing reads the classificação first: how much it costs beyond that read.
    print(f"  the pairing is {times[1] / times[0]:.2f}× the classificação")
    inputs = swiss_inputs(stage)
    print(
        f"  of the pairing: its reads {best(lambda: swiss_inputs(stage), 7) * 1000:.1f} ms, "
        f"the pure pairing {best(lambda: _pair(inputs, '1'), 7) * 1000:.1f} ms"
    )
    return 0


def in_turn(read: Callable[[], object], fetch: Callable[[], object], rounds: int = 7) -> tuple[float, float]:
    """The best time of ``read`` and of ``fetch``, run one after the other ``rounds`` times."""
    reads, fetches = [], []
    for _ in range(rounds):
        reads.append(best(read, repeat=1))
        fetches.append(best(fetch, repeat=1))
    return min(reads), min(fetches)


if __name__ == "__main__":
    raise SystemExit(main())
