"""The judge's phone offline: the service worker's script and who the phone is talking to.

The worker (``static/js/judge-sw.js``) caches the judge's pages per judge, and the
phone's queue (``static/js/judge-queue.js``) sends what was typed offline only for the
judge who typed it. Both know the judge by :func:`judge_key`, an opaque per-user key
(never the account's id or name), given in the ``X-Tenteio-Judge`` header of the
judge's pages (:class:`scoring.middleware.JudgePhoneMiddleware`), in the pages'
``data-judge`` attribute and by :class:`WhoView`, which also hands a fresh CSRF token
to a queue about to send (a cached form's token may be stale).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.views import View

WORKBOX = "vendor/workbox-7.4.1"
# The Workbox modules the worker loads, each from the site's own static files.
MODULES = ("workbox-core", "workbox-routing", "workbox-strategies", "workbox-expiration")
# The app shell: cached when the worker installs, so a page opens offline with its
# styles and scripts even if the judge never opened that kind of page online.
SHELL = (
    "css/tenteio.css",
    "tally/tenteio.css",
    "js/judge-queue.js",
    "js/judge-page.js",
    "js/sumula.js",
    "tally/tenteio.js",
)


def judge_key(user: object) -> str:
    """The phone's name for a logged-in judge; ``""`` for a visitor."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return salted_hmac("scoring.phone.judge", str(user.pk)).hexdigest()[:20]  # type: ignore[attr-defined]


def worker_config() -> dict[str, object]:
    return {
        "workbox": static(f"{WORKBOX}/workbox-sw.js"),
        "modules": {name: static(f"{WORKBOX}/{name}.prod.js") for name in MODULES},
        "queue": static("js/judge-queue.js"),
        "shell": [static(path) for path in SHELL],
        "static": settings.STATIC_URL,  # not static(""): the manifest storage has no entry for it
        "who": reverse("scoring:phone_who"),
    }


class WorkerView(View):
    """``/juiz/sw.js``: the worker, scope ``/juiz/``. Its code is a static file; this
    script gives it the static URLs (hashed in production) and loads it."""

    def get(self, request: HttpRequest) -> HttpResponse:
        config = worker_config()
        body = (
            f"self.TENTEIO_SW = {json.dumps(config)};\n"
            f"importScripts({json.dumps(static('js/judge-sw.js'))});\n"
        )
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
        # Checked at every navigation: a new release reaches the phones at once.
        response["Cache-Control"] = "no-cache"
        return response


class WhoView(View):
    """``/juiz/eu.json``: the judge logged in on this phone and a CSRF token to send with."""

    def get(self, request: HttpRequest) -> HttpResponse:
        response = JsonResponse({"judge": judge_key(request.user), "csrf": get_token(request)})
        response["Cache-Control"] = "private, no-store"
        return response
