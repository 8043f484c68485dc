"""Queue Celery tasks only after the surrounding transaction commits.

A worker must never receive the id of a row that is rolled back, nor start before the
row is visible: every task of Tenteio is queued through :func:`enqueue`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction


def enqueue(task: Any, *args: Any, **kwargs: Any) -> None:
    """``task.delay(*args, **kwargs)`` once the current transaction commits (now if none)."""
    transaction.on_commit(lambda: task.delay(*args, **kwargs))
