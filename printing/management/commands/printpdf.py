"""``python manage.py printpdf SLUG --doc sumulas -o FILE``: print a document here and now.

Renders exactly what the organizer's page prints (same builders, same templates, same
chunking), without a worker. Bad slug, stage, chave or rodada: exit status 1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from printing.documents import DOCS, PrintError, clean_params
from printing.services import render_document
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Gera o PDF de súmulas, chaveamento, classificação, programação ou cartões das equipes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--doc", required=True, choices=sorted(DOCS))
        parser.add_argument("--stage", help="fase (chave da fase no torneio)")
        parser.add_argument("--round", help="rodada")
        parser.add_argument("--group", help="chave")
        parser.add_argument("-o", "--output", required=True, help="arquivo PDF (- para a saída padrão)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"torneio «{options['slug']}» não existe.", returncode=1)
        try:
            params = clean_params(
                tournament,
                options["doc"],
                stage=options["stage"],
                round=options["round"],
                group=options["group"],
            )
        except PrintError as exc:
            raise CommandError(str(exc), returncode=1) from None
        started = time.perf_counter()
        pdf = render_document(tournament, params)
        if options["output"] == "-":
            sys.stdout.buffer.write(pdf)
            return
        out = Path(options["output"])
        temp = out.with_name(f".{out.name}.tmp")
        temp.write_bytes(pdf)
        temp.replace(out)
        seconds = time.perf_counter() - started
        self.stderr.write(f"{out}: {len(pdf) // 1024} KB em {seconds:.1f} s")
