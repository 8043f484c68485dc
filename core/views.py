"""Home page, health check and error pages."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.selectors import visible_tournaments


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tournaments = visible_tournaments(request.user)
    return render(request, "core/home.html", {"tournaments": tournaments})


@require_safe
def ping(request: HttpRequest) -> HttpResponse:
    """The trivial view load tests compare against: no database, no template."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def error_404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)


def error_500(request: HttpRequest) -> HttpResponse:
    return render(request, "500.html", status=500)
