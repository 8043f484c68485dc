"""Results and schedule of a tournament for the public pages (a selector; reads only).

Each match becomes a plain dict a table can show: teams, partida scores and a pt-BR
summary of the result ("2–1", "W.O.", "desclassificação", "decisão da comissão").
Which result the public may see, and whether it is final, is the publication rule's
(``standings.selectors_published``); whether it counts, and who won, is the rules
engine's (``rules.counting``): a result that does not count shows no score anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from rules.counting import judge_result
from rules.modalities import Modality
from rules.results import MatchReport, Side
from rules.validation import as_score, game_winner, partida_offender
from standings.selectors_published import Shown, pending_label, published, state_of
from tournaments.models import Match, Tournament


@dataclass(frozen=True)
class Summary:
    score: str  # "2–1", "W.O.", ...
    games: str  # "24–20, 18–24, 24–22"
    winner: str | None  # team key


def summarize(
    modality: Modality, result: Any, team_a: str, team_b: str, names: dict[str, str]
) -> Summary | None:
    """The result in words, or None when it does not count (``rules.counting``)."""
    verdict = judge_result(modality, result, team_a, team_b)
    report, outcome = verdict.report, verdict.outcome
    if report is None or outcome is None:
        return None
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


def match_rows(
    t: Tournament, *, round_number: int | None = None, table: str | None = None, team_id: int | None = None
) -> list[dict[str, Any]]:
    """Every match of the tournament (optionally one rodada, one mesa or one team's), in play order,
    with what the public may see of its result: ``score``/``games`` when a shown result
    counts, ``final`` once homologated (only then ``winner`` and ``homologated``),
    ``pending`` for a result shown before its homologation (marked ``pending_label``)."""
    modality = t.rules()
    qs = Match.objects.filter(stage__tournament=t).select_related(
        "stage", "group", "table", "team_a", "team_b"
    )
    if round_number is not None:
        qs = qs.filter(round=round_number)
    if table is not None:
        qs = qs.filter(table__name=table)
    if team_id is not None:
        qs = qs.filter(Q(team_a_id=team_id) | Q(team_b_id=team_id))
    matches = list(qs.order_by("stage__order", "round", "order", "id"))
    shown = published(t, [m.pk for m in matches])
    return [_row(modality, m, shown.get(m.pk)) for m in matches]


def play_order(t: Tournament) -> list[tuple[int, int | None, bool]]:
    """Every jogo in ``match_rows``' order as (pk, rodada, homologated): all the home's
    phase needs, without the words of each result."""
    matches = list(
        Match.objects.filter(stage__tournament=t)
        .order_by("stage__order", "round", "order", "id")
        .values_list("pk", "round")
    )
    shown = published(t, [pk for pk, _round in matches])
    return [(pk, rodada, pk in shown and shown[pk].final) for pk, rodada in matches]


def _row(modality: Modality, m: Match, shown: Shown | None) -> dict[str, Any]:
    names = {m.team_a.key: m.team_a.name, m.team_b.key: m.team_b.name}
    result = shown.result if shown is not None else None
    summary = summarize(modality, result, m.team_a.key, m.team_b.key, names) if result is not None else None
    final = shown is not None and shown.final
    pending = summary is not None and not final
    return {
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
        # Only a final result has a winner: a pending one is never styled as won.
        "winner": summary.winner if summary and final else None,
        "state": state_of(shown),
        "homologated": final,
        "final": final,
        "counted": final and summary is not None,
        "pending": pending,
        "pending_label": pending_label() if pending else "",
        "result": result,
    }


def results_document(t: Tournament, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``tenteio-results/1``: every jogo with the result the public may see
    (docs/interchange.md): ``final`` says whether it is homologated, ``counted`` whether
    it counts in the classificação and the mata-mata (final, and valid by
    ``rules.counting``); ``winner`` is given for a counted result only."""
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
                "score": r["score"] or None,
                "result": r["result"],
                "final": r["final"],
                "counted": r["counted"],
                "state": r["state"],
            }
            for r in rows
        ],
    }
