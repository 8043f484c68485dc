"""An open-loop model of a real rodada: 256 mesas finish over 10 minutes while 2,000
spectators keep public pages open. The gate of the event's load (bench/judges.py, a
closed loop of judges who never pause, stays as the stress figure).

Run: ``.venv/bin/python bench/rodada.py`` (PostgreSQL, Redis); ``--minutes 2 --scale
0.25`` for a short try. It (re)creates the database ``tenteio_rodada``, loads a Truco Cego
tournament of 512 teams (128 chaves of 4; rodada 1 played, the 256 jogos of rodada 2
not) through ``load_tournament``, adds one judge per mesa and a few organizers, signed in
beforehand (``bench.event.sessions``), and starts one gunicorn pool (production settings,
``config/gunicorn.conf.py``, ``WEB_CONCURRENCY`` × ``WEB_THREADS``; ``--nginx`` puts
nginx in front as docs/DEPLOY.md's reverse proxy with its microcache, bench/nginx.py,
and everybody goes through it as in production). Then, from two processes
(bench/openloop.py): each mesa's judge opens the entry page when its jogo ends, posts the
súmula, both capatazes sign on paper, and an organizer homologates it 20–60 s later, a
watcher timing until the public classificação JSON counts it; meanwhile every
spectator's tab polls ``revisao.json`` every second (``POLL_EVERY``, the public pages'
period) and reloads the page when the revision changed (static/js/live.js), and new
visitors arrive. The times come from
bench/rodada_model.py with ``--seed``.

Prints one table (p50/p95/p99/max by kind of request, from each request's scheduled
time), the offered and achieved rates, the load generator's and the server's CPU, the
load average before and after, and PASS/FAIL for each target; exits 1 when one fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import platform
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import httpclient, openloop  # noqa: E402
from bench import rodada_model as model  # noqa: E402
from bench.event import create_people, fresh_database, sessions  # noqa: E402
from bench.nginx import proxy  # noqa: E402
from bench.people import gunicorn, hardware, wait_ready  # noqa: E402

SLUG = "rodada"
RODADA = 2  # the rodada played during the run (rodada 1 is already homologated)
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "bench-rodada-" + "k" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tenteio_rodada"),
    "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7"),
    "SECURE_SSL_REDIRECT": "false",
    "DB_CONN_MAX_AGE": "600",
    "LOG_LEVEL": "WARNING",
}
STAFF = ("judge GET entry", "judge POST súmula", "signature", "organizer GET", "organizer POST homologate")
PUBLIC = ("revision poll", "page load")
TARGET = {kind: 0.5 for kind in STAFF} | {kind: 0.25 for kind in PUBLIC}
VISIBLE_WITHIN = 2.0


def prepare(chaves: int, organizers: int) -> dict[str, Any]:
    """The event, its people and what the load generator needs to know of it."""
    fresh_database(ENV)
    from bench.generate import tournament_document
    from interchange.load import load_tournament
    from tournaments.models import Match, Team

    doc = tournament_document(
        "truco-cego-trio", groups=chaves, size=4, seed=7, played=1.0, walkovers=0.0, slug=SLUG
    )
    for match in doc["matches"]:
        if match["round"] >= RODADA:
            match["result"] = None
    t = load_tournament(doc).tournament
    rodada = Match.objects.filter(stage__tournament=t, round=RODADA).select_related("team_a", "team_b")
    matches = [(m.pk, m.team_a.key, m.team_b.key) for m in rodada.order_by("pk")]
    judges = [f"juiz{i:03d}" for i in range(len(matches))]
    staff = [f"org{i:02d}" for i in range(organizers)]
    create_people(t, "bench-Senha-1", judges, staff)
    keys = sessions(judges + staff)
    return {
        "matches": matches,
        "judges": [keys[j] for j in judges],
        "organizers": [keys[o] for o in staff],
        "targets": {
            "classificacao": list(range(1, math.ceil(chaves / 16) + 1)),  # 16 chaves a page
            "team": list(Team.objects.filter(tournament=t).values_list("pk", flat=True)),
            "resultados": [RODADA],
        },
    }


def cpu_seconds(master: int) -> float:
    """CPU time of a gunicorn master's workers so far (from /proc; 0 where unreadable)."""
    total = 0.0
    try:
        with open(f"/proc/{master}/task/{master}/children") as f:
            children = f.read().split()
        for pid in children:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        pass
    return total


def run_crowd(
    base: str, crowd: list[model.Spectator], targets: dict[str, Any], t0: float, stop: Any, out: Any
) -> None:
    out.put(asyncio.run(openloop.crowd(base, crowd, SLUG, targets, t0, stop)))


def run_staff(
    base: str, plan: list[model.Mesa], event: dict[str, Any], played: dict[str, int], t0: float, out: Any
) -> None:
    out.put(
        asyncio.run(
            openloop.staff(
                base, SLUG, plan, event["matches"], event["judges"], event["organizers"], played, t0
            )
        )
    )


