"""``manage.py exportcircuit SLUG --format json|csv|xlsx [--ranking R] [--provisional] [-o FILE]``:
write a circuit as ``tenteio-circuit/1`` JSON, one ranking as CSV, or its three rankings as
an XLSX workbook (one sheet each)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from circuits.export import circuit_databook, circuit_document, ranking_dataset
from circuits.models import Circuit, CircuitLots
from circuits.selectors import circuit_ranking


class Command(BaseCommand):
    help = "Exporta um circuito: tenteio-circuit/1 (JSON), uma classificação (CSV) ou as três (XLSX)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--format", choices=["json", "csv", "xlsx"], default="json")
        parser.add_argument(
            "--ranking",
            choices=list(CircuitLots.Ranking.values),
            default=CircuitLots.Ranking.TEAMS,
            help="a classificação do CSV: teams (equipes), players (jogadores) ou entities (entidades)",
        )
        parser.add_argument(
            "--provisional", action="store_true", help="conta também as etapas ainda não encerradas"
        )
        parser.add_argument("-o", "--output", help="arquivo de saída (padrão: saída padrão)")

    def handle(self, *args: Any, **options: Any) -> None:
        circuit = Circuit.objects.filter(slug=options["slug"]).first()
        if circuit is None:
            self.stderr.write(f"circuito desconhecido: {options['slug']}")
            sys.exit(1)
        provisional = options["provisional"]
        fmt = options["format"]
        if fmt == "xlsx" and not options["output"]:
            self.stderr.write("o formato xlsx precisa de -o ARQUIVO")
            sys.exit(2)
        data: bytes
        if fmt == "json":
            document = circuit_document(circuit, provisional=provisional)
            data = (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode()
        elif fmt == "csv":
            table = circuit_ranking(circuit, options["ranking"], provisional=provisional)
            data = ranking_dataset(table, circuit.name).export("csv").encode()
        else:
            data = circuit_databook(circuit, provisional=provisional).export("xlsx")
        if options["output"]:
            Path(options["output"]).write_bytes(data)
        else:
            self.stdout.write(data.decode(), ending="")
