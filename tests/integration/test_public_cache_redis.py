"""With the shared Redis cache, pages hit the cache with no database query for the
revision, and a homologation is still visible on the very next request."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.demo import demo_document
from scoring.models import ScoreSheet
from tests.conftest import redis_url
from tournaments.interchange.load import load_tournament
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_cache(settings: Any) -> Any:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url(),
            "KEY_PREFIX": "tenteio-test",
        }
    }
    cache.clear()
    yield
    cache.clear()


def test_cached_hit_and_fresh_after_homologation(client: Client, redis_cache: Any) -> None:
    t = load_tournament(demo_document()).tournament
    url = f"/t/{t.slug}/classificacao.json"
    before = client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        hit = client.get(url)
    assert hit["X-Tenteio-Cache"] == "hit" and len(ctx.captured_queries) == 0
    match = Match.objects.filter(sheets__isnull=True).first()
    assert match is not None
    ScoreSheet.objects.create(
        match=match, version=1, status="homologated", confirmed=True, result={"games": [[24, 3], [24, 4]]}
    )
    after = client.get(url)
    assert after.get("X-Tenteio-Cache") is None and after.content != before.content
    t.is_public = False
    t.save()
    assert client.get(url).status_code == 302
