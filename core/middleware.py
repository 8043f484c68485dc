"""Middlewares of core: an unreachable database or Redis becomes a 503 page (never a
stack trace), the visitor's language, a NUL byte refused, the Permissions-Policy header."""

from __future__ import annotations

import logging

from django.db import DatabaseError, InterfaceError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin

log = logging.getLogger(__name__)

try:  # redis is optional in the embedded default
    from redis.exceptions import ConnectionError as RedisConnectionError
except ImportError:  # pragma: no cover
    RedisConnectionError = OSError  # type: ignore[misc,assignment]

UNAVAILABLE: tuple[type[BaseException], ...] = (InterfaceError, RedisConnectionError)


def _is_outage(exc: BaseException) -> bool:
    if isinstance(exc, UNAVAILABLE):
        return True
    # psycopg reports a refused connection as OperationalError (a DatabaseError).
    return isinstance(exc, DatabaseError) and "connect" in str(exc).lower()


class ServiceUnavailableMiddleware(MiddlewareMixin):
    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not _is_outage(exception):
            return None
        log.error("service unavailable: %s", exception.__class__.__name__)
        body = render_to_string("503.html", {"request": request})
        response = HttpResponse(body, status=503)
        response["Retry-After"] = "10"
        return response


def chosen_language(request: HttpRequest) -> str:
    """The language of the visitor's switch (cookie) if supported, else pt-BR."""
    from django.conf import settings

    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    supported = {code for code, _ in settings.LANGUAGES}
    return chosen if chosen in supported else settings.LANGUAGE_CODE


class LanguageMiddleware(MiddlewareMixin):
    """pt-BR unless the visitor chose another language with the switch (cookie).

    Django's LocaleMiddleware would follow the browser's Accept-Language; a judge's
    phone set to English must still see the rulebook's Portuguese unless asked.
    """

    def process_request(self, request: HttpRequest) -> None:
        from django.utils import translation

        request.LANGUAGE_CODE = chosen_language(request)
        translation.activate(request.LANGUAGE_CODE)

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response


class NullByteMiddleware(MiddlewareMixin):
    """Refuse a NUL byte in the path or the query string with a 400.

    No page takes one, and PostgreSQL cannot store or even compare text with it: left
    alone it would surface as a database error (a 500) deep inside a view.
    """

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        query = request.META.get("QUERY_STRING", "")
        if "\x00" in request.path or "%00" in query.lower() or "\x00" in query:
            return HttpResponse("Pedido inválido: caractere nulo.", status=400, content_type="text/plain")
        form = request.method == "POST" and request.content_type == "application/x-www-form-urlencoded"
        if form and any("\x00" in value for _, values in request.POST.lists() for value in values):
            return HttpResponse("Pedido inválido: caractere nulo.", status=400, content_type="text/plain")
        return None


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Adds ``settings.PERMISSIONS_POLICY`` as the Permissions-Policy header.

    Django's SecurityMiddleware sets the other security headers and django-csp the
    Content-Security-Policy; neither sets this one.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        from django.conf import settings

        value = str(getattr(settings, "PERMISSIONS_POLICY", ""))
        if value:
            response.headers.setdefault("Permissions-Policy", value)
        return response
