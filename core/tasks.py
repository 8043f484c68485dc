"""Thin Celery tasks of core: a self-test that reports progress like real jobs do."""

from __future__ import annotations

import time
from typing import Any

from celery import shared_task


@shared_task(bind=True, name="core.selftest")  # type: ignore[misc]
def selftest(self: Any, steps: int = 3, pause: float = 0.0) -> dict[str, int]:
    """Counts to ``steps``, publishing progress; used by the health checks and tests."""
    for done in range(1, steps + 1):
        if pause:
            time.sleep(pause)
        self.update_state(state="PROGRESS", meta={"done": done, "total": steps, "at": time.time()})
    return {"done": steps, "total": steps}
