"""A circuit as a file: the JSON ``tenteio-circuit/1`` (docs/interchange.md, its JSON Schema
``interchange/tenteio-circuit-1.schema.json``) and the rankings as CSV/XLSX sheets.

The JSON carries the settings, the etapas (each by its tournament's slug), the links of
circuit teams and people to the etapas' teams (by their tenteio/1 key) and players, the
three rankings with each line's points per etapa and what decided each tie (data), and
the recorded sorteios. Points are exact: ``"79/2"`` as text, with the number (39.5)
beside it for whoever only shows it.
"""

from __future__ import annotations

from typing import Any

import tablib
from django.utils.translation import gettext as _

from circuits.explain_text import is_provisional, line_why, points_text
from circuits.models import Circuit, CircuitLots, PlayerLink, TeamLink
from circuits.selectors import RankingTable, circuit_rankings
from core.exports import neutralize
from rules.circuit import Points
from rules.circuit_terms import CircuitCriterion, CircuitSeparation, CircuitValue
from tournaments.models import Player, Team

FORMAT = "tenteio-circuit/1"


def exact(value: Points) -> dict[str, Any]:
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return {"exact": text, "value": round(float(value), 2)}


def _value(value: CircuitValue | None, points: bool) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if points and value is not None:  # totals as exact text, whole or not
        return exact(value)["exact"]
    return value


def _decided(sep: CircuitSeparation | None) -> dict[str, Any] | None:
    if sep is None:
        return None
    points = sep.criterion is CircuitCriterion.POINTS
    return {
        "kind": sep.kind.value,
        "criterion": sep.criterion.value if sep.criterion else None,
        "upper_value": _value(sep.upper_value, points),
        "lower_value": _value(sep.lower_value, points),
    }


def _ranking(table: RankingTable) -> dict[str, Any]:
    lines = []
    for line in table.lines:
        cells = [
            {
                "etapa": cell.etapa,
                "points": exact(cell.points),
                "positions": list(cell.positions),
                "counted": cell.counted,
            }
            for cell in line.cells
            if cell is not None
        ]
        entry: dict[str, Any] = {
            "position": line.position,
            "key": line.key,
            "name": line.name,
            "shared": line.shared,
            "pending_lots": line.pending_lots,
            "total": exact(line.total),
            "etapas": cells,
            "decided_by": _decided(line.separation),
        }
        if line.entity:
            entry["entity"] = line.entity
        lines.append(entry)
    return {"lines": lines, "pending_ties": table.pending_ties}


def _links(circuit: Circuit) -> dict[str, list[dict[str, Any]]]:
    teams: dict[int, dict[str, Any]] = {
        ct.pk: {"key": f"c{ct.pk}", "name": ct.name, "entity": ct.entity, "teams": []}
        for ct in circuit.teams.all()
    }
    for link in TeamLink.objects.filter(circuit_team__circuit=circuit).select_related("team", "etapa"):
        teams[link.circuit_team_id]["teams"].append(
            {"etapa": link.etapa.key, "team": link.team.key, "name": link.team.name}
        )
    people: dict[int, dict[str, Any]] = {
        p.pk: {"key": f"p{p.pk}", "name": p.name, "players": []} for p in circuit.people.all()
    }
    etapa_of = {e.tournament_id: e.key for e in circuit.etapas.all()}
    for pl in PlayerLink.objects.filter(circuit=circuit).select_related("player__team").order_by("pk"):
        people[pl.person_id]["players"].append(
            {
                "etapa": etapa_of.get(pl.player.team.tournament_id),
                "team": pl.player.team.key,
                "name": pl.player.name,
            }
        )
    return {"teams": list(teams.values()), "players": list(people.values())}


def _lot_competitors(lots: list[CircuitLots]) -> dict[str, dict[str, str]]:
    """The ``t``/``j`` keys of the sorteios → the team (tournament slug, ``tenteio/1``
    key) or the player (that and their name in the team) they stand for."""
    keys = {str(k) for lot in lots for k in [*lot.inputs, *lot.result]}
    ids = {prefix: [int(k[1:]) for k in keys if k[:1] == prefix and k[1:].isdecimal()] for prefix in "tj"}
    out: dict[str, dict[str, str]] = {}
    for team in Team.objects.filter(pk__in=ids["t"]).select_related("tournament"):
        out[f"t{team.pk}"] = {"tournament": team.tournament.slug, "team": team.key, "name": team.name}
    for player in Player.objects.filter(pk__in=ids["j"]).select_related("team__tournament"):
        out[f"j{player.pk}"] = {
            "tournament": player.team.tournament.slug,
            "team": player.team.key,
            "name": player.name,
        }
    return out


