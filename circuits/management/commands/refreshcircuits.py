"""``manage.py refreshcircuits``: read again the placings of every etapa whose tournament
changed since they were read, each circuit's revision bumped — after restoring a backup,
or if the refresh that follows a tournament's commit (``circuits.services.placings``)
was missed (the process died in between). Nothing to do is a quick no-op."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from circuits.services.placings import etapa_placings_refresh, stale_etapas


class Command(BaseCommand):
    help = "Relê as colocações das etapas de circuito cujo torneio mudou desde a última leitura."

    def handle(self, *args: Any, **options: Any) -> None:
        done = etapa_placings_refresh(etapas=stale_etapas())
        self.stdout.write(f"{len(done)} etapa(s) relida(s)")
