"""Standings, schedule and team-card pages, built from the public selectors.

Nothing here ranks or summarizes a result: the numbers come from
``standings.selectors``/``standings.qualification`` and ``standings.results``, so the
paper always says what the public pages say.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext

from core import words
from knockout.placings import final_placings
from printing.documents.common import Params, when
from public.swiss import SWISS_COLUMNS, is_swiss, swiss_values
from rules.types import TeamStatus
from standings.qualification import qualification
from standings.results import match_rows
from standings.selectors import tournament_standings
from tournaments.models import GroupTeam, Player, Round, Team, Tournament
from tournaments.phases import names_by_id

CARDS_PER_PAGE = 4


def standings(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    units: list[dict[str, Any]] = []
    if not p.stage and not p.group:
        placed = final_placings(t)  # first: what the event is printed for at its end
        if placed.lines:
            lines = [
                {
                    "position": line.position,
                    "team": line.team.name,
                    "entity": line.team.entity.name if line.team.entity else "",
                    "label": line.label,
                    "shared": line.shared,
                }
                for line in placed.lines
            ]
            units.append({"kind": "final", "complete": placed.complete, "lines": lines})
    stage_tables = tournament_standings(t, stage_key=p.stage)
    swiss = swiss_values(stage_tables)  # a Swiss chave's desempates, its extra columns
    for stage_table in stage_tables:
        if not stage_table.groups:
            continue  # a mata-mata: printed as a bracket
        for gt in stage_table.groups:
            if p.group and gt.group.name != p.group:
                continue
            rows = [_row(line.row, line.team, line.dq_reason) for line in gt.lines]
            values = swiss.get(gt.group.pk)
            if values is not None:
                for row, line in zip(rows, gt.lines, strict=True):
                    found = values.get(line.team.key)
                    row["swiss"] = [getattr(found, c) if found else 0 for c in SWISS_COLUMNS]
            units.append(
                {
                    "kind": "group",
                    "stage": stage_table.stage.key,
                    "group": gt.group.name,
                    "swiss": is_swiss(stage_table.stage),
                    "unplayed": gt.unplayed,
                    "rows": rows,
                    "explanations": gt.explanations("pt-br"),
                }
            )
        if p.group:
            continue
        q = qualification(t, stage_table)
        units.append(
            {
                "kind": "qualification",
                "stage": q.stage_key,
                "per_group": q.per_group,
                "best_next": q.best_next,
                "provisional": q.provisional,
                "direct": [
                    {"group": d.group, "position": d.position, "team": d.team.name, "lots": d.pending_lots}
                    for d in q.direct
                ],
                "cross": [
                    {
                        "position": c.row.position,
                        "group": c.row.group,
                        "team": c.team.name,
                        "advances": c.advances,
                        "explanation": c.explanation,
                    }
                    for c in q.cross
                ],
            }
        )
    meta = {
        "columns": ["J", "V", "D", "P+", "P−", "T+", "T−"],
        "swiss_columns": ["Bh", "Bh−1", "SB"],
        "points_word": words.points(t),
    }
    return meta, units


def _row(row: Any, team: Team, dq_reason: str) -> dict[str, Any]:
    c = row.counters
    return {
        "position": row.position,
        "team": team.name,
        "entity": team.entity.name if team.entity else "",
        "numbers": list(c.as_dict().values()),
        "out": row.status is TeamStatus.DISQUALIFIED,
        "dq_reason": dq_reason,
        "lots": row.pending_lots,
    }


def schedule(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rows = match_rows(t, round_number=p.round)
    if p.stage:
        rows = [r for r in rows if r["stage"] == p.stage]
    if p.group:
        rows = [r for r in rows if r["group"] == p.group]
    deadlines = {
        (r.stage.key, r.number): r for r in Round.objects.filter(stage__tournament=t).select_related("stage")
    }
    names = names_by_id(r["pk"] for r in rows)  # the mata-mata's rodadas by their phase
    for r in rows:
        r["time"] = when(r["time"])
        r["round_name"] = names.get(r["pk"], "")
        r.pop("winner", None)
    units: list[dict[str, Any]] = []
    by_round: dict[tuple[str, int | None], list[dict[str, Any]]] = {}
    for r in rows:
        by_round.setdefault((r["stage"], r["round"]), []).append(r)
    for (stage, number), items in by_round.items():
        info = deadlines.get((stage, number)) if number is not None else None
        units.append(
            {
                "kind": "round",
                # The final and the 3º lugar share a rodada: both names.
                "title": " · ".join(dict.fromkeys(r["round_name"] for r in items if r["round_name"]))
                or gettext("Sem rodada"),
                "stage": stage,
                "starts": when(info.starts_at) if info else "",
                "deadline": when(info.deadline) if info else "",
                "rows": sorted(items, key=lambda r: (r["table"] == "", _natural(r["table"]))),
            }
        )
    by_table: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_table.setdefault(r["table"], []).append(r)
    for table in sorted(by_table, key=lambda name: (name == "", _natural(name))):
        units.append(
            {
                "kind": "table",
                "title": gettext("Mesa %(name)s") % {"name": table} if table else gettext("Sem mesa"),
                "rows": by_table[table],
            }
        )
    return {}, units


def _natural(text: str) -> tuple[int, str]:
    # Mesa "10" after mesa "9".
    return (int(text), "") if text.isdecimal() else (1 << 30, text)


# Teams still in the event: inscrita or presente (not ausente, not desistente).
IN_THE_EVENT = (Team.Status.REGISTERED, Team.Status.CHECKED_IN)


def teams(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    qs = Team.objects.filter(tournament=t).select_related("entity")
    if not p.all_teams:  # the day's cards: not for a team absent or withdrawn (desistente)
        qs = qs.filter(status__in=IN_THE_EVENT)
    if p.group:
        qs = qs.filter(groups__name=p.group)
    qs = qs.prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("order", "id")),
        Prefetch("groups"),
    ).order_by("order", "id")
    chaves = {
        e.team_id: e.group.name
        for e in GroupTeam.objects.filter(group__stage__tournament=t).select_related("group")
    }
    units = [
        {
            "id": team.pk,
            "key": team.key,
            "name": team.name,
            "entity": team.entity.name if team.entity else "",
            "group": chaves.get(team.pk, ""),
            "players": [
                {"name": pl.name, "captain": pl.is_captain, "reserve": pl.is_reserve}
                for pl in team.players.all()
            ],
        }
        for team in qs.distinct()
    ]
    return {"per_page": CARDS_PER_PAGE, "modality": words.modality_name(t)}, units
