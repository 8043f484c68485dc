"""A circuit of 20 etapas of 512 teams each on PostgreSQL: its rankings against fetching the
placings they are made of.

Run: ``.venv/bin/python bench/circuit.py [--thawed] [--count=WHAT:N]`` (DATABASE_URL
defaults to this machine's PostgreSQL, database ``tenteio_bench_circuit``, created and
migrated if missing). It writes, once, 20 tournaments of 512 teams (3 players each, 64
entities), each etapa's final placings as a mata-mata of 512 places them (1, 2, 3, 4,
5×4, 9×8 … 257×256) with a different draw per etapa, the 512 team names linked across
the etapas (one circuit team each), and every player linked to a person. Then, best of
several runs: the raw fetch of the placings with their teams and entities (and of the
players of those teams), each ranking (teams, players, entities) and the three from one
reading, their ratio to the fetch of what they read, and the query counts (which must not
grow with the etapas). Each ranking and its fetch are run in turn, so that a machine
busier for a moment weighs on both. The placings are current (kept with the tournaments'
revision), as they are between two homologations.

The process is measured as a web worker runs: once Django and the project are imported,
what they made is frozen out of the garbage collector's reach, as
``config/gunicorn.conf.py`` does in every gunicorn worker (``--thawed`` measures without:
then each full collection a ranking's objects set off scans every module's objects too).

``--count=WHAT:N`` (WHAT one of fetch, fetch-players, teams, entities, players, three)
only runs that read N times, for an instruction count that does not move with the
machine's load: the difference between N=3 and N=1 under ``valgrind --tool=callgrind``
with ``PYTHONHASHSEED=0``, halved, is one call (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import gc
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.event import best, kept_database  # noqa: E402  (after the path is set)

SLUG = "bench-circuit"
ETAPAS, TEAMS = 20, 512


def knockout_positions(n: int) -> list[int]:
    """The final positions of a mata-mata of ``n`` (a power of 2): 1, 2, 3, 4, 5×4, 9×8…"""
    out, size = [1, 2, 3, 4], 4
    while len(out) < n:
        out += [size + 1] * size
        size *= 2
    return out[:n]


def build() -> None:
    from django.contrib.auth.models import User
    from django.db import transaction

    from circuits.models import (
        Circuit,
        CircuitEtapa,
        CircuitPlayer,
        CircuitTeam,
        EtapaPlacing,
        PlayerLink,
        TeamLink,
    )
    from tournaments.models import Entity, Player, Team, Tournament

    rng = random.Random(20)
    positions = knockout_positions(TEAMS)
    with transaction.atomic():
        owner, _ = User.objects.get_or_create(username="bench", defaults={"is_superuser": True})
        circuit = Circuit.objects.create(name="Circuito de bancada", slug=SLUG, owner=owner)
        names = [f"Equipe {i:03d}" for i in range(TEAMS)]
        circuit_teams = CircuitTeam.objects.bulk_create([CircuitTeam(circuit=circuit, name=n) for n in names])
        people = CircuitPlayer.objects.bulk_create(
            [CircuitPlayer(circuit=circuit, name=f"{n} jogador {k}") for n in names for k in range(3)]
        )
        for e in range(ETAPAS):
            t = Tournament.objects.create(
                name=f"Etapa {e + 1}", slug=f"{SLUG}-{e + 1}", modality="truco-cego-trio"
            )
            entities = Entity.objects.bulk_create(
                [Entity(tournament=t, name=f"CTG {k:02d}") for k in range(64)]
            )
            teams = Team.objects.bulk_create(
                [
                    Team(tournament=t, key=f"t{i}", name=n, entity=entities[i % 64], order=i)
                    for i, n in enumerate(names)
                ]
            )
            players = Player.objects.bulk_create(
                [
                    Player(team=team, name=f"{team.name} jogador {k}", order=k)
                    for team in teams
                    for k in range(3)
                ]
            )
            etapa = CircuitEtapa.objects.create(
                circuit=circuit, tournament=t, order=e + 1, placings_revision=0, placings_complete=True
            )
            drawn = list(teams)
            rng.shuffle(drawn)
            EtapaPlacing.objects.bulk_create(
                [
                    EtapaPlacing(etapa=etapa, team=team, position=p, shared=positions.count(p) > 1)
                    for team, p in zip(drawn, positions, strict=True)
                ]
            )
            TeamLink.objects.bulk_create(
                [
                    TeamLink(circuit_team=ct, etapa=etapa, team=team)
                    for ct, team in zip(circuit_teams, teams, strict=True)
                ]
            )
            PlayerLink.objects.bulk_create(
                [
                    PlayerLink(circuit=circuit, person=p, player=pl)
                    for p, pl in zip(people, players, strict=True)
                ]
            )


def main() -> int:
    kept_database("tenteio_bench_circuit")
    frozen = "--thawed" not in sys.argv[1:]
    count = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--count=")), None)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from circuits.models import Circuit, EtapaPlacing
    from circuits.selectors import circuit_ranking, circuit_rankings
    from tournaments.models import Player

    circuit = Circuit.objects.filter(slug=SLUG).first()
    if circuit is None:
        started = time.perf_counter()
        build()
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # autovacuum is off here: no planner statistics otherwise
        circuit = Circuit.objects.get(slug=SLUG)
        print(f"wrote {ETAPAS} etapas of {TEAMS} teams in {time.perf_counter() - started:.1f} s")

    def fetch() -> object:
        return list(
            EtapaPlacing.objects.filter(etapa__circuit=circuit).values_list(
                "etapa_id", "team_id", "position", "team__name", "team__entity__name"
            )
        )

    def fetch_with_players() -> object:
        fetch()
        placed = EtapaPlacing.objects.filter(etapa__circuit=circuit).values("team_id")
        return list(Player.objects.filter(team_id__in=placed).values_list("pk", "name", "team_id"))

    reads: dict[str, Callable[[], object]] = {
        "fetch": fetch,
        "fetch-players": fetch_with_players,
        "teams": lambda: circuit_ranking(circuit, "teams"),
        "entities": lambda: circuit_ranking(circuit, "entities"),
        "players": lambda: circuit_ranking(circuit, "players"),
        "three": lambda: circuit_rankings(circuit),
    }
    if count is not None:
        what, times = count.split(":")
        reads[what]()  # once before, as in a worker that has served one
    if frozen:
        gc.collect()
        gc.freeze()  # as config/gunicorn.conf.py's post_worker_init
    if count is not None:
        for _ in range(int(times)):
            reads[what]()
        return 0
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus")
    print("imports frozen, as in a gunicorn worker" if frozen else "imports not frozen (--thawed)")
    placed = EtapaPlacing.objects.filter(etapa__circuit=circuit).count()
    print(f"{ETAPAS} etapas × {TEAMS} teams, {placed} placings")
    print(f"raw fetch of the placings              {best(fetch) * 1000:8.1f} ms")
    print(f"raw fetch of the placings and players  {best(fetch_with_players) * 1000:8.1f} ms")
    for name, read, fetched in (
        ("teams", reads["teams"], fetch),
        ("entities", reads["entities"], fetch),
        ("players", reads["players"], fetch_with_players),
        ("all three", reads["three"], fetch_with_players),
    ):
        took, base = in_turn(read, fetched)
        with CaptureQueriesContext(connection) as queries:
            read()
        print(
            f"ranking {name:<10} {took * 1000:8.1f} ms  {took / base:5.2f}× its fetch "
            f"({base * 1000:.1f} ms)  {len(queries)} queries"
        )
    return 0


def in_turn(read: Callable[[], object], fetch: Callable[[], object], rounds: int = 5) -> tuple[float, float]:
    """The best time of ``read`` and of ``fetch``, run one after the other ``rounds`` times."""
    reads, fetches = [], []
    for _ in range(rounds):
        reads.append(best(read, repeat=1))
        fetches.append(best(fetch, repeat=1))
    return min(reads), min(fetches)


if __name__ == "__main__":
    sys.exit(main())