def _lots(circuit: Circuit) -> list[dict[str, Any]]:
    lots = list(circuit.lots.all())
    refs = _lot_competitors(lots)
    out = []
    for lot in lots:
        entry: dict[str, Any] = {
            "ranking": lot.ranking,
            "seed": lot.seed,
            "manual": lot.manual,
            "inputs": lot.inputs,
            "result": lot.result,
            "performed_at": lot.performed_at.isoformat(),
        }
        named = {k: refs[k] for k in sorted(set(lot.inputs) | set(lot.result)) if k in refs}
        if named:
            entry["competitors"] = named
        out.append(entry)
    return out


def circuit_document(circuit: Circuit, *, provisional: bool = False) -> dict[str, Any]:
    """The whole circuit as ``tenteio-circuit/1``."""
    tables = circuit_rankings(circuit, provisional=provisional)
    columns = tables[CircuitLots.Ranking.TEAMS].columns
    return {
        "format": FORMAT,
        "circuit": {
            "name": circuit.name,
            "slug": circuit.slug,
            "kind": circuit.kind,
            "preset": circuit.preset or None,
            "points_table": circuit.table().as_json(),
            "shared_points": circuit.shared_points,
            "best_n": circuit.best_n,
            "entity_mode": circuit.entity_mode,
            "entity_best_k": circuit.entity_best_k,
            "tiebreakers": [c.value for c in circuit.precedence()],
            "provisional": provisional,
        },
        "etapas": [
            {
                "key": col.key,
                "order": col.etapa.order,
                "tournament": {
                    "slug": col.tournament.slug,
                    "name": col.tournament.name,
                    "modality": col.tournament.modality,
                    "date": col.tournament.date.isoformat() if col.tournament.date else None,
                },
                "complete": col.complete,
                "counted": col.counted,
            }
            for col in columns
        ],
        "links": _links(circuit),
        "rankings": {ranking: _ranking(table) for ranking, table in tables.items()},
        "lots": _lots(circuit),
    }


def ranking_dataset(table: RankingTable, title: str) -> tablib.Dataset:
    """One ranking as a sheet: position, name, entity (teams), each etapa's points (in
    parentheses when not counted), total, and the tie's words. Safe to open in a
    spreadsheet (``core.exports.neutralize``)."""
    headers = [_("Posição"), _("Nome")]
    if table.ranking == CircuitLots.Ranking.TEAMS:
        headers.append(_("Entidade"))
    # An etapa in play counted in a provisional reading says so in its column's name.
    in_play, provisional = " " + _("(em andamento: provisória)"), is_provisional(table)
    headers += [c.tournament.name + (in_play if c.counted and not c.complete else "") for c in table.columns]
    headers += [_("Total"), _("Desempate")]
    data = tablib.Dataset(headers=[neutralize(h) for h in headers], title=title[:31])
    for line in table.lines:
        row: list[Any] = [line.position, line.name]
        if table.ranking == CircuitLots.Ranking.TEAMS:
            row.append(line.entity)
        for cell in line.cells:
            if cell is None:
                row.append("")
            else:
                row.append(points_text(cell.points) if cell.counted else f"({points_text(cell.points)})")
        row.append(float(line.total) if line.total.denominator != 1 else line.total.numerator)
        row.append(line_why(line, table.names, provisional=provisional))
        data.append([neutralize(v) for v in row])
    return data


def circuit_databook(circuit: Circuit, *, provisional: bool = False) -> tablib.Databook:
    """The three rankings, one sheet each: equipes, jogadores, entidades; «(provisória)»
    in the sheets' names when an etapa in play counts."""
    titles = dict(CircuitLots.Ranking.choices)
    tables = circuit_rankings(circuit, provisional=provisional)
    mark = " " + _("(provisória)") if is_provisional(tables[CircuitLots.Ranking.TEAMS]) else ""
    return tablib.Databook([ranking_dataset(t, str(titles[r]) + mark) for r, t in tables.items()])
