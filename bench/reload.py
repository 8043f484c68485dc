"""Does reloading gunicorn drop a judge's súmula? Judges write while the master gets HUP.

Run: ``.venv/bin/python bench/reload.py`` (needs PostgreSQL and Redis). It (re)creates
the database ``tenteio_reload``, migrates it, runs ``collectstatic``, loads a Truco Cego
tournament with no jogo played and one judge per client, and starts gunicorn with the
production settings on a free loopback port with ``config/gunicorn.conf.py`` (``--config
none``: the command line the units had before it, gunicorn's defaults otherwise).

Then each judge logs in and, until the reloads are over, saves its jogo's súmula as a
draft again and again, every save a new version (the judge's súmula entry POST, a real
write): GET the entry page (the 303's target), read ``#sumula-form`` and its
``base_version``, POST it. Half the judges keep one connection open between requests,
as a reverse proxy's pool of upstream connections does (like nginx, a connection the
server has closed while idle is noticed before reuse, not used); the others open a new
connection per request. Meanwhile the bench sends ``kill -HUP`` to the master
``--reloads`` times (10), each once the previous reload has replaced every worker and
the new ones have served for a moment.

Every request's outcome is counted: an HTTP status, or the connection error the client
got. Exits 1 unless every request had its expected answer (303 to a POST, 200 to a GET)
and every 303 is exactly one new version in the database. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import os
import platform
import select
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.people import Browser, free_port, hardware, percentile, wait_ready  # noqa: E402

CONFIG = ROOT / "config" / "gunicorn.conf.py"
WORKERS = int(os.environ.get("WEB_CONCURRENCY", "3"))
THREADS = int(os.environ.get("WEB_THREADS", "8"))
SLUG = "recarga"
PASSWORD = "bench-Senha-1"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "bench-reload-" + "r" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tenteio_reload"),
    "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/14"),
    "SECURE_SSL_REDIRECT": "false",
    "LOG_LEVEL": "WARNING",
}


class Tally:
    """Every request's outcome, and the versions each judge's 303s acknowledged."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.outcomes: Counter[str] = Counter()
        self.failures: list[str] = []
        self.acknowledged: Counter[int] = Counter()  # jogo → POSTs answered 303
        self.times: list[float] = []  # each request's time to its answer or error
        self.began = time.monotonic()

    def record(self, method: str, kind: str, outcome: str, expected: str, took: float) -> None:
        with self.lock:
            self.outcomes[f"{method} {outcome}"] += 1
            self.times.append(took)
            if outcome != expected:
                at = time.monotonic() - self.began
                self.failures.append(f"at {at:.2f} s, {method} on a {kind} connection: {outcome}")


