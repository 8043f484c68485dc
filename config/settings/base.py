"""Settings shared by every shape of Tenteio, read from the environment.

The embedded default (``make run``) needs nothing but this folder: a SQLite database
and a filesystem Celery broker under ``data/``. Production points ``DATABASE_URL`` at
PostgreSQL and ``REDIS_URL`` at Redis (broker, result backend and cache).
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = Path(os.environ.get("TENTEIO_DATA_DIR", BASE_DIR / "data"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on", "sim"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "tenteio-local-only-not-a-secret-" + "x" * 20)
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # ordinal: «1º» in pt-BR, "1st" in English
    "django_tables2",
    "core",
    "tournaments",
    "scoring",
    "tally",
    "standings",
    "knockout",
    "circuits",
    "captains",
    "signups",
    "interchange",
    "public",
    "printing",
    "axes",
    "audit",
    "csp",  # its system checks catch settings in the pre-4.0 format
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "core.middleware.PermissionsPolicyMiddleware",
    "core.middleware.NullByteMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "core.middleware.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A judge's private link: its session re-checked on every request (revocation).
    "scoring.middleware.JudgeLinkMiddleware",
    # Whose page this is, for the phone's offline cache (scoring.phone).
    "scoring.middleware.JudgePhoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "audit.middleware.AuditContextMiddleware",
    "audit.middleware.PrivateNoStoreMiddleware",
    "core.middleware.ServiceUnavailableMiddleware",
    # Last, so that a locked-out login attempt is answered before the view runs.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{DATA_DIR / 'tenteio.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
# A pooled connection that died with a database restart is replaced, not used for a 503.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # WAL lets the public read while a judge writes; the timeout waits out short locks.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes): 5 wrong passwords for one username from one IP lock
# that pair for 15 minutes; a judge mistyping on a phone at the next table is not
# locked out with them. force_login (tests) does not go through axes' backend.
AUTHENTICATION_BACKENDS = [
    "audit.backends.WebLoginAxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
# Behind the production proxy the client address is the last X-Forwarded-For hop (the
# one the proxy saw); trust it only when a proxy that sets the header is in front.
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR", False)
AXES_CLIENT_IP_CALLABLE = "audit.context.client_ip"

# Judges log in on their phones at a shared table: a session lasts one tournament day
# (12 h) even if the browser stays open, and survives closing the browser so a judge
# does not log in again after every súmula.
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_COOKIE_AGE", str(12 * 60 * 60)))
SESSION_EXPIRE_AT_BROWSER_CLOSE = False
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# Security headers. The Content-Security-Policy is strict and has no nonce: public pages
# are cached and answered byte for byte to every visitor (public.caching), so a
# nonce drawn per request cannot be in them. No served
# template has an inline script, style or event handler (tests/trust/test_web.py reads
# them all); scripts and styles come from static/.
CONTENT_SECURITY_POLICY: dict[str, Any] = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No page uses the camera (a súmula's QR code is read by the phone's own camera app),
# the microphone, the location or payments (core.middleware.PermissionsPolicyMiddleware).
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "after_login"  # by role: a judge to their jogos (public.views_site)
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "pt-br"
# Each language named in itself, as a language switch shows it.
LANGUAGES = [("pt-br", "Português (Brasil)"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", DATA_DIR / "media"))
MEDIA_URL = "media/"
# The site's public address (``https://truco.example.org``), for what leaves the browser:
# the súmulas' QR codes and URLs, the address the dashboard tells the judges to open.
# Empty (the default): the scheme, host and port of the request that asked, so a laptop
# on the hall's Wi-Fi prints its own LAN address. Set it behind a reverse proxy, where
# the request's host may be an internal name (core.site.base_url).
SITE_URL = os.environ.get("SITE_URL", "")

# Who may create (and import) tournaments: "organizers" (the default), accounts the site
# admin marks as organizers — superusers, and the group «Organizadores» or any account
# with the permission tournaments.add_tournament (``manage.py organizer USERNAME``);
# "anyone": every logged-in account. Judges' accounts are never organizers by default.
TOURNAMENT_CREATORS = os.environ.get("TOURNAMENT_CREATORS", "organizers")

REDIS_URL = os.environ.get("REDIS_URL", "")

CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            # Redis down = a public page rendered from the database (public.caching);
            # a dead host must not hold a request for redis-py's default (no) timeouts.
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "tenteio",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Rendered HTML fragments kept under a digest of what they show (public.views.block):
# never stale, so each process keeps its own, with no network round trip.
FRAGMENTS: dict[str, Any] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "tenteio-fragments",
    "OPTIONS": {"MAX_ENTRIES": 5000},
}
CACHES["fragments"] = FRAGMENTS
# Sessions live in the database alone (Django's default): they survive a restart of
# any node, and a logged-in person's pages do not depend on Redis being up.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Celery: with no broker server the embedded default uses kombu's filesystem transport
# and a SQLite result backend (docs/DEPLOY.md); Redis replaces both in production.
CELERY_QUEUE_DIR = DATA_DIR / "celery" / "queue"
CELERY_CONTROL_DIR = DATA_DIR / "celery" / "control"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "filesystem://")
CELERY_RESULT_BACKEND = os.environ.get(
    "CELERY_RESULT_BACKEND", REDIS_URL or f"db+sqlite:///{DATA_DIR / 'celery' / 'results.sqlite3'}"
)
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {}
if CELERY_BROKER_URL.startswith("filesystem://"):
    for folder in (CELERY_QUEUE_DIR, CELERY_CONTROL_DIR):
        folder.mkdir(parents=True, exist_ok=True)  # kombu does not create them
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_QUEUE_DIR),
        "data_folder_out": str(CELERY_QUEUE_DIR),
        "control_folder": str(CELERY_CONTROL_DIR),
        "polling_interval": 0.25,
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Redis has no acknowledgements: kombu keeps a message a worker has taken in its
    # "unacked" hash, indexed by the time it was taken, and every live worker sweeps that
    # index every unacked_restore_interval s, putting back on the queue what is older than
    # visibility_timeout. That is how the job of a worker whose machine died runs on
    # another one (a pool process killed alone is requeued at once by its own worker:
    # task_reject_on_worker_lost). The timeout must outlast the longest task (a chunk of 32
    # súmulas takes seconds), or a task still running is handed to a second worker too:
    # harmless to the idempotent print services, but wasted work. kombu's defaults (3600 s,
    # and a real sweep only every 10th tick of 10 s) would leave a dead machine's chunk for
    # over an hour; here it runs again within about 5 minutes, a sweep costing one ZRANGE.
    # tests/integration/test_worker_killed.py shortens both through the environment.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300")),
        "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": 1,
    }
CELERY_TASK_ACKS_LATE = True  # long PDF jobs survive a worker restart
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXTENDED = True
CELERY_TIMEZONE = TIME_ZONE
# Bounds of one task (printing.tasks: a print task out of time or memory fails its job
# with a message). Soft limit: the task is interrupted; hard limit: its process is
# killed. Both stay under the visibility timeout above, so a task still running is
# never handed to a second worker (seconds; each task message carries them, so the
# worker's --time-limit options change nothing). A worker process that grew past the
# memory ceiling (KB, checked after each task) is replaced by a fresh one;
# docs/deploy's unit caps the whole worker.
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_TIME_LIMIT = 270
CELERY_WORKER_MAX_MEMORY_PER_CHILD = 300_000

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
