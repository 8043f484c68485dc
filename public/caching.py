"""Caching of anonymous public pages under the tournament's public revision.

The key holds the revision (``standings.models.PublicRevision``), so any change the
page shows makes a new key: a homologation is visible on the very next request, on
every web node, with no explicit invalidation. Logged-in visitors (who see staff
buttons) and exports are never cached.

Two levels, because a state final's standings page is ~170 KB and every family reloads
it: the shared cache (Redis) holds each page once for all web nodes, and each process
keeps the pages it served last in memory (``PUBLIC_PAGES_MEMORY`` bytes), under the
same key. A request then costs one small read — the revision — and no page transfer.
The revision is read on every request, so a change is on the next request once its
page is built.

Each page is also kept gzipped, compressed once when it is built: browsers accept gzip,
and a state final's standings page shrinks about tenfold (the public pages carry no
secret, not even a CSRF token, so compression leaks nothing).

When a revision changes, the requests that ask for the same new page do not all build
it: the first one does (the threads of a process for the first thread, the processes
of every web node for the first process, through a claim in Redis), and the others get
the page built before it if that one is at most ``STALE_SECONDS`` old, or wait. A
homologation, its reversal or a sorteio builds its own pages before its organizer gets
an answer (``standings.warm``), so the page built before always shows every decision
already answered; visitors who come between its commit and the end of that build get
it instead of building the same page a second time (see "the page built before" below).
"""

from __future__ import annotations

import functools
import gzip
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from core.cache import set_max
from standings.models import ALL, clock, current, shared_cache, warming_key
from standings.selectors import building_under
from tournaments.models import Tournament

TTL_SECONDS = 600
BUILD_WAIT_SECONDS = 10.0
LOCK_SUFFIX = ":building"
CLAIM_SECONDS = 5  # a claim outlives any build; a dead builder's expires
NODE_WAIT_SECONDS = 3.0
NODE_POLL_SECONDS = 0.01
View = Callable[..., HttpResponse]
Page = tuple[bytes, str, bytes | None]  # content, content type, the content gzipped
COMPRESS_FROM = 1024  # bytes; smaller pages are not worth a Content-Encoding


def _size(page: Page) -> int:
    return len(page[0]) + len(page[2] or b"")


class PageMemory:
    """A thread-safe LRU of pages bounded by their total size in bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._pages: OrderedDict[str, Page] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Page | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: str, page: Page) -> None:
        if _size(page) > self.budget // 4:
            return  # one huge page must not push out everything else
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self.size -= _size(old)
            self._pages[key] = page
            self.size += _size(page)
            while self.size > self.budget:
                _, dropped = self._pages.popitem(last=False)
                self.size -= _size(dropped)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self.size = 0


memory = PageMemory(settings.PUBLIC_PAGES_MEMORY)
# slug -> (tournament id, stamp), checked against the database whenever a page is built
_identities: dict[str, tuple[int, str]] = {}
_building: dict[str, threading.Event] = {}
_building_lock = threading.Lock()


def _from_database(slug: str) -> tuple[int, str] | None:
    """The tournament's id and a stamp unique to it (id + creation time: a restored or
    re-created database may reuse an id)."""
    found = Tournament.objects.filter(slug=slug).values_list("pk", "created_at").first()
    if found is None:
        _identities.pop(slug, None)
        return None
    value = (found[0], f"{found[0]}.{found[1].timestamp():.6f}")
    if len(_identities) > 10_000:
        _identities.clear()  # a bound, not a policy: identities are cheap to read again
    _identities[slug] = value
    return value


def identity(slug: str) -> tuple[int, str] | None:
    """The id and stamp the slug had when a page of it was last built in this process.

    Remembering it is safe: a renamed or deleted tournament bumps its revision, so the
    next request misses, and a miss reads the slug from the database again before any
    page is built or stored (``public_cache``)."""
    return _identities.get(slug) or _from_database(slug)


def forget(slug: str) -> None:
    _identities.pop(slug, None)


class PageKey(NamedTuple):
    """Where a page lives in the caches: its tournament, the revision of ``scope`` it
    was built under, and what the visitor asked for (language and path with query)."""

    tournament_id: int
    stamp: str
    scope: str
    revision: int
    asked: str  # ":language:/path?query"

    @property
    def text(self) -> str:
        return f"{self.tag}{self.asked}"

    @property
    def tag(self) -> str:
        """The revision part: pages built under one tag share their standings."""
        return f"tenteio:pub2:{self.stamp}:{self.scope}{self.revision}"

    @property
    def latest_name(self) -> str:
        """Where the revision of the page stored last for the same request is kept."""
        return f"tenteio:pub2:{self.stamp}:{self.scope}:latest{self.asked}"


def page_key(full_path: str, found: tuple[int, str], scope: str, language: str) -> PageKey:
    """The key of a page: the path with its query, under the tournament's current
    revision of ``scope`` (read now) and the visitor's language."""
    tournament_id, stamp = found
    return PageKey(tournament_id, stamp, scope, current(tournament_id, scope), f":{language}:{full_path}")


