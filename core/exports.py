"""CSV/XLSX exports of django-tables2 tables, safe to open in a spreadsheet.

A cell that starts with ``=``, ``+``, ``-``, ``@`` (or a tab/carriage return) would be
run as a formula by Excel or LibreOffice; team names come from the public, so such
cells get a leading apostrophe. The start is read after compatibility normalisation
(NFKC), so the full-width ``＝＋－＠`` and the small ``﹦﹢﹣﹫``, which fold to the
same signs, are caught too. Numbers stay numbers.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.http import HttpRequest, HttpResponse
from django_tables2 import Table
from django_tables2.export import TableExport

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
EXPORT_FORMATS = ("csv", "xlsx")


def formula_like(text: str) -> bool:
    """Whether a spreadsheet could take ``text`` for a formula: its first characters, in
    NFKC (one character may fold to several, so a few are read), start like one."""
    return unicodedata.normalize("NFKC", text[:8]).startswith(FORMULA_START)


def neutralize(value: Any) -> Any:
    if isinstance(value, str) and formula_like(value):
        return "'" + value
    return value


class SafeTableExport(TableExport):  # type: ignore[misc]
    def table_to_dataset(self, table: Table, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        headers = [neutralize(h) for h in (dataset.headers or [])]
        rows = [[neutralize(v) for v in row] for row in dataset]
        dataset.wipe()
        dataset.headers = headers
        for row in rows:
            dataset.append(row)
        return dataset


def export_response(request: HttpRequest, table: Table, basename: str) -> HttpResponse | None:
    """The export of ``table`` when the request asks for one (``?_export=csv|xlsx``)."""
    fmt = request.GET.get("_export")
    if fmt not in EXPORT_FORMATS:
        return None
    exporter = SafeTableExport(fmt, table, dataset_kwargs={"title": basename[:31]})
    response: HttpResponse = exporter.response(filename=f"{basename}.{fmt}")
    return response
