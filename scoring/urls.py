"""Judge and organizer pages of súmulas (paths are absolute from the site root)."""

from django.urls import path  # noqa: F401

app_name = "scoring"

urlpatterns: list = []  # type: ignore[type-arg]
