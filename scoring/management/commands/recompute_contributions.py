"""``manage.py recompute_contributions [SLUG]``: judge every counted súmula again and
rewrite the stored contributions the standings sum (one tournament, or all of them).

A repair: the workflow, a change of the tournament's rules and ``loadtournament`` keep
them current by themselves (``scoring.services.contributions``).
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.services.contributions import contributions_recompute
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Recalcula o que cada jogo homologado soma na classificação (um torneio ou todos)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", nargs="?", help="torneio (padrão: todos)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournaments = Tournament.objects.order_by("slug")
        if options["slug"]:
            tournaments = tournaments.filter(slug=options["slug"])
            if not tournaments.exists():
                self.stderr.write(f"torneio desconhecido: {options['slug']}")
                sys.exit(1)
        for t in tournaments:
            rows = contributions_recompute(tournament=t)
            self.stdout.write(f"{t.slug}: {rows} linhas de contribuição")
