"""A real Celery worker on Redis runs a task end to end and reports its progress."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app
from core.tasks import selftest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker_queue() -> Iterator[str]:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield queue
    finally:
        app.conf.task_always_eager = eager
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_worker_runs_task_and_reports_progress(worker_queue: str) -> None:
    assert app.conf.broker_url.startswith("redis://"), app.conf.broker_url
    result = selftest.apply_async(args=(5, 0.3), queue=worker_queue)
    seen_progress = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        meta = app.backend.get_task_meta(result.id)
        if meta["status"] == "PROGRESS":
            seen_progress = True
            assert 1 <= meta["result"]["done"] <= 5
            assert meta["result"]["total"] == 5
        if meta["status"] == "SUCCESS":
            break
        time.sleep(0.05)
    assert result.get(timeout=5) == {"done": 5, "total": 5}
    assert seen_progress, "no PROGRESS state was observed from another client"
