"""A small fixed-window rate limit per client address, kept in Django's cache.

The public form and the capataz's link are open to anyone: each POST of the form (and
each wrong link address) from one address counts in a window of ``window`` seconds, and
past ``limit`` the next ones are refused until the window ends. The counter is
``cache.add`` then ``cache.incr`` (atomic in Redis, locked in the local-memory cache), so
parallel requests from one address cannot all slip under the limit. The address is the
audit app's ``client_ip`` (the proxy's last hop when ``TRUST_X_FORWARDED_FOR``), as for
django-axes' login lock. With the cache away the request is let through (the form's own
checks and the honeypot still stand) rather than refused with a 500.

``settings.SIGNUP_RATE_LIMIT`` may set ``(limit, window)`` for each ``scope``; the
defaults are :data:`LIMITS`.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache

from audit.context import client_ip

log = logging.getLogger(__name__)

# scope -> (requests allowed, window in seconds)
LIMITS: dict[str, tuple[int, int]] = {"form": (10, 600), "link": (60, 600)}


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_minutes: int  # whole minutes until the window ends (at least 1)


def _limits(scope: str) -> tuple[int, int]:
    custom: dict[str, tuple[int, int]] = getattr(settings, "SIGNUP_RATE_LIMIT", {}) or {}
    return custom.get(scope, LIMITS[scope])


def _key(request: Any, scope: str) -> str:
    address = client_ip(request) or "unknown"
    digest = hashlib.sha256(address.encode()).hexdigest()[:32]  # no address in the cache's keys
    return f"signups:rate:{scope}:{digest}"


def over(request: Any, scope: str) -> bool:
    """Whether the request's address has used up ``scope`` (nothing counted)."""
    try:
        count = cache.get(_key(request, scope)) or 0
    except Exception:  # noqa: BLE001 - a cache away must not stop the page
        return False
    return int(count) >= _limits(scope)[0]


def window_minutes(scope: str) -> int:
    """The window of ``scope`` in whole minutes (at least 1), as the refusal says it."""
    return max(1, -(-_limits(scope)[1] // 60))


def hit(request: Any, scope: str) -> Verdict:
    """Count one request of ``scope`` from the request's address; whether it may go on."""
    limit, window = _limits(scope)
    key = _key(request, scope)
    try:
        cache.add(key, 0, timeout=window)
        count = cache.incr(key)
    except Exception:  # noqa: BLE001 - a cache away must not stop the page
        log.warning("signups rate limit: cache unavailable, request let through", exc_info=True)
        return Verdict(True, 0)
    return Verdict(count <= limit, window_minutes(scope))
