"""Evaluate a whole chave: validate every súmula, apply expulsions, count the jogos.

This is the step between súmulas and ranking (RULES.md §3.13): it turns the chave's
fixtures into :class:`RankedMatch` records for ``rules.ranking`` and reports which
teams were expelled (000 Art. 20 §1º, or a W.O. where the modality expels).

Expulsion (AMB-07): the expelled team keeps its earlier results; its fixtures in later
rounds that have no report become W.O. wins for the opponent; a later fixture with a
played report is V-M11 ``match.expelled_team_played`` (and is not counted), unless it is
a W.O. with the expelled team absent. A fixture between two expelled teams is not
counted: neither is ranked any more.

A jogo is counted only when its report has no ERROR and no pending NORMALIZE problem
(V-P2 never fixes a score silently); pass ``clamp=True`` to apply ``clamp_report``
first, whose log entries are returned with the other problems.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.counters import MatchOutcome, contributions
from rules.modality_params import Modality
from rules.problems import Problem, Severity, problem
from rules.results import Absent, MatchReport, Side
from rules.types import Counters, RankedMatch
from rules.validation import clamp_report, validate_match


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

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for _, p in self.problems)


def _order(matches: Sequence[GroupMatch]) -> list[GroupMatch]:
    # Round order, stable for equal rounds; fixtures without a round come last.
    return sorted(matches, key=lambda m: (m.round is None, m.round or 0))


def _is_later(match: GroupMatch, expelled_round: int | None) -> bool:
    """Is ``match`` (processed after the expulsion) in a later round than it?"""
    return match.round is None or expelled_round is None or match.round != expelled_round


def _team(teams: tuple[str, str], side: Side) -> str:
    return teams[0] if side is Side.A else teams[1]


def _ranked(match: GroupMatch, outcome: MatchOutcome) -> RankedMatch:
    winner = None
    if outcome.winner is not None:
        winner = match.team_a if outcome.winner is Side.A else match.team_b
    return RankedMatch(
        team_a=match.team_a,
        team_b=match.team_b,
        counters_a=outcome.counters_a,
        counters_b=outcome.counters_b,
        winner=winner,
        games=outcome.games,
    )


def _judge(
    modality: Modality, report: MatchReport, teams: tuple[str, str]
) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
    """A jogo's problems and, when it counts, its contributions (§3.13)."""
    found = tuple(validate_match(modality, report, teams))
    if any(p.severity is not Severity.WARNING and p.code != "game.score_clamped" for p in found):
        return found, None
    return found, contributions(modality, report)


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
    problems: list[tuple[str, Problem]] = []
    ranked: list[RankedMatch] = []
    awarded: list[str] = []
    expelled: dict[str, int | None] = {}  # team -> round of its expulsion
    totals: dict[str, Counters] = {}

    for match in _order(matches):
        teams = (match.team_a, match.team_b)
        for team in teams:
            totals.setdefault(team, Counters())
        if match.team_a == match.team_b:
            problems.append((match.key, problem("match.same_team", teams=teams, team=match.team_a)))
            continue
        out = {
            side: team
            for side, team in zip((Side.A, Side.B), teams)
            if team in expelled and _is_later(match, expelled[team])
        }

        report = match.report
        if report is None:
            if len(out) != 1:
                continue  # not played yet, or between two expelled teams
            (gone,) = out
            report = MatchReport(walkover=Absent(gone.value))
            awarded.append(match.key)
        else:
            absent = report.walkover.sides if report.walkover is not None else frozenset()
            played = [side for side in out if side not in absent]
            if played:
                for side in played:
                    found_v_m11 = problem("match.expelled_team_played", teams=teams, team=_team(teams, side))
                    problems.append((match.key, found_v_m11))
                continue

        if clamp:
            report, log = clamp_report(modality, report, teams)
            found, judged = _judge(modality, report, teams)
            found = (*log, *found)
        else:
            found, judged = judge(modality, report, teams)
        problems.extend((match.key, p) for p in found)
        if judged is None:
            continue
        outcome = judged
        ranked.append(_ranked(match, outcome))
        totals[match.team_a] += outcome.counters_a
        totals[match.team_b] += outcome.counters_b
        for side in outcome.expels:
            expelled.setdefault(_team(teams, side), match.round)

    return GroupEvaluation(
        problems=tuple(problems),
        ranked=tuple(ranked),
        disqualified=frozenset(expelled),
        totals=totals,
        walkovers_awarded=tuple(awarded),
    )
