"""Reads of the organizer's súmula list: score, avisos and signatures of each jogo.

A row is what the comissão needs to decide, after a review, which súmulas to homologate
together (``scoring.services.bulk``): the latest version with its score, the avisos of
that version and which capatazes signed it. Nothing here writes.

Avisos of a version (docs/rules.md §4): the rules engine's problems of severity W, any
problem the engine finds in it under the tournament's current rules (a rule changed
after it was sent), and the scores recorded as the target at the judge's request (V-P2,
the version's normalizations). A súmula with an aviso is never homologated in bulk: it
is opened and homologated on its own page.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.problem_text import render
from rules.modality_params import Modality
from rules.problems import Severity
from rules.results import Side, from_interchange
from rules.validation import as_score, game_winner, partida_offender, validate_match
from scoring.models import ScoreSheet, Signature
from scoring.selectors import SheetView, sheet_views
from scoring.services.workflow import required_teams
from tournaments.models import Group, Match, Stage, Tournament
from tournaments.phases import double_stages, double_turn_jogos, match_where

# The «estado» filter of the list: value -> label.
STATE_FILTERS = {
    "enviada": gettext_lazy("enviada"),
    "assinada": gettext_lazy("assinada"),
    "homologada": gettext_lazy("homologada"),
    "avisos": gettext_lazy("com avisos"),
    "segunda-digitacao": gettext_lazy("aguardando 2ª digitação"),
    "digitacoes-diferentes": gettext_lazy("com digitações diferentes"),
}


@dataclass
class ReviewRow:
    """One jogo of the list with what the comissão reviews before homologating."""

    view: SheetView
    score: str = ""
    games: str = ""
    warnings: list[str] = field(default_factory=list)
    signed: list[str] = field(default_factory=list)  # team names whose capataz signed
    missing: list[str] = field(default_factory=list)  # team names still to sign

    @property
    def match(self) -> Match:
        return self.view.match

    @property
    def version(self) -> int:
        return self.view.version

    @property
    def eligible(self) -> bool:
        """Signed, not homologated, no aviso: may be homologated in bulk."""
        return self.view.state == "signed" and not self.warnings


@dataclass(frozen=True)
class Filters:
    rodada: int | None = None
    fase: str = ""  # a Stage key
    chave: int | None = None  # a Group id
    estado: str = ""  # a STATE_FILTERS key


def match_label(match: Match, names: dict[int, str] | None = None) -> str:
    """How a message names a jogo: «Jogo Trio A × Trio B (mesa 1, rodada 2)», a
    mata-mata's by its phase («(mesa 1, Semifinais)»); ``names``: see ``match_where``."""
    where = match_where(match, names)
    suffix = f" ({', '.join(where)})" if where else ""
    return _("Jogo %(a)s × %(b)s%(where)s") % {
        "a": match.team_a.name,
        "b": match.team_b.name,
        "where": suffix,
    }


def sheet_warnings(modality: Modality, match: Match, sheet: ScoreSheet) -> list[str]:
    """The avisos of one version (see the module's docstring); the rules' messages in the
    active language."""
    names = {match.team_a.key: match.team_a.name, match.team_b.key: match.team_b.name}
    report, shape = from_interchange(sheet.result, match.team_a.key, match.team_b.key)
    found = list(shape)
    if report is not None:
        found += validate_match(modality, report, (match.team_a.key, match.team_b.key))
    out = []
    for p in found:
        # Messages name teams by their key in the engine; the comissão reads names.
        params = tuple((k, names.get(v, v) if isinstance(v, str) else v) for k, v in p.params)
        text = render(dataclasses.replace(p, params=params), modality)
        out.append(
            text if p.severity is Severity.WARNING else _("pelas regras atuais: %(text)s") % {"text": text}
        )
    out += [_("placar registrado como o alvo: %(score)s") % {"score": n} for n in sheet.normalizations or []]
    return out


