"""A Celery worker SIGKILLed mid-chunk on Redis: the print job still finishes, once.

Real workers (``config.settings.production``, prefork, one pool process each, so the
settings' acks_late + reject_on_worker_lost + prefetch 1 hold) print every súmula of the
demo rodeio in chunks while the test kills the process rendering one of them:

1. only the pool process: its worker's main process sees it lost and requeues the
   message at once (reject with requeue), a new pool process renders the chunk;
2. the worker's whole process group (its machine died) while a second worker runs: the
   message waits in kombu's ``unacked`` hash until the second worker's periodic sweep
   finds it older than ``visibility_timeout`` and puts it back on the queue.

Either way each chunk is stored once, the merge runs once and the one PDF has a page a
jogo. Leftover printing messages in the Redis database are dropped before and after.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest
import redis
from django.conf import settings
from django.db import connection
from pypdf import PdfReader

from config.celery import app
from core.demo import demo_document
from interchange.load import load_tournament
from printing.documents import Params
from printing.models import PrintChunk, PrintJob
from printing.services import job_request
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
# 24 jogos in 4 chunks of ~0.5 s (a worker's first ~2 s: WeasyPrint loads), so there is
# time to kill one mid-render.
CHUNK = 6
# Seconds; several times the longest chunk here, so only the dead worker's is restored.
VISIBILITY = 10
T = TypeVar("T")


@dataclass
class Worker:
    name: str
    proc: subprocess.Popen[bytes]
    log: Path

    def tail(self) -> str:
        return f"--- {self.name} ---\n" + "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])


class Cluster:
    """Workers started in their own process groups, so one can be killed whole."""

    def __init__(self, tmp_path: Path, redis_client: redis.Redis) -> None:
        db = connection.settings_dict
        auth = f"{db['USER']}:{db['PASSWORD']}" if db.get("PASSWORD") else db["USER"]
        self.media = tmp_path / "media"
        self.tmp = tmp_path
        self.redis = redis_client
        self.workers: list[Worker] = []
        ours = {"CELERY_VISIBILITY_TIMEOUT", "CELERY_RESTORE_INTERVAL"}  # each test sets its own
        self.env = dict(
            {k: v for k, v in os.environ.items() if k not in ours},
            DJANGO_SETTINGS_MODULE="config.settings.production",
            SECRET_KEY="killed-" + "k" * 50,
            ALLOWED_HOSTS="127.0.0.1",
            # pytest-django's test database; its rows are committed (transaction=True).
            DATABASE_URL=f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
            MEDIA_ROOT=str(self.media),
            TENTEIO_DATA_DIR=str(tmp_path / "data"),
            TENTEIO_PRINT_CHUNK=str(CHUNK),
            LOG_LEVEL="WARNING",
        )
        self.tag = uuid.uuid4().hex[:6]

    def start(self, role: str, **env: str) -> Worker:
        name = f"{role}-{self.tag}@{socket.gethostname()}"
        log = self.tmp / f"worker-{role}.log"
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork", "--concurrency=1",
            "-n", name, "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                command, cwd=ROOT, env={**self.env, **env}, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killpg takes the whole "machine"
            )  # fmt: skip
        worker = Worker(name, proc, log)
        self.workers.append(worker)
        return worker

    def logs(self) -> str:
        return "\n".join(w.tail() for w in self.workers)

    def wait(self, what: str, probe: Callable[[], T | None], seconds: float) -> T:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = probe()
            if found is not None:
                return found
            time.sleep(0.02)
        pytest.fail(f"timed out after {seconds} s waiting for {what}\n{self.logs()}")

    def wait_ready(self, *workers: Worker) -> None:
        """Until each worker answers a ping: its consumer's event loop is running."""

        def answered() -> bool | None:
            for w in workers:
                if w.proc.poll() is not None:
                    pytest.fail(f"{w.name} exited with {w.proc.returncode}\n{self.logs()}")
            replies = app.control.ping(destination=[w.name for w in workers], timeout=0.5)
            names = {name for reply in replies for name in reply}
            return True if names >= {w.name for w in workers} else None

        self.wait("the workers to answer a ping", answered, 60)

    def stop(self) -> None:
        for w in self.workers:
            if w.proc.poll() is None:
                w.proc.terminate()  # warm shutdown of the main process
        for w in self.workers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                w.proc.wait(timeout=15)
            with contextlib.suppress(ProcessLookupError):  # whatever is left of the group goes too
                os.killpg(w.proc.pid, signal.SIGKILL)
            w.proc.wait(timeout=5)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    if connection.vendor != "postgresql":
        pytest.fail("workers on other processes need DATABASE_URL pointing at PostgreSQL")
    assert app.conf.broker_url.startswith("redis://"), app.conf.broker_url
    client = redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)
    forget_printing_messages(client)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    group = Cluster(tmp_path, client)
    try:
        yield group
    finally:
        app.conf.task_always_eager = eager
        group.stop()
        forget_printing_messages(client)
        client.close()


