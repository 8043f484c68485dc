"""The table of the classificação page's CSV/XLSX export (``?_export=csv|xlsx``, sent by
``core.exports.export_response``): every chave's rows, named by phase and chave. With a
Swiss chave among them (docs/rules.md §3.17) the export carries its desempates,
Buchholz, Buchholz corte 1 and Sonneborn-Berger (``public.swiss``), left empty in the
rows of a round-robin chave; without one, the round robin's columns only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from public.swiss import swiss_values, with_swiss_values
from public.tables import StandingsTable
from public.tables_swiss import SwissExportTable


def standings_export_table(
    stage_tables: list[Any], rows_of: Callable[[Any], list[dict[str, Any]]]
) -> StandingsTable:
    """The export of ``stage_tables`` (``standings.selectors.tournament_standings``);
    ``rows_of(gt)``: a chave's rows as its page shows them (``public.views.standings_rows``,
    which imports this module's caller)."""
    swiss = swiss_values(stage_tables)
    every = []
    for st in stage_tables:
        for gt in st.groups:
            rows = rows_of(gt)
            if gt.group.pk in swiss:
                with_swiss_values(rows, gt, swiss[gt.group.pk])
            every += [{**row, "stage": st.stage.key, "group": gt.group.name} for row in rows]
    return SwissExportTable(every) if swiss else StandingsTable(every)
