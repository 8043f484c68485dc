"""App config for circuits: seasons of etapas and rodeios, ranked by placement points."""

from django.apps import AppConfig


class CircuitsConfig(AppConfig):
    name = "circuits"
    verbose_name = "Circuitos"
