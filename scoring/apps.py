"""App config for scoring."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Súmulas"

    def ready(self) -> None:
        # A tournament whose rules change has its stored contributions judged again:
        # tournaments sends the signal, this app (which depends on it) answers.
        from scoring import receivers  # noqa: F401