def forget_printing_messages(client: redis.Redis) -> None:
    """Drop printing messages waiting in the default queue or kombu's unacked hash: with no
    worker of ours running they are leftovers of an aborted run, naming jobs of a test
    database that is gone (and a fresh job may have the same id)."""

    def printing(message: dict[str, Any]) -> bool:
        return str(message.get("headers", {}).get("task", "")).startswith("printing.")

    for pri in (0, 3, 6, 9):  # kombu's priority steps: one list each, "celery" for 0
        key = "celery" if pri == 0 else f"celery\x06\x16{pri}"
        for item in cast(list[str], client.lrange(key, 0, -1)):
            if printing(json.loads(item)):
                client.lrem(key, 0, item)
    for tag, entry in unacked(client).items():
        if printing(json.loads(entry)[0]):  # [message, exchange, routing key]
            client.hdel("unacked", tag)
            client.zrem("unacked_index", tag)


def unacked(client: redis.Redis) -> dict[str, str]:
    """kombu's unacked hash: delivery tag -> [message, exchange, routing key] (JSON)."""
    return cast(dict[str, str], client.hgetall("unacked"))


def task_metas(client: redis.Redis, job_id: int) -> list[dict[str, Any]]:
    """The result-backend records (extended: name, args, worker) of this job's tasks."""
    keys = list(client.scan_iter(match="celery-task-meta-*", count=1000))
    metas = [json.loads(raw) for raw in cast(list[str | None], client.mget(keys)) if raw] if keys else []
    return [m for m in metas if (m.get("args") or [None])[0] == job_id]


def rendering(client: redis.Redis, job_id: int, worker: Worker) -> tuple[int, dict[str, Any]] | None:
    """A chunk ``worker`` has just started rendering (first attempt, nothing stored yet)."""
    for meta in task_metas(client, job_id):
        if (
            meta.get("name") == "printing.chunk"
            and meta["status"] == "STARTED"
            and meta.get("worker") == worker.name
        ):
            index = meta["args"][1]
            if PrintChunk.objects.filter(job_id=job_id, index=index, pdf__isnull=True, attempts=1).exists():
                return index, meta
    return None


def unacked_entry(client: redis.Redis, task_id: str) -> tuple[str, float] | None:
    """The delivery tag and taken-at time of the task's message in kombu's unacked index."""
    for tag, entry in unacked(client).items():
        if json.loads(entry)[0]["headers"]["id"] == task_id:
            score = cast(float | None, client.zscore("unacked_index", tag))
            assert score is not None, "message in the unacked hash but not in its index"
            return tag, score
    return None


def print_all_sumulas() -> tuple[PrintJob, int]:
    t = load_tournament(demo_document()).tournament
    job, created = job_request(tournament=t, params=Params("sumulas"))
    assert created
    return job, Match.objects.filter(stage__tournament=t).count()


def follow(
    cluster: Cluster, job: PrintJob, seconds: float, on_poll: Callable[[], None] = lambda: None
) -> None:
    """Poll the job row until it ends; never more units counted done than exist."""

    def ended() -> bool | None:
        on_poll()
        job.refresh_from_db()
        assert job.done <= job.total, (job.done, job.total)
        return True if job.status not in PrintJob.ACTIVE else None

    cluster.wait(f"job {job.pk} to finish", ended, seconds)


