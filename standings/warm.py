"""Build the public pages a decision changes in the request that made the decision.

A homologation makes a new revision of every public page, and the first visitor to ask
for one pays for building it — during the busiest minute, on a saturated web node, a
wait of seconds. The organizer's request that homologated (or reverted, or recorded a
sorteio) instead builds the classificação and its JSON once its transaction has
committed, through the same cached views an anonymous visitor gets, so the public's
next request is a cache hit on every web node. Warming is an optimisation: any failure
is logged and the organizer's answer is the same.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.urls import resolve, reverse
from django.utils import translation

from standings.models import warm_coming

log = logging.getLogger(__name__)

PAGES = ("public:standings_json", "public:standings")
# What the public request needs of the organizer's: the host (it is an allowed one) and
# the scheme the proxy saw.
COPIED = ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "HTTP_X_FORWARDED_PROTO", "wsgi.url_scheme")


def public_request(source: HttpRequest, path: str) -> HttpRequest:
    """An anonymous GET of ``path`` on the host ``source`` came to."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.META = {key: source.META[key] for key in COPIED if key in source.META}
    request.user = AnonymousUser()
    request.tenteio_warm = True  # type: ignore[attr-defined]  # never answered with an older page
    return request


@contextmanager
def coming(slug: str, names: tuple[str, ...] = PAGES) -> Iterator[None]:
    """Around the decision whose request calls :func:`warm` next: its commit marks the
    pages ``names`` of the tournament ``slug`` as on their way
    (``standings.models.warm_coming``). The mark is not removed when they are built:
    with organizers deciding in parallel it stands for all of them, and it lapses
    ``WARMING_SECONDS`` after the last one."""
    pages = tuple(f":{settings.LANGUAGE_CODE}:{reverse(name, args=[slug])}" for name in names)
    token = warm_coming.set(pages)
    try:
        yield
    finally:
        warm_coming.reset(token)


def warm(source: HttpRequest, slug: str, names: tuple[str, ...] = PAGES) -> int:
    """Build (and cache) the public pages ``names`` of the tournament ``slug``; returns
    how many were built. The language is the public's default, as on a first visit."""
    built = 0
    for name in names:
        path = reverse(name, args=[slug])
        try:
            match = resolve(path)
            request = public_request(source, path)
            request.resolver_match = match
            with translation.override(settings.LANGUAGE_CODE):
                response = match.func(request, *match.args, **match.kwargs)
            built += int(response.status_code == 200)
        except Exception:  # never fail the organizer's request for a cache
            log.warning("não foi possível preparar %s", path, exc_info=True)
    return built
