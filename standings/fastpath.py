"""Answer a cached public page before the middleware stack runs.

A family reloading the classificação is the commonest request of an event, and its
answer is already in memory: the page under the tournament's current revision. Yet
Django's thirteen middlewares (sessions, CSRF, language, messages, audit, axes…) cost
more than finding the page. This middleware, first in the stack, answers such a request
itself when it is sure the full stack would give the same answer:

- an anonymous GET: no cookie but the language switch's and CSRF's, so no session, no
  staff buttons and no pending message — the same condition the page cache has;
- a page this process already served through the full stack, for the same path, query,
  language and scheme: the headers of that answer (security headers, language, Vary)
  are replayed, so the two answers differ only in their Date;
- the host is an allowed one, and HTTPS when the site redirects plain HTTP;
- the page is cached under the revision read now (``public.caching.page_key``), or
  it is the page built before while a decision's request builds the new one
  (``public.caching.coming_page``), exactly as the full stack would answer.

Anything else — a miss, an unknown page, Redis and the database unreachable — goes down
the full stack, which builds, stores, answers 503 or redirects as it always did.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import NamedTuple

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

from core.middleware import chosen_language
from public import caching

log = logging.getLogger(__name__)

# Headers that belong to the body or to this one answer, never replayed.
OWN_HEADERS = frozenset({"content-length", "content-encoding", "content-type", "x-tenteio-cache", "date"})
KNOWN_PAGES = 20_000  # a bound, not a policy: a forgotten page is learned again


class Known(NamedTuple):
    slug: str
    scope: str
    headers: tuple[tuple[str, str], ...]


_known: dict[tuple[str, str, bool], Known] = {}
_lock = threading.Lock()
served = 0  # answers given here, for tests and diagnostics


def _plain_visitor(request: HttpRequest) -> bool:
    allowed = {settings.LANGUAGE_COOKIE_NAME, settings.CSRF_COOKIE_NAME}
    return request.method == "GET" and all(name in allowed for name in request.COOKIES)


def _where(request: HttpRequest) -> tuple[str, str, bool] | None:
    """The page's identity (path with query, language, HTTPS), or None when the full
    stack must see this request (a redirect to HTTPS, a host it refuses)."""
    secure = request.is_secure()
    if settings.SECURE_SSL_REDIRECT and not secure:
        return None
    try:
        request.get_host()
    except DisallowedHost:
        return None
    return request.get_full_path(), chosen_language(request), secure


class PublicHitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        where = _where(request) if _plain_visitor(request) else None
        if where is not None:
            answer = self.answer(request, where)
            if answer is not None:
                return answer
        response = self.get_response(request)
        if where is not None:
            self.learn(where, response)
        return response

    def answer(self, request: HttpRequest, where: tuple[str, str, bool]) -> HttpResponse | None:
        global served
        known = _known.get(where)
        if known is None:
            return None
        found = caching.remembered_identity(known.slug)
        if found is None:
            return None
        try:
            key = caching.page_key(where[0], found, known.scope, where[1])
            page, stale = caching.cached_page(key), False
            if page is None:  # a decision's request is building it: the page before
                page = caching.coming_page(key)
                stale = page is not None
        except Exception:  # the revision unreadable: the full stack answers (a 503)
            log.debug("public fast path declined", exc_info=True)
            return None
        if page is None:
            return None
        response = caching.answer(request, page, stale=stale)
        for name, value in known.headers:
            response[name] = value
        response["Content-Length"] = str(len(response.content))  # as CommonMiddleware does
        served += 1
        return response

    def learn(self, where: tuple[str, str, bool], response: HttpResponse) -> None:
        marked = getattr(response, "public_page", None)
        if marked is None or response.status_code != 200 or response.cookies:
            return
        slug, scope = marked
        headers = tuple((k, v) for k, v in response.items() if k.lower() not in OWN_HEADERS)
        with _lock:
            if len(_known) >= KNOWN_PAGES:
                _known.clear()
            _known[where] = Known(slug, scope, headers)


def forget() -> None:
    """Drop every learned page (tests; a settings change in a running process)."""
    with _lock:
        _known.clear()
