"""Views that need no tournament: language switch, health check, the site's icon and
the trivial ping."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
    JsonResponse,
)
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe


@require_safe
def ping(request: HttpRequest) -> HttpResponse:
    """The trivial view load tests compare against: no database, no template."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Pages link their icon; a browser or reader that asks for /favicon.ico anyway is
    sent to it instead of a 404 (the static URL is resolved here, when the manifest is
    loaded, not at import)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


@require_safe
def choose_language(request: HttpRequest, lang: str) -> HttpResponse:
    """The language switch is a link, not a form: public pages are cached once and
    served to everybody, so they must not carry one visitor's CSRF token (the next
    visitor's switch would be refused), and a language preference is nothing to forge."""
    if lang not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        lang,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )
    return response


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
