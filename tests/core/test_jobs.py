"""Tasks are queued on commit, and not at all when the transaction rolls back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from core.jobs import enqueue


class FakeTask:
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def delay(self, *args: Any) -> None:
        self.calls.append(args)


@pytest.mark.django_db(transaction=True)
def test_enqueue_waits_for_commit_and_drops_on_rollback() -> None:
    task = FakeTask()
    with transaction.atomic():
        enqueue(task, 1)
        assert task.calls == []
    assert task.calls == [(1,)]
    with pytest.raises(RuntimeError), transaction.atomic():
        enqueue(task, 2)
        raise RuntimeError("rolled back")
    assert task.calls == [(1,)]


def test_selftest_task_runs_eagerly_in_tests() -> None:
    from core.tasks import selftest

    assert selftest.delay(2).get() == {"done": 2, "total": 2}
