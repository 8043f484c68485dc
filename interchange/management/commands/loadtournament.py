"""``manage.py loadtournament FILE [--clamp]``: create a tournament from a tenteio/1 file.

Every result is validated by the rules engine first; on any problem it prints one line
per problem on stderr, exits 1 and writes nothing. A NUL or a lone surrogate in any
text of the file is such a problem (named by where it is), and so is a file past the
bounds of ``interchange.load.decode``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from audit.context import Origin, activate, deactivate
from interchange.load import MAX_FILE_BYTES, InterchangeError, decode, load_tournament


class Command(BaseCommand):
    help = "Cria um torneio a partir de um arquivo tenteio/1, validando todos os resultados."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="arquivo JSON tenteio/1 (ou - para a entrada padrão)")
        parser.add_argument(
            "--clamp",
            action="store_true",
            help="registra como o alvo a pontuação do vencedor acima do alvo (V-P2)",
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="substitui o torneio deste site com o mesmo slug, numa só transação",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            # One byte past the bound is enough for decode() to refuse an oversized file.
            if path == "-":
                raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
            else:
                with Path(path).open("rb") as source:
                    raw = source.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            self.stderr.write(
                _("%(path)s: não foi possível ler o arquivo (%(error)s)")
                % {"path": path, "error": exc.strerror}
            )
            sys.exit(1)
        try:
            # The trail names this command as where the load came from, however it was
            # called (manage.py or call_command): an export leaves the load's own entries out.
            token = activate(Origin(command="loadtournament"))
            try:
                outcome = load_tournament(decode(raw), clamp=options["clamp"], replace=options["replace"])
            finally:
                deactivate(token)
        except InterchangeError as exc:
            for issue in exc.issues:
                self.stderr.write(issue.line())
            n = len(exc.issues)
            self.stderr.write(
                ngettext("%(n)d problema; nada foi gravado.", "%(n)d problemas; nada foi gravado.", n)
                % {"n": n}
            )
            sys.exit(1)
        for note in outcome.notes:
            self.stdout.write(_("ajustado: %(note)s") % {"note": note})
        for warning in outcome.warnings:
            self.stderr.write(_("aviso: %(warning)s") % {"warning": warning})
        t = outcome.tournament
        self.stdout.write(_("Torneio «%(name)s» (%(slug)s) carregado.") % {"name": t.name, "slug": t.slug})
