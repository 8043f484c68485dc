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
from scoring.services.contributions import contributions_refresh
from tests.conftest import redis_url
from tournaments.interchange.load import load_tournament
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_cache(settings: Any) -> Any:
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ForgivingRedisCache",  # what production uses
            "LOCATION": redis_url(),
            "KEY_PREFIX": "tenteio-test",
        },
        "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
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
    contributions_refresh(match=match)  # what the workflow does in its transaction
    after = client.get(url)
    assert after.get("X-Tenteio-Cache") is None and after.content != before.content
    t.is_public = False
    t.save()
    assert client.get(url).status_code == 404  # a private tournament is not found, as a missing one


def test_revision_mirror_only_moves_forward(redis_cache: Any) -> None:
    """A reader that read the revision just before a homologation committed must not
    put the old number back in Redis after the homologation mirrored the new one."""
    from core.cache import set_max
    from standings.models import _cache_key, bump, current

    t = load_tournament(demo_document()).tournament
    old = current(t.pk)
    bump(t.pk)  # autocommit: mirrored at once
    new = current(t.pk)
    assert new > old
    set_max(cache, _cache_key(t.pk), old, 300)  # the late reader's old number
    assert current(t.pk) == new
    cache.delete(_cache_key(t.pk))
    assert current(t.pk) == new  # from the database again


def test_other_node_memory_never_serves_an_old_page(client: Client, redis_cache: Any) -> None:
    """A node's in-memory copy is keyed by the revision read from Redis on every
    request: after a change made elsewhere it misses; a deleted tournament is gone."""
    from standings import caching

    t = load_tournament(demo_document()).tournament
    url = f"/t/{t.slug}/classificacao.json"
    before = client.get(url)
    caching.memory.clear()  # a second web node: nothing in memory, the page in Redis
    with CaptureQueriesContext(connection) as ctx:
        hit = client.get(url)
    assert hit["X-Tenteio-Cache"] == "hit" and hit.content == before.content
    assert len(ctx.captured_queries) == 0
    match = Match.objects.filter(sheets__isnull=True).first()
    assert match is not None
    ScoreSheet.objects.create(
        match=match, version=1, status="homologated", confirmed=True, result={"games": [[24, 5], [24, 6]]}
    )
    contributions_refresh(match=match)  # what the workflow does in its transaction
    assert client.get(url).content != before.content
    remembered = caching.identity(t.slug)
    assert remembered is not None
    t.delete()
    caching._identities[t.slug] = remembered  # another node still remembers the slug
    assert client.get(url).status_code == 404


def test_one_node_builds_a_new_page_the_others_wait_for_it(redis_cache: Any) -> None:
    """The claim in Redis: the first process builds, another waits and takes its page;
    a waiter whose builder vanished stops waiting when the claim is gone."""
    import threading
    import time

    from standings import caching

    key = caching.PageKey(1, "test", "all", 1, ":pt-br:/t/x/classificacao/")
    assert caching._claim_or_wait(key, True) == (True, None, False)  # first: builds
    page = (b"<p>pronta</p>", "text/html", None)
    threading.Timer(0.2, lambda: cache.set(key.text, page, 60)).start()
    started = time.monotonic()
    assert caching._claim_or_wait(key, True) == (False, page, False)  # another node: waits, takes it
    assert 0.15 < time.monotonic() - started < caching.NODE_WAIT_SECONDS
    caching.memory.clear()
    other = key._replace(revision=2)
    assert caching._claim_or_wait(other, True)[0] is True
    threading.Timer(0.2, lambda: cache.delete(other.text + caching.LOCK_SUFFIX)).start()
    started = time.monotonic()
    assert caching._claim_or_wait(other, True) == (False, None, False)  # the builder died: build
    assert time.monotonic() - started < caching.NODE_WAIT_SECONDS


def test_with_redis_down_nobody_waits_for_a_claim(settings: Any) -> None:
    import socket
    import time

    from django.core.cache import caches

    from standings import caching

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings.CACHES = {
        "default": {"BACKEND": "core.cache.ForgivingRedisCache", "LOCATION": f"redis://127.0.0.1:{port}/0"},
        "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    try:
        started = time.monotonic()
        key = caching.PageKey(1, "x", "all", 1, ":pt-br:/")
        assert caching._claim_or_wait(key, True) == (False, None, False)
        assert time.monotonic() - started < 1.5
    finally:
        caches["default"].close()


def test_another_nodes_build_in_progress_answers_with_the_page_built_before(redis_cache: Any) -> None:
    """A node whose visitor asks for a page that another node is building (its claim is
    in Redis) answers with the page stored before, not after a wait for a stranger's
    homologation; the homologation's own build (warm) still waits."""
    from standings import caching
    from standings.models import TABLE, bump

    t = load_tournament(demo_document()).tournament
    url = f"/t/{t.slug}/classificacao.json"
    visitor = Client()
    first = visitor.get(url)
    bump(t.pk)
    caching.memory.clear()  # another node: only Redis is shared
    found = caching.identity(t.slug)
    assert found is not None
    key = caching.page_key(url, found, TABLE, "pt-br")
    assert cache.add(key.text + caching.LOCK_SUFFIX, 1, 5)  # the other node's claim
    stale = visitor.get(url)
    assert stale["X-Tenteio-Cache"] == "stale" and stale.content == first.content
    import threading
    import time

    threading.Timer(0.3, lambda: cache.delete(key.text + caching.LOCK_SUFFIX)).start()
    started = time.monotonic()
    assert caching._claim_or_wait(key, False) == (False, None, False)  # warm: waits, never stale
    assert time.monotonic() - started >= 0.25  # the other node's build ended without a page
    fresh = visitor.get(url)
    assert fresh.get("X-Tenteio-Cache") is None and fresh.status_code == 200
