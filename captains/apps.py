"""App config of the capataz's page: a team's private link, its day, its PIN signature
and its contestações."""

from django.apps import AppConfig


class CaptainsConfig(AppConfig):
    name = "captains"
    verbose_name = "Página do capataz"
    default_auto_field = "django.db.models.BigAutoField"
