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
from printing.documents import Params
from printing.models import PrintJob
from printing.services import job_request
from tests.workers import celery_worker
from tournaments.interchange.load import load_tournament

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
