"""Production settings for the fault test's gunicorn, minus the collected static manifest.

Everything else (DEBUG off, the forgiving Redis cache, the 503 middleware) is production's.
"""

from config.settings.production import *  # noqa: F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