def _key(request: HttpRequest, found: tuple[int, str], scope: str) -> PageKey:
    return page_key(request.get_full_path(), found, scope, translation.get_language())


def remembered_identity(slug: str) -> tuple[int, str] | None:
    """The identity this process remembers for ``slug``, without asking the database."""
    return _identities.get(slug)


def cached_page(key: PageKey) -> Page | None:
    page = memory.get(key.text)
    if page is None and shared_cache():
        found = cache.get(key.text)
        # Anything else under the key (a value of another release) is a miss, not a 500.
        if isinstance(found, tuple) and len(found) == 3:
            page = found
            memory.put(key.text, page)
    return page


def _accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def answer(request: HttpRequest, page: Page, *, stale: bool = False) -> HttpResponse:
    content, content_type, zipped = page
    if zipped is not None and _accepts_gzip(request):
        response = HttpResponse(zipped, content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(content, content_type=content_type)
    if zipped is not None:
        patch_vary_headers(response, ("Accept-Encoding",))
    response["X-Tenteio-Cache"] = "stale" if stale else "hit"
    return response


def _page(response: HttpResponse) -> Page:
    content = bytes(response.content)
    zipped = gzip.compress(content, compresslevel=6, mtime=0) if len(content) >= COMPRESS_FROM else None
    return (content, str(response["Content-Type"]), zipped)


def public_cache(view: View | None = None, *, scope: str = ALL) -> Any:
    """Cache an anonymous public page under the revision of ``scope`` (``models.ALL``,
    or ``models.TABLE`` for pages that show only what the classificação shows). Used
    bare (``public_cache``) or with a scope (``public_cache(scope=TABLE)``)."""
    if view is None:
        return functools.partial(public_cache, scope=scope)
    return _cached_view(view, scope)


def _cached_view(view: View, scope: str) -> View:
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "GET" or request.user.is_authenticated or "_export" in request.GET:
            return view(request, *args, **kwargs)
        slug = str(kwargs.get("slug"))
        found = identity(slug)
        if found is None:
            return view(request, *args, **kwargs)
        key = _key(request, found, scope)
        page = cached_page(key)
        if page is not None:
            response = answer(request, page)
        else:
            # A miss: make sure the slug still names the same tournament before building.
            fresh = _from_database(slug)
            if fresh is None:
                return view(request, *args, **kwargs)
            if fresh != found:
                key = _key(request, fresh, scope)
            response = _build(key, view, request, *args, **kwargs)
        if response.status_code == 200:
            response.public_page = (slug, scope)  # type: ignore[attr-defined]  # standings.fastpath
        return response

    # Marks the page as public and cached: docs/DEPLOY.md's reverse proxy sends exactly
    # these to the public pool (tests/standings/test_public_routes.py).
    wrapper.public_page = True  # type: ignore[attr-defined]
    return wrapper


def _build(key: PageKey, view: View, request: HttpRequest, /, *args: Any, **kwargs: Any) -> HttpResponse:
    with _building_lock:
        event = _building.get(key.text)
        first = event is None
        if first:
            event = _building[key.text] = threading.Event()
    assert event is not None
    if not first:
        # Another thread of this process is building this very page: answer with the
        # one built before it, or wait for it.
        previous = _latest_page(key) if _may_be_stale(request) else None
        if previous is not None:
            return answer(request, previous, stale=True)
        event.wait(BUILD_WAIT_SECONDS)
        page = cached_page(key)
        if page is not None:
            return answer(request, page)
    claimed = False
    try:
        if first and _may_be_stale(request):
            # The decision's own request is about to build this page: do not build it
            # twice (here, in a public process), answer with the page built before.
            previous = coming_page(key)
            if previous is not None:
                return answer(request, previous, stale=True)
        if first and shared_cache():
            claimed, page, stale = _claim_or_wait(key, _may_be_stale(request))
            if page is not None:
                return answer(request, page, stale=stale)
        token = building_under.set(key.tag)  # pages built under one tag share their standings
        try:
            response = view(request, *args, **kwargs)
        finally:
            building_under.reset(token)
        if response.status_code == 200 and not response.streaming:
            if hasattr(response, "render"):
                response.render()
            page = _page(response)
            memory.put(key.text, page)
            if shared_cache():
                cache.set(key.text, page, TTL_SECONDS)
            _remember_latest(key)
            if page[2] is not None:
                patch_vary_headers(response, ("Accept-Encoding",))
        return response
    finally:
        if claimed:
            cache.delete(key.text + LOCK_SUFFIX)
        if first:
            with _building_lock:
                _building.pop(key.text, None)
            event.set()


def _claim_or_wait(key: PageKey, may_be_stale: bool) -> tuple[bool, Page | None, bool]:
    """Across web nodes, one process builds a new page: the others answer with the page
    built before it or wait for it in Redis (a homologation changes every page at once,
    and each node building it would triple the work exactly when the machines are
    busiest). Returns (this process builds, a page to answer with, whether that page is
    the one built before). A builder that dies frees the claim when it expires; a
    waiter that waits too long builds the page itself; with Redis down, nobody waits."""
    if cache.add(key.text + LOCK_SUFFIX, 1, CLAIM_SECONDS):
        return True, None, False
    stale = _latest_page(key) if may_be_stale else None
    if stale is not None:
        return False, stale, True
    deadline = time.monotonic() + NODE_WAIT_SECONDS
    while time.monotonic() < deadline and cache.get(key.text + LOCK_SUFFIX) is not None:
        time.sleep(NODE_POLL_SECONDS)
        page = cached_page(key)
        if page is not None:
            return False, page, False
    return False, cached_page(key), False


# ---- the page built before: answered while the next revision's page is being built ----
#
# A homologation's own request builds the new classificação before it answers the
# organizer (standings.warm). During the busiest minute the next homologation bumps the
# revision again while its page is still being built on a saturated node, and a visitor
# who waited for that build would wait for a stranger's homologation. They get the page
# built last instead: it already shows every homologation whose organizer has had an
# answer (each answer comes after its page was stored), and it is replaced as soon as
# the build in progress is stored. A page is answered this way only while somebody
# builds its successor, never when nobody does:
# - a decision's mark names the page (the decision's own request is about to build it,
#   or is building it): the page before, however old — the wait is that one build;
# - another request holds the page's claim, or another thread of this process builds
#   it: the page before only if built under a revision at most STALE_SECONDS old, so
#   an English visitor, or page 2, whose last page is older waits for the new one.

_latest: dict[str, int] = {}  # this process's view, when the cache is not shared
STALE_SECONDS = 2


def _may_be_stale(request: HttpRequest) -> bool:
    """A visitor may get the page built before; a homologation's own build (warm) may
    not: its organizer's answer must wait until the page that shows it is stored."""
    return not getattr(request, "tenteio_warm", False)


def coming_page(key: PageKey) -> Page | None:
    """While a decision's request is building ``key``'s page (its mark names it), the
    page built before it, however old: the wait is bounded by that build, not by the
    age of what stands in. Otherwise None."""
    marked = cache.get(warming_key(key.tournament_id))
    coming = isinstance(marked, list) and key.asked in marked
    return _latest_page(key, any_age=True) if coming else None


def _remember_latest(key: PageKey) -> None:
    with _building_lock:
        if len(_latest) > 20_000:
            _latest.clear()  # a bound, not a policy
        if _latest.get(key.latest_name, -1) < key.revision:
            _latest[key.latest_name] = key.revision
    if shared_cache():  # only ever upwards, whatever order the builds finish in
        set_max(cache, key.latest_name, key.revision, TTL_SECONDS)


def _latest_page(key: PageKey, *, any_age: bool = False) -> Page | None:
    """The page stored last for the same tournament, scope, language and path under an
    older revision than ``key``'s, if it is still cached (and, unless ``any_age``, if
    that revision is at most STALE_SECONDS old)."""
    latest = cache.get(key.latest_name) if shared_cache() else _latest.get(key.latest_name)
    if latest is None or int(latest) >= key.revision:
        return None
    # Revisions are the bump's clock in microseconds (standings.models.bump): a page
    # built under one changed more than STALE_SECONDS ago is too old to stand in.
    if not any_age and not -1_000_000 <= clock() - int(latest) <= STALE_SECONDS * 1_000_000:
        return None
    return cached_page(key._replace(revision=int(latest)))
