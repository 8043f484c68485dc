"""Whole numbers typed by people: in a query string, a form field or an import cell.

``str.isdigit()`` accepts "²" and "①", which ``int()`` refuses (a 500 where a message
was due), and a number of twenty digits overflows PostgreSQL's integer columns. Every
place that turns such text into a number asks here.
"""

from __future__ import annotations


def whole_number(text: str | None, digits: int) -> int | None:
    """``text`` as a non-negative whole number of at most ``digits`` digits (Unicode
    decimal digits, as ``int()`` reads them), else None."""
    if not text or not text.isdecimal() or len(text) > digits:
        return None
    return int(text)
