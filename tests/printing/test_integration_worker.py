"""A real Celery worker on Redis prints a rodada end to end; progress seen from outside."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from pypdf import PdfReader

from config.celery import app
from core.demo import demo_document
from interchange.load import load_tournament
from printing import tasks
from printing.documents import Params
from printing.models import PrintJob
from printing.services import job_request
from tests.workers import celery_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker(tmp_path: Path, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TENTEIO_PRINT_CHUNK", "2")
    media = tmp_path / "media"
    settings.MEDIA_ROOT = media
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"  # the test database
    env = {"DATABASE_URL": url, "MEDIA_ROOT": str(media)}
    with celery_worker(["--pool=threads", "--concurrency=2"], env):
        yield media


def test_worker_prints_a_rodada_with_progress(worker: Path) -> None:
    assert app.conf.broker_url.startswith("redis://"), app.conf.broker_url
    t = load_tournament(demo_document()).tournament
    job, created = job_request(tournament=t, params=Params("sumulas", round=3))
    assert PrintJob.objects.get(pk=job.pk).status == PrintJob.Status.QUEUED  # queued, not run here
    assert created
    seen: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job.refresh_from_db()  # another client: the database the web nodes read
        seen.add(job.done)
        if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):
            break
        time.sleep(0.05)
    assert job.status == PrintJob.Status.DONE, job.error
    assert len(PdfReader(str(worker / job.file.name)).pages) == 8
    chunks = list(job.chunks.values_list("index", "attempts", "seconds"))
    assert seen - {0, 8}, f"no intermediate progress observed: {sorted(seen)} {chunks}"


def test_a_job_out_of_time_fails_with_a_message(
    tmp_path: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the soft limit the task is interrupted, past the hard one its process is
    killed (Celery arms the hard limit once the soft one has fired: library code may
    swallow the interruption, as it did in a trial 0.3 s into this task): either way
    the job fails with a message. The limits travel in the task message, so the sender's task
    attributes decide them; the worker runs the test settings (tasks it queues run
    inline), so the whole job is this one task, and it takes seconds."""
    monkeypatch.setattr(tasks.prepare_job, "soft_time_limit", 0.3)
    monkeypatch.setattr(tasks.prepare_job, "time_limit", 0.6)
    monkeypatch.setattr(tasks.prepare_job, "_exec_options", None)  # Celery's cache of them
    monkeypatch.setenv("TENTEIO_PRINT_CHUNK", "1000")
    settings.MEDIA_ROOT = tmp_path / "media"
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {"DATABASE_URL": url, "MEDIA_ROOT": str(settings.MEDIA_ROOT)}
    t = load_tournament(demo_document()).tournament
    with celery_worker(["--pool=prefork", "--concurrency=1"], env):
        job, _ = job_request(tournament=t, params=Params("sumulas"))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):
                break
            time.sleep(0.1)
    assert job.status == PrintJob.Status.FAILED, job.status
    assert "a impressão passou do tempo limite e foi interrompida" in job.error
