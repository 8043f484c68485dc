"""App config of the digital tenteio."""

from django.apps import AppConfig


class HandsConfig(AppConfig):
    name = "hands"
    verbose_name = "Tenteio (mão a mão)"
