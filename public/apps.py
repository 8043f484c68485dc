"""The public site: home page, a tournament's public pages and JSON, error pages, and
the revision-keyed cache in front of them."""

from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "public"
    verbose_name = "Site público"
