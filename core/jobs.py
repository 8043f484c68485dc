"""Queue Celery tasks only after the surrounding transaction commits.

A worker must never receive the id of a row that is rolled back, nor start before the
row is visible: every task of Tenteio is queued through :func:`enqueue`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy
from kombu.exceptions import OperationalError

from config.celery import app


def enqueue(task: Any, *args: Any, **kwargs: Any) -> None:
    """``task.delay(*args, **kwargs)`` once the current transaction commits (now if none)."""
    transaction.on_commit(lambda: task.delay(*args, **kwargs))


class JobsUnavailable(Exception):
    """The job broker (Redis) does not answer: the job was not queued."""

    message = gettext_lazy(
        "O servidor de tarefas não está respondendo; o pedido não foi registrado. "
        "Tente de novo em alguns instantes."
    )

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or str(self.message))


def broker_check(timeout: float = 2.0) -> None:
    """Raise :class:`JobsUnavailable` unless the broker accepts a connection now."""
    if app.conf.task_always_eager:
        return
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
    except (OperationalError, ConnectionError, OSError) as exc:
        raise JobsUnavailable() from exc


def enqueue_or_refuse(task: Any, *args: Any, **kwargs: Any) -> None:
    """Like :func:`enqueue`, but refuse with a pt-BR :class:`JobsUnavailable` when the
    broker is down, so the view can say so instead of promising a job that never runs.

    The broker is checked before the transaction commits; callers run this inside their
    atomic block so that the refusal rolls back the job's row too.
    """
    broker_check()
    enqueue(task, *args, **kwargs)
