"""Thin Celery tasks of printing: take ids, call ``printing.services``, fan out chunks.

No chord: the chunk that finds every chunk rendered merges (a conditional UPDATE claims
the merge), which works the same with Redis, the filesystem broker and eager tests.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from printing import services

MAX_RETRIES = 3


@shared_task(name="printing.prepare")  # type: ignore[misc]
def prepare_job(job_id: int) -> int:
    """Build the chunks of a job and queue one task per chunk (they run in parallel)."""
    indices = services.job_prepare(job_id)
    for index in indices:
        render_chunk.delay(job_id, index)
    return len(indices)


@shared_task(bind=True, name="printing.chunk", max_retries=MAX_RETRIES)  # type: ignore[misc]
def render_chunk(self: Any, job_id: int, index: int) -> Any:
    try:
        complete = services.chunk_render(job_id, index)
    except Exception as exc:
        if self.request.retries >= MAX_RETRIES:
            services.job_fail(job_id, f"parte {index + 1}: {exc.__class__.__name__}: {exc}")
            raise
        retry = self.retry(exc=exc, countdown=2**self.request.retries, throw=False)
        # A worker has queued the retry and this try ends quietly; eager apply() (tests)
        # re-runs the task inline only when handed the Retry back.
        return retry if self.request.is_eager else False
    if complete:
        return services.job_merge(job_id)
    return False


@shared_task(name="printing.merge")  # type: ignore[misc]
def merge_job(job_id: int) -> bool:
    return services.job_merge(job_id)
