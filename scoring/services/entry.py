"""Turn typed súmula data into what a version stores, with every problem found.

The rules engine is the only judge of the result (``rules.results.from_interchange`` for
its shape, ``rules.validation.validate_match`` for the rulebook); this module adds the
checks the engine does not receive yet: who played each partida (docs/rules.md §4.2, V-M13,
V-M14) and the observations list. Nothing here writes: :func:`prepare_entry` is pure
apart from reading the two rosters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.problem_text import render, site_language
from rules.modality_params import Modality
from rules.problems import Problem, Severity, problem
from rules.results import MatchReport, from_interchange, to_interchange
from rules.validation import clamp_report, validate_match
from scoring.services.errors import EntryProblem
from tournaments.models import Match, Player

OBSERVATION_KINDS = {"advertencia": "Advertência", "ocorrencia": "Ocorrência"}
MAX_OBSERVATIONS = 30
MAX_OBSERVATION_CHARS = 500
_NAMED_PARAMS = ("team", "winner")


@dataclass(frozen=True)
class EntryData:
    """What a judge typed: the interchange ``result`` (team keys), lineups, observations.

    ``lineups`` maps "a"/"b" to one list of player ids per partida; None means the
    starters played every partida. ``clamp`` is the judge's explicit V-P2 request.
    """

    result: Mapping[str, Any]
    lineups: Mapping[str, Any] | None = None
    observations: Sequence[Mapping[str, Any]] = ()
    clamp: bool = False


@dataclass
class Prepared:
    result: dict[str, Any] | None
    lineups: dict[str, list[list[int]]]
    observations: list[dict[str, str]]
    normalizations: list[str] = field(default_factory=list)
    problems: list[EntryProblem] = field(default_factory=list)  # anything that blocks a submission
    shape_problems: list[EntryProblem] = field(default_factory=list)  # these block even a draft
    warnings: list[EntryProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def draft_ok(self) -> bool:
        return self.result is not None and not self.shape_problems


def _entry_problem(p: Problem, names: Mapping[str, str], modality: Modality | str = "tento") -> EntryProblem:
    # Messages name teams by their key in the engine; a judge reads the team's name.
    params = tuple(
        (k, names.get(v, v) if k in _NAMED_PARAMS and isinstance(v, str) else v) for k, v in p.params
    )
    text = render(dataclasses.replace(p, params=params), modality)
    return EntryProblem(text, p.game, p.code, fixable=p.severity is Severity.NORMALIZE)


def prepare_entry(match: Match, data: EntryData, *, modality: Modality | None = None) -> Prepared:
    modality = modality or match.stage.tournament.rules()
    keys = (match.team_a.key, match.team_b.key)
    names = {match.team_a.key: match.team_a.name, match.team_b.key: match.team_b.name}
    report, shape = from_interchange(data.result, *keys)
    prepared = Prepared(result=None, lineups={}, observations=[])
    prepared.shape_problems = [_entry_problem(p, names, modality) for p in shape]
    normal: list[Problem] = []
    if report is not None:
        if data.clamp:
            report, log = clamp_report(modality, report, keys)
            with site_language():  # kept with the súmula
                prepared.normalizations = [_entry_problem(p, names, modality).message for p in log]
        prepared.result = to_interchange(report, *keys)
        normal = validate_match(modality, report, keys)
    for p in normal:
        target = prepared.warnings if p.severity is Severity.WARNING else prepared.problems
        target.append(_entry_problem(p, names, modality))
    prepared.problems[:0] = prepared.shape_problems
    if match.third_place and not modality.third_place_match:  # V-M18 (Copa Truco)
        found = problem("knockout.third_place_not_allowed", teams=keys, modality=modality.key)
        prepared.problems.append(_entry_problem(found, names, modality))
    if report is not None:
        lineups, lineup_problems = check_lineups(match, modality, data.lineups, report)
        prepared.lineups = lineups
        prepared.problems += lineup_problems
        prepared.shape_problems += [p for p in lineup_problems if p.code != "lineup.size"]
    observations, obs_problems = clean_observations(data.observations)
    prepared.observations = observations
    prepared.problems += obs_problems
    prepared.shape_problems += obs_problems
    return prepared


def check_lineups(
    match: Match, modality: Modality, raw: Mapping[str, Any] | None, report: MatchReport
) -> tuple[dict[str, list[list[int]]], list[EntryProblem]]:
    """Who played each partida: registered players of the team, exactly modality.players.

    One lineup per partida can only change between partidas, which is the rule of
    docs/rules.md §4.2 (a reserva enters at the end of a partida); a W.O. has no lineups.
    """
    if report.walkover is not None or not report.games:
        return {}, []
    count = len(report.games)
    problems: list[EntryProblem] = []
    out: dict[str, list[list[int]]] = {}
    for side, team in (("a", match.team_a), ("b", match.team_b)):
        roster: dict[int, Player] = {p.pk: p for p in team.players.all()}
        if raw is None:
            starters = [p.pk for p in roster.values() if not p.is_reserve][: modality.players]
            out[side] = [list(starters) for _game in range(count)]
            if len(starters) != modality.players:
                problems.append(
                    EntryProblem(
                        ngettext(
                            "%(team)s não tem %(n)d titular inscrito; informe a escalação.",
                            "%(team)s não tem %(n)d titulares inscritos; informe a escalação.",
                            modality.players,
                        )
                        % {"team": team.name, "n": modality.players},
                        code="lineup.size",
                    )
                )
            continue
        rows = raw.get(side) if isinstance(raw, Mapping) else None
        if not isinstance(rows, list) or len(rows) < count:
            problems.append(
                EntryProblem(
                    _("Informe a escalação de %(team)s em cada partida.") % {"team": team.name},
                    code="lineup.missing",
                )
            )
            continue
        out[side] = []
        for index, row in enumerate(rows[:count], start=1):
            ids = row if isinstance(row, list) else []
            clean = [i for i in ids if isinstance(i, int) and not isinstance(i, bool) and i in roster]
            if len(clean) != len(ids) or len(set(clean)) != len(clean):
                problems.append(
                    EntryProblem(
                        _("escalação de %(team)s com jogador que não é da equipe ou repetido.")
                        % {"team": team.name},
                        index,
                        "lineup.foreign_player",
                    )
                )
                continue
            if len(clean) != modality.players:
                problems.append(
                    EntryProblem(
                        ngettext(
                            "%(team)s deve jogar com exatamente %(n)d jogador (marcados: %(marked)d).",
                            "%(team)s deve jogar com exatamente %(n)d jogadores (marcados: %(marked)d).",
                            modality.players,
                        )
                        % {"team": team.name, "n": modality.players, "marked": len(clean)},
                        index,
                        "lineup.size",
                    )
                )
            out[side].append(sorted(clean))
    return out, problems


def clean_observations(raw: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, str]], list[EntryProblem]]:
    out: list[dict[str, str]] = []
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) > MAX_OBSERVATIONS:
        return [], [
            EntryProblem(
                _("No máximo %(max)d observações.") % {"max": MAX_OBSERVATIONS}, code="observations.invalid"
            )
        ]
    for item in raw:
        kind = item.get("kind") if isinstance(item, Mapping) else None
        text = item.get("text") if isinstance(item, Mapping) else None
        if kind not in OBSERVATION_KINDS or not isinstance(text, str):
            return [], [EntryProblem(_("Observação inválida."), code="observations.invalid")]
        text = text.strip()
        if len(text) > MAX_OBSERVATION_CHARS:
            message = _("Cada observação tem no máximo %(max)d caracteres.") % {"max": MAX_OBSERVATION_CHARS}
            return [], [EntryProblem(message, code="observations.invalid")]
        if text:
            out.append({"kind": kind, "text": text})
    return out, []