class Phone(Browser):
    """A judge's client that counts each request once, with no retry.

    ``keepalive``: one connection for every request; before reusing it, a connection
    the server closed while it was idle is dropped and a new one opened (what nginx's
    upstream pool and browsers do), so only a close that races a request is counted.
    Otherwise a new connection for each request (``Connection: close``).
    """

    def __init__(self, base: str, tally: Tally, keepalive: bool) -> None:
        super().__init__(base)
        self.tally, self.keepalive = tally, keepalive
        self.kind = "kept-alive" if keepalive else "new"

    def fresh(self) -> None:
        self.conn.close()
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        headers = {
            "Host": f"{self.host}:{self.port}",
            "X-Forwarded-Proto": "https",
            "User-Agent": "tenteio-bench",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + path
        label, expected = method, "200" if method == "GET" else "303"
        if path == "/entrar/" and method == "POST":
            label, expected = "login POST", "302"
        if not self.keepalive:
            headers["Connection"] = "close"
            self.fresh()
        elif self.conn.sock is not None and select.select([self.conn.sock], [], [], 0)[0]:
            self.fresh()  # readable while idle: the server closed it (EOF waiting)
        asked = time.monotonic()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self.fresh()
            self.tally.record(label, self.kind, type(exc).__name__, expected, time.monotonic() - asked)
            raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        self.tally.record(label, self.kind, str(response.status), expected, time.monotonic() - asked)
        return response.status, data


def judge(
    base: str, username: str, match_id: int, keepalive: bool, tally: Tally, ready: threading.Event,
    stop: threading.Event,
) -> None:  # fmt: skip
    """Log in, then save the jogo's súmula as a draft until ``stop``: each 303 is one new
    version."""
    phone = Phone(base, tally, keepalive)
    phone.login(username, PASSWORD)
    ready.set()
    page = f"/juiz/{SLUG}/jogo/{match_id}/"
    n = 0
    while not stop.is_set():
        n += 1
        try:
            form = phone.form(page, "sumula-form")  # the entry page: the previous 303's target
            form.update(outcome="played", g1_a="24", g1_b=str(n % 23), g2_a="24", g2_b="13", action="draft")
            status, _ = phone.post(page, form)
        except (OSError, http.client.HTTPException, RuntimeError):
            status = 0  # counted by Phone.request; the next GET tells the version now
        if status == 303:
            with tally.lock:
                tally.acknowledged[match_id] += 1
        time.sleep(0.02)


def workers_of(master: int) -> set[int]:
    try:
        return {int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()}
    except OSError:
        return set()


def wait_workers(master: int, count: int, old: set[int], seconds: float) -> set[int]:
    """Wait until ``count`` workers run and none of ``old`` is left; return them."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = workers_of(master)
        if len(now) == count and not now & old:
            return now
        time.sleep(0.05)
    raise RuntimeError(f"gunicorn did not replace its workers within {seconds:.0f} s")


def gunicorn_command(config: str, port: int, workers: int, threads: int) -> list[str]:
    """The Procfile's ``web:`` line on ``port`` (``config == "none"``: the line the units
    had before the config file, with gunicorn's default keep-alive)."""
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers), "--threads", str(threads), "--log-level", "warning"]
    if config == "none":
        return [*command, "--graceful-timeout", "30"]
    return [*command, "--config", config]


