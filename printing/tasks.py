"""Thin Celery tasks of printing: take ids, call ``printing.services``, fan out chunks.

No chord: the chunk that finds every chunk rendered merges (a conditional UPDATE claims
the merge), which works the same with Redis, the filesystem broker and eager tests.
Team cards with new PINs are one task (``render_cards``): their chunks are never stored.

Every task runs under the worker's time limits (``CELERY_TASK_SOFT_TIME_LIMIT`` /
``CELERY_TASK_TIME_LIMIT``). A task that fails for good — out of retries, out of time,
out of memory — fails its job with a pt-BR message for the organizer, in the task
(``_attempt``) or, when the task itself cannot, in :meth:`PrintTask.on_failure`: at the
soft limit the task is interrupted; at the hard limit Celery kills the worker child and
calls ``on_failure`` in the worker's main process. Running out of time or memory is
not retried: it would happen again. A child killed at the memory ceiling gives its task
back to the queue (acks late); the chunk's count of tries stops that after MAX_ATTEMPTS
(``services.ChunkAbandoned``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.utils.translation import gettext

from printing import services

MAX_RETRIES = services.MAX_ATTEMPTS - 1
NOT_RETRIED = (SoftTimeLimitExceeded, TimeLimitExceeded, MemoryError, services.ChunkAbandoned)


def failure_message(exc: BaseException, index: int | None = None) -> str:
    where = gettext("parte %(n)s: ") % {"n": index + 1} if index is not None else ""
    if isinstance(exc, (SoftTimeLimitExceeded, TimeLimitExceeded)):
        why = gettext(
            "a impressão passou do tempo limite e foi interrompida; "
            "imprima uma parte de cada vez (uma fase, chave ou rodada)."
        )
    elif isinstance(exc, MemoryError):
        why = gettext(
            "a impressão passou do limite de memória e foi interrompida; "
            "imprima uma parte de cada vez (uma fase, chave ou rodada)."
        )
    elif isinstance(exc, services.ChunkAbandoned):
        return str(exc)
    else:
        why = f"{exc.__class__.__name__}: {exc}"
    return where + why


class PrintTask(Task):  # type: ignore[misc]
    """A printing task whose first argument is the job's id (``render_chunk``: the
    chunk's index second)."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        args = list(args or ())
        if not args:
            return
        index = args[1] if len(args) > 1 else None
        # A job already failed or finished keeps its state and message.
        services.job_fail(int(args[0]), failure_message(exc, index))


@shared_task(base=PrintTask, name="printing.prepare")  # type: ignore[misc]
def prepare_job(job_id: int) -> int:
    """Build the chunks of a job and queue one task per chunk (they run in parallel), or
    the one task that renders a card job with new PINs."""
    indices = services.job_prepare(job_id)
    if indices and services.renders_in_memory(job_id):
        render_cards.delay(job_id)
        return 1
    for index in indices:
        render_chunk.delay(job_id, index)
    return len(indices)


def _attempt(task: Any, work: Callable[[], Any], job_id: int, index: int | None = None) -> Any:
    """``work()``, retried with a growing delay up to MAX_RETRIES times. Out of time or
    memory, or out of retries, the job fails with a message and the exception goes on
    (``on_failure`` does the same, but eager tests propagate before calling it)."""
    try:
        return work()
    except Exception as exc:
        if isinstance(exc, NOT_RETRIED) or task.request.retries >= MAX_RETRIES:
            services.job_fail(job_id, failure_message(exc, index))
            raise
        retry = task.retry(exc=exc, countdown=2**task.request.retries, throw=False)
        # A worker has queued the retry and this try ends quietly; eager apply() (tests)
        # re-runs the task inline only when handed the Retry back.
        return retry if task.request.is_eager else False


@shared_task(base=PrintTask, bind=True, name="printing.chunk", max_retries=MAX_RETRIES)  # type: ignore[misc]
def render_chunk(self: Any, job_id: int, index: int) -> Any:
    outcome = _attempt(self, lambda: services.chunk_render(job_id, index), job_id, index)
    if outcome is True:  # every chunk is rendered now
        return services.job_merge(job_id)
    return outcome


@shared_task(base=PrintTask, bind=True, name="printing.cards", max_retries=MAX_RETRIES)  # type: ignore[misc]
def render_cards(self: Any, job_id: int) -> Any:
    """All the team cards of a job with new PINs, in memory, into the merged file."""
    return _attempt(self, lambda: services.cards_render(job_id), job_id)


@shared_task(base=PrintTask, name="printing.merge")  # type: ignore[misc]
def merge_job(job_id: int) -> bool:
    return services.job_merge(job_id)
