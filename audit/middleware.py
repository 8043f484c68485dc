"""Request-wide middleware of the audit app: who is acting, and private pages not stored."""

from __future__ import annotations

from collections.abc import Callable

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from audit.context import Origin, activate, deactivate


class AuditContextMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = activate(Origin(request=request))
        try:
            return self.get_response(request)
        finally:
            deactivate(token)


class PrivateNoStoreMiddleware(MiddlewareMixin):
    """Pages served to a logged-in person are theirs alone: ``private, no-store``.

    The one-time displays (a new judge's password, fresh PINs) and the organizer pages
    must not stay in a shared cache or in the phone's back/forward history. A view that
    sets its own Cache-Control keeps it.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if response.status_code >= 500 or response.has_header("Cache-Control"):
            return response
        try:
            # May load the session: with the database down, the 503 page must still go out.
            authenticated = bool(getattr(request, "user", None) and request.user.is_authenticated)
        except DatabaseError:
            return response
        if authenticated:
            response["Cache-Control"] = "private, no-store"
        return response
