"""Evaluate a whole chave: validate every súmula, apply expulsions, count the jogos.

This is the step between súmulas and ranking (docs/rules.md §3.13): it turns the chave's
fixtures into :class:`RankedMatch` records for ``rules.ranking`` and reports which
teams were expelled (000 Art. 20 §1º, or a W.O. where the modality expels).

Expulsion (AMB-07): the expelled team keeps its earlier results; its fixtures in later
rounds that have no report become W.O. wins for the opponent; a later fixture with a
played report is V-M11 ``match.expelled_team_played`` (and is not counted), unless it is
a W.O. with the expelled team absent. A fixture between two expelled teams is not
counted: neither is ranked any more.

Whether a jogo counts is ``rules.counting``'s answer, the one every part of Tenteio uses
(no problem but warnings; a clamped score counts, one still above the target does not);
pass ``clamp=True`` to apply ``clamp_report`` first, whose log entries are returned with
the other problems.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from rules.counters import MatchOutcome
from rules.counting import judge as judge_report
from rules.modality_params import Modality
from rules.problems import Problem, Severity, problem
from rules.results import Absent, MatchReport, Side
from rules.types import Counters, RankedMatch
from rules.validation import clamp_report

_E = TypeVar("_E")
_F = TypeVar("_F", bound=tuple[Any, ...])


@dataclass(frozen=True, slots=True)
class GroupMatch:
    key: str  # any id, used to attach problems
    round: int | None
    team_a: str
    team_b: str
    report: MatchReport | None  # None: not played yet


@dataclass(frozen=True, slots=True)
class GroupEvaluation:
    problems: tuple[tuple[str, Problem], ...]
    ranked: tuple[RankedMatch, ...]
    disqualified: frozenset[str]
    totals: Mapping[str, Counters]
    walkovers_awarded: tuple[str, ...] = ()  # keys of unplayed fixtures counted as W.O.
    # Keys of unplayed fixtures between two teams both expelled before them: no result is
    # due and none counts (AMB-07), so they leave nothing unplayed.
    void: tuple[str, ...] = ()

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for _, p in self.problems)


def _order(fixtures: Sequence[_F]) -> list[_F]:
    # Round order, stable for equal rounds; fixtures without a round come last.
    return sorted(fixtures, key=lambda f: (f[1] is None, f[1] or 0))


def _is_later(rnd: int | None, expelled_round: int | None) -> bool:
    """Is a fixture of round ``rnd`` (processed after the expulsion) in a later round?"""
    return rnd is None or expelled_round is None or rnd != expelled_round


def _team(teams: tuple[str, str], side: Side) -> str:
    return teams[0] if side is Side.A else teams[1]


def _ranked(team_a: str, team_b: str, outcome: MatchOutcome) -> RankedMatch:
    winner = None
    if outcome.winner is not None:
        winner = team_a if outcome.winner is Side.A else team_b
    return RankedMatch(
        team_a=team_a,
        team_b=team_b,
        counters_a=outcome.counters_a,
        counters_b=outcome.counters_b,
        winner=winner,
        games=outcome.games,
    )


def _judge(
    modality: Modality, report: MatchReport, teams: tuple[str, str]
) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
    """A jogo's problems and, when it counts, its contributions (``rules.counting``)."""
    return judge_report(modality, report, teams)


_judge_cached = lru_cache(maxsize=1 << 16)(_judge)


def judge(
    modality: Modality, report: MatchReport, teams: tuple[str, str]
) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
    """``_judge`` memoised: standings are recomputed after every homologation, and all
    but one of the tournament's jogos are the same as last time. Everything here is
    immutable, so a cached answer is the answer; unhashable input (a list where a score
    should be) is judged afresh."""
    try:
        return _judge_cached(modality, report, teams)
    except TypeError:
        return _judge(modality, report, teams)


def evaluate_group(
    modality: Modality, matches: Sequence[GroupMatch], *, clamp: bool = False
) -> GroupEvaluation:
    """Judge every súmula of the chave, then apply expulsions (see the module docstring)."""

    def absent(report: MatchReport) -> frozenset[Side]:
        return report.walkover.sides if report.walkover is not None else frozenset()

    def verdict(
        report: MatchReport, teams: tuple[str, str]
    ) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
        if clamp:
            report, log = clamp_report(modality, report, teams)
            return judge_report(modality, report, teams, tuple(log))
        return judge(modality, report, teams)

    fixtures = [(m.key, m.round, m.team_a, m.team_b, m.report) for m in matches]
    return walk_group(fixtures, absent, lambda gone: MatchReport(walkover=Absent(gone.value)), verdict)


def walk_group(
    fixtures: Sequence[tuple[str, int | None, str, str, _E | None]],
    absent: Callable[[_E], frozenset[Side]],
    walkover: Callable[[Side], _E],
    verdict: Callable[[_E, tuple[str, str]], tuple[tuple[Problem, ...], MatchOutcome | None]],
) -> GroupEvaluation:
    """The expulsion walk of §3.13 over a chave's fixtures in round order, whatever a
    result is: a parsed report (``evaluate_group``) or what a stored one was judged to
    contribute (``rules.totals.evaluate_tallies``). ``absent`` gives the sides absent in
    a W.O., ``walkover`` builds the W.O. an expelled team's later fixture becomes, and
    ``verdict`` gives a result's problems and, when it counts, its contributions."""
    problems: list[tuple[str, Problem]] = []
    ranked: list[RankedMatch] = []
    awarded: list[str] = []
    void: list[str] = []
    expelled: dict[str, int | None] = {}  # team -> round of its expulsion
    totals: dict[str, Counters] = {}

    for key, rnd, team_a, team_b, entry in _order(fixtures):
        teams = (team_a, team_b)
        for team in teams:
            totals.setdefault(team, Counters())
        if team_a == team_b:
            problems.append((key, problem("match.same_team", teams=teams, team=team_a)))
            continue
        out = {
            side: team
            for side, team in zip((Side.A, Side.B), teams)
            if team in expelled and _is_later(rnd, expelled[team])
        }

        if entry is None:
            if len(out) == 2:
                void.append(key)
            if len(out) != 1:
                continue  # not played yet, or between two expelled teams
            (gone,) = out
            entry = walkover(gone)
            awarded.append(key)
        else:
            played = [side for side in out if side not in absent(entry)]
            if played:
                for side in played:
                    found_v_m11 = problem("match.expelled_team_played", teams=teams, team=_team(teams, side))
                    problems.append((key, found_v_m11))
                continue

        found, judged = verdict(entry, teams)
        problems.extend((key, p) for p in found)
        if judged is None:
            continue
        outcome = judged
        ranked.append(_ranked(team_a, team_b, outcome))
        totals[team_a] += outcome.counters_a
        totals[team_b] += outcome.counters_b
        for side in outcome.expels:
            expelled.setdefault(_team(teams, side), rnd)

    return GroupEvaluation(
        problems=tuple(problems),
        ranked=tuple(ranked),
        disqualified=frozenset(expelled),
        totals=totals,
        walkovers_awarded=tuple(awarded),
        void=tuple(void),
    )
