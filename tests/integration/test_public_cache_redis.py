"""The public cache on a real Redis (Django's RedisCache, as in production): a page is
stored once for every web process, a homologation is on the very next request, and a
private tournament is never answered from it."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.demo import demo_document
from interchange.load import load_tournament
from scoring.models import ScoreSheet
from scoring.services.contributions import contributions_refresh
from tests.conftest import redis_url
from tournaments.models import Match, Tournament
from tournaments.revision import bump

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_cache(settings: Any) -> Any:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",  # what production uses
            "LOCATION": redis_url(),
            "KEY_PREFIX": "tenteio-test",
        },
        "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    cache.clear()
    yield
    cache.clear()


def test_stored_in_redis_and_fresh_after_homologation(client: Client, redis_cache: Any) -> None:
    t = load_tournament(demo_document()).tournament
    url = f"/t/{t.slug}/classificacao.json"
    before = client.get(url)
    stored = redis.Redis.from_url(redis_url()).keys("tenteio-test:*pub:*")
    assert len(stored) == 1  # one copy for every web process
    assert client.get(url + "?x=1")["Location"] == url  # an unread parameter: the same page
    with CaptureQueriesContext(connection) as ctx:
        hit = client.get(url)
    assert hit.content == before.content and len(ctx.captured_queries) == 1  # the revision only
    assert client.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    match = Match.objects.filter(sheets__isnull=True).first()
    assert match is not None
    ScoreSheet.objects.create(
        match=match, version=1, status="homologated", confirmed=True, result={"games": [[24, 3], [24, 4]]}
    )
    contributions_refresh(match=match)  # what the workflow does in its transaction
    bump(t.pk)  # committed with the homologation, as its service does
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after.content != before.content
    Tournament.objects.filter(pk=t.pk).update(is_public=False)
    assert client.get(url).status_code == 404  # a private tournament is not found, as a missing one
