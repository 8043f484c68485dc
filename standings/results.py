"""Results and schedule of a tournament for the public pages (a selector; reads only).

Each match becomes a plain dict a table can show: teams, partida scores and a pt-BR
summary of the result ("2–1", "W.O.", "desclassificação", "decisão da comissão").
Partida winners come from the rules engine, never recomputed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from rules.counters import contributions
from rules.modalities import Modality
from rules.results import MatchReport, Side, from_interchange
from rules.validation import as_score, game_winner, partida_offender, validate_match
from scoring.models import ScoreSheet
from tournaments.models import Match, Tournament


@dataclass(frozen=True)
class Summary:
    score: str  # "2–1", "W.O.", ...
    games: str  # "24–20, 18–24, 24–22"
    winner: str | None  # team key


def summarize(
    modality: Modality, result: Any, team_a: str, team_b: str, names: dict[str, str]
) -> Summary | None:
    report, problems = from_interchange(result, team_a, team_b)
    if report is None or any(p.is_error for p in problems + validate_match(modality, report)):
        return None
    outcome = contributions(modality, report)
    key = {Side.A: team_a, Side.B: team_b}
    winner = key[outcome.winner] if outcome.winner is not None else None
    games = ", ".join(f"{as_score(g.a)}–{as_score(g.b)}" for g in report.games)
    return Summary(_score(modality, report, key, names), games, winner)


def _score(modality: Modality, report: MatchReport, key: dict[Side, str], names: dict[str, str]) -> str:
    if report.walkover is not None:
        absent = report.walkover.sides
        if len(absent) == 2:
            return _("W.O. duplo")
        (side,) = absent
        return _("W.O. (%(team)s ausente)") % {"team": names.get(key[side], key[side])}
    won = {Side.A: 0, Side.B: 0}
    offender = partida_offender(report)
    for g in report.games:
        game_side = game_winner(modality, as_score(g.a) or 0, as_score(g.b) or 0, g.ending, offender)
        if game_side is not None:
            won[game_side] += 1
    text = f"{won[Side.A]}–{won[Side.B]}"
    dq = report.disqualification
    if dq is not None and offender is None:
        article = f" (Art. {dq.article})" if dq.article else ""
        text += " · " + _("desclassificação de %(team)s%(article)s") % {
            "team": names.get(key[dq.side], key[dq.side]),
            "article": article,
        }
    if report.commission_winner is not None:
        text += " · " + _("decisão da comissão")
    return text


def state_label(status: str | None) -> str:
    """A jogo's state as the public sees it: a judge's draft is still "a jogar", and a
    súmula the capatazes signed is still "enviada" until homologated, so neither moves
    the public revision (tournaments.revision)."""
    if status in (None, ScoreSheet.Status.DRAFT):
        return _("a jogar")
    if status == ScoreSheet.Status.SIGNED:
        status = ScoreSheet.Status.SUBMITTED
    return str(ScoreSheet.Status(status).label)


def match_rows(
    t: Tournament, *, round_number: int | None = None, table: str | None = None
) -> list[dict[str, Any]]:
    """Every match of the tournament (optionally one rodada or one mesa), in play order."""
    modality = t.rules()
    qs = Match.objects.filter(stage__tournament=t).select_related(
        "stage", "group", "table", "team_a", "team_b"
    )
    if round_number is not None:
        qs = qs.filter(round=round_number)
    if table is not None:
        qs = qs.filter(table__name=table)
    matches = list(qs.order_by("stage__order", "round", "order", "id"))
    status: dict[int, str] = {}
    results: dict[int, Any] = {}
    sheets = ScoreSheet.objects.filter(match__in=matches).exclude(status=ScoreSheet.Status.SUPERSEDED)
    for sheet in sheets.order_by("match_id", "version").only("match_id", "status", "result", "confirmed"):
        status[sheet.match_id] = sheet.status
        if sheet.confirmed:
            results[sheet.match_id] = sheet.result
    rows = []
    for m in matches:
        names = {m.team_a.key: m.team_a.name, m.team_b.key: m.team_b.name}
        summary = (
            summarize(modality, results[m.pk], m.team_a.key, m.team_b.key, names) if m.pk in results else None
        )
        rows.append(
            {
                "pk": m.pk,
                "stage": m.stage.key,
                "group": m.group.name if m.group else "",
                "round": m.round,
                "table": m.table.name if m.table else "",
                "time": m.scheduled_at,
                "team_a": m.team_a.name,
                "team_b": m.team_b.name,
                "team_a_key": m.team_a.key,
                "team_b_key": m.team_b.key,
                "score": summary.score if summary else "",
                "games": summary.games if summary else "",
                "winner": summary.winner if summary else None,
                "state": state_label(status.get(m.pk)),
                "homologated": m.pk in results,
            }
        )
    return rows


def results_document(t: Tournament, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``tenteio-results/1``: every jogo with its homologated result, for integrators."""
    sheets = {
        s.match_id: s.result
        for s in ScoreSheet.objects.filter(match__stage__tournament=t, confirmed=True).only(
            "match_id", "result"
        )
    }
    return {
        "format": "tenteio-results/1",
        "tournament": t.slug,
        "matches": [
            {
                "stage": r["stage"],
                "group": r["group"] or None,
                "round": r["round"],
                "table": r["table"] or None,
                "teams": [r["team_a_key"], r["team_b_key"]],
                "winner": r["winner"],
                "result": sheets.get(r["pk"]),
            }
            for r in rows
        ],
    }
