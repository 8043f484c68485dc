"""The share picture of a Swiss phase's classificação (``public.pictures.chave_picture``
for a Swiss chave, docs/rules.md §3.17): the Swiss desempates in place of D and the
saldo, and only the first rows — a Swiss chave holds every team of the event (120 duplas
would make a picture nobody reads on a phone)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from public.swiss import swiss_values, with_swiss_values

SWISS_NUMBER_COLUMNS = ("played", "wins", "buchholz", "buchholz_cut1", "sonneborn_berger", "points_for")
SWISS_NUMBER_X = (680, 760, 850, 960, 1050, 1152)  # right edges: «Bh−1» is the widest title
MOST_ROWS = 16


def swiss_columns(
    stage_table: Any, gt: Any, rows: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], tuple[str, ...], tuple[int, ...], list[str], str]:
    """The rows drawn (the first ``MOST_ROWS``, with their Swiss values), the columns'
    keys, right edges and titles, and the picture's title."""
    with_swiss_values(rows, gt, swiss_values([stage_table])[gt.group.pk])
    titles = [pgettext("column abbreviation", c) for c in ("J", "V", "Bh", "Bh−1", "SB", "T")]
    title = _("Classificação do suíço")
    if len(rows) > MOST_ROWS:
        title += " · " + _("as %(shown)d primeiras de %(n)d") % {"shown": MOST_ROWS, "n": len(rows)}
    return rows[:MOST_ROWS], SWISS_NUMBER_COLUMNS, SWISS_NUMBER_X, titles, title
