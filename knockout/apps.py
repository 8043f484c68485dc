"""The mata-mata and the passage between phases: seeding, bracket, advancement."""

from django.apps import AppConfig


class KnockoutConfig(AppConfig):
    name = "knockout"
    verbose_name = "Mata-mata"

    def ready(self) -> None:
        # A homologated or reverted súmula moves the bracket: scoring sends the signal,
        # this app (which depends on scoring, not the other way) answers it. Likewise
        # the dashboard's steps after the chaves: tournaments.board sends, knockout.board adds.
        from knockout import board, signals  # noqa: F401