def score_text(modality: Modality, match: Match, result: Any) -> tuple[str, str]:
    """(partidas won "2–1" or "W.O."..., the partidas' tentos "24–13, 24–20")."""
    report, _shape = from_interchange(result, match.team_a.key, match.team_b.key)
    if report is None:
        return "", ""
    games = ", ".join(f"{as_score(g.a)}–{as_score(g.b)}" for g in report.games)
    if report.walkover is not None:
        absent = report.walkover.sides
        if len(absent) == 2:
            return _("W.O. duplo"), games
        (side,) = absent
        team = match.team_a if side is Side.A else match.team_b
        return _("W.O. (%(team)s ausente)") % {"team": team.name}, games
    won = {Side.A: 0, Side.B: 0}
    offender = partida_offender(report)
    for g in report.games:
        a, b = as_score(g.a), as_score(g.b)
        winner = game_winner(modality, a or 0, b or 0, g.ending, offender)
        if winner is not None:
            won[winner] += 1
    text = f"{won[Side.A]}–{won[Side.B]}"
    if report.disqualification is not None and offender is None:
        text += " · " + _("desclassificação")
    if report.commission_winner is not None:
        text += " · " + _("decisão da comissão")
    return text, games


def _in_rodada(tournament: Tournament, n: int) -> Q:
    """The jogos of rodada ``n``: its number in the chaves and a single mata-mata; in a
    double elimination, the schedule's rodada (a rodada of each bracket played at once)."""
    doubles = double_stages(tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).values_list("pk", flat=True))
    found = Q(round=n) & ~Q(stage__in=list(doubles))
    for stage_id, k in doubles.items():
        for bracket, number in double_turn_jogos(n, k):
            found |= Q(stage_id=stage_id, bracket=bracket, round=number)
    return found


def review_rows(tournament: Tournament, filters: Filters) -> list[ReviewRow]:
    """The jogos of the list, filtered, with each latest version's review facts."""
    qs = Match.objects.filter(stage__tournament=tournament)
    if filters.rodada is not None:
        qs = qs.filter(_in_rodada(tournament, filters.rodada))
    if filters.fase:
        qs = qs.filter(stage__key=filters.fase)
    if filters.chave is not None:
        qs = qs.filter(group_id=filters.chave)
    matches = list(
        qs.select_related("team_a", "team_b", "table", "group", "stage").order_by(
            "stage__order", "round", "table__order", "order", "id"
        )
    )
    signatures = Prefetch("signatures", queryset=Signature.objects.only("sheet_id", "team_id"))
    modality = tournament.rules()
    rows = []
    for view in sheet_views(matches, signatures):
        m, sheet = view.match, view.latest
        row = ReviewRow(view)
        if sheet is not None and sheet.is_live:
            row.score, row.games = score_text(modality, m, sheet.result)
            row.warnings = sheet_warnings(modality, m, sheet)
            signed = {s.team_id for s in sheet.signatures.all()}
            for team in required_teams(m, sheet.result):
                (row.signed if team.pk in signed else row.missing).append(team.name)
        if _keep(row, filters.estado):
            rows.append(row)
    return rows


def _keep(row: ReviewRow, estado: str) -> bool:
    state = row.view.state
    if estado == "enviada":
        return state in ("submitted", "awaiting_check", "check_mismatch")
    if estado == "segunda-digitacao":
        return state == "awaiting_check"
    if estado == "digitacoes-diferentes":
        return state == "check_mismatch"
    if estado == "assinada":
        return state == "signed"
    if estado == "homologada":
        return state == "homologated"
    if estado == "avisos":
        return bool(row.warnings) and state != "homologated"
    return True


def stage_choices(tournament: Tournament) -> list[tuple[str, str]]:
    stages = Stage.objects.filter(tournament=tournament).order_by("order", "id")
    return [(s.key, f"{s.get_kind_display()} ({s.key})") for s in stages]


def group_choices(tournament: Tournament) -> list[tuple[int, str]]:
    groups = Group.objects.filter(stage__tournament=tournament).select_related("stage")
    several = groups.values("stage_id").distinct().count() > 1
    return [
        (g.pk, _("Chave %(name)s") % {"name": g.name} + (f" ({g.stage.key})" if several else ""))
        for g in groups.order_by("stage__order", "order", "id")
    ]
