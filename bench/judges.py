"""100 judges submitting and 20 organizers homologating at once, while the public reads.

Run: ``.venv/bin/python bench/judges.py`` (needs PostgreSQL, Redis and ``wrk``). It
(re)creates the database ``tenteio_judges``, migrates it, loads a Truco Cego tournament
of 30 chaves of 4 (180 unplayed jogos) through ``load_tournament``, creates 100 judges and
20 organizers with their Membership rows, runs ``collectstatic`` and starts gunicorn with
the production settings on a free loopback port, as ``bench/load.py`` does: one pool
(``WEB_CONCURRENCY`` workers, 3) for everybody, as docs/DEPLOY.md deploys it.

Then, over real HTTP (http.client, one cookie jar per person, ``X-Forwarded-Proto:
https`` as the reverse proxy sends it): every person logs in through /entrar/ with the
CSRF token; at one signal each judge opens the entry page of its jogo, reads the form's
csrfmiddlewaretoken and hidden fields, posts the súmula and both capatazes' paper
signatures; organizers take signed jogos from a queue, open the súmula's page and post
the homologation, then poll the public standings JSON until the jogo
counts there. The judges' threads and the organizers' threads run in two processes, so
that a poll is not timed while it waits for the judges' side of the load generator
(its GIL); wrk loads the public standings page all along.

Checks: no 5xx anywhere; every súmula answered 303 is in the database exactly once (one
row, confirmed, homologated); every homologation visible on the public JSON within 2 s
(max and p95 printed). Exits 1 when a check fails.
"""

from __future__ import annotations

import multiprocessing
import os
import platform
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

THREADS = os.environ.get("WEB_THREADS", "8")  # gunicorn threads a process
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.crowd import (  # noqa: E402
    JUDGES,
    ORGANIZERS,
    PASSWORD,
    SLUG,
    Run,
    judge,
    organizers,
    public_process,
)
from bench.event import create_people, fresh_database  # noqa: E402
from bench.people import free_port, hardware, percentile, wait_ready  # noqa: E402

VISIBLE_WITHIN = 2.0
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "bench-judges-" + "k" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tenteio_judges"),
    "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/11"),
    "SECURE_SSL_REDIRECT": "false",
    "DB_CONN_MAX_AGE": "600",
    "LOG_LEVEL": "WARNING",
}


def prepare() -> list[int]:
    """A fresh database with the tournament and the people; the ids of the jogos to play."""
    fresh_database(ENV)
    from bench.generate import tournament_document
    from interchange.load import load_tournament
    from tournaments.models import Match

    doc = tournament_document(
        "truco-cego-trio", groups=30, size=4, seed=7, played=0.0, walkovers=0.0, slug=SLUG
    )
    t = load_tournament(doc).tournament
    judges = [f"juiz{i:03d}" for i in range(JUDGES)]
    create_people(t, PASSWORD, judges, [f"org{i:02d}" for i in range(ORGANIZERS)])
    matches = list(Match.objects.filter(stage__tournament=t).order_by("pk").values_list("pk", flat=True))
    assert len(matches) >= JUDGES, f"only {len(matches)} jogos"
    return matches[:JUDGES]


def database_check(submitted: list[int]) -> list[str]:
    from scoring.models import ScoreSheet

    problems = []
    rows = ScoreSheet.objects.filter(match__stage__tournament__slug=SLUG)
    by_match: dict[int, list[tuple[int, bool, str]]] = {}
    for m, v, c, s in rows.values_list("match_id", "version", "confirmed", "status"):
        by_match.setdefault(m, []).append((v, c, s))
    for match_id in submitted:
        versions = by_match.get(match_id, [])
        if len(versions) != 1 or versions[0] != (1, True, "homologated"):
            problems.append(f"jogo {match_id}: {versions}")
    extra = set(by_match) - set(submitted)
    if extra:
        problems.append(f"súmulas nobody submitted: {sorted(extra)}")
    return problems


