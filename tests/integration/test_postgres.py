"""The suite runs on the real PostgreSQL when DATABASE_URL points at one."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.conftest import postgres_url

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_database_is_postgresql() -> None:
    assert postgres_url() is not None
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        assert cursor.fetchone()[0]


def test_redis_cache_roundtrip() -> None:
    import redis

    from tests.conftest import redis_url

    client = redis.Redis.from_url(redis_url() or "")
    client.set("tenteio:test", "ok", ex=10)
    assert client.get("tenteio:test") == b"ok"
