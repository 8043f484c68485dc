"""``manage.py exporttournament SLUG [-o FILE]``: write a tournament as tenteio/1."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from interchange.export import export_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Exporta um torneio no formato tenteio/1."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="arquivo de saída (padrão: saída padrão)")

    def handle(self, *args: Any, **options: Any) -> None:
        t = Tournament.objects.filter(slug=options["slug"]).first()
        if t is None:
            self.stderr.write(f"torneio desconhecido: {options['slug']}")
            sys.exit(1)
        text = json.dumps(export_tournament(t), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
