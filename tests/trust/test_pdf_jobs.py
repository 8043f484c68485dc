"""The print jobs: the PINs of team cards, and the worker's time and memory.

Team cards with new PINs never leave their bytes in the database, whether the job
ends or fails; a job that runs out of time fails with a message; the worker has a
memory ceiling and time limits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings
from django.contrib.auth import get_user_model

from interchange.load import load_tournament
from printing import render, services, tasks
from printing.documents import DOCS, DocSpec, Params
from printing.models import PrintChunk, PrintJob
from scoring.services.errors import PinRefused
from scoring.services.pins import pin_verify, pins_generate
from tests.documents import document, match
from tournaments.models import Membership, Team, Tournament

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_render_caches() -> Iterator[None]:
    """No súmula form rendered by another test (``printing.render`` keeps them)."""
    render.clear_caches()
    yield
    render.clear_caches()


# Team cards with new PINs: no plain PIN at rest.


def works(team: Team, pin: str) -> bool:
    try:
        pin_verify(team=team, pin=pin)
    except PinRefused:
        return False
    return True


@pytest.fixture
def cards(db: Any, monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Path) -> dict[str, Any]:
    """The demo-sized tournament with 8 teams in 4 chunks of 2 cards, its organizer and
    the PINs the teams have now."""
    settings.MEDIA_ROOT = tmp_path / "media"
    spec = DOCS["teams"]
    monkeypatch.setitem(DOCS, "teams", DocSpec(spec.key, spec.build, spec.per_page, 2))
    keys = tuple(f"t{i}" for i in range(1, 9))
    t = load_tournament(document([match(1, "t1", "t2", None)], keys=keys, slug="cartoes")).tournament
    org = get_user_model().objects.create_user("org-cartoes", password="Senha-de-teste-Trust-1")
    Membership.objects.create(tournament=t, user=org, role="organizer")
    old = pins_generate(tournament=t, user=org, teams=list(t.teams.all()))
    return {"tournament": t, "org": org, "old": old, "media": settings.MEDIA_ROOT}


def stored_chunk_bytes(job: PrintJob) -> int:
    return PrintChunk.objects.filter(job=job, pdf__isnull=False).count()


def test_card_chunks_leave_no_bytes_in_the_database_while_and_after_the_job_runs(
    cards: dict[str, Any], monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    seen: list[int] = []
    real = render.RENDERERS["teams"]

    def watched(*args: Any, **kwargs: Any) -> bytes:
        seen.append(PrintChunk.objects.filter(pdf__isnull=False).count())  # while rendering
        return real(*args, **kwargs)

    monkeypatch.setitem(render.RENDERERS, "teams", watched)
    with django_capture_on_commit_callbacks(execute=True):
        job, _ = services.job_request(
            tournament=cards["tournament"], params=Params("teams", new_pins=True), user=cards["org"]
        )
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and len(seen) == 4
    assert seen == [0, 0, 0, 0] and stored_chunk_bytes(job) == 0
    assert job.done == job.total == 8


def test_a_card_job_failing_midway_keeps_no_card_and_changes_no_pin(
    cards: dict[str, Any], monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    real = render.RENDERERS["teams"]
    calls = {"n": 0}

    def breaks_at_the_third_chunk(*args: Any, **kwargs: Any) -> bytes:
        calls["n"] += 1
        if calls["n"] % 4 == 3:
            raise OSError("disco cheio")
        return real(*args, **kwargs)

    monkeypatch.setitem(render.RENDERERS, "teams", breaks_at_the_third_chunk)
    with pytest.raises(OSError), django_capture_on_commit_callbacks(execute=True):
        services.job_request(
            tournament=cards["tournament"], params=Params("teams", new_pins=True), user=cards["org"]
        )
    job = PrintJob.objects.get(tournament=cards["tournament"])
    assert job.status == PrintJob.Status.FAILED and "disco cheio" in job.error
    assert stored_chunk_bytes(job) == 0
    assert not list(Path(cards["media"]).rglob("*.pdf")) and not list(Path(cards["media"]).rglob("*.tmp"))
    for team in cards["tournament"].teams.all():
        assert works(team, cards["old"][team.pk])


def test_a_failed_card_job_drops_chunk_bytes_left_by_an_older_worker(cards: dict[str, Any]) -> None:
    job, _ = services.job_request(
        tournament=cards["tournament"], params=Params("teams", new_pins=True), user=cards["org"]
    )
    services.job_prepare(job.pk)
    PrintChunk.objects.filter(job=job, index=0).update(pdf=b"%PDF-1.7 cartoes com PIN")
    services.job_fail(job.pk, "parte 2: erro")
    assert stored_chunk_bytes(job) == 0


# Time and memory.


def test_a_render_out_of_time_fails_the_job_with_a_message(
    demo_like: Tournament, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    calls = {"n": 0}

    def slow(*args: Any, **kwargs: Any) -> bytes:
        calls["n"] += 1
        raise SoftTimeLimitExceeded()

    monkeypatch.setitem(render.RENDERERS, "schedule", slow)
    with pytest.raises(SoftTimeLimitExceeded), django_capture_on_commit_callbacks(execute=True):
        services.job_request(tournament=demo_like, params=Params("schedule"))
    job = PrintJob.objects.get(tournament=demo_like)
    assert job.status == PrintJob.Status.FAILED
    assert "tempo" in job.error and "parte 1" in job.error
    assert calls["n"] == 1  # not retried: it would run out of time again


def test_a_task_killed_at_the_hard_time_limit_fails_its_job(demo_like: Tournament) -> None:
    """Celery calls ``on_failure`` in the worker's main process when it kills a child
    at the hard limit: the job fails with a message instead of hanging as "imprimindo"."""
    job, _ = services.job_request(tournament=demo_like, params=Params("schedule"))
    services.job_prepare(job.pk)
    tasks.render_chunk.on_failure(TimeLimitExceeded(280), "task-id", (job.pk, 0), {}, None)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.FAILED and "tempo" in job.error


def test_a_chunk_whose_process_keeps_dying_fails_its_job(demo_like: Tournament) -> None:
    """A child killed at the memory ceiling gives its task back to the queue: after
    MAX_ATTEMPTS tries the chunk is given up, instead of killing worker after worker."""
    job, _ = services.job_request(tournament=demo_like, params=Params("schedule"))
    services.job_prepare(job.pk)
    PrintChunk.objects.filter(job=job).update(attempts=services.MAX_ATTEMPTS)  # four deaths
    with pytest.raises(services.ChunkAbandoned):
        tasks.render_chunk.apply(args=(job.pk, 0))
    job.refresh_from_db()
    assert job.status == PrintJob.Status.FAILED and "parou 4 vezes" in job.error
    assert "memória" in job.error


@pytest.fixture
def demo_like(db: Any) -> Tournament:
    return load_tournament(document([{**match(1, "t1", "t2", None), "table": "1"}], slug="prazo")).tournament


def test_the_worker_has_a_memory_ceiling_and_time_limits() -> None:
    from config.celery import app

    assert 0 < settings.CELERY_WORKER_MAX_MEMORY_PER_CHILD <= 300_000  # KB
    assert app.conf.worker_max_memory_per_child == settings.CELERY_WORKER_MAX_MEMORY_PER_CHILD
    soft, hard = app.conf.task_soft_time_limit, app.conf.task_time_limit
    # Under the Redis visibility timeout: a running task is never handed to a second worker.
    assert soft == settings.CELERY_TASK_SOFT_TIME_LIMIT and hard == settings.CELERY_TASK_TIME_LIMIT
    assert 0 < soft < hard < 300
    unit = (ROOT / "docs" / "deploy" / "tenteio-worker.service").read_text()
    assert re.search(r"^MemoryMax=\d+[KMG]$", unit, flags=re.M)
