"""The circuit ranking on paper: the three rankings (equipes, jogadores, entidades) as the
public page shows them (``circuits.explain_text.ranking_section``), with the etapas named
and the points table, so the paper always says what the page says."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from circuits.explain_text import ranking_section
from circuits.models import Circuit
from circuits.selectors import circuit_rankings
from printing.documents.common import now_text
from rules.circuit import bands_of


def circuit_ranking_pages(circuit: Circuit) -> dict[str, Any]:
    """The context of ``printing/circuit.html``: header words, etapas, table, rankings."""
    tables = circuit_rankings(circuit)
    columns = next(iter(tables.values())).columns
    table = circuit.table()
    return {
        "tournament": circuit.name,  # the running header of printing/_base.html
        "title": gettext("Classificação do circuito"),
        "generated": now_text(),
        "circuit": circuit,
        "etapas": [
            {"number": k, "name": col.tournament.name, "complete": col.complete}
            for k, col in enumerate(columns, start=1)
        ],
        "bands": bands_of(table),
        "participation": table.participation,
        "sections": [ranking_section(r, t) for r, t in tables.items()],
    }
