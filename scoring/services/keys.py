"""The idempotency keys of the judge's writes, on the service side.

A write from the judge's phone carries its idempotency ``key`` (the form's
``client_key``, read by ``scoring.views_answers.key_of``), kept on the row it writes:
the version (``ScoreSheet.client_key``), the second entry's event
(``SheetEvent.client_key``), the signature (``Signature.client_key``). A key the jogo
already has is never written again: :class:`AlreadyWritten` hands back that row. The
workflow (``scoring.services.workflow``) looks for it before anything else and again
under the Match lock, so a resend racing its original writes nothing.
"""

from __future__ import annotations

import uuid
from typing import Any

from scoring.models import ScoreSheet, SheetEvent, Signature
from scoring.services.errors import AlreadyWritten
from tournaments.models import Match


def ensure_new(rows: Any, key: uuid.UUID | None) -> None:
    """Refuse to write twice for one idempotency key: the POST that wrote ``key`` (a
    row of ``rows``, a queryset or the locked versions) is answered again instead."""
    if key is None:
        return
    if isinstance(rows, list):
        done = next((row for row in rows if row.client_key == key), None)
    else:
        done = rows.filter(client_key=key).first()
    if done is not None:
        raise AlreadyWritten(done)


def ensure_new_sheet(match: Match, key: uuid.UUID | None) -> None:
    """No version of ``match`` was written with ``key``."""
    ensure_new(ScoreSheet.objects.filter(match=match), key)


def ensure_new_check(match: Match, key: uuid.UUID | None) -> None:
    """No second entry (CONFIRMED or CHECK_MISMATCH event) of ``match`` has ``key``."""
    ensure_new(SheetEvent.objects.filter(match=match), key)


def ensure_new_signature(match: Match, key: uuid.UUID | None) -> None:
    """No signature on a version of ``match`` was written with ``key``."""
    ensure_new(Signature.objects.filter(sheet__match=match), key)
