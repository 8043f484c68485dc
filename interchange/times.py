"""The dates and times of a tenteio/1 file, read and written the same way.

A date is ``AAAA-MM-DD``. A moment (a jogo's horário, a rodada's start and limite, the
check-in's closing) is ISO 8601 with its UTC offset, ``2026-12-12T09:00-03:00``: the
export writes it in the site's time zone (``settings.TIME_ZONE``), to the minute unless
it has seconds, so an export of a loaded file is the same text; a moment with no offset
is refused, since the hall's clock and the site's may not agree on the zone.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from interchange.checker import Checker


def read_date(c: Checker, value: Any, where: str) -> dt.date | None:
    """``value`` as a date; a string that is not one is reported at ``where``."""
    if not isinstance(value, str):
        return None  # absent, null, or the wrong type (the schema reported it)
    try:
        date = dt.date.fromisoformat(value) if len(value) == 10 else None
    except ValueError:
        date = None
    if date is None:
        c.add(where, _("use o formato AAAA-MM-DD"), "file.date_invalid")
    return date


def read_moment(c: Checker, value: Any, where: str) -> dt.datetime | None:
    """``value`` as an aware moment; anything else is reported at ``where``."""
    if not isinstance(value, str):
        return None
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None or "T" not in value:
        c.add(where, _("use data e hora com o fuso, como 2026-12-12T09:00-03:00"), "file.time_invalid")
        return None
    return moment


def moment_text(value: dt.datetime) -> str:
    """The file's text of a moment: in the site's time zone, with its offset."""
    local = timezone.localtime(value)
    return local.isoformat(timespec="minutes" if not (local.second or local.microsecond) else "auto")
