"""Organizer pages of tournament set-up (paths are absolute from the site root)."""

from django.urls import path  # noqa: F401

app_name = "tournaments"

urlpatterns: list = []  # type: ignore[type-arg]
