"""Súmula pages: one per jogo, blank before play, filled once homologated.

:func:`build` reads the jogos (a constant number of queries) into plain JSON-safe dicts
that a print job stores per chunk; ``printing.documents.sumula_form`` lays them out on
the page (drawing, team lines, QR code) just before rendering.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext_lazy

from core import words
from core.site import absolute, base_url
from printing.documents.common import Params, when
from rules.modality_params import Family, Modality
from scoring import codes
from scoring.models import JudgeAssignment, ScoreSheet
from standings.results import summarize
from tournaments.models import Match, Player, Tournament
from tournaments.phases import match_round_names

ENDINGS = {
    "target": gettext_lazy("alvo"),
    "time": gettext_lazy("tempo"),
    "disqualification": gettext_lazy("desclassificação"),
}
LADDER_FAMILIES = {Family.PAULISTA_002, Family.GOIANO_003}


def judge_url(match_id: int, site: str) -> tuple[str, str]:
    """The short code of a jogo and the absolute URL, under ``site``, of the judge's
    page it opens."""
    code = codes.encode(match_id)
    return codes.pretty(code), absolute(reverse("scoring:code", args=[code]), site)


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
    number = int(name) if name.isdecimal() else 1 << 30
    return (m.stage.order, m.round or 1 << 30, m.table is None, number, name, m.order, m.pk)


def meta(tournament: Tournament) -> dict[str, Any]:
    m = tournament.rules()
    return {
        "modality": words.modality_name(tournament),
        "target": m.points_to_win,
        "malos": m.malos,
        "buenos": m.buenos,
        "ladder": m.family in LADDER_FAMILIES,
        "games": m.max_games,
        "best_of": m.best_of,
        "unit": words.points(m),  # in the job's language: meta is kept as JSON
        "unit_one": words.points(m, 1),
        "tiebreak_name": m.tiebreak_game_name,
        "tiebreak_minutes": m.tiebreak_minutes,
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
    judges: dict[int, list[str]] = {}
    for a in JudgeAssignment.objects.filter(tournament=tournament).select_related("user").order_by("id"):
        judges.setdefault(a.table_id, []).append(a.user.get_full_name() or a.user.get_username())
    # The request's address (Params.site); from the command line, SITE_URL or the default.
    site = params.site or base_url()
    names = match_round_names(rows)  # «Rodada n», or the mata-mata's phase
    units = [_unit(m, modality, sheets.get(m.pk), site) for m in rows]
    for m, unit in zip(rows, units, strict=True):
        # The judge of the mesa when the organizer assigned one; else a line to fill in.
        unit["judge"] = " / ".join(judges.get(m.table_id or 0, []))[:60]
        unit["round_name"] = names.get(m.pk, "")
    return units


def _unit(m: Match, modality: Modality, sheet: ScoreSheet | None, site: str) -> dict[str, Any]:
    code, url = judge_url(m.pk, site)
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
        "endings": [str(ENDINGS.get(str(e), str(e))) for e in endings],
        "ending_codes": [str(e) for e in endings],  # the printed form crosses by code
        "walkover": names.get(result.get("walkover") or "", ""),
        "disqualified": names.get(dq.get("team") or "", ""),
        "article": dq.get("article") or "",
        "commission": result.get("decided_by") == "commission",
        "score": summary.score if summary else "",
        "winner": names.get(summary.winner or "", "") if summary else "",
    }
