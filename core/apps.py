"""App config for core (permissions, error pages, demo data, health)."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Tenteio"
