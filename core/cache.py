"""A Redis cache that never takes a page down with it.

The cache only saves work: when Redis is unreachable every read is a miss and every
write is dropped, so public pages are rebuilt from the database (slower, still right).
After a failure Redis is left alone for ``PAUSE_SECONDS`` (a small circuit breaker), so
a dead Redis costs one refused connection every few seconds, not one per cache call.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

log = logging.getLogger(__name__)
T = TypeVar("T")

try:
    from redis.exceptions import RedisError

    FAILURES: tuple[type[BaseException], ...] = (RedisError, OSError)
except ImportError:  # pragma: no cover - redis is a runtime dependency
    FAILURES = (OSError,)

PAUSE_SECONDS = 5.0
# A dead host must not hold a request for the default (infinite) socket timeouts.
DEFAULT_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 1.0, "retry_on_timeout": False}


# Keep a number only if it is higher than the one stored: revisions only move forward,
# whatever order concurrent writers and readers reach Redis in.
SET_MAX = """
local stored = redis.call('GET', KEYS[1])
if stored == false or tonumber(stored) == nil or tonumber(stored) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return 1
end
return 0
"""


class ReusingClient(RedisCacheClient):
    """Django's client builds a new ``redis.Redis`` for every call, and redis-py 5 fills a
    table of ~150 response callbacks each time: about a third of a cached page's cost,
    measured. A client object is thread-safe over its pool, so keep one per pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        django: Any = self  # Django's private attributes, which its stubs do not declare
        index = django._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in django._pools:
                server = django._servers[index]
                django._pools[index] = django._pool_class.from_url(server, **django._pool_options)
            client = self._clients[index] = django._client(connection_pool=django._pools[index])
        return client


class ForgivingRedisCache(RedisCache):
    """``RedisCache`` whose connection errors are logged and swallowed."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        params = dict(params)
        params["OPTIONS"] = {**DEFAULT_OPTIONS, **params.get("OPTIONS", {})}
        super().__init__(server, params)
        self._class = ReusingClient
        self._down_until = 0.0
        self._lock = threading.Lock()

    def _guard(self, operation: str, call: Callable[[], T], fallback: T) -> T:
        if time.monotonic() < self._down_until:
            return fallback
        try:
            return call()
        except FAILURES as exc:
            with self._lock:
                first = time.monotonic() >= self._down_until
                self._down_until = time.monotonic() + PAUSE_SECONDS
            if first:  # one line per outage window, not one per request
                log.warning("cache Redis indisponível (%s: %s); servindo sem cache", operation, exc)
            return fallback

    def add(self, key: Any, value: Any, timeout: Any = None, version: Any = None) -> bool:
        return self._guard(
            "add", lambda: super(ForgivingRedisCache, self).add(key, value, timeout, version), False
        )

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guard(
            "get", lambda: super(ForgivingRedisCache, self).get(key, default, version), default
        )

    def set(self, key: Any, value: Any, timeout: Any = None, version: Any = None) -> None:
        self._guard("set", lambda: super(ForgivingRedisCache, self).set(key, value, timeout, version), None)

    def touch(self, key: Any, timeout: Any = None, version: Any = None) -> bool:
        return self._guard(
            "touch", lambda: super(ForgivingRedisCache, self).touch(key, timeout, version), False
        )

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._guard("delete", lambda: super(ForgivingRedisCache, self).delete(key, version), False)

    def get_many(self, keys: Any, version: Any = None) -> dict[str, Any]:
        return self._guard("get_many", lambda: super(ForgivingRedisCache, self).get_many(keys, version), {})

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._guard("has_key", lambda: super(ForgivingRedisCache, self).has_key(key, version), False)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        # A counter cannot be faked: the caller must know it was not counted.
        return super().incr(key, delta, version)

    def set_many(self, data: Any, timeout: Any = None, version: Any = None) -> list[Any]:
        keys = list(data)
        return self._guard(
            "set_many", lambda: super(ForgivingRedisCache, self).set_many(data, timeout, version), keys
        )

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._guard("delete_many", lambda: super(ForgivingRedisCache, self).delete_many(keys, version), None)

    def clear(self) -> None:
        self._guard("clear", lambda: super(ForgivingRedisCache, self).clear(), None)


def set_max(backend: Any, key: str, value: int, timeout: int) -> None:
    """Store ``value`` under ``key`` in a Django Redis cache unless the number stored is
    already as high (atomic, in Redis). Forgiving like the rest when Redis is down."""

    def run() -> None:
        client = backend._cache.get_client(key, write=True)
        client.eval(SET_MAX, 1, backend.make_and_validate_key(key), int(value), int(timeout))

    guard = getattr(backend, "_guard", None)
    if guard is not None:
        guard("set_max", run, None)
    else:
        run()
