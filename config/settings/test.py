"""Settings for ``make test``: SQLite by default, PostgreSQL/Redis when URLs are given."""

from config.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Unit tests run tasks inline; the integration tests start a real worker on Redis.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
ALLOWED_HOSTS = ["*"]
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "fragments": FRAGMENTS,  # noqa: F405
}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    import os
    import tempfile

    # A test database in a file, not in memory: an in-memory database is shared between
    # threads through SQLite's shared cache, where a lock held by another connection (a
    # live server's thread) fails at once with "database table is locked" instead of
    # waiting out the busy timeout as a file database does.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"tenteio-test-{os.getpid()}.sqlite3")
    }
