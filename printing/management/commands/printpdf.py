"""``python manage.py printpdf SLUG --doc sumulas -o FILE``: print a document here and now.

Renders exactly what the organizer's page prints (same builders, same templates, same
chunking), without a worker. Bad slug, stage, chave or rodada: exit status 1.
``--site http://192.168.0.10:8000`` is the address the súmulas' QR codes open (default
``SITE_URL``, else ``http://127.0.0.1:8000``). ``--doc teams --new-pins`` prints the team
cards with new PINs: once every card is rendered the new PINs replace the old ones (the
shell is trusted: no user to check; the audit trail names this command). The cards are
those of the teams still in the event (inscritas or presentes); ``--all-teams`` prints the
ausentes and desistentes too.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from core.site import base_url
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
        parser.add_argument(
            "--new-pins",
            action="store_true",
            help="cartões das equipes com PINs novos (os PINs atuais deixam de valer)",
        )
        parser.add_argument(
            "--all-teams",
            action="store_true",
            help="cartões também das equipes fora do torneio (ausentes, desistentes)",
        )
        parser.add_argument(
            "--site",
            default="",
            help="endereço do site nos QR codes das súmulas (padrão: SITE_URL ou http://127.0.0.1:8000)",
        )
        parser.add_argument("-o", "--output", required=True, help="arquivo PDF (- para a saída padrão)")

    def to_stdout(self, pdf: bytes) -> None:
        sys.stdout.buffer.write(pdf)
        sys.stdout.buffer.flush()

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(_("torneio «%(slug)s» não existe.") % {"slug": options["slug"]}, returncode=1)
        site = options["site"].strip()
        if site and not site.lower().startswith(("http://", "https://")):
            raise CommandError(
                _("--site: «%(site)s» não é um endereço http:// ou https://.") % {"site": site}, returncode=1
            )
        if options["all_teams"] and options["doc"] != "teams":
            raise CommandError(_("--all-teams: só os cartões das equipes (--doc teams)."), returncode=1)
        try:
            params = clean_params(
                tournament,
                options["doc"],
                stage=options["stage"],
                round=options["round"],
                group=options["group"],
                new_pins=options["new_pins"],
                site=site or base_url(),
                all_teams=options["all_teams"],
            )
        except PrintError as exc:
            raise CommandError(str(exc), returncode=1) from None
        started = time.perf_counter()
        if options["output"] == "-":
            render_document(tournament, params, deliver=self.to_stdout)
            return
        out = Path(options["output"])
        temp = out.with_name(f".{out.name}.tmp")
        # Written before new PINs are saved (a full disk changes no PIN), renamed after.
        pdf = render_document(tournament, params, deliver=temp.write_bytes)
        temp.replace(out)
        seconds = time.perf_counter() - started
        self.stderr.write(f"{out}: {len(pdf) // 1024} KB em {seconds:.1f} s")
        if params.new_pins:
            self.stderr.write(_("PINs novos impressos; os PINs anteriores dessas equipes deixaram de valer."))
