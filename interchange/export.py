"""Writing a tournament back as a tenteio/1 document (``load(export(t))`` round-trips)."""

from __future__ import annotations

from typing import Any

from interchange.schema import FORMAT
from scoring.models import ScoreSheet
from tournaments.models import DrawOfLots, Match, Tournament


def export_tournament(t: Tournament) -> dict[str, Any]:
    head: dict[str, Any] = {
        "name": t.name,
        "slug": t.slug,
        "modality": t.modality,
        "settings": t.settings or {},
    }
    if t.date:
        head["date"] = t.date.isoformat()
    if t.venue:
        head["venue"] = t.venue
    teams = []
    for team in t.teams.select_related("entity").prefetch_related("players").order_by("order", "id"):
        entry: dict[str, Any] = {"key": team.key, "name": team.name}
        if team.entity:
            entry["entity"] = team.entity.name
        if team.seed is not None:
            entry["seed"] = team.seed
        entry["players"] = [_player(p) for p in team.players.all()]
        teams.append(entry)
    stages = []
    for stage in t.stages.prefetch_related("groups__entries__team", "entries__team").order_by("order", "id"):
        if stage.kind == "groups":
            groups = [
                {"name": g.name, "teams": [e.team.key for e in g.entries.all()]} for g in stage.groups.all()
            ]
            stages.append({"key": stage.key, "kind": "groups", "groups": groups})
        else:
            stages.append(
                {"key": stage.key, "kind": "knockout", "teams": [e.team.key for e in stage.entries.all()]}
            )
    sheets = {
        s.match_id: s.result
        for s in ScoreSheet.objects.filter(
            match__stage__tournament=t, confirmed=True, status=ScoreSheet.Status.HOMOLOGATED
        ).only("match_id", "result")
    }
    matches = []
    qs = Match.objects.filter(stage__tournament=t).select_related(
        "stage", "group", "table", "team_a", "team_b"
    )
    for m in qs.order_by("order", "id"):
        entry = {"stage": m.stage.key}
        if m.group is not None:
            entry["group"] = m.group.name
        if m.round is not None:
            entry["round"] = m.round
        if m.table is not None:
            entry["table"] = m.table.name
        entry.update(teams=[m.team_a.key, m.team_b.key], result=sheets.get(m.pk))
        matches.append(entry)
    lots = []
    for draw in (
        DrawOfLots.objects.filter(tournament=t)
        .select_related("stage", "group")
        .order_by("performed_at", "id")
    ):
        lot: dict[str, Any] = {"purpose": draw.purpose}
        if draw.stage is not None:
            lot["stage"] = draw.stage.key
        if draw.group is not None:
            lot["group"] = draw.group.name
        lot["order"] = list(draw.result)
        lots.append(lot)
    return {
        "format": FORMAT,
        "tournament": head,
        "teams": teams,
        "stages": stages,
        "matches": matches,
        "lots": lots,
    }


def _player(p: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": p.name}
    if p.is_captain:
        entry["captain"] = True
    if p.is_reserve:
        entry["reserve"] = True
    return entry
