"""Caching of anonymous public pages under the tournament's public revision.

The key holds the revision (``standings.models.PublicRevision``), so any change the
page shows makes a new key: a homologation is visible on the very next request, on
every web node, with no explicit invalidation. Logged-in visitors (who see staff
buttons) and exports are never cached.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from standings.models import current, shared_cache
from tournaments.models import Tournament

TTL_SECONDS = 600
View = Callable[..., HttpResponse]


def identity(slug: str) -> tuple[int, str] | None:
    """The tournament's id and a stamp unique to it (id + creation time: a restored or
    re-created database may reuse an id), cached when the cache is shared."""
    key = f"tenteio:slug:{slug}"
    if shared_cache():
        cached = cache.get(key)
        if cached is not None:
            return (int(cached[0]), str(cached[1]))
    found = Tournament.objects.filter(slug=slug).values_list("pk", "created_at").first()
    if found is None:
        return None
    value = (found[0], f"{found[0]}.{found[1].timestamp():.6f}")
    if shared_cache():
        cache.set(key, value, 300)
    return value


def forget(slug: str) -> None:
    cache.delete(f"tenteio:slug:{slug}")


def public_cache(view: View) -> View:
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "GET" or request.user.is_authenticated or "_export" in request.GET:
            return view(request, *args, **kwargs)
        found = identity(str(kwargs.get("slug")))
        if found is None:
            return view(request, *args, **kwargs)
        tournament_id, stamp = found
        key = f"tenteio:pub:{stamp}:{current(tournament_id)}:{translation.get_language()}:"
        key += request.get_full_path()
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
            response["X-Tenteio-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            if hasattr(response, "render"):
                response.render()
            cache.set(key, (response.content, response["Content-Type"]), TTL_SECONDS)
        return response

    return wrapper
