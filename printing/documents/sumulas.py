"""Súmula pages: one per jogo, blank before play, filled once homologated.

:func:`build` reads the jogos (a constant number of queries) into plain JSON-safe dicts
that a print job stores per chunk; :func:`decorate` adds what only the page needs (the
tally grids, mark boxes and QR code as inline SVG) just before rendering.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Prefetch
from django.urls import reverse

from printing import svg
from printing.documents.common import Params, when
from rules.modality_params import Family, Modality
from scoring import codes
from scoring.models import ScoreSheet
from standings.results import summarize
from tournaments.models import Match, Player, Tournament

ENDINGS = {"target": "alvo", "time": "tempo", "disqualification": "desclassificação"}
LADDER_FAMILIES = {Family.PAULISTA_002, Family.GOIANO_003}


def judge_url(match_id: int) -> tuple[str, str]:
    """The short code of a jogo and the absolute URL of the judge's page it opens."""
    code = codes.encode(match_id)
    return codes.pretty(code), settings.SITE_URL.rstrip("/") + reverse("scoring:code", args=[code])


def matches(tournament: Tournament, params: Params) -> list[Match]:
    """The jogos to print, in rodada then mesa order (how the organizer hands them out)."""
    players = Player.objects.order_by("order", "id")
    qs = Match.objects.filter(stage__tournament=tournament)
    if params.stage:
        qs = qs.filter(stage__key=params.stage)
    if params.round is not None:
        qs = qs.filter(round=params.round)
    if params.group:
        qs = qs.filter(group__name=params.group)
    if params.match_ids:
        qs = qs.filter(pk__in=params.match_ids)
    qs = qs.select_related("stage", "group", "table", "team_a__entity", "team_b__entity").prefetch_related(
        Prefetch("team_a__players", queryset=players), Prefetch("team_b__players", queryset=players)
    )
    return sorted(qs, key=_play_order)


def _play_order(m: Match) -> tuple[int, int, int, int, str, int, int]:
    # Mesas by number when they are numbers ("10" after "9"), as they stand in the hall.
    name = m.table.name if m.table else ""
    number = int(name) if name.isdigit() else 1 << 30
    return (m.stage.order, m.round or 1 << 30, m.table is None, number, name, m.order, m.pk)


def meta(tournament: Tournament) -> dict[str, Any]:
    m = tournament.rules()
    return {
        "modality": m.name,
        "target": m.points_to_win,
        "malos": m.malos,
        "buenos": m.buenos,
        "ladder": m.family in LADDER_FAMILIES,
        "games": m.max_games,
        "best_of": m.best_of,
        "unit": "pontos" if m.score_unit == "ponto" else "tentos",
    }


def build(tournament: Tournament, params: Params) -> list[dict[str, Any]]:
    modality = tournament.rules()
    rows = matches(tournament, params)
    sheets = {
        s.match_id: s
        for s in ScoreSheet.objects.filter(
            match__in=rows, confirmed=True, status=ScoreSheet.Status.HOMOLOGATED
        ).only("match_id", "version", "result", "lineups")
    }
    return [_unit(m, modality, sheets.get(m.pk)) for m in rows]


def _unit(m: Match, modality: Modality, sheet: ScoreSheet | None) -> dict[str, Any]:
    code, url = judge_url(m.pk)
    lineups = (sheet.lineups or {}) if sheet else {}
    teams = []
    for side, team in (("a", m.team_a), ("b", m.team_b)):
        played = lineups.get(side) or []
        teams.append(
            {
                "side": side.upper(),
                "name": team.name,
                "entity": team.entity.name if team.entity else "",
                "players": [
                    {
                        "name": p.name,
                        "captain": p.is_captain,
                        "reserve": p.is_reserve,
                        "played": [p.pk in (ids or []) for ids in played],
                    }
                    for p in team.players.all()
                ],
            }
        )
    return {
        "id": m.pk,
        "code": code,
        "url": url,
        "stage": m.stage.get_kind_display(),
        "stage_key": m.stage.key,
        "group": m.group.name if m.group else "",
        "round": m.round,
        "table": m.table.name if m.table else "",
        "time": when(m.scheduled_at),
        "teams": teams,
        "official": _official(m, modality, sheet) if sheet else None,
    }


