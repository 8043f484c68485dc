"""The tenteio/1 file format: validation, loading, exporting, and the commands and pages
that use it (``loadtournament``, ``exporttournament``, ``standings``, ``demo``)."""

from django.apps import AppConfig


class InterchangeConfig(AppConfig):
    name = "interchange"
    verbose_name = "Arquivos tenteio/1"
