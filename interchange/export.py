"""Writing a tournament back as a tenteio/1 document (``load(export(t))`` round-trips).

Everything the application records for an event is written so that loading the file
and exporting again gives the same file (docs/interchange.md): a sorteio's seed, a
chave draw as its teams chave after chave with the chaves' sizes, the origin («1º A»)
of each team of a mata-mata, each jogo's súmula history (``interchange.history``), the
audit trail (``interchange.trail``), and a tiebreak sorteio that a later correction left
without its tie marked ``stale`` (``interchange.lots``), which the loader keeps as
recorded instead of refusing it.
"""

from __future__ import annotations

from typing import Any

from interchange.document import FORMAT, implied_plan
from interchange.history import Histories
from interchange.lots import tie_problems
from interchange.people import export_people, people_keys
from interchange.schema import parse_document
from interchange.times import moment_text
from interchange.trail import export_trail, named_in, trail_entries
from interchange.validate import check_results
from scoring.models import ScoringSettings
from scoring.selectors import homologated_results
from tournaments.models import DrawOfLots, Match, PairingSwap, Round, Stage, Team, Tournament


def export_tournament(t: Tournament) -> dict[str, Any]:
    head: dict[str, Any] = {
        "name": t.name,
        "slug": t.slug,
        "modality": t.modality,
        "settings": t.settings or {},
    }
    if t.date:
        head["date"] = t.date.isoformat()
    if t.end_date:
        head["end_date"] = t.end_date.isoformat()
    if t.event:
        head["event"] = t.event
    if t.checkin_deadline:
        head["checkin_deadline"] = moment_text(t.checkin_deadline)
    if t.table_count:
        head["table_count"] = t.table_count
    if t.show_pending_results:
        head["show_pending_results"] = True
    scoring = ScoringSettings.objects.filter(tournament=t, double_entry=True).first()
    if scoring is not None:
        head["double_entry"] = "knockout" if scoring.knockout_only else "all"
    if t.venue:
        head["venue"] = t.venue
    if t.double_elimination:
        head["double_elimination"] = True
    if not t.grand_final_reset:
        head["grand_final_reset"] = False
    stages_qs = t.stages.prefetch_related("groups__entries__team", "entries__team", "rounds").order_by(
        "order", "id"
    )
    if t.stage_plan != implied_plan([s.kind for s in stages_qs]):
        head["stage_plan"] = t.stage_plan
    if t.advance_per_group is not None:
        head["advance_per_group"] = t.advance_per_group
    if t.advance_best_next is not None:
        head["advance_best_next"] = t.advance_best_next
    teams = []
    for team in t.teams.select_related("entity").prefetch_related("players").order_by("order", "id"):
        entry: dict[str, Any] = {"key": team.key, "name": team.name}
        if team.entity:
            entry["entity"] = team.entity.name
        if team.seed is not None:
            entry["seed"] = team.seed
        if team.status != Team.Status.REGISTERED:
            entry["status"] = team.status
        entry["players"] = [_player(p) for p in team.players.all()]
        teams.append(entry)
    stages = []
    for stage in stages_qs:
        if stage.kind == "groups":
            groups = [
                {"name": g.name, "teams": [e.team.key for e in g.entries.all()]} for g in stage.groups.all()
            ]
            stages.append({"key": stage.key, "kind": "groups", "groups": groups})
            if stage.system == Stage.System.SWISS:
                stages[-1].update(_swiss(stage))
        else:
            entries = list(stage.entries.all())
            entry = {"key": stage.key, "kind": "knockout", "teams": [e.team.key for e in entries]}
            labels = {e.team.key: e.label for e in entries if e.label}
            if labels:
                entry["labels"] = labels
            stages.append(entry)
        rounds = [_round(r) for r in stage.rounds.all()]
        if rounds:
            stages[-1]["rounds"] = rounds
    sheets = homologated_results(match__stage__tournament=t)
    histories, trail = Histories(t), trail_entries(t)
    named = histories.named() | named_in(trail)
    histories.keys = people_keys(named)
    matches = []
    match_index: dict[int, int] = {}
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
        if m.scheduled_at is not None:
            entry["time"] = moment_text(m.scheduled_at)
        entry.update(teams=[m.team_a.key, m.team_b.key], result=sheets.get(m.pk))
        if m.bracket:
            entry["bracket"] = m.bracket
        history = histories.of(m)
        if history is not None:
            entry["history"] = history
        matches.append(entry)
        match_index[m.pk] = len(matches) - 1
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
        if draw.purpose == DrawOfLots.Purpose.SWISS:  # all that replays it (standings.swiss)
            lot.update(seed=draw.seed, inputs=draw.inputs, result=draw.result)
            lots.append(lot)
            continue
        lot.update(_order(draw.result))
        if draw.seed:
            lot["seed"] = draw.seed
        lots.append(lot)
    data = {
        "format": FORMAT,
        "tournament": head,
        "teams": teams,
        "stages": stages,
        "matches": matches,
        "lots": lots,
    }
    people = export_people(t, named)
    if people:
        data["people"] = people
    audit = export_trail(trail, t, histories.keys, match_index)
    if audit:
        data["audit"] = audit
    for i in _stale(data):
        lots[i]["stale"] = True
    return data


def _order(result: Any) -> dict[str, Any]:
    """A sorteio's result as the file's ``order``: a chave draw (a list of chaves, each
    ``{"name", "teams"}``) is its teams chave after chave, with ``sizes``."""
    if result and all(isinstance(r, dict) for r in result):
        return {"order": [k for r in result for k in r["teams"]], "sizes": [len(r["teams"]) for r in result]}
    return {"order": list(result)}


def _stale(data: dict[str, Any]) -> set[int]:
    """The chave tiebreak sorteios the loader would refuse as ``lots.not_a_tie``: those a
    correction recorded after them left without their tie. Only their chaves' results
    go through the rules engine."""
    if not any(lot["purpose"] == "tiebreak" and "group" in lot for lot in data["lots"]):
        return set()
    doc, _ = parse_document(data)
    wanted = {(lot.stage, lot.group) for lot in doc.lots if lot.purpose == "tiebreak" and lot.group}
    if not wanted:
        return set()
    doc.matches = [m for m in doc.matches if (m.stage, m.group) in wanted]
    prepared, _, _ = check_results(doc)
    return set(tie_problems(doc, prepared))


def _swiss(stage: Stage) -> dict[str, Any]:
    """A Swiss phase's system, its rodadas planned and its swaps, oldest first."""
    out: dict[str, Any] = {"system": "swiss"}
    if stage.swiss_rounds is not None:
        out["swiss_rounds"] = stage.swiss_rounds
    swaps = [
        {"round": w.round, "teams": [w.team_a.key, w.team_b.key], "reason": w.reason}
        for w in PairingSwap.objects.filter(stage=stage)
        .select_related("team_a", "team_b")
        .order_by("performed_at", "id")
    ]
    if swaps:
        out["swaps"] = swaps
    return out


def _round(r: Round) -> dict[str, Any]:
    entry: dict[str, Any] = {"number": r.number}
    if r.starts_at is not None:
        entry["starts_at"] = moment_text(r.starts_at)
    if r.deadline is not None:
        entry["deadline"] = moment_text(r.deadline)
    return entry


def _player(p: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": p.name}
    if p.is_captain:
        entry["captain"] = True
    if p.is_reserve:
        entry["reserve"] = True
    return entry
