"""``manage.py loadcircuit FILE [--slug SLUG]``: create a circuit from its tenteio-circuit/1
file (``interchange.circuit_load``), its etapas being tournaments already on the site.

On any problem it prints one line per problem on stderr, exits 1 and writes nothing;
every sorteio of the file is loaded, its competitors renamed to this site's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from interchange.circuit_load import CircuitLoadError, load_circuit


class Command(BaseCommand):
    help = "Cria um circuito a partir de um arquivo tenteio-circuit/1 (os torneios das etapas já no site)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="arquivo JSON tenteio-circuit/1 (ou - para a entrada padrão)")
        parser.add_argument("--slug", help="outro identificador para o circuito")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
            doc = json.loads(text)
        except (OSError, ValueError) as exc:
            self.stderr.write(f"arquivo ilegível: {exc}")
            sys.exit(1)
        try:
            circuit = load_circuit(doc, slug=options["slug"])
        except CircuitLoadError as exc:
            for problem in exc.problems:
                self.stderr.write(problem)
            sys.exit(1)
        self.stdout.write(f"circuito «{circuit.name}» criado: /circuito/{circuit.slug}/")
