"""Print jobs with eager Celery: chunks, merge, reuse, retry, cancel, resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printing import documents, render, services
from printing.documents import DOCS, DocSpec, Params
from printing.models import PrintChunk, PrintJob
from printing.services import job_request
from tournaments.models import Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three súmulas a chunk: rodada 3 (8 jogos) makes 3 chunks."""
    spec = DOCS["sumulas"]
    monkeypatch.setitem(DOCS, "sumulas", DocSpec(spec.key, spec.build, spec.per_page, 3))


def run(tournament: Tournament, params: Params, capture: Any) -> PrintJob:
    with capture(execute=True):
        job, _ = job_request(tournament=tournament, params=params)
    job.refresh_from_db()
    return job


def test_a_rodada_is_rendered_in_chunks_and_merged(
    demo: Tournament, media: Path, small_chunks: None, django_capture_on_commit_callbacks: Any
) -> None:
    job = run(demo, Params("sumulas", round=3), django_capture_on_commit_callbacks)
    assert job.status == PrintJob.Status.DONE
    assert (job.done, job.total, job.pages) == (8, 8, 8)
    assert job.chunks.count() == 3
    path = Path(media, job.file.name)
    reader = PdfReader(str(path))
    assert len(reader.pages) == 8
    assert "página 8 de 8" in reader.pages[7].extract_text()  # numbering spans the chunks
    assert not list(path.parent.glob("*.tmp"))
    assert all(c.pdf is None for c in job.chunks.all())  # chunk bytes freed once merged


def test_unchanged_document_is_reused_until_something_changes(
    demo: Tournament, media: Path, django_capture_on_commit_callbacks: Any
) -> None:
    first = run(demo, Params("standings"), django_capture_on_commit_callbacks)
    again, created = job_request(tournament=demo, params=Params("standings"))
    assert again.pk == first.pk and not created
    bump(demo.pk)  # a homologation, a sorteio, an edit: the public revision moves
    second = run(demo, Params("standings"), django_capture_on_commit_callbacks)
    assert second.pk != first.pk and second.status == PrintJob.Status.DONE


def test_a_failed_chunk_is_retried(
    demo: Tournament,
    media: Path,
    small_chunks: None,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    real = render.RENDERERS["sumulas"]
    calls = {"n": 0}

    def flaky(*args: Any, **kwargs: Any) -> bytes:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError("disco cheio por um instante")
        return real(*args, **kwargs)

    monkeypatch.setitem(render.RENDERERS, "sumulas", flaky)
    job = run(demo, Params("sumulas", round=3), django_capture_on_commit_callbacks)
    assert job.status == PrintJob.Status.DONE
    assert sorted(job.chunks.values_list("attempts", flat=True)) == [1, 1, 2]
    assert job.pages == 8


def test_a_chunk_failing_every_time_fails_the_job(
    demo: Tournament, media: Path, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise ValueError("modelo quebrado")

    monkeypatch.setitem(render.RENDERERS, "schedule", broken)
    with pytest.raises(ValueError), django_capture_on_commit_callbacks(execute=True):
        job_request(tournament=demo, params=Params("schedule"))
    job = PrintJob.objects.get(doc="schedule")
    assert job.status == PrintJob.Status.FAILED
    assert "modelo quebrado" in job.error
    assert job.chunks.get().attempts == 4  # first try and three retries


def test_cancelled_job_renders_nothing_more(
    demo: Tournament, media: Path, small_chunks: None, django_capture_on_commit_callbacks: Any
) -> None:
    job, _ = job_request(tournament=demo, params=Params("sumulas", round=3))  # not yet committed: queued
    services.job_prepare(job.pk)
    assert services.job_cancel(job=job)
    assert services.chunk_render(job.pk, 0) is False
    assert not PrintChunk.objects.filter(job=job, pdf__isnull=False).exists()
    assert services.job_merge(job.pk) is False
    job.refresh_from_db()
    assert job.status == PrintJob.Status.CANCELLED and not job.file
    assert not services.job_cancel(job=job)  # cancelling twice is harmless


def test_a_killed_worker_leaves_a_resumable_job(
    demo: Tournament,
    media: Path,
    small_chunks: None,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    job, _ = job_request(tournament=demo, params=Params("sumulas", round=3))
    services.job_prepare(job.pk)
    services.chunk_render(job.pk, 1)  # the worker died after one chunk
    job.refresh_from_db()
    assert job.status == PrintJob.Status.RUNNING and job.done == 3
    rendered: list[int] = []
    real = services.chunk_render
    monkeypatch.setattr(services, "chunk_render", lambda j, i: rendered.append(i) or real(j, i))
    with django_capture_on_commit_callbacks(execute=True):
        assert services.job_resume(job=job)
    job.refresh_from_db()
    assert sorted(rendered) == [0, 2]  # only the missing chunks
    assert job.status == PrintJob.Status.DONE and job.pages == 8


def test_merge_is_idempotent(demo: Tournament, media: Path, django_capture_on_commit_callbacks: Any) -> None:
    job, _ = job_request(tournament=demo, params=Params("teams"))
    services.job_prepare(job.pk)
    assert services.chunk_render(job.pk, 0)
    assert services.job_merge(job.pk) is True
    assert services.job_merge(job.pk) is False  # a second merge (a re-delivered task) changes nothing
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and job.pages == 4


def test_progress_reports_done_total_and_time_left(demo: Tournament, small_chunks: None) -> None:
    job, _ = job_request(tournament=demo, params=Params("sumulas", round=3))
    services.job_prepare(job.pk)
    services.chunk_render(job.pk, 0)
    job.refresh_from_db()
    status = services.job_status(job)
    assert (status["done"], status["total"], status["percent"]) == (3, 8, 37)
    assert status["seconds_left"] is not None and status["ready"] is False and status["stale"] is False


def test_build_assigns_pages_for_parallel_chunks(demo: Tournament) -> None:
    built = documents.build(demo, Params("teams"))
    assert [u["page"] for u in built.units][:6] == [1, 1, 1, 1, 2, 2]
    assert built.total_pages == 4
