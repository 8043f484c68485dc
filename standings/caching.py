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

from standings.models import current
from tournaments.models import Tournament

TTL_SECONDS = 600
View = Callable[..., HttpResponse]


def public_cache(view: View) -> View:
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "GET" or request.user.is_authenticated or "_export" in request.GET:
            return view(request, *args, **kwargs)
        found = Tournament.objects.filter(slug=kwargs.get("slug")).values_list("pk", "created_at").first()
        if found is None:
            return view(request, *args, **kwargs)
        tournament_id, created = found
        # created_at too: a restored or re-created database may reuse an id.
        stamp = f"{tournament_id}.{created.timestamp():.6f}"
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
