"""``manage.py backup [-o FILE]``: a consistent copy of the database while it runs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.backup import BackupError, backup


class Command(BaseCommand):
    help = (
        "Copia o banco de dados com o sistema em funcionamento (SQLite: cópia online; PostgreSQL: pg_dump)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("-o", "--output", help="arquivo de destino (padrão: data/backups/)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            path = backup(Path(options["output"]) if options["output"] else None)
        except BackupError as exc:
            self.stderr.write(str(exc))
            sys.exit(1)
        self.stdout.write(f"Cópia gravada em {path}")
