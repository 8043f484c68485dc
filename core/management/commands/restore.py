"""``manage.py restore FILE``: put a backup of the embedded database back (server stopped)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.backup import BackupError, restore


class Command(BaseCommand):
    help = "Restaura uma cópia do banco SQLite (pare o servidor antes)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--yes", action="store_true", help="não perguntar")

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["file"])
        if not source.is_file():
            self.stderr.write(f"{source}: arquivo não encontrado")
            sys.exit(1)
        if (
            not options["yes"]
            and input("Substituir o banco atual por esta cópia? [s/N] ").strip().lower() != "s"
        ):
            self.stderr.write("Nada foi alterado.")
            sys.exit(1)
        try:
            path = restore(source)
        except BackupError as exc:
            self.stderr.write(str(exc))
            sys.exit(1)
        self.stdout.write(f"Banco restaurado em {path}")