@contextmanager
def serving(
    env: dict[str, str], config: str, workers: int = WORKERS, threads: int = THREADS
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """gunicorn with ``env`` on a free loopback port; stopped (and its workers with it)
    when the block ends, whatever happened in it."""
    port = free_port()
    server = subprocess.Popen(gunicorn_command(config, port, workers, threads), cwd=ROOT, env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(base + "/ping/")
        yield base, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def reload_under_writes(
    base: str, master: int, workers: int, judges: list[tuple[str, int]], reloads: int, settle: float = 1.5
) -> tuple[Tally, list[float]]:
    """The judges write (half kept-alive, half new connections) while the master is
    sent HUP ``reloads`` times; return what every request got and each reload's time
    (HUP → every old worker gone)."""
    tally, stop = Tally(), threading.Event()
    errors: list[BaseException] = []

    ready = [threading.Event() for _ in judges]

    def run(i: int, username: str, match_id: int) -> None:
        try:
            judge(base, username, match_id, i % 2 == 0, tally, ready[i], stop)
        except BaseException as exc:  # a login that failed: reported, not swallowed
            errors.append(exc)
            stop.set()
            ready[i].set()

    threads = [threading.Thread(target=run, args=(i, *person)) for i, person in enumerate(judges)]
    for th in threads:
        th.start()
    durations: list[float] = []
    try:
        for event in ready:  # every login (a PBKDF2 each) is done before the first reload
            event.wait(120)
        current = wait_workers(master, workers, set(), 60)
        time.sleep(settle)
        for _ in range(reloads):
            if stop.is_set():
                break
            sent = time.monotonic()
            os.kill(master, signal.SIGHUP)
            current = wait_workers(master, workers, current, 60)
            durations.append(time.monotonic() - sent)
            time.sleep(settle)  # the new workers serve a while before the next reload
    finally:
        stop.set()
        for th in threads:
            th.join(90)
    if errors:
        raise RuntimeError(f"a judge could not start: {errors[0]!r}")
    return tally, durations


def versions_written(match_ids: list[int]) -> Counter[int]:
    from scoring.models import ScoreSheet

    return Counter(ScoreSheet.objects.filter(match_id__in=match_ids).values_list("match_id", flat=True))


def problems(tally: Tally, written: Counter[int]) -> list[str]:
    """Every request answered as expected; every 303 exactly one version, none unanswered."""
    found = list(tally.failures)
    for match_id in sorted(set(written) | set(tally.acknowledged)):
        if written[match_id] != tally.acknowledged[match_id]:
            found.append(
                f"jogo {match_id}: {written[match_id]} version(s) written, "
                f"{tally.acknowledged[match_id]} POST(s) answered 303"
            )
    return found


def prepare(judges: int) -> list[tuple[str, int]]:
    """A fresh database with the tournament and one judge per client: (username, jogo)."""
    import psycopg

    url = ENV["DATABASE_URL"]
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ.update(ENV)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    return create_judges(judges)


def create_judges(count: int) -> list[tuple[str, int]]:
    """A Truco Cego tournament (slug ``recarga``) with no jogo played and ``count``
    judges, each with a jogo of its own."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import User

    from bench.generate import tournament_document
    from interchange.load import load_tournament
    from tournaments.models import Match, Membership

    groups = max(1, -(-count // 6))  # a chave of 4 has 6 jogos
    doc = tournament_document("truco-cego-trio", groups=groups, size=4, played=0.0, walkovers=0.0, slug=SLUG)
    t = load_tournament(doc).tournament
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "recarga-salt")  # what production verifies
    users = User.objects.bulk_create(
        User(username=f"juiz-recarga{i:02d}", password=hashed) for i in range(count)
    )
    users = list(User.objects.filter(username__in=[u.username for u in users]).order_by("username"))
    Membership.objects.bulk_create(Membership(tournament=t, user=u, role="judge") for u in users)
    matches = Match.objects.filter(stage__tournament=t).order_by("pk").values_list("pk", flat=True)
    return [(u.username, m) for u, m in zip(users, matches)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--judges", type=int, default=6, help="client threads (half kept-alive)")
    parser.add_argument("--config", default=str(CONFIG), help="gunicorn config file, or 'none'")
    args = parser.parse_args()
    started = time.perf_counter()
    judges = prepare(args.judges)
    print(f"prepared {len(judges)} judges in {time.perf_counter() - started:.1f} s", flush=True)
    env = dict(os.environ, **ENV)
    with serving(env, args.config) as (base, server):
        began = time.perf_counter()
        tally, durations = reload_under_writes(base, server.pid, WORKERS, judges, args.reloads)
        elapsed = time.perf_counter() - began
    found = problems(tally, versions_written([m for _, m in judges]))
    import gunicorn

    print(hardware())
    print("load average (1, 5, 15 min) at the end: " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    config = "no config file: keep-alive 2 s" if args.config == "none" else args.config
    print(
        f"gunicorn {gunicorn.__version__} ({config}), {WORKERS} workers × {THREADS} threads, "
        f"production settings, PostgreSQL + Redis; Python {platform.python_version()}"
    )
    print(
        f"{len(durations)} reloads (HUP → every old worker gone: "
        f"{', '.join(f'{d:.1f}' for d in durations)} s) in {elapsed:.0f} s of traffic"
    )
    posts = sum(n for k, n in tally.outcomes.items() if k.startswith("POST "))
    print(
        f"answer time of a request: p50 {percentile(tally.times, 50) * 1000:.0f} ms, "
        f"p99 {percentile(tally.times, 99) * 1000:.0f} ms, max {max(tally.times, default=0) * 1000:.0f} ms"
    )
    print(
        f"{posts} súmula POSTs, {sum(tally.acknowledged.values())} answered 303; "
        f"every outcome: {dict(sorted(tally.outcomes.items()))}"
    )
    for p in found[:30]:
        print("FAILED:", p)
    print("OK: 0 failures" if not found else f"FAILED: {len(found)} failure(s)")
    return 0 if not found else 1


if __name__ == "__main__":
    raise SystemExit(main())
