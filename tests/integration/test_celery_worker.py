"""A real Celery worker on Redis runs a task end to end and reports its progress."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app
from core.tasks import selftest
from tests.workers import celery_worker

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker_queue() -> Iterator[str]:
    queue = f"test-{uuid.uuid4().hex[:8]}"
    with celery_worker(["--pool=solo", "-Q", queue]):
        yield queue


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
