"""Test-wide set-up: decides whether integration services must be present.

With ``REQUIRE_SERVICES=1`` a missing PostgreSQL or Redis stops the run at once with a
message naming it; without it, integration tests skip when their service is absent.
"""

from __future__ import annotations

import os
import socket
from typing import Any
from urllib.parse import urlparse

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Property tests judge behaviour, not speed: on a machine whose cores are busy with other
# work, an example can take seconds to make or run, which Hypothesis would report as a
# failed health check or an exceeded deadline.
hypothesis_settings.register_profile("tenteio", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("tenteio")

REQUIRED = os.environ.get("REQUIRE_SERVICES") == "1"


def _reachable(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=2
        ):
            return True
    except OSError:
        return False


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def redis_url() -> str | None:
    return os.environ.get("REDIS_URL") or None


def service_problems() -> list[str]:
    problems = []
    pg = postgres_url()
    if pg is None:
        problems.append("PostgreSQL: DATABASE_URL não aponta para um PostgreSQL")
    elif not _reachable(pg, 5432):
        problems.append(f"PostgreSQL: sem resposta em {urlparse(pg).hostname}:{urlparse(pg).port or 5432}")
    rd = redis_url()
    if rd is None:
        problems.append("Redis: REDIS_URL não definido")
    elif not _reachable(rd, 6379):
        problems.append(f"Redis: sem resposta em {urlparse(rd).hostname}:{urlparse(rd).port or 6379}")
    return problems


def pytest_sessionstart(session: pytest.Session) -> None:
    if REQUIRED:
        problems = service_problems()
        if problems:
            pytest.exit("REQUIRE_SERVICES=1 mas serviços ausentes: " + "; ".join(problems), returncode=3)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if REQUIRED:
        return
    problems = service_problems()
    if not problems:
        return
    skip = pytest.mark.skip(reason="integration services absent: " + "; ".join(problems))
    for item in items:
        if "integration" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache (ids repeat across rolled-back tests)."""
    from django.conf import settings

    if not settings.configured:  # pure rules tests may run without Django
        return
    from django.core.cache import cache

    from audit import describe
    from public import caching

    cache.clear()
    describe._owners.clear()  # ids repeat across rolled-back tests
    caching._down_until = 0.0


@pytest.fixture
def commits(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a test inside one transaction (``django_db`` without ``transaction=True``),
    run the ``on_commit`` hooks when the outermost atomic block of the code under test
    exits, as a real commit would: a circuit reads its etapa's placings again once the
    tournament's change commits (``tournaments.revision.revision_published``), which
    such a test would otherwise never see."""
    from django.db import connection, transaction

    original = transaction.Atomic.__exit__

    def exit_and_commit(self: Any, exc_type: Any, exc_value: Any, traceback: Any) -> Any:
        result = original(self, exc_type, exc_value, traceback)
        blocks = connection.atomic_blocks
        if exc_type is None and blocks and all(b._from_testcase for b in blocks):
            pending, connection.run_on_commit = connection.run_on_commit, []
            for _sids, func, _robust in pending:
                func()  # robust or not: a test sees the error
        return result

    def on_commit(func: Any, using: Any = None, robust: bool = False) -> None:
        blocks = connection.atomic_blocks
        if blocks and all(b._from_testcase for b in blocks):
            func()  # outside the code's own blocks: committed at once, as in autocommit
        else:
            original_on_commit(func, using=using, robust=robust)

    original_on_commit = transaction.on_commit
    monkeypatch.setattr(transaction.Atomic, "__exit__", exit_and_commit)
    monkeypatch.setattr(transaction, "on_commit", on_commit)