def _official(m: Match, modality: Modality, sheet: ScoreSheet) -> dict[str, Any]:
    result = sheet.result or {}
    names = {m.team_a.key: m.team_a.name, m.team_b.key: m.team_b.name}
    summary = summarize(modality, result, m.team_a.key, m.team_b.key, names)
    games = [list(g) for g in result.get("games") or []]
    endings = list(result.get("endings") or ["target"] * len(games))
    dq = result.get("disqualified") or {}
    return {
        "version": sheet.version,
        "games": games,
        "endings": [ENDINGS.get(str(e), str(e)) for e in endings],
        "walkover": names.get(result.get("walkover") or "", ""),
        "disqualified": names.get(dq.get("team") or "", ""),
        "article": dq.get("article") or "",
        "commission": result.get("decided_by") == "commission",
        "score": summary.score if summary else "",
        "winner": names.get(summary.winner or "", "") if summary else "",
    }


# The page is a fixed form (mm from the top-left of the content box): the template's
# block heights come from LAYOUT, and one SVG behind the text draws every line and box at
# the same coordinates. Text is set in <pre> blocks: the cheapest text WeasyPrint lays out.
LAYOUT = {
    "width": 188.0,
    "height": 268.0,
    "head_h": 31.0,
    "qr": 27.0,
    "team_w": 92.0,
    "team_h": 46.0,
    "team_line": 5.0,
    "team_pad": 1.5,
    "note_h": 9.0,
    "partida_h": 25.0,
    "partida_head": 6.5,
    "grid_x": 7.0,
    "total_w": 20.0,
    "result_h": 12.0,
    "obs_h": 27.0,
    "sign_h": 11.0,
}


def decorate(meta: dict[str, Any], unit: dict[str, Any]) -> dict[str, Any]:
    """The unit plus its drawing: team boxes, marks, one tally grid per partida, QR code."""
    lay = LAYOUT
    d = svg.Drawing()
    official = unit.get("official") or {}
    games = official.get("games") or []
    count = max(int(meta["games"]), len(games))
    split = meta["malos"] if meta["malos"] and meta["buenos"] else None
    ladder = (3, 6, 9, 12) if meta["ladder"] else ()
    svg.qr_into(d, unit["url"], lay["width"] - lay["qr"], 0.0, lay["qr"])
    y = lay["head_h"]
    for i, team in enumerate(unit["teams"]):
        x = i * (lay["width"] - lay["team_w"])
        svg.box(d, x, y, lay["team_w"], lay["team_h"] - 1, bold=True)
        rows_y = y + lay["team_pad"] + 3 * lay["team_line"]
        marks_x = x + lay["team_w"] - 2 - count * lay["team_line"]
        svg.mark_boxes(
            d, marks_x, rows_y, [p["played"] for p in team["players"]], count, pitch=lay["team_line"]
        )
    y += lay["team_h"] + lay["note_h"]
    grid_w = lay["width"] - lay["grid_x"] - lay["total_w"] - 6
    partidas = []
    for i in range(count):
        score = games[i] if i < len(games) else [None, None]
        ending = official["endings"][i] if official and i < len(official["endings"]) else ""
        svg.hline(d, 0, y, lay["width"], bold=True)
        top = y + lay["partida_head"]
        size = svg.tally_grid(
            d,
            lay["grid_x"],
            top,
            meta["target"],
            split=split,
            width=grid_w,
            size_cap=7.0,
            scores=score,
            ladder=ladder,
        )
        for row in range(2):
            svg.box(d, lay["width"] - lay["total_w"], top + row * (size + 1.6), lay["total_w"], size)
        partidas.append({"number": i + 1, "score": score, "ending": ending, "pitch": round(size + 1.6, 2)})
        y += lay["partida_h"]
    svg.hline(d, 0, y + 1, lay["width"], bold=True)
    y += lay["result_h"] + 6
    for k in range(3):
        svg.hline(d, 0, y + 7 * (k + 1) - 1, lay["width"])
    y += lay["obs_h"] - 6
    third = (lay["width"] - 16) / 3
    for k in range(3):
        svg.hline(d, k * (third + 8), y + 9, third)
    drawing = d.svg(lay["width"], lay["height"])
    return {**unit, "partidas": partidas, "drawing": drawing}
