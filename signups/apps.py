"""App config of the inscrições online (self-registration with the organizer's approval)."""

from django.apps import AppConfig


class SignupsConfig(AppConfig):
    name = "signups"
    verbose_name = "Inscrições online"
    default_auto_field = "django.db.models.BigAutoField"
