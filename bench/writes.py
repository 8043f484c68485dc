"""What one judge's or organizer's write costs, request by request: the deterministic
counterpart of bench/rodada.py, whose latencies a shared machine's noise swamps.

Run: ``.venv/bin/python bench/writes.py`` (PostgreSQL, Redis); ``--mesas 15`` (default),
``--profile "judge POST súmula"`` adds a cProfile of that kind of request;
``--circuit`` makes the event an etapa of a circuit first, so that each homologation
also reads the etapa's 512 placings again after its commit, in the organizer's request
(``circuits.services.placings``), as it does for a circuit's etapa. It
(re)creates the database ``tenteio_writes`` with bench/rodada.py's event (512 teams,
rodada 1 homologated), then plays the mesas of rodada 2 one after the other through
Django's test client with the production settings, as bench/rodada.py's people do: the
judge GETs the entry page and POSTs the súmula, both capatazes sign on paper, an
organizer GETs the súmula's page and POSTs its homologation. Prints, for each kind of
request, its SQL queries (``CaptureQueriesContext``; BEGIN, COMMIT and savepoints
count) and the medians of its CPU time and wall time (the first mesa left out: it
fills the process's caches).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import rodada  # noqa: E402
from bench.openloop import TOKEN, form_fields  # noqa: E402

ENV = rodada.ENV | {
    "ALLOWED_HOSTS": "testserver",
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tenteio_writes"),
    "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/13"),
}
KINDS = ("judge POST súmula", "signature", "organizer POST homologate")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mesas", type=int, default=15)
    parser.add_argument("--profile", choices=KINDS, help="cProfile this kind of request")
    parser.add_argument("--circuit", action="store_true", help="the event is an etapa of a circuit")
    args = parser.parse_args()
    rodada.ENV.update(ENV)  # prepare() sets Django up with these
    event = rodada.prepare(128, 4)
    if args.circuit:
        in_a_circuit()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    seen: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    profile = cProfile.Profile()

    def measure(kind: str, client: Client, path: str, data: dict[str, str]) -> None:
        with CaptureQueriesContext(connection) as queries:
            if kind == args.profile:
                profile.enable()
            cpu, wall = time.process_time(), time.perf_counter()
            answer = client.post(path, data)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            if kind == args.profile:
                profile.disable()
        if answer.status_code != 303:
            raise SystemExit(f"{kind}: answered {answer.status_code}")
        seen[kind].append((len(queries), cpu, wall))

    def person(session: str) -> Client:
        client = Client(HTTP_X_FORWARDED_PROTO="https")
        client.cookies["sessionid"] = session
        return client

    organizers = [person(s) for s in event["organizers"]]
    for i, (pk, _a, _b) in enumerate(event["matches"][: args.mesas]):
        judge, organizer = person(event["judges"][i]), organizers[i % len(organizers)]
        page = f"/juiz/{rodada.SLUG}/jogo/{pk}/"
        form = form_fields(judge.get(page).content, "sumula-form")
        form |= {"outcome": "played", "g1_a": "24", "g1_b": "13", "g2_a": "24", "g2_b": "20"}
        measure(KINDS[0], judge, page, form | {"action": "submit"})
        for side in "ab":
            found = TOKEN.search(judge.get(page).content)
            assert found is not None
            signature = {"csrfmiddlewaretoken": found.group(1).decode(), "team": side, "version": "1"}
            measure(KINDS[1], judge, page + "assinar/", signature | {"method": "paper"})
        history = f"/t/{rodada.SLUG}/sumulas/{pk}/"
        form = form_fields(organizer.get(history).content, None, action_contains="homologar")
        measure(KINDS[2], organizer, history + "homologar/", form)
    etapa = ", an etapa of a circuit" if args.circuit else ""
    print(f"{args.mesas} mesas of a 512-team event{etapa}, production settings, Django's test client")
    print(f"{'request kind':26} {'queries':>9} {'CPU ms':>8} {'wall ms':>8}")
    for kind in KINDS:
        rows = seen[kind][1:] if len(seen[kind]) > 2 else seen[kind]
        counts = sorted({n for n, _cpu, _wall in seen[kind]})
        cpu = statistics.median(r[1] for r in rows) * 1000
        wall = statistics.median(r[2] for r in rows) * 1000
        print(f"{kind:26} {'/'.join(map(str, counts)):>9} {cpu:8.1f} {wall:8.1f}")
    if args.profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    return 0


def in_a_circuit() -> None:
    """The event as the one etapa of a new circuit, created by a superuser."""
    from django.contrib.auth import get_user_model

    from circuits.services.circuits import circuit_create, circuit_etapa_add
    from tournaments.models import Tournament

    user = get_user_model().objects.create_superuser("bench-circuit", password=None)
    circuit = circuit_create(name="Circuito do bench", slug="bench-circuito", user=user)
    circuit_etapa_add(circuit=circuit, tournament=Tournament.objects.get(slug=rodada.SLUG), user=user)


if __name__ == "__main__":
    raise SystemExit(main())