def gunicorn(workers: str) -> tuple[str, subprocess.Popen[bytes]]:
    """A gunicorn pool with the production settings on a free loopback port."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", workers, "--threads", THREADS,
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=ROOT, env=dict(os.environ, **ENV),
    )  # fmt: skip
    return f"http://127.0.0.1:{port}", server


def main() -> int:
    started = time.perf_counter()
    matches = prepare()
    from tournaments.models import Match

    teams = {
        m.pk: (m.team_a.key, m.team_b.key)
        for m in Match.objects.filter(pk__in=matches).select_related("team_a", "team_b")
    }
    print(
        f"prepared {len(matches)} jogos, {JUDGES} judges, {ORGANIZERS} organizers "
        f"in {time.perf_counter() - started:.1f} s"
    )
    workers = os.environ.get("WEB_CONCURRENCY", "3")
    base, server = gunicorn(workers)
    servers = [server]
    public_base = base
    wrk = None
    try:
        wait_ready(base + "/ping/")
        spawn = multiprocessing.get_context("spawn")
        run = Run(spawn.Queue())
        results, spectators = spawn.Queue(), spawn.Queue()
        answers = {f"org{i:02d}": spawn.Queue() for i in range(ORGANIZERS)}
        organizers_ready = spawn.Event()
        orgs = spawn.Process(
            target=organizers,
            args=(base, teams, run.signed, spectators, answers, results, organizers_ready),
        )
        public = spawn.Process(target=public_process, args=(public_base, spectators, answers))
        orgs.start()
        public.start()
        start = threading.Event()
        ready = [threading.Event() for _ in range(JUDGES)]
        judges = [
            threading.Thread(target=judge, args=(base, f"juiz{i:03d}", matches[i], run, ready[i], start))
            for i in range(JUDGES)
        ]
        for th in judges:
            th.start()
        for e in ready:  # every login (one PBKDF2 each) is done before the signal
            e.wait(300)
        organizers_ready.wait(300)
        wrk = subprocess.Popen(
            ["wrk", "-t2", "-c16", "-d300s", "--latency", f"{public_base}/t/{SLUG}/classificacao/"],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        time.sleep(0.5)
        print("everybody logged in: the burst starts", flush=True)
        began = time.perf_counter()
        start.set()
        for th in judges:
            th.join()
        for _ in range(ORGANIZERS):
            run.signed.put(None)
        measured = results.get(timeout=600)
        orgs.join(30)
        for _ in range(ORGANIZERS):
            spectators.put(None)
        public.join(30)
        elapsed = time.perf_counter() - began
        run.homologated, run.delays = measured["homologated"], measured["delays"]
        run.polls, run.first_fresh = measured["polls"], measured["first_fresh"]
        run.errors += measured["errors"]
        for status, n in measured["statuses"].items():
            run.statuses[status] = run.statuses.get(status, 0) + n
        wrk.send_signal(signal.SIGINT)
        wrk_out = wrk.communicate(timeout=30)[0]
    finally:
        if wrk is not None and wrk.poll() is None:
            wrk.kill()
        for s in servers:
            s.terminate()
        for s in servers:
            s.wait(timeout=15)

    problems = list(run.errors)
    fivexx = {s: n for s, n in run.statuses.items() if s >= 500}
    wrk_errors = re.search(r"Non-2xx or 3xx responses: (\d+)", wrk_out)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", wrk_out)
    if fivexx:
        problems.append(f"5xx answers to judges/organizers: {fivexx}")
    if wrk_errors:
        problems.append(f"wrk: {wrk_errors.group(1)} non-2xx answers on the public page")
    problems += database_check(run.submitted)
    if len(run.submitted) != JUDGES:
        problems.append(f"{JUDGES - len(run.submitted)} súmula(s) not accepted")
    late = [d for d in run.delays if d > VISIBLE_WITHIN]
    if late:
        problems.append(f"{len(late)} homologation(s) visible later than {VISIBLE_WITHIN} s")

    print(hardware())
    print(
        f"gunicorn {workers} workers × {THREADS} threads, one pool for everybody, "
        f"production settings, PostgreSQL + Redis; Python {platform.python_version()}"
    )
    public_rps = float(rps.group(1)) if rps else float("nan")
    print(f"{JUDGES} judges + {ORGANIZERS} organizers in {elapsed:.1f} s, public load wrk -t2 -c16: "
          f"{public_rps:.0f} req/s on /t/{SLUG}/classificacao/")  # fmt: skip
    print(f"HTTP answers to judges and organizers: {dict(sorted(run.statuses.items()))}")
    print(f"súmulas accepted {len(run.submitted)}, homologated {len(run.homologated)}; "
          f"judge's entry+2 signatures p50 {percentile(run.entry_times, 50):.2f} s, "
          f"p95 {percentile(run.entry_times, 95):.2f} s")  # fmt: skip
    print(f"homologation → public JSON: p50 {percentile(run.delays, 50) * 1000:.0f} ms, "
          f"p95 {percentile(run.delays, 95) * 1000:.0f} ms, max {max(run.delays, default=0) * 1000:.0f} ms "
          f"({len(run.delays)} polled)")  # fmt: skip
    print(f"  shown by the first request after the homologation: {run.first_fresh} of {len(run.delays)}; "
          f"one public JSON request under this load: p50 {percentile(run.polls, 50) * 1000:.0f} ms, "
          f"p95 {percentile(run.polls, 95) * 1000:.0f} ms")  # fmt: skip
    for p in problems[:20]:
        print("PROBLEM:", p)
    print("OK" if not problems else f"FAILED: {len(problems)} problem(s)")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
