"""``manage.py standings SLUG [--format text|json|csv] [--stage KEY]``.

The CSV goes through ``core.exports.neutralize`` like every other CSV export: a team
named «=HYPERLINK(…)» must not become a formula in the spreadsheet that opens it.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.exports import neutralize
from rules.types import COUNTER_NAMES
from standings.selectors import UnknownStage, standings_document, tournament_standings
from tournaments.models import Tournament

CSV_FIELDS = [
    "stage",
    "group",
    "position",
    "team",
    "name",
    *COUNTER_NAMES,
    "status",
    "separated_by",
    "pending_lots",
]


class Command(BaseCommand):
    help = "Mostra a classificação das chaves de um torneio."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--format", choices=["text", "json", "csv"], default="text")
        parser.add_argument("--stage", help="somente esta fase")

    def handle(self, *args: Any, **options: Any) -> None:
        t = Tournament.objects.filter(slug=options["slug"]).first()
        if t is None:
            self.stderr.write(f"torneio desconhecido: {options['slug']}")
            sys.exit(1)
        try:
            tables = tournament_standings(t, stage_key=options["stage"])
        except UnknownStage:
            self.stderr.write(f"fase desconhecida: {options['stage']}")
            sys.exit(1)
        doc = standings_document(t, tables)
        fmt = options["format"]
        if fmt == "json":
            self.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2))
        elif fmt == "csv":
            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
            writer.writeheader()
            for stage in doc["stages"]:
                for group in stage["groups"]:
                    for row in group["rows"]:
                        line = {"stage": stage["key"], "group": group["name"], **row}
                        writer.writerow({k: neutralize(v) for k, v in line.items()})
            self.stdout.write(buf.getvalue(), ending="")
        else:
            self.stdout.write(render_text(doc), ending="")


def render_text(doc: dict[str, Any]) -> str:
    lines = []
    for stage in doc["stages"]:
        for group in stage["groups"]:
            lines.append(f"Fase {stage['key']} — chave {group['name']}")
            lines.append(
                f"{'Pos':>3}  {'Equipe':<32} {'J':>2} {'V':>2} {'D':>2} {'P':>3} {'T':>4} {'TC':>4}  Obs."
            )
            for r in group["rows"]:
                notes = []
                if r["status"] != "active":
                    notes.append("desclassificada")
                if r["pending_lots"]:
                    notes.append("sorteio pendente")
                counts = f"{r['played']:>2} {r['wins']:>2} {r['losses']:>2} {r['games_won']:>3} "
                counts += f"{r['points_for']:>4} {r['points_against']:>4}"
                line = f"{r['position']:>3}  {r['name'][:32]:<32} {counts}  {', '.join(notes)}"
                lines.append(line.rstrip())
            lines.append("")
    return "\n".join(lines) + ("\n" if lines else "")
