"""Stored contributions: what each chave jogo's counted súmula adds to the standings.

The rules engine judges a result once, here, when the súmula that counts changes
(``rules.totals.tally``), and ``scoring.MatchContribution`` keeps the answer, so a
standings read sums rows instead of parsing and validating every súmula again. Every
function runs inside the transaction of the write that made it necessary:

- :func:`contributions_refresh` — one jogo, called by the workflow
  (``scoring.services.workflow``) after a version is confirmed, homologated or
  reverted, under the jogo's ``Match`` row lock the workflow already holds;
- :func:`contributions_recompute` — a whole tournament, after its rules change, after
  ``loadtournament`` and from ``manage.py recompute_contributions`` (repair).

Nothing is counted in this module: it only copies the rules engine's answer into rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from rules.modality_params import Modality
from rules.results import Side
from rules.totals import tally
from rules.types import Counters
from scoring.models import MatchContribution, ScoreSheet
from tournaments.models import Match, Tournament

# (match id, chave id, status, result, team A id, team B id, team A key, team B key)
SheetRow = tuple[int, int, str, Any, int, int, str, str]


def contribution_rows(modality: Modality, sheet: SheetRow) -> list[dict[str, Any]]:
    """The fields of both rows a confirmed súmula gives (none when unreadable)."""
    match_id, group_id, status, result, id_a, id_b, key_a, key_b = sheet
    found = tally(modality, result, key_a, key_b)
    if found is None or key_a == key_b:
        return []
    outcome = found.outcome
    rows = []
    for side, team_id in ((Side.A, id_a), (Side.B, id_b)):
        c = outcome.counters(side) if outcome is not None else Counters()
        rows.append(
            {
                "match_id": match_id,
                "group_id": group_id,
                "team_id": team_id,
                "side": side.value,
                "homologated": status == ScoreSheet.Status.HOMOLOGATED,
                "counts": outcome is not None,
                **c.as_dict(),
                "expels": outcome is not None and side in outcome.expels,
                "absent": side in found.absent,
                "reason": found.reason(side),
                "games": " ".join(f"{a}-{b}" for a, b in outcome.games) if outcome is not None else "",
            }
        )
    return rows


def _write(modality: Modality, sheets: Iterable[SheetRow]) -> int:
    rows = [MatchContribution(**f) for sheet in sheets for f in contribution_rows(modality, sheet)]
    MatchContribution.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


_SHEET_FIELDS = (
    "match_id",
    "match__group_id",
    "status",
    "result",
    "match__team_a_id",
    "match__team_b_id",
    "match__team_a__key",
    "match__team_b__key",
)


def contributions_refresh(*, match: Match, modality: Modality | None = None) -> None:
    """Rewrite one jogo's rows from the súmula that counts now. Call it inside the
    transaction that changed the súmula, holding the jogo's ``Match`` row lock (the
    workflow's ``_locked_versions``), so two writes of one jogo cannot interleave."""
    MatchContribution.objects.filter(match_id=match.pk).delete()
    if match.group_id is None:
        return
    sheets = ScoreSheet.objects.filter(match_id=match.pk, confirmed=True).values_list(*_SHEET_FIELDS)
    found = list(sheets)
    if found:
        _write(modality or Tournament.objects.get(stages__matches=match).rules(), found)


@transaction.atomic
def contributions_recompute(*, tournament: Tournament) -> int:
    """Rewrite every stored contribution of the tournament under its current rules;
    returns the number of rows written. Locks the tournament's ``Match`` rows first, so
    no súmula of it changes meanwhile."""
    list(Match.objects.select_for_update().filter(stage__tournament=tournament).values_list("pk", flat=True))
    MatchContribution.objects.filter(match__stage__tournament=tournament).delete()
    sheets = ScoreSheet.objects.filter(
        match__stage__tournament=tournament, match__group__isnull=False, confirmed=True
    ).values_list(*_SHEET_FIELDS)
    return _write(tournament.rules(), sheets.iterator(chunk_size=2000))