def database_check(count: int) -> list[str]:
    from scoring.models import ScoreSheet

    rows = list(
        ScoreSheet.objects.filter(match__stage__tournament__slug=SLUG, match__round=RODADA).values_list(
            "version", "confirmed", "status"
        )
    )
    wrong = [r for r in rows if r != (1, True, "homologated")]
    problems = [f"{len(wrong)} súmula(s) not homologated as version 1: {wrong[:5]}"] if wrong else []
    if len(rows) != count:
        problems.append(f"{len(rows)} súmulas in the database for {count} mesas")
    return problems


def ms(value: float) -> str:
    return "—" if math.isnan(value) else f"{value * 1000:.0f}"


def row(kind: str, stats: dict[str, float], rest: str, ok: bool) -> str:
    times = " ".join(f"{ms(stats[p]):>6}" for p in ("p50", "p95", "p99", "max"))
    return f"{kind:26} {stats['n']:7.0f} {times} {rest} {'PASS' if ok else 'FAIL'}"


def report(
    args: argparse.Namespace,
    pools: str,
    staff: dict[str, Any],
    crowd: dict[str, Any],
    mesas: int,
    spectators: int,
    rates: dict[str, float],
    server_cpu: float,
    load: tuple[Any, ...],
) -> int:
    checks: list[tuple[str, bool]] = []
    print(hardware())
    print(f"{pools}; production settings, PostgreSQL + Redis; Python {platform.python_version()}")
    print(
        f"model: {mesas} mesas over {args.minutes:g} min (seed {args.seed}, busiest minute "
        f"{model.peak_per_minute(model.mesas(mesas, args.minutes, args.organizers, args.seed))} mesas), "
        f"{args.organizers} organizers, {spectators} spectators, each tab on screen "
        f"{args.looking:.0%} of the time (looks of {model.LOOKING:g} s on average)"
    )
    header = " ".join(f"{h:>6}" for h in ("p50", "p95", "p99", "max"))
    print(f"{'request kind (ms)':26} {'n':>7} {header} {'5xx':>5} {'err':>5}  target")
    for kind in STAFF + PUBLIC:
        source = staff if kind in STAFF else crowd
        stats = model.summary(source["latency"].get(kind, []))
        fivexx = sum(n for (k, status), n in source["statuses"].items() if k == kind and status >= 500)
        errors = source["errors"].get(kind, 0)
        ok = stats["p99"] < TARGET[kind] and not fivexx and not errors and stats["n"] > 0
        checks.append((f"{kind}: p99 < {TARGET[kind] * 1000:.0f} ms, no 5xx or error", ok))
        print(row(kind, stats, f"{fivexx:5} {errors:5}  p99<{TARGET[kind] * 1000:.0f}", ok))
    delays = model.summary(staff["delays"])
    visible = bool(staff["delays"]) and delays["max"] < VISIBLE_WITHIN and len(staff["delays"]) == mesas
    checks.append((f"homologation → public JSON < {VISIBLE_WITHIN:g} s every time", visible))
    print(row("homologation → public", delays, f"{'':11}  max<{VISIBLE_WITHIN * 1000:.0f}", visible))
    wall = crowd["wall"]
    model_rate = rates["polls"] + rates["arrivals"] + rates["hand reloads"]
    counts = crowd["counts"]
    issued = sum(len(crowd["latency"].get(k, [])) + crowd["errors"].get(k, 0) for k in PUBLIC)
    print(
        f"spectators over {wall:.0f} s: model {model_rate:.0f} req/s (polls {rates['polls']:.0f}, arrivals "
        f"{rates['arrivals']:.1f}, hand reloads {rates['hand reloads']:.1f}) + live reloads (up to "
        f"{rates['live reloads (at most)']:.0f}); sent {issued / wall:.0f} req/s "
        f"(polls {len(crowd['latency'].get('revision poll', [])) / wall:.0f}, live reloads "
        f"{counts.get('live reloads', 0) / wall:.0f}, arrivals {counts.get('arrivals', 0) / wall:.1f}, "
        f"hand reloads {counts.get('hand reloads', 0) / wall:.1f}); still waiting for a connection "
        f"slot at the end (dropped): {counts.get('unsent at the end', 0)}"
    )
    polls = len(crowd["latency"].get("revision poll", [])) / wall
    lag = model.summary(crowd["lag"])
    print(
        f"load generator: spectators {crowd['cpu'] / wall:.2f} CPU, "
        f"staff {staff['cpu'] / staff['wall']:.2f} CPU; "
        f"start lag p50 {ms(lag['p50'])} ms, p99 {ms(lag['p99'])} ms, max {ms(lag['max'])} ms; "
        f"polls sent {polls / rates['polls']:.0%} of the model's; server {server_cpu / wall:.2f} CPU"
    )
    if lag["p99"] > 0.05:
        print(
            f"NOTE: requests were sent late (p99 lag > 50 ms), counted in the latencies above: with "
            f"the generator's CPU well under 1, that is waiting for one of its {httpclient.CONNECTIONS} "
            "connections, all open on requests the server had not answered yet"
        )
    print(
        f"statuses: staff {sorted(staff['statuses'].items())}; spectators {sorted(crowd['statuses'].items())}"
    )
    print(f"load average (1/5/15 min): start {load[0]}, end {load[1]}")
    problems = staff["problems"] + database_check(mesas)
    checks.append(
        (f"every súmula homologated once, no failed step ({len(problems)} problem(s))", not problems)
    )
    for p in problems[:10]:
        print("PROBLEM:", p)
    for name, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
    return 0 if all(ok for _, ok in checks) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10, help="length of the rodada's finishes (10)")
    parser.add_argument("--scale", type=float, default=1.0, help="teams, mesas and spectators × this (1)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--organizers", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=2000, help="before --scale (2000)")
    parser.add_argument(
        "--looking", type=float, default=0.2, help="share of the time a tab is on screen (0.2; 1: always)"
    )
    parser.add_argument("--nginx", action="store_true", help="everybody through nginx (docs/DEPLOY.md)")
    args = parser.parse_args()
    load_start = tuple(round(x, 2) for x in os.getloadavg())
    chaves = max(1, round(128 * args.scale))
    began = time.perf_counter()
    event = prepare(chaves, args.organizers)
    mesas = len(event["matches"])
    spectators = round(args.spectators * args.scale)
    print(f"prepared {chaves * 4} teams, {mesas} mesas in {time.perf_counter() - began:.0f} s", flush=True)
    workers, threads = os.environ.get("WEB_CONCURRENCY", "3"), os.environ.get("WEB_THREADS", "8")
    base, server = gunicorn(dict(os.environ, **ENV), workers, threads)
    servers = [server]
    procs: list[Any] = []
    pools = f"one gunicorn pool, {workers} workers × {threads} threads (gthread, config/gunicorn.conf.py)"
    stack = ExitStack()
    try:
        wait_ready(base + "/ping/")
        if args.nginx:
            base = stack.enter_context(proxy(base))
            pools += ", behind nginx with docs/DEPLOY.md's microcache"
        public = base
        with urllib.request.urlopen(f"{base}/t/{SLUG}/classificacao.json") as r:  # also warms it
            document = json.load(r)
        played = {r["team"]: r["played"] for s in document["stages"] for g in s["groups"] for r in g["rows"]}
        plan = model.mesas(mesas, args.minutes, args.organizers, args.seed)
        horizon = args.minutes * 60 + model.TYPING[1] + 2 * model.SIGN_GAP[1] + model.THINK[1] + 10
        crowd_plan = model.spectators(
            spectators, horizon, {k: len(v) for k, v in event["targets"].items()}, args.seed, args.looking
        )
        spawn = multiprocessing.get_context("spawn")
        stop, staff_out, crowd_out = spawn.Event(), spawn.Queue(), spawn.Queue()
        t0 = time.monotonic() + 8  # both processes started and their crowds built by then
        procs = [
            spawn.Process(target=run_crowd, args=(public, crowd_plan, event["targets"], t0, stop, crowd_out)),
            spawn.Process(target=run_staff, args=(base, plan, event, played, t0, staff_out)),
        ]
        for p in procs:
            p.start()
        time.sleep(max(0.0, t0 - time.monotonic()))
        cpu_before = sum(cpu_seconds(s.pid) for s in servers)
        print(f"the rodada starts: {mesas} mesas, {spectators} spectators", flush=True)
        staff = staff_out.get(timeout=args.minutes * 60 + 600)
        stop.set()
        server_cpu = sum(cpu_seconds(s.pid) for s in servers) - cpu_before
        crowd = crowd_out.get(timeout=httpclient.TIMEOUT + 60)  # the requests in flight end
        for p in procs:
            p.join(30)
    finally:
        for p in procs:
            if p.is_alive():  # the run failed: the generator's processes end with it
                p.terminate()
        stack.close()
        for s in servers:
            s.terminate()
        for s in servers:
            try:  # gunicorn lets requests in flight finish for up to graceful_timeout (30 s)
                s.wait(timeout=45)
            except subprocess.TimeoutExpired:
                s.kill()
                s.wait()
    load_end = tuple(round(x, 2) for x in os.getloadavg())
    rates = model.spectator_rates(crowd_plan, horizon)
    return report(args, pools, staff, crowd, mesas, spectators, rates, server_cpu, (load_start, load_end))


if __name__ == "__main__":
    raise SystemExit(main())
