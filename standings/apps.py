"""App config for standings (the public site)."""

from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = "Classificação"
