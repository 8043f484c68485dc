"""The public pages' cache: a rendered page kept under its public revision.

``@public_page("rodada", "page", scopes=...)`` on a view under ``/t/<slug>/`` keys an
anonymous visitor's GET by (tournament, the page's revision, language, path, the query
parameters the view declares); an address with any other parameter is redirected to the
same address without it, so ``?x=<random>`` costs a redirect and then is the same page.
``scopes(request, kwargs)`` names the parts of the tournament the page shows (a chave, a
team, the jogos: ``tournaments.revision``); the page's revision is the last change of
those or of the whole tournament, read in one query, and it changes in the same
transaction as anything the page shows, so a change is on the next request on every web
node, with nothing to invalidate; the first visitor after it renders the page for
everybody, and a page whose scopes did not change stays cached. The scopes are left in
``request.public_scopes`` for the page's live refresh (``public/_live.html``), which
polls the revision of exactly those, and the page's revision in
``request.public_revision`` (what the refresh compares the polled one with).

Pages are stored with Django's cache framework (Redis in production). The cache only
saves work: with Redis away the page is rendered and served, and Redis is left alone
for ``PAUSE_SECONDS``. Every cached answer carries an ``ETag`` (the key itself, known
before the page is fetched: a matching ``If-None-Match`` gets a 304 at once),
``Last-Modified`` and ``Cache-Control: public, max-age=1``, so browsers revalidate and
the reverse proxy can keep a page for a second (docs/DEPLOY.md; ``X-Accel-Expires``
says "until the end of this second" to nginx, which counts a ``max-age`` in whole
seconds from the second it stored the page and would keep it up to two); a page answered
from the cache says ``X-Tenteio-Cache: hit``. Pages are stored gzipped, compressed
once when rendered, and sent so to clients that accept gzip (public pages carry no
secret, not even a CSRF token, so compression leaks nothing). Pictures (PNG) are kept and
sent as they are: compressed already, gzip would only cost time.

A circuit's pages (``/circuito/<slug>/``) are kept the same way under the circuit's own
number (``circuits.revision``): ``@public_page(find=circuit_published)``; ``find`` is
what reads the owner of the page from its ``slug`` (a tournament by default), and
whatever it returns names its owner in the keys (``cache_id``).

Never shared: pages of a private tournament or circuit, pages for a logged-in person (staff
buttons; ``private, no-store`` from ``audit.middleware``), exports, anything but a 200
without cookies or a CSRF token.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, HttpResponseRedirect, QueryDict
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date

from tournaments.revision import published

log = logging.getLogger(__name__)

View = Callable[..., HttpResponse]
Scopes = Callable[[HttpRequest, dict[str, Any]], list[str]]


class Found(Protocol):
    """What the cache needs of a page's owner (``tournaments.revision.Published``,
    ``circuits.revision.CircuitPublished``)."""

    @property
    def cache_id(self) -> str: ...
    @property
    def is_public(self) -> bool: ...
    @property
    def revision(self) -> int: ...
    @property
    def changed_at(self) -> datetime | None: ...


Find = Callable[[str, list[str]], Found | None]
TIMEOUT_SECONDS = 600  # a page under an old revision is never asked for again
PAUSE_SECONDS = 5.0
CACHE_CONTROL = "public, max-age=1"
_down_until = 0.0


def _cache(operation: str, *args: Any) -> Any:
    """``cache.get``/``cache.set``, or None while Redis is away (then rendered anyway)."""
    global _down_until
    if time.monotonic() < _down_until:
        return None
    try:
        return getattr(cache, operation)(*args)
    except Exception as exc:  # noqa: BLE001  # redis-py's errors, refused sockets: a miss
        if time.monotonic() >= _down_until:
            log.warning("cache indisponível (%s: %s); página gerada sem cache", operation, exc)
        _down_until = time.monotonic() + PAUSE_SECONDS
        return None


def page_key(found: Found, request: HttpRequest, params: tuple[str, ...]) -> tuple[str, str]:
    """The cache key and the ETag of the page ``request`` asks for."""
    asked = [translation.get_language(), request.path] + [f"{p}={request.GET.getlist(p)}" for p in params]
    digest = hashlib.blake2b("\n".join(map(str, asked)).encode(), digest_size=12).hexdigest()
    # Weak: the same page goes out gzipped or not (Vary: Accept-Encoding).
    return f"pub:{found.cache_id}:{found.revision}:{digest}", f'W/"{found.revision}-{digest}"'


def _matches(request: HttpRequest, etag: str) -> bool:
    asked = request.headers.get("If-None-Match", "")
    return any(tag.strip().removeprefix("W/") in (etag[2:], "*") for tag in asked.split(","))


def _compressible(content_type: str) -> bool:
    return content_type.startswith(("text/", "application/json"))


def _answer(request: HttpRequest, zipped: bytes, content_type: str) -> HttpResponse:
    """The stored page, gzipped for a client that takes it (every browser, nginx); a
    picture as it is."""
    if not _compressible(content_type):
        return HttpResponse(zipped, content_type=content_type)
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(zipped, content_type=content_type, headers={"Content-Encoding": "gzip"})
    else:
        response = HttpResponse(gzip.decompress(zipped), content_type=content_type)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def _shareable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


def _headers(response: HttpResponse, etag: str, found: Found) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    # nginx stores "max-age=1" as valid through the next whole second (up to 2 s under a
    # crowd); this absolute time, the current second, makes it at most one. nginx hides
    # the header from clients; other caches ignore it.
    response["X-Accel-Expires"] = f"@{int(time.time())}"
    if found.changed_at is not None:
        response["Last-Modified"] = http_date(found.changed_at.timestamp())
    return response


def _canonical(request: HttpRequest, params: tuple[str, ...]) -> str | None:
    """The page's address without the query parameters it does not read, if it had any:
    ``?fbclid=…`` on a shared link or ``?x=<random>`` is sent there with one redirect,
    which needs neither the database nor Redis, and the page itself is then the one the
    proxy and the cache already hold — a random parameter cannot make anybody render."""
    if set(request.GET) <= set(params):
        return None
    kept = QueryDict(mutable=True)
    for name in params:
        if name in request.GET:
            kept.setlist(name, request.GET.getlist(name))
    query = kept.urlencode()
    return request.path + (f"?{query}" if query else "")


def public_page(*params: str, scopes: Scopes | None = None, find: Find = published) -> Callable[[View], View]:
    """Cache an anonymous public page; ``params`` are the query parameters it reads,
    ``scopes`` what it shows (nothing named: it changes with any change), ``find`` its
    owner by slug (a tournament unless told)."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def cached(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            shown = scopes(request, kwargs) if scopes is not None and request.method == "GET" else []
            request.public_scopes = shown  # type: ignore[attr-defined]
            if request.method != "GET" or "_export" in request.GET or request.user.is_authenticated:
                return view(request, *args, **kwargs)
            canonical = _canonical(request, params)
            if canonical is not None:
                moved = HttpResponseRedirect(canonical)
                moved["Cache-Control"] = CACHE_CONTROL
                return moved
            found = find(str(kwargs.get("slug")), shown)
            if found is None or not found.is_public:
                return view(request, *args, **kwargs)  # its 404, never a shared page
            request.public_revision = found.revision  # type: ignore[attr-defined]  # for live.js
            key, etag = page_key(found, request, params)
            if _matches(request, etag):
                return _headers(HttpResponseNotModified(), etag, found)
            stored = _cache("get", key)
            if isinstance(stored, tuple) and len(stored) == 2:
                hit = _answer(request, *stored)
                hit["X-Tenteio-Cache"] = "hit"
                return _headers(hit, etag, found)
            response = view(request, *args, **kwargs)
            if hasattr(response, "render"):
                response.render()
            if not _shareable(request, response):
                return response
            # Compressed once, here: a state final's classificação shrinks about tenfold.
            body, content_type = response.content, response["Content-Type"]
            page = (
                gzip.compress(body, compresslevel=6, mtime=0) if _compressible(content_type) else body,
                content_type,
            )
            _cache("set", key, page, TIMEOUT_SECONDS)
            return _headers(_answer(request, *page), etag, found)

        return cached

    return decorate
