"""The judge's list of jogos: when, where, which rodada (the mata-mata's by its phase:
«Semifinais», «Final», «3º lugar») and what each still lacks, next jogo first.

Reads only; a constant number of queries whatever the number of jogos.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import Signature
from scoring.selectors import SheetView, judge_sheets
from scoring.services.workflow import required_teams
from tournaments.models import Round, Tournament
from tournaments.phases import match_round_names


@dataclass
class JudgeRow:
    sheet: SheetView
    round_name: str
    time: dt.datetime | None
    missing: str  # what the súmula still lacks, in the judge's words

    @property
    def match(self) -> Any:
        return self.sheet.match


def _natural(name: str) -> tuple[int, str]:
    # Mesa "10" after mesa "9".
    return (int(name), "") if name.isdecimal() else (1 << 30, name)


def judge_rows(user: Any, tournament: Tournament, *, table_name: str | None = None) -> list[JudgeRow]:
    """The jogos ``user`` may enter, not yet homologated, by time then mesa."""
    sheets = judge_sheets(user, tournament, table_name=table_name)
    matches = [s.match for s in sheets]
    names = match_round_names(matches)
    starts = {
        (r.stage_id, r.number): r.starts_at
        for r in Round.objects.filter(stage__tournament=tournament, starts_at__isnull=False)
    }
    latest_ids = [s.latest.pk for s in sheets if s.latest is not None]
    signed: dict[int, set[int]] = {}
    for sheet_id, team_id in Signature.objects.filter(sheet_id__in=latest_ids).values_list(
        "sheet_id", "team_id"
    ):
        signed.setdefault(sheet_id, set()).add(team_id)
    rows = []
    for s in sheets:
        m = s.match
        time = m.scheduled_at or (starts.get((m.stage_id, m.round)) if m.round is not None else None)
        rows.append(JudgeRow(s, names.get(m.pk, ""), time, _missing(s, signed)))
    far = dt.datetime.max.replace(tzinfo=dt.UTC)
    rows.sort(
        key=lambda r: (
            r.time is None,
            r.time or far,
            r.match.stage.order,
            r.match.round or 0,
            _natural(r.match.table.name if r.match.table else ""),
            r.match.pk,
        )
    )
    return rows


def _missing(s: SheetView, signed: dict[int, set[int]]) -> str:
    latest = s.latest
    if s.state == "missing" or latest is None:
        return _("sem súmula")
    if s.state == "draft":
        return _("rascunho: falta enviar")
    if s.state == "awaiting_check":
        return _("aguardando a conferência de outro juiz")
    if s.state == "check_mismatch":
        return _("digitações diferentes: o juiz corrige a súmula ou a comissão decide")
    if s.state == "submitted":
        teams = [
            t
            for t in required_teams(s.match, latest.result or {})
            if t.pk not in signed.get(latest.pk, set())
        ]
        if teams:
            return _("faltam assinaturas: %(teams)s") % {"teams": ", ".join(t.name for t in teams)}
        return _("aguardando homologação")
    if s.state == "signed":
        return _("aguardando homologação")
    return s.state_label
