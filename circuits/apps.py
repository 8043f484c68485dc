"""App config for circuits: seasons of etapas and rodeios, ranked by placement points."""

from django.apps import AppConfig


class CircuitsConfig(AppConfig):
    name = "circuits"
    verbose_name = "Circuitos"

    def ready(self) -> None:
        # A tournament's committed change reads its etapas' placings again and bumps their
        # circuits: tournaments.revision sends, this app (above it) answers.
        from circuits import signals  # noqa: F401
