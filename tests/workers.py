"""A real Celery worker for integration tests, and the switch off eager mode.

The test settings run tasks eagerly (inline); a test that needs a worker process
starts one here and sends to the broker instead, restoring eager mode afterwards.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from config.celery import app

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def celery_worker(
    options: Sequence[str], env: Mapping[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``celery -A config worker OPTIONS`` with the test settings until the block ends."""
    environment = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test", **(env or {}))
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--loglevel=WARNING",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        *options,
    ]
    proc = subprocess.Popen(
        command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield proc
    finally:
        app.conf.task_always_eager = eager
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
