"""The circuit ranking on paper: the three rankings (equipes, jogadores, entidades) as the
public page shows them (``circuits.explain_text.ranking_section``), with the etapas named
and the points table, so the paper always says what the page says.

Built as a print job's data (``printing.circuit_jobs``): JSON-safe, one unit per
ranking, all in one chunk (a circuit's ranking is a few pages that flow).
"""

from __future__ import annotations

from django.utils.translation import gettext

from circuits.explain_text import ranking_section
from circuits.models import Circuit
from circuits.selectors import circuit_rankings
from printing.documents import Built
from printing.documents.common import now_text
from rules.circuit import bands_of

DOC = "circuit"
LANDSCAPE_PAST = 8  # etapas across a portrait page; more turn the page


def build(circuit: Circuit) -> Built:
    """Header, document data (circuit, etapas, points table) and one unit per ranking.

    The reading the public page opens with: etapas in play counted with their placings so
    far (the provisional ranking, titled so), the same as the final one once every etapa
    ended. The job is keyed by the circuit's number, which moves with every homologation
    of an etapa, so the paper follows the page."""
    tables = circuit_rankings(circuit, provisional=True)
    columns = next(iter(tables.values())).columns
    table = circuit.table()
    provisional = any(col.counted and not col.complete for col in columns)
    title = (
        gettext("Classificação provisória do circuito")
        if provisional
        else gettext("Classificação do circuito")
    )
    header = {"tournament": circuit.name, "title": title, "generated": now_text(), "doc_name": title}
    meta = {
        "circuit": {
            "name": circuit.name,
            "kind": str(circuit.get_kind_display()),
            "best_n": circuit.best_n,
        },
        "etapas": [
            {"number": k, "name": col.tournament.name, "complete": col.complete, "counted": col.counted}
            for k, col in enumerate(columns, start=1)
        ],
        "bands": [list(band) for band in bands_of(table)],
        "participation": table.participation,
        "landscape": len(columns) > LANDSCAPE_PAST,
    }
    units = [ranking_section(r, t) for r, t in tables.items()]
    return Built(header, meta, units, total_pages=0)
