"""Public pages under load on the production shape: gunicorn, PostgreSQL, Redis cache.

Run: ``.venv/bin/python bench/load.py`` (needs ``wrk`` — Debian package ``wrk`` — and the
``bench-1024`` tournament that ``bench/standings.py`` loads into ``tenteio_bench``).
It starts one gunicorn pool with the production settings and ``config/gunicorn.conf.py``
on a free loopback port, warms the pages, then runs wrk (64 connections, 2 threads)
against a trivial view, the public standings page and JSON of the 1,024-team
tournament, one team's page, the revision poll, the standings page with a random
parameter on every request (``?x=<random>``: a parameter the page does not read, so a
redirect to the page without it), and the revision poll answered 304 (``If-None-Match``,
as live.js's browsers send it), in one run, and prints requests/s, p50/p99 latency and
the ratio to the trivial view. ``--nginx`` puts nginx in front, configured as
docs/DEPLOY.md's reverse proxy with its one-second microcache (``bench/nginx.py``), and
measures the same pages through it: the production stack.
Targets: standings ≥ ½ of the trivial view's throughput; p99 < 250 ms; ``?x=`` no slower.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.request
from contextlib import ExitStack
from pathlib import Path

THREADS = os.environ.get("WEB_THREADS", "8")  # gunicorn threads a process
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.people import gunicorn, wait_ready  # noqa: E402  (after the path is set)

DURATION = os.environ.get("LOAD_SECONDS", "15")
CONNECTIONS = os.environ.get("LOAD_CONNECTIONS", "64")


BROWSER = ["-H", "Accept-Encoding: gzip, deflate, br"]  # what every browser sends
# Warmed with the same header: a page's gzipped answer is another entry in nginx's cache
# (Vary), and the first requests for an entry not yet there wait on its lock, whose
# waiters nginx wakes every 500 ms — a cold start that would be all of a short run's p99.
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
# A random parameter on every request: a visitor (or an attacker) defeating caches.
RANDOM_PARAMETER = ROOT / "bench" / "random_parameter.lua"


def wrk(url: str, headers: list[str] = BROWSER) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}s", "--latency", *headers, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    def latency(label: str) -> float:
        m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)", out, re.M)
        if not m:
            return float("nan")
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p50": latency("50%"),
        "p99": latency("99%"),
        "non2xx": float(errors.group(1)) if errors else 0,
    }


def main() -> int:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk not found: apt-get install wrk")
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="bench-" + "k" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tenteio_bench"),
        REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/10"),
        SECURE_SSL_REDIRECT="false",
        DB_CONN_MAX_AGE="600",
        LOG_LEVEL="WARNING",
    )
    workers = os.environ.get("WEB_CONCURRENCY", "3")
    # The production settings serve hashed static files from the manifest: build it.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    base, server = gunicorn(env, workers, THREADS)
    stack = ExitStack()
    try:
        wait_ready(base + "/ping/")
        if "--nginx" in sys.argv:
            from bench.nginx import proxy

            base = stack.enter_context(proxy(base))
        standings = urllib.request.urlopen(base + "/t/bench-1024/classificacao/", timeout=60).read().decode()
        team_page = re.search(r'href="(/t/bench-1024/equipes/\d+/)"', standings)  # teams go by id
        assert team_page is not None, "no team link on the standings page"
        pages = {
            "trivial view (/ping/)": "/ping/",
            "standings page, 1,024 teams": "/t/bench-1024/classificacao/",
            "standings JSON, 1,024 teams": "/t/bench-1024/classificacao.json",
            "one chave's team page": team_page.group(1),
            "revision poll": "/t/bench-1024/revisao.json",
        }
        for path in pages.values():
            for _ in range(3):  # warm the caches with the answer wrk asks for: gzipped
                urllib.request.urlopen(urllib.request.Request(base + path, headers=GZIP), timeout=60).read()
        # A short unmeasured run first: the server's first seconds under load (threads
        # and database connections being opened) are not what a visitor meets.
        subprocess.run(["wrk", "-t2", f"-c{CONNECTIONS}", "-d3s", base + pages["trivial view (/ping/)"]],
                       capture_output=True, check=True)  # fmt: skip
        print(
            f"gunicorn {workers} workers × {THREADS} threads (one pool, config/gunicorn.conf.py), "
            "production settings, PostgreSQL + Redis cache"
            + ("; behind nginx (docs/DEPLOY.md's microcache); " if "--nginx" in sys.argv else "; ")
            + f"wrk -t2 -c{CONNECTIONS} -d{DURATION}s with a browser's Accept-Encoding; cpus={os.cpu_count()}"
        )
        results = {label: wrk(base + path) for label, path in pages.items()}
        standings_url = base + pages["standings page, 1,024 teams"]
        results["standings page, ?x=<random>"] = wrk(standings_url, [*BROWSER, "-s", str(RANDOM_PARAMETER)])
        poll = urllib.request.urlopen(base + pages["revision poll"], timeout=60)
        results["revision poll, 304"] = wrk(
            base + pages["revision poll"], [*BROWSER, "-H", f"If-None-Match: {poll.headers['ETag']}"]
        )
        trivial = results["trivial view (/ping/)"]["rps"]
        for label, r in results.items():
            print(
                f"{label:>30}: {r['rps']:8.0f} req/s  p50 {r['p50']:7.1f} ms  p99 {r['p99']:7.1f} ms  "
                f"ratio {r['rps'] / trivial:4.2f}  non-2xx {r['non2xx']:.0f}"
            )
    finally:
        stack.close()
        server.terminate()
        server.wait(timeout=15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