def assert_printed_once(cluster: Cluster, job: PrintJob, jogos: int, killed: int) -> None:
    assert job.status == PrintJob.Status.DONE, (job.status, job.error, cluster.logs())
    files = [p for p in (cluster.media / "printing").rglob("*") if p.is_file()]
    assert files == [cluster.media / job.file.name], files  # one PDF, no temporary left over
    assert len(PdfReader(str(files[0])).pages) == jogos == job.pages == job.total == job.done
    chunks = list(job.chunks.order_by("index").values_list("index", "attempts", "done_at"))
    assert len(chunks) == -(-jogos // CHUNK)
    assert all(done_at is not None for _, _, done_at in chunks), chunks
    # The killed chunk was rendered again (once); no other chunk was rendered twice.
    assert {index: attempts for index, attempts, _ in chunks} == {
        index: 2 if index == killed else 1 for index, _, _ in chunks
    }, chunks


def test_pool_process_killed_mid_chunk_is_requeued_and_rendered_once(cluster: Cluster) -> None:
    a = cluster.start("a")  # production's visibility timeout (minutes): no sweep helps here
    cluster.wait_ready(a)
    job, jogos = print_all_sumulas()
    index, meta = cluster.wait("worker a to render a chunk", lambda: rendering(cluster.redis, job.pk, a), 60)
    pid = meta["result"]["pid"]
    assert pid != a.proc.pid and os.getpgid(pid) == a.proc.pid  # a pool process of a
    os.kill(pid, signal.SIGKILL)

    follow(cluster, job, 45)
    assert a.proc.poll() is None, "the worker's main process must survive its pool process"
    assert_printed_once(cluster, job, jogos, killed=index)
    final = next(m for m in task_metas(cluster.redis, job.pk) if m["task_id"] == meta["task_id"])
    assert (final["status"], final["worker"]) == ("SUCCESS", a.name)
    assert unacked_entry(cluster.redis, meta["task_id"]) is None


def test_whole_worker_killed_mid_chunk_is_restored_and_finished_by_another(cluster: Cluster) -> None:
    timeouts = {"CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY)}
    # b sweeps every second; a only at start-up, for were it killed inside a sweep (a few
    # ms, holding kombu's unacked_mutex) every sweep would wait out the mutex's 300 s.
    a = cluster.start("a", **timeouts, CELERY_RESTORE_INTERVAL="3600")
    b = cluster.start("b", **timeouts, CELERY_RESTORE_INTERVAL="1")
    cluster.wait_ready(a, b)
    job, jogos = print_all_sumulas()

    def a_renders_while_b_works() -> tuple[int, dict[str, Any]] | None:
        found = rendering(cluster.redis, job.pk, a)
        b_started = any(m.get("worker") == b.name for m in task_metas(cluster.redis, job.pk))
        return found if found and b_started else None

    index, meta = cluster.wait("a to render a chunk while b works", a_renders_while_b_works, 60)
    os.killpg(a.proc.pid, signal.SIGKILL)  # the machine dies: main and pool process at once
    a.proc.wait(timeout=10)
    stranded = unacked_entry(cluster.redis, meta["task_id"])
    assert stranded is not None, "the dead worker's message must wait in kombu's unacked hash"
    tag, taken_at = stranded

    restarted_at: list[float] = []

    def watch_restart() -> None:
        if not restarted_at and job.chunks.filter(index=index, attempts=2).exists():
            restarted_at.append(time.time())

    follow(cluster, job, VISIBILITY + 40, watch_restart)
    assert restarted_at, "the killed chunk was never rendered again"
    # Restored by b's sweep, which takes only messages taken more than the timeout ago.
    assert restarted_at[0] >= taken_at + VISIBILITY, (restarted_at[0] - taken_at, VISIBILITY)
    assert_printed_once(cluster, job, jogos, killed=index)
    final = next(m for m in task_metas(cluster.redis, job.pk) if m["task_id"] == meta["task_id"])
    assert (final["status"], final["worker"]) == ("SUCCESS", b.name)
    assert cluster.redis.hget("unacked", tag) is None and cluster.redis.zscore("unacked_index", tag) is None
