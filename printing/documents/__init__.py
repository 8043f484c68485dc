"""The printable documents: how each is built into units and how units split into chunks.

A *unit* is a JSON-safe dict (a jogo's súmula, a team card, a bracket page, a chave's
table, a Swiss rodada's emparceiramentos). Paged documents know each unit's page in
advance (``per_page`` units a page), so their chunks render in parallel and still print
"página X de Y" of the whole batch; flowing documents (standings, schedule,
emparceiramentos) are short and render as one chunk.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printing.documents import bracket, sumulas, swiss, tables
from printing.documents.common import DOC_NAMES, Params, PrintError, clean_params, now_text
from tournaments.models import Tournament

__all__ = ["DOCS", "Built", "DocSpec", "Params", "PrintError", "build", "chunk_size", "clean_params"]

Builder = Callable[[Tournament, Params], tuple[dict[str, Any], list[dict[str, Any]]]]


@dataclass(frozen=True)
class DocSpec:
    key: str
    build: Builder
    per_page: int | None  # None: pages flow, one chunk
    chunk_size: int  # units per chunk (a multiple of per_page)


@dataclass
class Built:
    header: dict[str, Any]
    meta: dict[str, Any]
    units: list[dict[str, Any]]
    total_pages: int

    def chunks(self, size: int) -> list[list[dict[str, Any]]]:
        return [self.units[i : i + size] for i in range(0, len(self.units), size)] or [[]]


def _sumulas(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return sumulas.meta(t), sumulas.build(t, p)


DOCS: dict[str, DocSpec] = {
    # 32 súmulas a chunk: ~0.7 s of work, small enough to retry, big enough to amortize
    # WeasyPrint's per-document start-up and the overlay; memory stays near 140 MB.
    "sumulas": DocSpec("sumulas", _sumulas, per_page=1, chunk_size=32),
    "teams": DocSpec("teams", tables.teams, per_page=tables.CARDS_PER_PAGE, chunk_size=48),
    "bracket": DocSpec("bracket", bracket.build, per_page=1, chunk_size=4),
    "standings": DocSpec("standings", tables.standings, per_page=None, chunk_size=10_000),
    "schedule": DocSpec("schedule", tables.schedule, per_page=None, chunk_size=10_000),
    # A Swiss phase's emparceiramentos, a rodada a page (short: one chunk).
    "pairings": DocSpec("pairings", swiss.pairings, per_page=None, chunk_size=10_000),
}


def chunk_size(doc: str) -> int:
    """Units a chunk of ``doc``; ``TENTEIO_PRINT_CHUNK`` overrides it for paged documents
    (the worker integration test makes small chunks to watch progress move)."""
    spec = DOCS[doc]
    override = os.environ.get("TENTEIO_PRINT_CHUNK", "")
    if spec.per_page and override.isdecimal() and int(override) > 0:
        return max(int(override) // spec.per_page, 1) * spec.per_page
    return spec.chunk_size


def build(tournament: Tournament, params: Params) -> Built:
    spec = DOCS[params.doc]
    meta, units = spec.build(tournament, params)
    if spec.per_page:
        for i, unit in enumerate(units):
            unit["page"] = i // spec.per_page + 1
        total_pages = max(1, math.ceil(len(units) / spec.per_page))
    else:
        total_pages = 0
    header = {
        "tournament": tournament.name,
        "title": params.title()[:1].upper() + params.title()[1:],
        "generated": now_text(),
        "doc_name": str(DOC_NAMES[params.doc]),  # stored as JSON with the job
    }
    return Built(header, meta, units, total_pages)
