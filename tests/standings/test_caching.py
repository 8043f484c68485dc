"""The public page cache's own parts: the bounded page memory, one build per page at a
time, and the per-chave memo of the standings (recomputing only what changed)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from core.demo import demo_document
from standings import caching
from tournaments.interchange.load import load_tournament


def test_page_memory_is_bounded_and_least_recently_used_goes_first() -> None:
    memory = caching.PageMemory(budget=1000)
    memory.put("a", (b"x" * 200, "text/html", None))
    memory.put("b", (b"x" * 200, "text/html", None))
    assert memory.get("a") is not None  # "a" is now the most recent
    memory.put("c", (b"x" * 200, "text/html", None))
    memory.put("d", (b"x" * 200, "text/html", None))
    memory.put("e", (b"x" * 200, "text/html", None))
    memory.put("f", (b"x" * 200, "text/html", None))  # six of 200 bytes: one must go
    assert memory.size <= 1000
    assert memory.get("b") is None and memory.get("a") is not None
    memory.put("huge", (b"x" * 600, "text/html", None))  # more than a quarter: not kept
    assert memory.get("huge") is None and memory.size <= 1000
    both = caching.PageMemory(budget=2000)
    both.put("zipped", (b"x" * 200, "text/html", b"z" * 100))  # both forms count
    assert both.size == 300


@pytest.mark.django_db(transaction=True)  # the threads read committed rows
def test_concurrent_misses_build_the_page_once() -> None:
    t = load_tournament(demo_document()).tournament
    builds: list[int] = []
    gate = threading.Event()

    def slow_view(request: Any, **kwargs: Any) -> HttpResponse:
        builds.append(1)
        gate.wait(5)
        return HttpResponse(b"page", content_type="text/plain")

    view = caching.public_cache(slow_view)
    request = RequestFactory().get(f"/t/{t.slug}/classificacao/")
    request.user = type("Anon", (), {"is_authenticated": False})()
    answers: list[bytes] = []

    def visit() -> None:
        answers.append(view(request, slug=t.slug).content)

    first = threading.Thread(target=visit)
    first.start()
    while not builds:
        time.sleep(0.01)
    others = [threading.Thread(target=visit) for _ in range(4)]
    for thread in others:
        thread.start()
    time.sleep(0.2)
    gate.set()
    for thread in [first, *others]:
        thread.join(10)
        assert not thread.is_alive()
    assert answers == [b"page"] * 5
    assert len(builds) == 1


@pytest.mark.django_db
def test_cached_pages_are_served_gzipped_to_browsers_that_accept_it(client: Any) -> None:
    import gzip

    t = load_tournament(demo_document()).tournament
    url = f"/t/{t.slug}/classificacao/"
    built = client.get(url)
    assert "Accept-Encoding" in built["Vary"]
    plain = client.get(url)
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert plain["X-Tenteio-Cache"] == zipped["X-Tenteio-Cache"] == "hit"
    assert "Content-Encoding" not in plain and zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content == built.content
    assert len(zipped.content) * 4 < len(plain.content)


@pytest.mark.django_db
def test_revisions_only_increase_even_after_a_restore() -> None:
    """A restored database's next revision is above every number handed out before
    the restore, which pages cached in Redis may still carry."""
    from standings.models import PublicRevision, bump, current

    t = load_tournament(demo_document()).tournament
    bump(t.pk)
    handed_out = current(t.pk)
    PublicRevision.objects.filter(tournament_id=t.pk).update(value=3)  # an old backup
    bump(t.pk)
    assert current(t.pk) > handed_out


def _anonymous(path: str, *, warm: bool = False) -> Any:
    request = RequestFactory().get(path)
    request.user = type("Anon", (), {"is_authenticated": False})()
    if warm:
        request.tenteio_warm = True
    return request


@pytest.mark.django_db(transaction=True)  # the threads read committed rows
def test_while_a_new_revision_is_built_visitors_get_the_page_built_before() -> None:
    from standings.models import bump

    t = load_tournament(demo_document()).tournament
    builds: list[int] = []
    gate = threading.Event()

    def view(request: Any, **kwargs: Any) -> HttpResponse:
        builds.append(1)
        if len(builds) == 2:
            gate.wait(5)  # the second revision's build is slow
        return HttpResponse(f"revision {len(builds)}".encode(), content_type="text/plain")

    cached = caching.public_cache(view)
    path = f"/t/{t.slug}/classificacao/"
    assert cached(_anonymous(path), slug=t.slug).content == b"revision 1"
    bump(t.pk)  # a homologation: its page is being built by someone else
    builder = threading.Thread(target=lambda: cached(_anonymous(path), slug=t.slug))
    builder.start()
    while len(builds) < 2:
        time.sleep(0.01)
    try:
        visitor = cached(_anonymous(path), slug=t.slug)
        assert (visitor.content, visitor["X-Tenteio-Cache"]) == (b"revision 1", "stale")
        outcome: list[bytes] = []
        own = _anonymous(path, warm=True)
        warm = threading.Thread(target=lambda: outcome.append(cached(own, slug=t.slug).content))
        warm.start()
        time.sleep(0.2)
        assert outcome == []  # a homologation's own build waits for the page that shows it
    finally:
        gate.set()
    builder.join(10)
    warm.join(10)
    assert outcome == [b"revision 2"]
    after = cached(_anonymous(path), slug=t.slug)
    assert (after.content, after["X-Tenteio-Cache"]) == (b"revision 2", "hit")
    assert len(builds) == 2
    bump(t.pk)  # nobody is building the next one: the visitor builds it, nothing stale
    assert cached(_anonymous(path), slug=t.slug).content == b"revision 3"
